import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/http/error-responses';
import { notFound } from '../../platform/http/app-error.server';
import { blockDtoSchema, pageDtoSchema, pageWithBlocksDtoSchema } from './pages.dto';
import { listBlockSummaries } from './pages.repo.server';
import { slugSchema } from './pages.schema';
import { locales } from '../../shared/lib/locale';
import { withTranslations } from './translations.service.server';
import { toEditorPageDto, toPageDto, toVisibleBlockDto } from './pages.serialize.server';
import {
  anonymousViewer,
  getVisiblePage,
  listVisiblePages,
  listVisiblePagesPage,
  type VisiblePages,
  type Viewer,
} from './pages.service.server';

const pageListQuerySchema = z.object({
  status: z
    .enum(['published', 'draft'])
    .optional()
    .describe('Only published or only draft pages (visitors only ever see published ones)'),
  q: z.string().max(200).optional().describe('Case-insensitive match on title or slug'),
  locale: z.enum(locales).optional().describe("The pages of one language (decision 44); 'en' when not given"),
  include: z.enum(['blocks']).optional().describe("Editors and admins: add each page's block summaries"),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .optional()
    .describe('Read the list page by page: at most this many pages, and next_cursor for the rest'),
  cursor: z.string().max(200).optional().describe('The next_cursor of the previous answer (with limit)'),
});
type PageListQuery = z.output<typeof pageListQuerySchema>;

const pageListResponseSchema = z.union([
  z.object({ pages: z.array(pageWithBlocksDtoSchema) }),
  z.object({
    items: z.array(pageWithBlocksDtoSchema),
    next_cursor: z.string().nullable(),
    total: z
      .number()
      .int()
      .optional()
      .describe('How many pages match in all (in the first answer only, without cursor)'),
  }),
]);

export const pagesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/v1/pages',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pages'],
        summary:
          'List pages ordered by sort_order: visitors see published pages, editors and admins drafts too (filter with status and q). With limit: {items, next_cursor} in (sort_order, id) order; without: {pages}',
        querystring: pageListQuerySchema,
        response: {
          200: pageListResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const viewer = request.viewer ?? anonymousViewer;
      if (!viewer.canSeeDrafts) return listPages(request.query, viewer);
      // Every editor and admin sees the same list: kept as answered, until pages or blocks change.
      return app.editorReadCache.answer(reply, `pages?${JSON.stringify(request.query)}`, pageListResponseSchema, () =>
        listPages(request.query, viewer),
      );
    },
  );

  async function listPages(query: PageListQuery, viewer: Viewer): Promise<z.output<typeof pageListResponseSchema>> {
    const { limit, cursor, include, ...filter } = query;
    if (limit === undefined) {
      const visible = await listVisiblePages(app.db, viewer, filter);
      return { pages: await serializeList(visible, include) };
    }
    const stretch = await listVisiblePagesPage(app.db, viewer, filter, { limit, cursor });
    return {
      items: await serializeList(stretch, include),
      next_cursor: stretch.next_cursor,
      ...(stretch.total === undefined ? {} : { total: stretch.total }),
    };
  }

  /** Visitors get the live copies; editors the drafts, with block summaries when asked (for these pages only). */
  async function serializeList(visible: VisiblePages, include: 'blocks' | undefined) {
    if (!visible.drafts) return visible.pages.map(toPageDto);
    const rows = visible.pages;
    const dtos = await withTranslations(app.db, rows, rows.map(toEditorPageDto));
    if (include !== 'blocks') return dtos;
    const summaries = await listBlockSummaries(
      app.db,
      rows.map((row) => row.id),
    );
    return dtos.map((dto) => ({ ...dto, blocks: summaries.get(dto.id) ?? [] }));
  }

  app.get(
    '/api/v1/pages/by-slug/:slug',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pages'],
        summary:
          'A published page by slug with its active blocks in block_order (editors also get pages that are not on the site, as drafts)',
        params: z.object({
          slug: z
            .string()
            .max(100)
            .pipe(slugSchema.or(z.literal('home'))),
        }),
        querystring: z.object({
          locale: z.enum(locales).default('en').describe("The page's language: its slug is looked up in that language"),
        }),
        response: {
          200: z.object({ page: pageDtoSchema, blocks: z.array(blockDtoSchema) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const found = await getVisiblePage(
        app.db,
        request.params.slug,
        request.viewer ?? anonymousViewer,
        request.query.locale,
      );
      if (!found) throw notFound('Page');
      return { page: toPageDto(found.page), blocks: found.blocks.map((block) => toVisibleBlockDto(found.page, block)) };
    },
  );
};
