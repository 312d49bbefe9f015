import type { FastifyInstance } from 'fastify';
import { noteApiTokenUse, resolveApiToken, type ResolvedApiToken } from './api-tokens.service.server';
import type { Viewer } from '../pages/pages.service.server';
import { AppError } from '../../platform/http/app-error.server';

export const invalidTokenMessage = 'This API token is not valid. It may have been revoked or expired.';
export const tokenNotAllowedMessage = 'An API token cannot act on an account. Sign in to do this.';

const apiPath = /^\/api(\/|\?|$)/;
/** RFC 6750: the scheme is case-insensitive, the token one run of characters. */
const bearerHeader = /^bearer +(\S+) *$/i;
/** Basic credentials belong to a proxy in front of the site (a password-protected staging site). */
const basicScheme = /^basic(\s|$)/i;

const invalidToken = () =>
  new AppError(401, 'invalid_token', invalidTokenMessage, undefined, {
    'www-authenticate': 'Bearer error="invalid_token"',
  });

/** The token acts as its creator's account with the token's own role, named after the token. */
function viewerOf({ token, creator }: ResolvedApiToken): Viewer {
  const role = token.role === 'admin' ? 'admin' : 'editor';
  return {
    user: { id: creator.id, email: creator.email, fullName: `${token.name} (API token)`, role, emailVerified: true },
    canSeeDrafts: true,
  };
}

/**
 * `Authorization: Bearer <token>` on /api (decision 41). A valid token sets `request.viewer` and
 * `request.apiToken`; the cookie session is then never consulted (the session hook, registered
 * after this one, skips such requests) and the CSRF check does not apply. A Bearer header that
 * does not name a usable token (or any other malformed header) is refused with 401, never treated
 * as anonymous or as the cookie's user. Basic credentials are left alone: they are a proxy's.
 */
export function registerApiTokenAuth(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header === undefined || !apiPath.test(request.url) || !app.readiness.ready) return;
    if (basicScheme.test(header.trim())) return;
    const token = bearerHeader.exec(header.trim())?.[1];
    const now = app.clock.now();
    const resolved = token ? await resolveApiToken(app.db, token, now) : undefined;
    if (!resolved) throw invalidToken();
    // Own-account routes (password, two-factor) are for the person: a leaked editor token must not
    // be able to change its creator's sign-in.
    if (request.routeOptions.config.access === 'signed-in') {
      throw new AppError(403, 'token_not_allowed', tokenNotAllowedMessage);
    }
    request.viewer = viewerOf(resolved);
    request.apiToken = { id: resolved.token.id, name: resolved.token.name };
    await noteApiTokenUse(app.db, resolved.token, now);
  });
}
