import { and, asc, count, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.server';
import { contentBlocks, type BlockRow } from '../blocks/blocks.table';
import { pages, type PageRow } from './pages.table';

export async function listPages(db: Database, options: { publishedOnly: boolean }): Promise<PageRow[]> {
  return db
    .select()
    .from(pages)
    .where(options.publishedOnly ? eq(pages.is_published, true) : undefined)
    .orderBy(asc(pages.sort_order), asc(pages.title));
}

export async function findPageBySlug(db: Database, slug: string): Promise<PageRow | undefined> {
  const [row] = await db.select().from(pages).where(eq(pages.slug, slug)).limit(1);
  return row;
}

export async function listActiveBlocks(db: Database, pageId: string): Promise<BlockRow[]> {
  return db
    .select()
    .from(contentBlocks)
    .where(and(eq(contentBlocks.page_id, pageId), eq(contentBlocks.is_active, true)))
    .orderBy(asc(contentBlocks.block_order));
}

/** The spec's completeness rule: how many pages, and which have no block at all. */
export async function contentCompleteness(db: Database): Promise<{ pages: number; pagesWithoutBlocks: string[] }> {
  const [total] = await db.select({ value: count() }).from(pages);
  const empty = await db
    .select({ id: pages.id })
    .from(pages)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(contentBlocks)
          .where(eq(contentBlocks.page_id, pages.id)),
      ),
    )
    .orderBy(asc(pages.sort_order));
  return { pages: total?.value ?? 0, pagesWithoutBlocks: empty.map((row) => row.id) };
}

/** Type, order and state of every block of these pages, in block_order, keyed by page. */
export async function listBlockSummaries(
  db: Database,
  pageIds: string[],
): Promise<Map<string, Array<{ id: string; block_type: string; block_order: number; is_active: boolean }>>> {
  const summaries = new Map<
    string,
    Array<{ id: string; block_type: string; block_order: number; is_active: boolean }>
  >();
  if (pageIds.length === 0) return summaries;
  const rows = await db
    .select({
      id: contentBlocks.id,
      page_id: contentBlocks.page_id,
      block_type: contentBlocks.block_type,
      block_order: contentBlocks.block_order,
      is_active: contentBlocks.is_active,
    })
    .from(contentBlocks)
    .where(inArray(contentBlocks.page_id, pageIds))
    .orderBy(asc(contentBlocks.block_order));
  for (const { page_id, ...block } of rows) {
    const list = summaries.get(page_id) ?? [];
    list.push(block);
    summaries.set(page_id, list);
  }
  return summaries;
}
