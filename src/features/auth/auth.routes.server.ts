import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../platform/http/error-responses';
import { issueCsrfToken } from './csrf.server';
import { messageSchema, sessionUserSchema } from './auth.dto';
import {
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signIn,
  signUp,
  verifyEmail,
  authDepsOf,
} from './auth.service.server';
import { knownBrowserCookieName } from './known-browsers.server';
import { endBrowserSession, startBrowserSession } from './session-start.server';
import { challengeCookieName, setChallengeCookie } from './two-factor-cookie.server';
import { deleteTwoFactorChallenge } from './two-factor.service.server';
import { toSessionUser } from './users.service.server';

const publicAccess = { access: 'public' } as const;

/** Statuses the auth routes add to the common ones (401/403 credentials and CSRF, 409, 429). */
const authErrors = {
  ...errorResponses,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
} as const;

// Inputs are loose here and checked in the service, so every refusal is one clear sentence.
const text = (max: number) => z.string().max(max).optional();

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = () => authDepsOf(app);

  // Answers about who is signed in are personal: never stored by any cache.
  app.addHook('onRequest', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.get(
    '/api/v1/auth/session',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary: 'Who is signed in, and the CSRF token to send as x-csrf-token with every write',
        response: {
          200: z.object({ user: sessionUserSchema.nullable(), csrfToken: z.string() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => ({
      user: request.viewer?.user ?? null,
      csrfToken: await issueCsrfToken(app, request, reply),
    }),
  );

  app.post(
    '/api/v1/auth/sign-up',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary: 'Create a viewer account and send the verification e-mail (5 per hour per address)',
        body: z.object({
          email: text(320),
          password: text(4096),
          fullName: z.string().trim().max(200).optional().describe('Defaults to the e-mail address'),
        }),
        response: { 201: messageSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const answer = await signUp(deps(), request.ip, request.body);
      void reply.status(201);
      return answer;
    },
  );

  app.post(
    '/api/v1/auth/sign-in',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary:
          'Sign in with e-mail and password; sets the session cookie (a new session id every time) and replaces the CSRF token, or answers two_factor_required',
        description:
          'The new CSRF token is in the x-csrf-token response header (and the ca_csrf cookie); the one used for this request no longer works. Failures are limited per account and address (10 per 15 minutes), per address (30) and per account from all addresses (50, then the owner is e-mailed); a right password never counts. For an account with two-factor on, a right password answers `{two_factor_required: true}` and starts no session: it sets the `ca_2fa` cookie (10 minutes), and POST /api/v1/auth/2fa/verify with a code completes the sign-in.',
        body: z.object({ email: text(320), password: text(4096) }),
        response: {
          200: z.union([
            z.object({ user: sessionUserSchema }),
            z.object({
              two_factor_required: z.literal(true).describe('Send a code to POST /api/v1/auth/2fa/verify next'),
            }),
          ]),
          ...authErrors,
        },
      },
    },
    async (request, reply) => {
      const outcome = await signIn(
        deps(),
        { ip: request.ip, knownBrowser: request.cookies[knownBrowserCookieName] },
        request.body,
      );
      if (outcome.challenge) {
        // A challenge this browser left unfinished is replaced, not kept alongside.
        await deleteTwoFactorChallenge(app.db, request.cookies[challengeCookieName]);
        setChallengeCookie(app, reply, outcome.challenge);
        return { two_factor_required: true as const };
      }
      await startBrowserSession(app, request, reply, outcome.user, outcome.session);
      return { user: toSessionUser(outcome.user) };
    },
  );

  app.post(
    '/api/v1/auth/sign-out',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary: 'End the current session and clear its cookie',
        description:
          'The CSRF token is replaced by one for the signed-out browser: the new one is in the x-csrf-token response header.',
        response: { 204: z.void(), ...authErrors },
      },
    },
    async (request, reply) => {
      await endBrowserSession(app, request, reply);
      void reply.status(204);
    },
  );

  app.post(
    '/api/v1/auth/verify',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address with the token from the verification link (single use, 24 hours)',
        body: z.object({ token: text(200) }),
        response: { 200: messageSchema, ...authErrors },
      },
    },
    async (request) => verifyEmail(deps(), request.body.token),
  );

  app.post(
    '/api/v1/auth/resend-verification',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary: 'Send the verification link again (the same answer whether or not the account exists)',
        body: z.object({ email: text(320) }),
        response: { 202: messageSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const answer = await resendVerification(deps(), request.ip, request.body.email);
      void reply.status(202);
      return answer;
    },
  );

  app.post(
    '/api/v1/auth/reset-request',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a password reset link valid 1 hour (the same answer whether or not the account exists)',
        body: z.object({ email: text(320) }),
        response: { 202: messageSchema, ...authErrors },
      },
    },
    async (request, reply) => {
      const answer = await requestPasswordReset(deps(), request.ip, request.body.email);
      void reply.status(202);
      return answer;
    },
  );

  app.post(
    '/api/v1/auth/reset-password',
    {
      config: publicAccess,
      schema: {
        tags: ['auth'],
        summary: "Set a new password with a reset token; ends all of the account's sessions",
        body: z.object({ token: text(200), newPassword: text(4096) }),
        response: { 200: messageSchema, ...authErrors },
      },
    },
    async (request) => resetPassword(deps(), request.body, request.ip),
  );
};
