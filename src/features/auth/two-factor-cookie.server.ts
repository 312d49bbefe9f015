import type { FastifyInstance, FastifyReply } from 'fastify';
import { baseCookieOptions } from './session.plugin.server';
import { challengeLifetimeMs, type NewChallenge } from './two-factor.service.server';

/** The half-finished sign-in of decision 39: its random id, sent only to the auth routes. */
export const challengeCookieName = 'ca_2fa';
const challengeCookiePath = '/api/v1/auth';

export function setChallengeCookie(app: FastifyInstance, reply: FastifyReply, challenge: NewChallenge): void {
  void reply.setCookie(challengeCookieName, challenge.token, {
    ...baseCookieOptions(app.config),
    path: challengeCookiePath,
    maxAge: Math.round(challengeLifetimeMs / 1000),
  });
}

export function clearChallengeCookie(app: FastifyInstance, reply: FastifyReply): void {
  void reply.clearCookie(challengeCookieName, { ...baseCookieOptions(app.config), path: challengeCookiePath });
}
