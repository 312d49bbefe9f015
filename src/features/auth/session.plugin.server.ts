import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession, type NewSession } from './sessions.server';
import { toSessionUser } from './users.service.server';
import type { Viewer } from '../pages/pages.service.server';
import type { UserRow } from './auth.table';
import type { AppConfig } from '../../platform/env.server';

export const sessionCookieName = 'ca_session';

/** HttpOnly, SameSite=Lax, Path=/; Secure whenever the site is served over https. */
export function baseCookieOptions(config: AppConfig): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'lax', path: '/', secure: config.publicUrl.startsWith('https:') };
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, session: NewSession, now: Date): void {
  const maxAge = Math.max(0, Math.round((session.expiresAt.getTime() - now.getTime()) / 1000));
  void reply.setCookie(sessionCookieName, session.token, { ...baseCookieOptions(config), maxAge });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  void reply.clearCookie(sessionCookieName, baseCookieOptions(config));
}

export function viewerFor(user: UserRow): Viewer {
  const sessionUser = toSessionUser(user);
  return { user: sessionUser, canSeeDrafts: sessionUser.role === 'editor' || sessionUser.role === 'admin' };
}

/** The two-factor policy as the session lookup read it, for the policy hook (two-factor-policy.server.ts). */
const twoFactorRequiredBySession = new WeakMap<FastifyRequest, boolean>();

/** Undefined when the request's viewer did not come from a cookie session read in this request. */
export function twoFactorRequiredFor(request: FastifyRequest): boolean | undefined {
  return twoFactorRequiredBySession.get(request);
}

/** Files that never depend on who asks: no session lookup for them. */
const sessionFreePrefixes = ['/assets/', '/media/', '/favicon.svg'];

/**
 * Resolves the `ca_session` cookie into `request.viewer` (null for anonymous visitors). An unknown
 * or expired cookie is cleared; a session in use has its 30-day expiry pushed forward (at most
 * once an hour) and its cookie re-sent.
 */
export function registerSessions(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[sessionCookieName];
    // Authenticated by an API token (features/api-tokens/api-token-auth.server.ts): the cookie plays no part.
    if (!token || !app.readiness.ready || request.apiToken) return;
    if (sessionFreePrefixes.some((prefix) => request.url.startsWith(prefix))) return;
    const now = app.clock.now();
    const resolved = await resolveSession(app.db, token, now, app.sessionCache);
    if (!resolved) {
      clearSessionCookie(reply, app.config);
      return;
    }
    if (resolved.refreshed) setSessionCookie(reply, app.config, { token, expiresAt: resolved.expiresAt }, now);
    request.viewer = viewerFor(resolved.user);
    twoFactorRequiredBySession.set(request, resolved.twoFactorRequired);
  });
}
