import { pagePath } from '../../shared/lib/locale';
import { and, desc, eq, isNull, min } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { pages } from '../pages/pages.table';
import type { Locale } from '../../shared/lib/locale';
import { pageRevisions, publishedPages } from '../publishing/publishing.table';
import { feedEntryLimit, type FeedEntry } from './atom-feed';

/** The newest live pages of one language by their last publish, with the time each first went live. */
export async function listFeedEntries(db: Database, locale: Locale, limit = feedEntryLimit): Promise<FeedEntry[]> {
  const firstPublish = db
    .select({ page_id: pageRevisions.page_id, at: min(pageRevisions.created_at).as('first_published_at') })
    .from(pageRevisions)
    .where(eq(pageRevisions.kind, 'published'))
    .groupBy(pageRevisions.page_id)
    .as('first_publish');
  const rows = await db
    .select({
      id: publishedPages.page_id,
      slug: publishedPages.slug,
      locale: publishedPages.locale,
      title: publishedPages.title,
      excerpt: publishedPages.excerpt,
      metaDescription: publishedPages.meta_description,
      updated: publishedPages.published_at,
      firstPublished: firstPublish.at,
    })
    .from(publishedPages)
    .innerJoin(pages, eq(pages.id, publishedPages.page_id))
    .leftJoin(firstPublish, eq(firstPublish.page_id, publishedPages.page_id))
    .where(and(eq(pages.is_published, true), eq(publishedPages.locale, locale), isNull(pages.deleted_at)))
    .orderBy(desc(publishedPages.published_at), desc(publishedPages.page_id))
    .limit(limit);
  return rows.map((row) => ({
    pageId: row.id,
    title: row.title,
    path: pagePath(row.locale, row.slug),
    summary: row.excerpt.trim() || row.metaDescription?.trim() || '',
    // Revisions are pruned, never the published ones; a page restored from an old backup may lack
    // them, and then its last publish is the best first date known.
    published: row.firstPublished ? new Date(row.firstPublished) : row.updated,
    updated: row.updated,
  }));
}
