import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { registerWebhookDelivery } from './webhook-sender.server';
import {
  createWebhookBodySchema,
  createWebhookResponseSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookSchema,
} from './webhooks.dto';
import { createWebhook, deleteWebhook, listDeliveries, listWebhooks, sendPing } from './webhooks.service.server';

const admin = { access: 'admin' } as const;
const params = z.object({ id: z.uuid() });

/**
 * Webhooks (decision 42, admins only): URLs that get a signed JSON POST when a page is published,
 * unpublished or moved to Trash, and the list of those deliveries. The delivery job is registered
 * here too.
 */
export const webhooksRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('admin');
  registerWebhookDelivery(app);

  app.get(
    '/api/v1/webhooks',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['webhooks'],
        summary: 'Webhooks, oldest first, with their newest delivery’s status (never the secret)',
        response: { 200: z.object({ items: z.array(webhookSchema) }), ...errorResponses },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { items: await listWebhooks(app.db) };
    },
  );

  app.post(
    '/api/v1/webhooks',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['webhooks'],
        summary: 'Add a webhook; the answer holds its secret, shown this once',
        description: [
          'Each delivery is a POST of `{event, occurred_at, page: {id, slug, title, path}}` with the headers',
          'X-Atlas-Event, X-Atlas-Delivery and X-Atlas-Signature: sha256=<hex HMAC-SHA256 of the body, keyed with the',
          'secret>. A 2xx answer within 10 seconds counts as delivered; anything else is tried again after 30 s, 1, 2',
          'and 4 minutes (5 tries). Only public addresses unless WEBHOOK_ALLOW_PRIVATE=true.',
        ].join(' '),
        body: createWebhookBodySchema,
        response: { 201: createWebhookResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const created = await createWebhook(app.db, request, request.body, app.config.webhooks.allowPrivateTargets);
      void reply.header('cache-control', 'no-store');
      void reply.status(201);
      return created;
    },
  );

  app.delete(
    '/api/v1/webhooks/:id',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['webhooks'],
        summary: 'Delete a webhook and its deliveries; nothing more is sent to it',
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteWebhook(app.db, request, request.params.id);
      void reply.status(204);
      return null;
    },
  );

  app.get(
    '/api/v1/webhooks/:id/deliveries',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['webhooks'],
        summary: 'A webhook’s deliveries, newest first',
        params,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(20),
          cursor: z.string().max(200).optional(),
        }),
        response: { 200: webhookDeliveryListSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listDeliveries(app.db, request.params.id, request.query);
    },
  );

  app.post(
    '/api/v1/webhooks/:id/test',
    {
      config: admin,
      preHandler: guard,
      schema: {
        tags: ['webhooks'],
        summary: 'Send a `ping` event now, signed and retried like the others',
        params,
        response: { 202: z.object({ delivery: webhookDeliverySchema }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const delivery = await sendPing(app.db, request.params.id, app.clock.now());
      void reply.status(202);
      return { delivery };
    },
  );
};
