import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { originOf } from '../publishing/page-events.server';
import { actorOf } from '../publishing/publishing.service.server';
import { bulkActions, runBulkPageAction } from './pages-bulk.service.server';

/** Most pages one bulk request may name: the admin list reads 50 at a time, 'Load more' twice is 100+. */
export const maxBulkPages = 100;

export const bulkPagesBodySchema = z.object({
  action: z
    .enum(bulkActions)
    .describe("'publish' the current drafts, 'unpublish' (take off the site) or 'trash' (move to Trash)"),
  ids: z
    .array(z.uuid())
    .min(1, { message: 'Select at least one page.' })
    .max(maxBulkPages, { message: `Select at most ${maxBulkPages} pages at a time.` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Name each page only once.' }),
});

export const bulkResultSchema = z.object({
  id: z.uuid(),
  ok: z.boolean(),
  error: z
    .object({ code: z.string(), message: z.string() })
    .optional()
    .describe('Why this page was not changed (not_found, publish_check_errors, version_conflict, slug_taken, …)'),
});

export const pagesBulkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/pages/bulk',
    {
      config: { access: 'editor' },
      preHandler: app.requireRole('editor'),
      schema: {
        tags: ['pages'],
        summary:
          'Publish, unpublish or move to Trash up to 100 pages: each page on its own (one failing does not undo the others), with a result per page. Bulk publish refuses pages whose publish check finds errors',
        body: bulkPagesBodySchema,
        response: { 200: z.object({ results: z.array(bulkResultSchema) }), ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const results = await runBulkPageAction(app, request.body.action, request.body.ids, {
        actor: actorOf(request.viewer?.user),
        origin: originOf(request),
      });
      return { results };
    },
  );
};
