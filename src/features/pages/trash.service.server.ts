import { pagePath } from '../../shared/lib/locale';
import { and, desc, eq, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { notFound } from '../../platform/http/app-error.server';
import { publishedPages } from '../publishing/publishing.table';
import { cancelPurge, schedulePurge } from '../publishing/schedule.server';
import { refreshPageSearch } from '../search/search.service.server';
import { pages, type PageRow } from './pages.table';
import { recordPageEvent, type EventOrigin } from '../publishing/page-events.server';
import type { Transaction } from '../../platform/jobs/job-queue.server';
import { decodeTimeCursor, encodeTimeCursor } from '../../platform/db/list-cursor.server';

/** Days a page stays in Trash before the purge job deletes it for good (decision 35). */
export const trashRetentionDays = 30;

export function purgeDateOf(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + trashRetentionDays * 24 * 60 * 60 * 1000);
}

export interface TrashChange {
  page: PageRow;
  /**
   * The public paths that appear or disappear: the page's live path when it is published, and
   * those of its translations that went to Trash or came back with it.
   */
  livePaths: string[];
}

async function livePathsOf(tx: Pick<Database, 'select'>, rows: PageRow[]): Promise<string[]> {
  const published = rows.filter((row) => row.is_published);
  if (published.length === 0) return [];
  const live = await tx
    .select({ slug: publishedPages.slug, locale: publishedPages.locale })
    .from(publishedPages)
    .where(
      inArray(
        publishedPages.page_id,
        published.map((row) => row.id),
      ),
    );
  return live.map((row) => pagePath(row.locale, row.slug));
}

/**
 * Moves a page to Trash: visitors get 404 at once, search forgets it, and nothing is freed (its
 * slug, blocks, revisions and live copy stay) until the purge, so a restore brings all of it back.
 * An English page takes its translations along (decision 44: they are the same page in another
 * language, and purging the English page deletes them), each with its own Trash entry.
 */
export async function moveToTrash(db: Database, pageId: string, now: Date, origin: EventOrigin): Promise<TrashChange> {
  return db.transaction(async (tx) => {
    const [page] = await tx
      .update(pages)
      .set({ deleted_at: now })
      .where(and(eq(pages.id, pageId), isNull(pages.deleted_at)))
      .returning();
    if (!page) throw notFound('Page');
    const translations = await tx
      .update(pages)
      .set({ deleted_at: now })
      .where(and(eq(pages.translation_of, pageId), isNull(pages.deleted_at)))
      .returning();
    for (const trashed of [page, ...translations]) {
      await refreshPageSearch(tx, trashed.id);
      await schedulePurge(tx, trashed.id, now);
      await recordPageEvent(tx, 'page.deleted', trashed, origin, { at: now });
    }
    return { page, livePaths: await livePathsOf(tx, [page, ...translations]) };
  });
}

/** Brings a page back from Trash, and the translations that went there with it (same moment). */
export async function restoreFromTrash(db: Database, pageId: string, origin: EventOrigin): Promise<TrashChange> {
  return db.transaction(async (tx) => {
    const [trashed] = await tx
      .select({ deletedAt: pages.deleted_at })
      .from(pages)
      .where(and(eq(pages.id, pageId), isNotNull(pages.deleted_at)))
      .limit(1);
    const [page] = await tx
      .update(pages)
      .set({ deleted_at: null })
      .where(and(eq(pages.id, pageId), isNotNull(pages.deleted_at)))
      .returning();
    if (!page || !trashed?.deletedAt) throw notFound('Page in Trash');
    const translations = await tx
      .update(pages)
      .set({ deleted_at: null })
      .where(and(eq(pages.translation_of, pageId), eq(pages.deleted_at, trashed.deletedAt)))
      .returning();
    for (const restored of [page, ...translations]) {
      await refreshPageSearch(tx, restored.id);
      await cancelPurge(tx, restored.id);
      await recordPageEvent(tx, 'page.restored', restored, origin);
    }
    return { page, livePaths: await livePathsOf(tx, [page, ...translations]) };
  });
}

/** Deletes a page for good (the purge job, and 'Delete permanently'): blocks and revisions go with it. */
export async function purgePage(db: Database | Transaction, pageId: string, origin: EventOrigin): Promise<boolean> {
  const removed = await db
    .delete(pages)
    .where(and(eq(pages.id, pageId), isNotNull(pages.deleted_at)))
    .returning({ id: pages.id, slug: pages.slug, title: pages.title, locale: pages.locale });
  for (const page of removed) await recordPageEvent(db, 'page.purged', page, origin);
  return removed.length > 0;
}

export async function listTrash(
  db: Database,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ items: Array<PageRow & { deleted_at: Date }>; next_cursor: string | null }> {
  const after = options.cursor ? decodeTimeCursor(options.cursor) : undefined;
  const rows = await db
    .select()
    .from(pages)
    .where(
      and(
        isNotNull(pages.deleted_at),
        after
          ? or(lt(pages.deleted_at, after.date), and(eq(pages.deleted_at, after.date), lt(pages.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(pages.deleted_at), desc(pages.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit) as Array<PageRow & { deleted_at: Date }>;
  const last = items.at(-1);
  return {
    items,
    next_cursor: rows.length > options.limit && last ? encodeTimeCursor(last.deleted_at, last.id) : null,
  };
}
