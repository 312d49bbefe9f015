import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { rotateCsrfTokenForSession, rotateCsrfTokenForVisitor } from './csrf.server';
import { baseCookieOptions, clearSessionCookie, sessionCookieName, setSessionCookie } from './session.plugin.server';
import { recordAudit } from '../audit/audit.server';
import { users, type UserRow } from './auth.table';
import { knownBrowserCookieName, knownBrowserLifetimeSeconds, knownBrowserToken } from './known-browsers.server';
import { deleteSession, type NewSession } from './sessions.server';

/**
 * Everything a browser gets when it signs in (sign-in, first-admin setup): the new session cookie
 * (the id it sent before is deleted: no fixation), a known-browser cookie for this account, and a
 * CSRF token bound to the new session, in the `ca_csrf` cookie and the `x-csrf-token` header.
 * Every way in passes here, so this is where the sign-in is recorded: the account's
 * last_sign_in_at and the audit log's `auth.sign_in`.
 */
export async function startBrowserSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  session: NewSession,
): Promise<void> {
  const previous = request.cookies[sessionCookieName];
  if (previous) await deleteSession(app.db, previous);
  setSessionCookie(reply, app.config, session, app.clock.now());
  void reply.setCookie(knownBrowserCookieName, await knownBrowserToken(app.db, user), {
    ...baseCookieOptions(app.config),
    maxAge: knownBrowserLifetimeSeconds,
  });
  await rotateCsrfTokenForSession(app, reply, session.token);
  const now = app.clock.now();
  await app.db.transaction(async (tx) => {
    await tx.update(users).set({ last_sign_in_at: now }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      action: 'auth.sign_in',
      actor: { type: 'user', id: user.id, label: user.email },
      target: { type: 'user', id: user.id, label: user.email },
      ip: request.ip,
      summary: 'Signed in.',
    });
  });
}

/** Sign-out: the session ends on the server, its cookie is cleared and the CSRF token replaced. */
export async function endBrowserSession(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const token = request.cookies[sessionCookieName];
  if (token) await deleteSession(app.db, token);
  clearSessionCookie(reply, app.config);
  request.viewer = null;
  await rotateCsrfTokenForVisitor(app, reply);
}
