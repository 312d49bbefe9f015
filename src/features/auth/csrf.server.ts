import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { signingKey } from './server-secret.server';
import { newOpaqueToken, opaqueTokenPattern, safeEqual, sha256 } from './tokens.server';
import { AppError } from '../../platform/http/app-error.server';
import { baseCookieOptions, sessionCookieName } from './session.plugin.server';

export const csrfCookieName = 'ca_csrf';
/** The random id an anonymous visitor's token is bound to (there is no session to bind to yet). */
export const visitorCookieName = 'ca_visitor';
/** Requests send the token in this header; responses that replace the token carry the new one in it. */
export const csrfHeaderName = 'x-csrf-token';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const allowedFetchSites = new Set(['same-origin', 'none']);

/** `<nonce>.<HMAC>`: two 256-bit values, base64url. */
export const csrfTokenPattern = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/;

export const csrfFailedMessage = 'This request did not come from the Cenote Atlas site. Reload the page and try again.';

const csrfFailed = () => new AppError(403, 'csrf_failed', csrfFailedMessage);

/**
 * What a token is bound to: the session (by the SHA-256 the sessions table stores) for a signed-in
 * browser, the visitor id for an anonymous one. A token made for one never verifies for another.
 */
type CsrfBinding = `session:${string}` | `visitor:${string}`;

const sessionBinding = (sessionToken: string): CsrfBinding => `session:${sha256(sessionToken)}`;
const visitorBinding = (visitorId: string): CsrfBinding => `visitor:${visitorId}`;

async function signature(app: FastifyInstance, binding: CsrfBinding, nonce: string): Promise<string> {
  const key = await signingKey(app.db, 'csrf');
  return createHmac('sha256', key).update(`${binding}\0${nonce}`).digest('base64url');
}

async function newToken(app: FastifyInstance, binding: CsrfBinding): Promise<string> {
  const nonce = newOpaqueToken();
  return `${nonce}.${await signature(app, binding, nonce)}`;
}

/** Signed by this server for this binding (constant-time comparison of the HMAC). */
async function tokenFits(app: FastifyInstance, binding: CsrfBinding, token: string): Promise<boolean> {
  if (!csrfTokenPattern.test(token)) return false;
  const [nonce = '', mac = ''] = token.split('.');
  return safeEqual(mac, await signature(app, binding, nonce));
}

/** The session when the request is signed in, else the visitor id it carries (undefined when none). */
function bindingOf(request: FastifyRequest): CsrfBinding | undefined {
  const sessionToken = request.viewer ? request.cookies[sessionCookieName] : undefined;
  if (sessionToken) return sessionBinding(sessionToken);
  const visitorId = request.cookies[visitorCookieName];
  return visitorId && opaqueTokenPattern.test(visitorId) ? visitorBinding(visitorId) : undefined;
}

async function setToken(app: FastifyInstance, reply: FastifyReply, binding: CsrfBinding): Promise<string> {
  const token = await newToken(app, binding);
  void reply.setCookie(csrfCookieName, token, baseCookieOptions(app.config));
  return token;
}

/**
 * The token the page must echo in `x-csrf-token` (GET /api/v1/auth/session). The browser's
 * `ca_csrf` cookie is kept while it still fits the current session or visitor; otherwise a new
 * token (and, for a first-time anonymous visitor, a new visitor id) is set.
 */
export async function issueCsrfToken(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<string> {
  const binding = bindingOf(request);
  const existing = request.cookies[csrfCookieName];
  if (binding && existing && (await tokenFits(app, binding, existing))) return existing;
  if (binding) return setToken(app, reply, binding);
  return rotateCsrfTokenForVisitor(app, reply);
}

/** At sign-in: a token bound to the new session; the old one stops working. */
export async function rotateCsrfTokenForSession(
  app: FastifyInstance,
  reply: FastifyReply,
  sessionToken: string,
): Promise<string> {
  const token = await setToken(app, reply, sessionBinding(sessionToken));
  void reply.header(csrfHeaderName, token);
  return token;
}

/** At sign-out (and a first visit): a new visitor id and a token bound to it. */
export async function rotateCsrfTokenForVisitor(app: FastifyInstance, reply: FastifyReply): Promise<string> {
  const visitorId = newOpaqueToken();
  void reply.setCookie(visitorCookieName, visitorId, baseCookieOptions(app.config));
  const token = await setToken(app, reply, visitorBinding(visitorId));
  void reply.header(csrfHeaderName, token);
  return token;
}

/** A browser says where a request comes from; anything but this site is refused. */
function fromThisSite(request: FastifyRequest, publicOrigin: string): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined && (typeof fetchSite !== 'string' || !allowedFetchSites.has(fetchSite))) return false;
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (origin === publicOrigin) return true;
  const host = request.headers.host;
  return host !== undefined && (origin === `http://${host}` || origin === `https://${host}`);
}

/**
 * Every POST/PUT/PATCH/DELETE under /api/ needs (1) no foreign Origin or Sec-Fetch-Site,
 * (2) the header `x-csrf-token` equal to the `ca_csrf` cookie (double submit, constant-time) and
 * (3) that token signed by this server for the request's own session, or for its visitor id
 * when signed out (OWASP's signed double-submit cookie). A token planted from elsewhere, or
 * taken from another session, fails (3). GET, HEAD and OPTIONS are never blocked, and neither
 * are requests authenticated by an API token.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    // A valid API token (checked by the hook before this one) is a credential the browser never
    // adds on its own, so there is no forged request to stop; an invalid one was refused already.
    if (request.apiToken) return;
    if (!fromThisSite(request, publicOrigin)) throw csrfFailed();
    const cookie = request.cookies[csrfCookieName];
    const header = request.headers[csrfHeaderName];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw csrfFailed();
    const binding = bindingOf(request);
    if (!binding || !(await tokenFits(app, binding, header))) throw csrfFailed();
  });
}
