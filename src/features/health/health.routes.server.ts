import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isConnectionError } from '../../platform/db/errors.server';
import { listedPagesWithoutBlocks } from './content-health.server';

const healthSchema = z.object({
  status: z.enum(['ok', 'starting', 'unavailable']),
  db: z.enum(['pglite', 'postgres']),
  pages: z.number().int().optional(),
  pagesWithoutBlocksCount: z.number().int().optional().describe('How many pages have no block'),
  pagesWithoutBlocks: z
    .array(z.string())
    .optional()
    .describe(`The ids of the first ${listedPagesWithoutBlocks} pages without a block, in the pages' order`),
  complete: z.boolean().optional().describe('At least 20 pages and every page with a block'),
  message: z.string().optional(),
});

export const minimumPages = 20;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Readiness and content completeness (200 when ready, 503 before or when the database is down)',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      if (!app.readiness.ready) {
        void reply.status(503).header('retry-after', '2');
        return {
          status: 'starting' as const,
          db: app.dbKind,
          message: app.readiness.failure ?? 'Preparing the content store.',
        };
      }
      try {
        const completeness = await app.contentHealth.read();
        return {
          status: 'ok' as const,
          db: app.dbKind,
          ...completeness,
          complete: completeness.pages >= minimumPages && completeness.pagesWithoutBlocksCount === 0,
        };
      } catch (error) {
        // Probes call this every few seconds: one short line each while the database is away.
        if (isConnectionError(error)) app.log.warn('health check failed: the database is not reachable');
        else app.log.error({ err: error }, 'health check failed');
        void reply.status(503).header('retry-after', '5');
        return { status: 'unavailable' as const, db: app.dbKind, message: 'The database is not reachable.' };
      }
    },
  );
};
