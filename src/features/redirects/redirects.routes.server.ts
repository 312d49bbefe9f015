import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { auditRequest } from '../audit/audit.server';
import { createRedirect, deleteRedirect, listRedirects, updateRedirect } from './redirects.service.server';
import type { RedirectRow } from './redirects.table';

const editor = { access: 'editor' } as const;
const writeErrors = { ...errorResponses, 409: errorResponses[400] };

const redirectSchema = z.object({
  id: z.uuid(),
  from: z.string().describe('The old path on this site, lowercased'),
  to: z.string().describe('A path on this site or an http(s) address'),
  status: z.union([z.literal(301), z.literal(302)]),
  source: z.enum(['manual', 'slug_change']).describe("'slug_change': added when a published page was renamed"),
  page_id: z.uuid().nullable(),
  hits: z.number().int(),
  last_hit_at: z.string().nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});

function toRedirectDto(row: RedirectRow): z.output<typeof redirectSchema> {
  return {
    id: row.id,
    from: row.from_path,
    to: row.to_target,
    status: row.status === 302 ? 302 : 301,
    source: row.source === 'slug_change' ? 'slug_change' : 'manual',
    page_id: row.page_id,
    hits: row.hits,
    last_hit_at: row.last_hit_at?.toISOString() ?? null,
    version: row.version,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

// Loose strings here; the service says what is wrong with one in a sentence naming the field.
const status = z.union([z.literal(301), z.literal(302)], { error: 'Choose 301 (permanent) or 302 (temporary).' });
const params = z.object({ id: z.uuid() });

/** Redirects (decision 36): editors manage them; the site answers them before its 404. */
export const redirectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/redirects',
    {
      config: editor,
      schema: {
        tags: ['redirects'],
        summary: 'Redirects by old path, with their hit counts (q searches both addresses)',
        querystring: z.object({
          q: z.string().max(200).optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
          cursor: z.string().max(1000).optional(),
        }),
        response: {
          200: z.object({ items: z.array(redirectSchema), next_cursor: z.string().nullable() }),
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      // Hits counted in the last seconds are written first, so the list shows them.
      await app.redirectMap.flushHits();
      const { items, next_cursor } = await listRedirects(app.db, request.query);
      return { items: items.map(toRedirectDto), next_cursor };
    },
  );

  app.post(
    '/api/v1/redirects',
    {
      config: editor,
      schema: {
        tags: ['redirects'],
        summary: 'Add a redirect; a target that is itself redirected is followed (no chains), a loop is refused',
        body: z.object({ from: z.string().max(4000), to: z.string().max(4000), status: status.optional() }),
        response: { 201: z.object({ redirect: redirectSchema }), ...writeErrors },
      },
    },
    async (request, reply) => {
      const row = await createRedirect(app.db, request.body, request.viewer?.user?.id ?? null, (tx, created) =>
        auditRequest(request, tx, {
          action: 'redirect.created',
          target: { type: 'redirect', id: created.id, label: created.from_path },
          summary: `Redirected ${created.from_path} to ${created.to_target} (${created.status}).`,
        }),
      );
      app.contentChanged({ paths: [] });
      void reply.status(201);
      return { redirect: toRedirectDto(row) };
    },
  );

  app.patch(
    '/api/v1/redirects/:id',
    {
      config: editor,
      schema: {
        tags: ['redirects'],
        summary: 'Change a redirect; send the version you read',
        params,
        body: z.object({
          from: z.string().max(4000).optional(),
          to: z.string().max(4000).optional(),
          status: status.optional(),
          version: z.number().int().min(1),
        }),
        response: { 200: z.object({ redirect: redirectSchema }), ...writeErrors },
      },
    },
    async (request) => {
      const row = await updateRedirect(app.db, request.params.id, request.body, (tx, before, after) =>
        auditRequest(request, tx, {
          action: 'redirect.updated',
          target: { type: 'redirect', id: after.id, label: after.from_path },
          summary: `Changed the redirect ${before.from_path} → ${before.to_target} to ${after.from_path} → ${after.to_target} (${after.status}).`,
        }),
      );
      app.contentChanged({ paths: [] });
      return { redirect: toRedirectDto(row) };
    },
  );

  app.delete(
    '/api/v1/redirects/:id',
    {
      config: editor,
      schema: {
        tags: ['redirects'],
        summary: 'Delete a redirect: its old path answers 404 again',
        params,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteRedirect(app.db, request.params.id, (tx, row) =>
        auditRequest(request, tx, {
          action: 'redirect.deleted',
          target: { type: 'redirect', id: row.id, label: row.from_path },
          summary: `Deleted the redirect ${row.from_path} → ${row.to_target}.`,
        }),
      );
      app.contentChanged({ paths: [] });
      void reply.status(204);
      return null;
    },
  );
};
