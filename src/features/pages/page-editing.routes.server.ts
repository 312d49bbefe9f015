import { pagePath } from '../../shared/lib/locale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { actorOf } from '../publishing/publishing.service.server';
import { originOf } from '../publishing/page-events.server';
import { createPage, getPageById, updatePage } from './page-editing.service.server';
import { pageDtoSchema } from './pages.dto';
import { autosaveQuerySchema, pageInputSchema, pagePatchSchema } from './pages.schema';
import { editorPageDto } from './translations.service.server';
import { listTrash, moveToTrash, purgeDateOf, restoreFromTrash } from './trash.service.server';

const editor = { access: 'editor' } as const;
const writeErrors = { ...errorResponses, 409: errorResponses[400] };

const trashItemSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  path: z.string(),
  is_published: z.boolean().describe('Whether it goes back on the site when restored'),
  deleted_at: z.string(),
  purge_at: z.string().describe('When the page is deleted for good'),
});

const editorPageResponseSchema = z.object({
  page: pageDtoSchema,
  site_time_zone: z.string().describe('The time zone schedules are shown in (SITE_TIME_ZONE)'),
});

export const pageEditingRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('editor');

  app.get(
    '/api/v1/pages/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: "One page's draft by id, with has_unpublished_changes, published_at and the schedule",
        params: z.object({ id: z.uuid() }),
        response: {
          200: editorPageResponseSchema,
          ...errorResponses,
        },
      },
    },
    // Kept as answered until pages or blocks change (ADR 044); a missing page is not kept.
    async (request, reply) =>
      app.editorReadCache.answer(reply, `page:${request.params.id}`, editorPageResponseSchema, async () => ({
        page: await editorPageDto(app.db, await getPageById(app.db, request.params.id)),
        site_time_zone: app.config.siteTimeZone,
      })),
  );

  app.post(
    '/api/v1/pages',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'Create a page (slug: lowercase letters, digits, hyphens; unique); is_published puts it live at once',
        body: pageInputSchema,
        response: { 201: z.object({ page: pageDtoSchema }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const { after, livePaths } = await createPage(app.db, request.body, {
        actor: actorOf(request.viewer?.user),
        origin: originOf(request),
      });
      if (livePaths) app.contentChanged({ pageId: after.id, paths: livePaths });
      void reply.status(201);
      return { page: await editorPageDto(app.db, after) };
    },
  );

  app.patch(
    '/api/v1/pages/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary:
          "Change a page's draft; send the version you read (409 version_conflict if someone saved first). is_published true publishes the draft, false takes the page off the site",
        params: z.object({ id: z.uuid() }),
        querystring: autosaveQuerySchema,
        body: pagePatchSchema,
        response: { 200: z.object({ page: pageDtoSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const { after, livePaths } = await updatePage(app.db, request.params.id, request.body, {
        actor: actorOf(request.viewer?.user),
        origin: originOf(request),
        autosave: request.query.autosave === 'true',
      });
      if (livePaths) app.contentChanged({ pageId: after.id, paths: livePaths });
      return { page: await editorPageDto(app.db, after) };
    },
  );

  app.delete(
    '/api/v1/pages/:id',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'Move a page to Trash: visitors get 404 at once; it can be restored for 30 days',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { page, livePaths } = await moveToTrash(app.db, request.params.id, app.clock.now(), originOf(request));
      app.contentChanged({ pageId: page.id, paths: livePaths });
      void reply.status(204);
      return null;
    },
  );

  app.get(
    '/api/v1/trash',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'Pages in Trash, most recently deleted first',
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(50),
          cursor: z.string().max(200).optional(),
        }),
        response: {
          200: z.object({ items: z.array(trashItemSchema), next_cursor: z.string().nullable() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { items, next_cursor } = await listTrash(app.db, request.query);
      return {
        items: items.map((page) => ({
          id: page.id,
          title: page.title,
          slug: page.slug,
          path: pagePath(page.locale, page.slug),
          is_published: page.is_published,
          deleted_at: page.deleted_at.toISOString(),
          purge_at: purgeDateOf(page.deleted_at).toISOString(),
        })),
        next_cursor,
      };
    },
  );

  app.post(
    '/api/v1/pages/:id/restore',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'Take a page out of Trash with its blocks, revisions and published state',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ page: pageDtoSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const { page, livePaths } = await restoreFromTrash(app.db, request.params.id, originOf(request));
      if (livePaths.length > 0) app.contentChanged({ pageId: page.id, paths: livePaths });
      return { page: await editorPageDto(app.db, page) };
    },
  );
};
