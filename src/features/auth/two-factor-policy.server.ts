import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/http/app-error.server';
import { twoFactorIsRequired } from './security-settings.service.server';
import { twoFactorRequiredFor } from './session.plugin.server';
import { twoFactorMessages } from './two-factor.service.server';

/** What a person who must turn on two-factor can still do: see who they are, leave, or set it up. */
const allowedWhileSetupRequired = new Set([
  'GET /api/v1/auth/session',
  'HEAD /api/v1/auth/session',
  'POST /api/v1/auth/sign-out',
  'POST /api/v1/auth/2fa/setup',
  'POST /api/v1/auth/2fa/enable',
]);

/**
 * Decision 39: while admins require two-factor, an editor or admin without it is signed in but
 * held at the door. The session user says so (`two_factor_setup_required`, for the admin to send
 * them to the Account screen), drafts stay hidden on the site, and every other API route answers
 * 403. Viewers and API tokens are not affected. The setting comes with the session lookup's own query
 * (`twoFactorRequiredFor`), so the policy costs no extra round trip.
 */
export function registerTwoFactorPolicy(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const viewer = request.viewer;
    const user = viewer?.user;
    if (!viewer || !user || request.apiToken) return;
    const mustSetUp =
      user.role !== 'viewer' &&
      user.two_factor_enabled !== true &&
      (twoFactorRequiredFor(request) ?? (await twoFactorIsRequired(app.db)));
    request.viewer = {
      user: { ...user, two_factor_enabled: user.two_factor_enabled === true, two_factor_setup_required: mustSetUp },
      canSeeDrafts: mustSetUp ? false : viewer.canSeeDrafts,
    };
    if (!mustSetUp || !/^\/api(\/|$)/.test(request.url)) return;
    if (allowedWhileSetupRequired.has(`${request.method} ${request.routeOptions.url ?? ''}`)) return;
    throw new AppError(403, 'two_factor_setup_required', twoFactorMessages.setupRequired);
  });
}
