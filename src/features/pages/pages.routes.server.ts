import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../server/plugins/openapi.server';
import { notFound } from '../../server/plugins/app-error.server';
import { blockDtoSchema, pageDtoSchema } from './pages.dto';
import { slugSchema } from './pages.schema';
import { toBlockDto, toPageDto } from './pages.serialize.server';
import { anonymousViewer, getVisiblePage, listVisiblePages } from './pages.service.server';

export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/pages',
    {
      schema: {
        tags: ['pages'],
        summary: 'List pages (visitors see published pages only), ordered by sort_order',
        response: { 200: z.object({ pages: z.array(pageDtoSchema) }), ...errorResponses },
      },
    },
    async (request) => {
      const rows = await listVisiblePages(app.db, request.viewer ?? anonymousViewer);
      return { pages: rows.map(toPageDto) };
    },
  );

  app.get(
    '/api/v1/pages/by-slug/:slug',
    {
      schema: {
        tags: ['pages'],
        summary: 'A published page by slug with its active blocks in block_order',
        params: z.object({
          slug: z
            .string()
            .max(100)
            .pipe(slugSchema.or(z.literal('home'))),
        }),
        response: {
          200: z.object({ page: pageDtoSchema, blocks: z.array(blockDtoSchema) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const found = await getVisiblePage(app.db, request.params.slug, request.viewer ?? anonymousViewer);
      if (!found) throw notFound('Page');
      return { page: toPageDto(found.page), blocks: found.blocks.map(toBlockDto) };
    },
  );
};
