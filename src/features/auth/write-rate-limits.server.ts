import type { FastifyInstance } from 'fastify';
import { hitRateLimit, describeWait, type RateLimitRule } from './rate-limits.server';
import { sha256 } from './tokens.server';
import { AppError } from '../../platform/http/app-error.server';
import { sessionCookieName } from './session.plugin.server';

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const minute = 60 * 1000;

export function writeLimitedError(retryAfterSeconds: number): AppError {
  return new AppError(
    429,
    'rate_limited',
    `Too many changes in a short time. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * Every write to the API counts against its session (or its API token) and its client address (fixed one-minute
 * windows in the shared rate_limits table, so several instances count together). The limits sit
 * far above an editor's pace — autosave, drags and bulk uploads included — and only stop scripts
 * that hammer the API. Sign-in, sign-up and reset keep their own, stricter limits on top.
 */
export function registerWriteRateLimits(app: FastifyInstance): void {
  const perSession: RateLimitRule = {
    name: 'write:session',
    limit: app.config.writeLimits.perSession,
    windowMs: minute,
  };
  // A token is held to the same pace as a session, counted by its id.
  const perToken: RateLimitRule = { name: 'write:token', limit: app.config.writeLimits.perSession, windowMs: minute };
  const perAddress: RateLimitRule = { name: 'write:ip', limit: app.config.writeLimits.perAddress, windowMs: minute };
  app.addHook('onRequest', async (request) => {
    if (!writeMethods.has(request.method) || !request.url.startsWith('/api/') || !app.readiness.ready) return;
    const now = app.clock.now();
    const token = request.cookies[sessionCookieName];
    // The session is counted by its hashed cookie (only when it resolved to a signed-in viewer),
    // the address always: a script cannot dodge the address limit by dropping its cookie.
    const hits: Array<[RateLimitRule, string]> = [[perAddress, request.ip]];
    if (request.apiToken) hits.push([perToken, request.apiToken.id]);
    else if (token && request.viewer) hits.push([perSession, sha256(token)]);
    for (const [rule, subject] of hits) {
      const hit = await hitRateLimit(app.db, rule, subject, now);
      if (hit.limited) throw writeLimitedError(hit.retryAfterSeconds);
    }
  });
}
