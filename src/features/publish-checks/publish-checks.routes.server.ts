import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { findingSchema, siteHealthSchema } from './publish-checks.dto';
import { checkPageDraft, siteHealth } from './publish-checks.service.server';

const editor = { access: 'editor' } as const;

/** The publish check and Site health (decision 37): read-only, for editors and admins. */
export const publishChecksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/pages/:id/checks',
    {
      config: editor,
      schema: {
        tags: ['publishing'],
        summary: "The publish check of a page's draft: errors (broken internal links) first, then warnings",
        params: z.object({ id: z.uuid() }),
        response: { 200: z.array(findingSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return checkPageDraft(app, request.params.id);
    },
  );

  app.get(
    '/api/v1/site-health',
    {
      config: editor,
      schema: {
        tags: ['publishing'],
        summary: "The publish check over every page's draft and live copy, grouped by page, plus orphan pages",
        response: { 200: siteHealthSchema, ...errorResponses },
      },
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return siteHealth(app);
    },
  );
};
