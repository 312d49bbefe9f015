import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { newOpaqueToken, opaqueTokenPattern, safeEqual } from '../../features/auth/tokens.server';
import { AppError } from './app-error.server';
import { baseCookieOptions } from './session.server';

export const csrfCookieName = 'ca_csrf';
export const csrfHeaderName = 'x-csrf-token';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
const allowedFetchSites = new Set(['same-origin', 'none']);

export const csrfFailedMessage = 'This request did not come from the Cenote Atlas site. Reload the page and try again.';

const csrfFailed = () => new AppError(403, 'csrf_failed', csrfFailedMessage);

/** The token the page must echo in `x-csrf-token`; sets the `ca_csrf` cookie when the browser has none. */
export function issueCsrfToken(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[csrfCookieName];
  if (existing && opaqueTokenPattern.test(existing)) return existing;
  const token = newOpaqueToken();
  void reply.setCookie(csrfCookieName, token, baseCookieOptions(app.config));
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
 * Every POST/PUT/PATCH/DELETE under /api/ needs (1) the header `x-csrf-token` equal to the
 * `ca_csrf` cookie (double submit, compared in constant time) and (2) no foreign Origin or
 * Sec-Fetch-Site. GET, HEAD and OPTIONS are never blocked.
 */
export function registerCsrfProtection(app: FastifyInstance): void {
  const publicOrigin = new URL(app.config.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method) || !request.url.startsWith('/api/')) return;
    if (!fromThisSite(request, publicOrigin)) throw csrfFailed();
    const cookie = request.cookies[csrfCookieName];
    const header = request.headers[csrfHeaderName];
    if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) throw csrfFailed();
  });
}
