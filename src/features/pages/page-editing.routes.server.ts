import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../server/plugins/openapi.server';
import { createPage, deletePage, getPageById, updatePage } from './page-editing.service.server';
import { pageDtoSchema } from './pages.dto';
import { pageInputSchema, pagePatchSchema } from './pages.schema';
import { toPageDto } from './pages.serialize.server';

const editor = { access: 'editor' } as const;
const writeErrors = { ...errorResponses, 409: errorResponses[400] };

export const pageEditingRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('editor');

  app.get(
    '/api/v1/pages/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'One page by id, drafts included',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ page: pageDtoSchema }), ...errorResponses },
      },
    },
    async (request) => ({ page: toPageDto(await getPageById(app.db, request.params.id)) }),
  );

  app.post(
    '/api/v1/pages',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'Create a page (slug: lowercase letters, digits, hyphens; unique)',
        body: pageInputSchema,
        response: { 201: z.object({ page: pageDtoSchema }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const page = await createPage(app.db, request.body);
      app.contentChanged({ pageId: page.id, slugs: [page.slug] });
      return reply.status(201).send({ page: toPageDto(page) });
    },
  );

  app.patch(
    '/api/v1/pages/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'Change a page; send the version you read (409 version_conflict if someone saved first)',
        params: z.object({ id: z.uuid() }),
        body: pagePatchSchema,
        response: { 200: z.object({ page: pageDtoSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const { before, after } = await updatePage(app.db, request.params.id, request.body);
      app.contentChanged({ pageId: after.id, slugs: [before.slug, after.slug] });
      return { page: toPageDto(after) };
    },
  );

  app.delete(
    '/api/v1/pages/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'Delete a page and its blocks',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const page = await deletePage(app.db, request.params.id);
      app.contentChanged({ pageId: page.id, slugs: [page.slug] });
      return reply.status(204).send(null);
    },
  );
};
