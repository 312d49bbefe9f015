import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.server';
import { errorBodySchema, errorResponses } from '../../platform/http/error-responses';
import { actorOf } from '../audit/audit.server';
import { sessionUserSchema } from './auth.dto';
import { knownBrowserCookieName } from './known-browsers.server';
import { readSecuritySettings, saveSecuritySettings } from './security-settings.service.server';
import { startBrowserSession } from './session-start.server';
import { challengeCookieName, clearChallengeCookie } from './two-factor-cookie.server';
import {
  beginTwoFactorSetup,
  disableTwoFactor,
  enableTwoFactor,
  renewRecoveryCodes,
  verifyTwoFactor,
  type AuditContext,
} from './two-factor.service.server';
import { toSessionUser } from './users.service.server';

const errors = {
  ...errorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

// Loose here and checked in the service, so every refusal is one clear sentence naming `code`.
const codeBody = z.object({
  code: z
    .string()
    .max(64)
    .optional()
    .describe('The 6-digit code from the authenticator app, or (where allowed) a recovery code like abcd-efgh'),
});
const recoveryCodesSchema = z.object({
  recovery_codes: z.array(z.string()).describe('10 one-use codes, shown this once; only their hashes are kept'),
});
const securitySettingsSchema = z.object({
  require_two_factor: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
});

/** The challenge is over (or was never there): its cookie goes too, so the browser starts clean. */
const endsTheChallenge = new Set(['two_factor_expired', 'account_disabled']);

function signedInUserId(request: FastifyRequest): string {
  const id = request.viewer?.user?.id;
  // The 'signed-in' access rule has already refused anyone without a session.
  if (!id) throw new AppError(401, 'unauthenticated', 'Please sign in to continue.');
  return id;
}

const auditContext = (request: FastifyRequest): AuditContext => ({ actor: actorOf(request), ip: request.ip });

/** Decision 39: two-factor sign-in (TOTP with recovery codes) and the policy that requires it. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    // Secrets, codes and sign-in answers: never kept by any cache.
    if (request.url.startsWith('/api/v1/auth/')) void reply.header('cache-control', 'no-store');
  });

  app.post(
    '/api/v1/auth/2fa/setup',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Start turning on two-factor: a new secret, its otpauth:// URL and a QR code of it (SVG)',
        description:
          'The secret waits until POST /api/v1/auth/2fa/enable receives a code made from it; asking again replaces it. 409 two_factor_on when two-factor is already on.',
        response: {
          200: z.object({ secret: z.string(), otpauth_url: z.string(), qr_svg: z.string() }),
          ...errors,
        },
      },
    },
    async (request) => beginTwoFactorSetup(app.db, signedInUserId(request)),
  );

  app.post(
    '/api/v1/auth/2fa/enable',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Turn on two-factor with the first code from the app; answers the 10 recovery codes once',
        body: codeBody,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) =>
      enableTwoFactor(app.db, signedInUserId(request), request.body.code, app.clock.now(), auditContext(request)),
  );

  app.post(
    '/api/v1/auth/2fa/disable',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary: 'Turn off two-factor with a code from the app or a recovery code; the recovery codes are deleted',
        body: codeBody,
        response: { 204: z.void(), ...errors },
      },
    },
    async (request, reply) => {
      await disableTwoFactor(
        app.db,
        signedInUserId(request),
        request.body.code,
        app.clock.now(),
        auditContext(request),
      );
      void reply.status(204);
    },
  );

  app.post(
    '/api/v1/auth/2fa/recovery-codes',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['auth'],
        summary:
          'A new set of 10 recovery codes (the old ones stop working); needs a code from the app or a recovery code',
        body: codeBody,
        response: { 200: recoveryCodesSchema, ...errors },
      },
    },
    async (request) =>
      renewRecoveryCodes(app.db, signedInUserId(request), request.body.code, app.clock.now(), auditContext(request)),
  );

  app.post(
    '/api/v1/auth/2fa/verify',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'The second step of signing in: a code from the app or a recovery code (works once)',
        description:
          'Needs the ca_2fa cookie set by POST /api/v1/auth/sign-in (10 minutes). Success starts the session like a password sign-in (new session cookie, new CSRF token in x-csrf-token). A wrong code is 400 invalid_code; an app code already used is 400 code_used; the fifth wrong code, or a missing or expired challenge, is 401 two_factor_expired (sign in again). Wrong codes are limited per account and address (10 per 15 minutes), per address (30) and per account (20; browsers that signed in to it before are exempt).',
        body: codeBody,
        response: { 200: z.object({ user: sessionUserSchema }), ...errors },
      },
    },
    async (request, reply) => {
      try {
        const { user, session } = await verifyTwoFactor(
          app.db,
          {
            ip: request.ip,
            knownBrowser: request.cookies[knownBrowserCookieName],
            challenge: request.cookies[challengeCookieName],
          },
          request.body.code,
          app.clock.now(),
        );
        clearChallengeCookie(app, reply);
        await startBrowserSession(app, request, reply, user, session);
        return { user: toSessionUser(user) };
      } catch (error) {
        if (error instanceof AppError && endsTheChallenge.has(error.code)) clearChallengeCookie(app, reply);
        throw error;
      }
    },
  );

  app.get(
    '/api/v1/settings/security',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        summary: 'The sign-in policy: whether editors and admins must use two-factor',
        response: { 200: z.object({ settings: securitySettingsSchema }), ...errors },
      },
    },
    async () => ({ settings: await readSecuritySettings(app.db) }),
  );

  app.put(
    '/api/v1/settings/security',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['settings'],
        summary: 'Require (or stop requiring) two-factor for editors and admins',
        description:
          'A stale version is 409 version_conflict. Requiring it is refused (400) to an admin without two-factor. While it is required, an editor or admin without two-factor may only read the session, sign out and turn two-factor on: every other API route answers 403 two_factor_setup_required.',
        body: z.object({
          require_two_factor: z.boolean(),
          version: z.number().int().min(0).describe('The version you read; a stale one gets 409 version_conflict'),
        }),
        response: { 200: z.object({ settings: securitySettingsSchema }), ...errors },
      },
    },
    async (request) => ({
      settings: await saveSecuritySettings(
        app.db,
        signedInUserId(request),
        request.body,
        app.clock.now(),
        auditContext(request),
      ),
    }),
  );
};
