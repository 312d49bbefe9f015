import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, errorResponses } from '../../platform/http/error-responses';
import { sessionUserSchema } from './auth.dto';
import { createSession } from './sessions.server';
import { startBrowserSession } from './session-start.server';
import { adminExists, completeSetup } from './setup.service.server';
import { toSessionUser } from './users.service.server';

const publicAccess = { access: 'public' } as const;

export const setupRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/setup',
    {
      config: publicAccess,
      schema: {
        tags: ['setup'],
        summary: 'Whether the first admin account still has to be created',
        response: { 200: z.object({ needed: z.boolean() }), ...errorResponses },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { needed: !(await adminExists(app.db)) };
    },
  );

  app.post(
    '/api/v1/setup',
    {
      config: publicAccess,
      schema: {
        tags: ['setup'],
        summary: 'Create the first admin with the setup token from the server log; signs them in',
        body: z.object({
          token: z.string().max(200).optional(),
          email: z.string().max(320).optional(),
          password: z.string().max(4096).optional(),
          fullName: z.string().trim().max(200).optional(),
        }),
        response: {
          201: z.object({ user: sessionUserSchema }),
          ...errorResponses,
          403: errorBodySchema,
          409: errorBodySchema,
          410: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await completeSetup({ db: app.db, now: () => app.clock.now() }, request.body);
      await startBrowserSession(app, request, reply, user, await createSession(app.db, user.id, app.clock.now()));
      void reply.header('cache-control', 'no-store');
      void reply.status(201);
      return { user: toSessionUser(user) };
    },
  );
};
