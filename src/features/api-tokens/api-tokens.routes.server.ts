import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error.server';
import { accessMessages } from '../auth/access.server';
import { errorResponses } from '../../platform/http/error-responses';
import { actorOf } from '../audit/audit.server';
import { apiTokenDtoSchema, createApiTokenBodySchema, createdApiTokenSchema } from './api-tokens.dto';
import { createApiToken, listApiTokens, revokeApiToken, type TokenChangeOrigin } from './api-tokens.service.server';

const admin = { access: 'admin' } as const;

const originOf = (request: FastifyRequest): TokenChangeOrigin => ({ actor: actorOf(request), ip: request.ip });

/** API tokens for scripts and other sites (decision 41), managed by admins. */
export const apiTokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('admin');

  app.get(
    '/api/v1/api-tokens',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['api-tokens'],
        summary: 'API tokens, newest first, revoked and expired ones included; never the token itself',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(50),
          cursor: z.string().max(200).optional(),
        }),
        response: {
          200: z.object({ items: z.array(apiTokenDtoSchema), next_cursor: z.string().nullable() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listApiTokens(app.db, { ...request.query, now: app.clock.now() });
    },
  );

  app.post(
    '/api/v1/api-tokens',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['api-tokens'],
        summary: 'Create an API token: the answer holds the whole token, the only time it is shown',
        description:
          'Send it as `Authorization: Bearer <token>`: it acts with its role on behalf of the admin who created it, needs no CSRF token, and its use is attributed to it in the audit log.',
        body: createApiTokenBodySchema,
        response: { 201: createdApiTokenSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const creatorId = request.viewer?.user?.id;
      if (!creatorId) throw new AppError(401, 'unauthenticated', accessMessages.unauthenticated);
      const created = await createApiToken(app.db, request.body, {
        creatorId,
        now: app.clock.now(),
        origin: originOf(request),
      });
      void reply.status(201).header('cache-control', 'no-store');
      return created;
    },
  );

  app.delete(
    '/api/v1/api-tokens/:id',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['api-tokens'],
        summary: 'Revoke an API token: it stops working at once and stays in the list as revoked',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null().describe('Revoked'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeApiToken(app.db, request.params.id, { now: app.clock.now(), origin: originOf(request) });
      void reply.status(204);
      return null;
    },
  );
};
