import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { pageDtoSchema } from '../pages/pages.dto';
import { editorPageDto } from '../pages/translations.service.server';
import { revisionKinds } from './publishing.table';
import {
  actorOf,
  discardChanges,
  getRevision,
  listRevisions,
  publishPage,
  restoreRevision,
  unpublishPage,
} from './publishing.service.server';
import { originOf } from './page-events.server';
import { registerPublishingJobs, setSchedule } from './schedule.server';

const editor = { access: 'editor' } as const;
const writeErrors = { ...errorResponses, 409: errorResponses[400] };
const pageParams = z.object({ id: z.uuid() });
const revisionParams = z.object({ id: z.uuid(), revisionId: z.uuid() });

const revisionSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  kind: z.enum(revisionKinds),
  author: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
});

const snapshotSchema = z.object({
  page: z.record(z.string(), z.unknown()).describe('The content fields of the page: slug, title, excerpt, SEO'),
  blocks: z.array(
    z.object({
      id: z.uuid(),
      block_type: z.string(),
      block_data: z.record(z.string(), z.unknown()),
      block_order: z.number().int(),
      is_active: z.boolean(),
    }),
  ),
});

const scheduleTime = z.iso
  .datetime({ offset: true, message: 'Use an ISO 8601 date and time with an offset, e.g. 2026-12-01T09:00:00-05:00' })
  .nullable()
  .optional();

/** Drafts, publishing, revisions and schedules (decisions 30, 31 and 34). */
export const publishingRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requireRole('editor');
  registerPublishingJobs(app);

  app.put(
    '/api/v1/pages/:id/schedule',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary:
          'Schedule publishing and/or taking down (times in the future, ISO 8601 with an offset; null clears one, omitted keeps it)',
        params: pageParams,
        body: z.object({ publish_at: scheduleTime, unpublish_at: scheduleTime }),
        response: {
          200: z.object({ page: pageDtoSchema, site_time_zone: z.string().describe('The time zone the admin shows') }),
          ...writeErrors,
        },
      },
    },
    async (request) => {
      const toDate = (value: string | null | undefined) =>
        value === undefined ? undefined : value === null ? null : new Date(value);
      const page = await setSchedule(
        app.db,
        request.params.id,
        { publish_at: toDate(request.body.publish_at), unpublish_at: toDate(request.body.unpublish_at) },
        app.clock.now(),
        originOf(request),
        app.config.siteTimeZone,
      );
      return { page: await editorPageDto(app.db, page), site_time_zone: app.config.siteTimeZone };
    },
  );

  app.post(
    '/api/v1/pages/:id/publish',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: "Publish the page's draft (one transaction); send the page version you read",
        params: pageParams,
        body: z.object({ version: z.number().int().min(1) }),
        response: { 200: z.object({ page: pageDtoSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const { page, paths } = await publishPage(app.db, request.params.id, {
        actor: actorOf(request.viewer?.user),
        origin: originOf(request),
        version: request.body.version,
      });
      app.contentChanged({ pageId: page.id, paths });
      return { page: await editorPageDto(app.db, page) };
    },
  );

  app.post(
    '/api/v1/pages/:id/unpublish',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'Take the page off the site; its draft and revisions stay',
        params: pageParams,
        response: { 200: z.object({ page: pageDtoSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const { page, paths } = await unpublishPage(app.db, request.params.id, originOf(request));
      app.contentChanged({ pageId: page.id, paths });
      return { page: await editorPageDto(app.db, page) };
    },
  );

  app.post(
    '/api/v1/pages/:id/discard',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: "Throw away the draft's unpublished changes: the draft becomes the published version again",
        params: pageParams,
        response: { 200: z.object({ page: pageDtoSchema }), ...writeErrors },
      },
    },
    async (request) => ({ page: await editorPageDto(app.db, await discardChanges(app.db, request.params.id)) }),
  );

  app.get(
    '/api/v1/pages/:id/revisions',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: "The page's revisions, newest first (published, saved, autosave, restored)",
        params: pageParams,
        querystring: z.object({
          limit: z.coerce.number().int().min(1).max(100).default(50),
          cursor: z
            .string()
            .regex(/^\d{1,9}$/, { message: 'Use the next_cursor of the previous answer' })
            .optional(),
        }),
        response: {
          200: z.object({ items: z.array(revisionSummarySchema), next_cursor: z.string().nullable() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { items, next } = await listRevisions(app.db, request.params.id, {
        limit: request.query.limit,
        before: request.query.cursor === undefined ? undefined : Number(request.query.cursor),
      });
      return {
        items: items.map((item) => ({ ...item, created_at: item.created_at.toISOString() })),
        next_cursor: next === null ? null : String(next),
      };
    },
  );

  app.get(
    '/api/v1/pages/:id/revisions/:revisionId',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'One revision with its snapshot: page fields and every block',
        params: revisionParams,
        response: {
          200: z.object({ revision: revisionSummarySchema.extend({ snapshot: snapshotSchema }) }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const row = await getRevision(app.db, request.params.id, request.params.revisionId);
      return {
        revision: {
          id: row.id,
          number: row.number,
          kind: row.kind,
          author: row.author_name,
          note: row.note,
          created_at: row.created_at.toISOString(),
          snapshot: row.snapshot,
        },
      };
    },
  );

  app.post(
    '/api/v1/pages/:id/revisions/:revisionId/restore',
    {
      config: editor,
      preHandler: guard,
      schema: {
        tags: ['pages'],
        summary: 'Copy a revision into the draft (it does not publish); returns the draft',
        params: revisionParams,
        response: { 200: z.object({ page: pageDtoSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const page = await restoreRevision(
        app.db,
        request.params.id,
        request.params.revisionId,
        actorOf(request.viewer?.user),
      );
      return { page: await editorPageDto(app.db, page) };
    },
  );
};
