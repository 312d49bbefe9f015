import { and, asc, count, eq, getTableColumns, inArray, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import type { OrderCursor } from '../../platform/db/list-cursor.server';
import { selectRows } from '../../platform/db/json-rows.server';
import { contentBlocks, type BlockRow } from '../blocks/blocks.table';
import type { SnapshotBlock } from '../publishing/page-snapshot';
import { publishedPages } from '../publishing/publishing.table';
import { pages, type PageRow } from './pages.table';
import { defaultLocale, type Locale } from '../../shared/lib/locale';

/** A page as visitors see it: the live copy's fields with the page's place in lists. */
export type PublicPage = Omit<
  PageRow,
  'has_unpublished_changes' | 'published_at' | 'publish_at' | 'unpublish_at' | 'deleted_at'
>;

const liveColumns = {
  id: pages.id,
  slug: publishedPages.slug,
  locale: publishedPages.locale,
  translation_of: pages.translation_of,
  title: publishedPages.title,
  excerpt: publishedPages.excerpt,
  page_type: publishedPages.page_type,
  is_published: pages.is_published,
  sort_order: pages.sort_order,
  meta_title: publishedPages.meta_title,
  meta_description: publishedPages.meta_description,
  og_title: publishedPages.og_title,
  og_description: publishedPages.og_description,
  og_image: publishedPages.og_image,
  twitter_title: publishedPages.twitter_title,
  twitter_description: publishedPages.twitter_description,
  twitter_image: publishedPages.twitter_image,
  canonical_url: publishedPages.canonical_url,
  structured_data: publishedPages.structured_data,
  version: publishedPages.version,
  created_at: pages.created_at,
  updated_at: publishedPages.published_at,
};

const isLive = and(eq(pages.is_published, true), isNull(pages.deleted_at));

/** Every live page in sort_order (visitors' lists, the sitemap), of one language or of both. */
export async function listLivePages(db: Database, locale?: Locale): Promise<PublicPage[]> {
  return db
    .select(liveColumns)
    .from(publishedPages)
    .innerJoin(pages, eq(pages.id, publishedPages.page_id))
    .where(and(isLive, locale ? eq(publishedPages.locale, locale) : undefined))
    .orderBy(asc(pages.sort_order), asc(publishedPages.title));
}

/** The live copy at this slug in this language with its active blocks in block_order. */
export async function findLivePageBySlug(
  db: Database,
  slug: string,
  locale: Locale,
): Promise<{ page: PublicPage; blocks: SnapshotBlock[] } | undefined> {
  const [row] = await db
    .select({ ...liveColumns, blocks: publishedPages.blocks })
    .from(publishedPages)
    .innerJoin(pages, eq(pages.id, publishedPages.page_id))
    .where(and(eq(publishedPages.slug, slug), eq(publishedPages.locale, locale), isLive))
    .limit(1);
  if (!row) return undefined;
  const { blocks, ...page } = row;
  const active = blocks.filter((block) => block.is_active).sort((a, b) => a.block_order - b.block_order);
  return { page, blocks: active };
}

/** What the pages list is narrowed to: only published or only draft pages, and a text in the title or slug. */
export interface PageListFilter {
  /** Only published or only draft pages (drafts are visible to editors and admins only). */
  status?: 'published' | 'draft' | undefined;
  /** Case-insensitive match on title or slug (the admin's 'Search pages...' box). */
  q?: string | undefined;
  /** The pages of one language (decision 44); English when not given. */
  locale?: Locale | undefined;
}

/** One stretch of the list in (sort_order, id) order: up to `limit` pages after the cursor's. */
export interface PageListWindow {
  limit: number;
  after?: OrderCursor | undefined;
}

/**
 * The text condition on these columns. Matched with strpos, not LIKE, so '%' and '_' in a search
 * are plain characters; slugs are lowercase already.
 */
function textMatches(
  columns: {
    title: typeof pages.title | typeof publishedPages.title;
    slug: typeof pages.slug | typeof publishedPages.slug;
  },
  q: string | undefined,
): SQL | undefined {
  const needle = q?.trim().toLowerCase();
  if (!needle) return undefined;
  return sql`(strpos(lower(${columns.title}), ${needle}) > 0 or strpos(${columns.slug}, ${needle}) > 0)`;
}

/** Drafts not in Trash that match the filter. */
const draftsMatching = (filter: PageListFilter) =>
  and(
    isNull(pages.deleted_at),
    eq(pages.locale, filter.locale ?? defaultLocale),
    filter.status === undefined ? undefined : eq(pages.is_published, filter.status === 'published'),
    textMatches(pages, filter.q),
  );

/** Live copies that match the filter (on their live title and slug). */
const liveMatching = (filter: PageListFilter) =>
  and(isLive, eq(publishedPages.locale, filter.locale ?? defaultLocale), textMatches(publishedPages, filter.q));

/** After the cursor's place in (sort_order, id) order: one row comparison the planner can use an index for. */
const afterCursor = (after: OrderCursor | undefined): SQL | undefined =>
  after ? sql`(${pages.sort_order}, ${pages.id}) > (${after.sortOrder}, ${after.id}::uuid)` : undefined;

/**
 * Drafts not in Trash that match the filter. With a window: one stretch in (sort_order, id) order,
 * read one past the limit so the caller knows whether more follow; without: all of them in
 * sort_order, then title (the order the unpaged list has always had).
 */
export async function listDraftPagesMatching(
  db: Database,
  filter: PageListFilter,
  window?: PageListWindow,
): Promise<PageRow[]> {
  return selectRows(db, pages, getTableColumns(pages), {
    where: and(draftsMatching(filter), afterCursor(window?.after)),
    orderBy: window ? [asc(pages.sort_order), asc(pages.id)] : [asc(pages.sort_order), asc(pages.title)],
    limit: window ? window.limit + 1 : undefined,
  });
}

/** Live pages that match the filter (asking for drafts finds none); windows as above. */
export async function listLivePagesMatching(
  db: Database,
  filter: PageListFilter,
  window?: PageListWindow,
): Promise<PublicPage[]> {
  if (filter.status === 'draft') return [];
  const query = db
    .select(liveColumns)
    .from(publishedPages)
    .innerJoin(pages, eq(pages.id, publishedPages.page_id))
    .where(and(liveMatching(filter), afterCursor(window?.after)));
  if (!window) return query.orderBy(asc(pages.sort_order), asc(publishedPages.title));
  return query.orderBy(asc(pages.sort_order), asc(pages.id)).limit(window.limit + 1);
}

/** How many pages the filter matches: drafts not in Trash (editors) or live pages (visitors). */
export async function countPagesMatching(db: Database, filter: PageListFilter, drafts: boolean): Promise<number> {
  if (drafts) {
    const [row] = await db.select({ value: count() }).from(pages).where(draftsMatching(filter));
    return row?.value ?? 0;
  }
  if (filter.status === 'draft') return 0;
  const [row] = await db
    .select({ value: count() })
    .from(publishedPages)
    .innerJoin(pages, eq(pages.id, publishedPages.page_id))
    .where(liveMatching(filter));
  return row?.value ?? 0;
}

export async function findDraftPageBySlug(db: Database, slug: string, locale: Locale): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.locale, locale), isNull(pages.deleted_at)))
    .limit(1);
  return row;
}

/** The draft of this page, unless it is in Trash (or gone). */
/** The drafts of these pages that are not in Trash, in one query (bulk actions). */
export async function findDraftPagesByIds(db: Database, pageIds: string[]): Promise<PageRow[]> {
  if (pageIds.length === 0) return [];
  return db
    .select()
    .from(pages)
    .where(and(inArray(pages.id, pageIds), isNull(pages.deleted_at)));
}

export async function findDraftPageById(db: Database, pageId: string): Promise<PageRow | undefined> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.id, pageId), isNull(pages.deleted_at)))
    .limit(1);
  return row;
}

export async function listActiveBlocks(db: Database, pageId: string): Promise<BlockRow[]> {
  return db
    .select()
    .from(contentBlocks)
    .where(and(eq(contentBlocks.page_id, pageId), eq(contentBlocks.is_active, true)))
    .orderBy(asc(contentBlocks.block_order));
}

/**
 * The spec's completeness rule: how many pages, and which have no block at all. One row: the ids
 * come joined in one text value, since a site with 5,000 new drafts made 5,000 rows, and reading
 * them took 35 ms a call against 16 ms this way (every health probe asks; ADR 061).
 */
export async function contentCompleteness(db: Database): Promise<{ pages: number; pagesWithoutBlocks: string[] }> {
  const hasNoBlock = notExists(
    db
      .select({ one: sql`1` })
      .from(contentBlocks)
      .where(eq(contentBlocks.page_id, pages.id)),
  );
  const [row] = await db
    .select({
      pages: count(),
      withoutBlocks: sql<string>`coalesce(string_agg(${pages.id}::text, ',' order by ${pages.sort_order}) filter (where ${hasNoBlock}), '')`,
    })
    .from(pages)
    .where(isNull(pages.deleted_at));
  return { pages: row?.pages ?? 0, pagesWithoutBlocks: row?.withoutBlocks ? row.withoutBlocks.split(',') : [] };
}

export type BlockSummary = { id: string; block_type: string; block_order: number; is_active: boolean };

/** Type, order and state of every draft block of these pages, in block_order, keyed by page. */
export async function listBlockSummaries(db: Database, pageIds: string[]): Promise<Map<string, BlockSummary[]>> {
  const summaries = new Map<string, BlockSummary[]>();
  if (pageIds.length === 0) return summaries;
  const rows = await selectRows(
    db,
    contentBlocks,
    {
      id: contentBlocks.id,
      page_id: contentBlocks.page_id,
      block_type: contentBlocks.block_type,
      block_order: contentBlocks.block_order,
      is_active: contentBlocks.is_active,
    },
    { where: inArray(contentBlocks.page_id, pageIds), orderBy: [asc(contentBlocks.block_order)] },
  );
  for (const { page_id, ...block } of rows) {
    const list = summaries.get(page_id) ?? [];
    list.push(block);
    summaries.set(page_id, list);
  }
  return summaries;
}

/**
 * Which pages are translations of which (decision 44): every page not in Trash with its language,
 * its group (the English page's id) and, when it is live, its live slug.
 */
export async function listTranslationLinks(
  db: Database,
): Promise<Array<{ id: string; locale: Locale; group: string; liveSlug: string | null }>> {
  const rows = await db
    .select({
      id: pages.id,
      locale: pages.locale,
      source: pages.translation_of,
      published: pages.is_published,
      liveSlug: publishedPages.slug,
    })
    .from(pages)
    .leftJoin(publishedPages, eq(publishedPages.page_id, pages.id))
    .where(isNull(pages.deleted_at));
  return rows.map(({ source, published, liveSlug, ...row }) => ({
    ...row,
    group: source ?? row.id,
    liveSlug: published ? liveSlug : null,
  }));
}
