import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { createPreviewLink } from './preview.service.server';

const previewLinkSchema = z.object({
  url: z.string().describe('Opens the draft without signing in, until expires_at'),
  expires_at: z.string().describe('ISO 8601; 24 hours after the link was made'),
});

/** Preview links (decision 33); the page they open is GET /preview/:token on the site. */
export const previewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/v1/pages/:id/preview-link',
    {
      config: { access: 'editor' },
      preHandler: app.requireRole('editor'),
      schema: {
        tags: ['pages'],
        summary: "Make a link that shows the page's draft to anyone who has it, for 24 hours",
        description:
          'The link is signed, not stored: it cannot be revoked before it expires. A page in Trash answers 404, and so does its link.',
        params: z.object({ id: z.uuid() }),
        response: { 201: previewLinkSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const link = await createPreviewLink(app.db, request.params.id, {
        now: app.clock.now(),
        publicUrl: app.config.publicUrl,
      });
      void reply.status(201).header('location', link.url).header('cache-control', 'no-store');
      return { url: link.url, expires_at: link.expiresAt.toISOString() };
    },
  );
};
