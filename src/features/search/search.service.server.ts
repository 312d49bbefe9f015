import { defaultLocale, type Locale, pagePath } from '../../shared/lib/locale';
import {
  containsPattern,
  highlightWords,
  normalizeQuery,
  pageBodyText,
  searchWords,
  snippetFromHeadline,
} from './search-text';
import {
  deletePageSearch,
  findPageForSearch,
  listPageIds,
  listPageIdsWithoutSearch,
  searchPublishedPages,
  upsertPageSearch,
  type DatabaseOrTransaction,
} from './search.repo.server';

export type { DatabaseOrTransaction } from './search.repo.server';

export const defaultSearchLimit = 8;
export const maxSearchLimit = 20;

export interface SearchResult {
  slug: string;
  /** The page's public path ('/es/…' in Spanish). */
  path: string;
  title: string;
  excerpt: string;
  /** Safe HTML: escaped text whose only tags are <mark>…</mark> around the matched words. */
  snippet: string;
}

/**
 * Recomputes one page's search row from its live copy (published fields and active blocks); a
 * page that is not live (never published, taken down, in Trash) loses its row. Call it inside the
 * transaction that changed the live copy (pass the tx), so the index is never stale after a commit.
 */
export async function refreshPageSearch(db: DatabaseOrTransaction, pageId: string): Promise<void> {
  const page = await findPageForSearch(db, pageId);
  if (!page) {
    await deletePageSearch(db, pageId);
    return;
  }
  const { blocks } = page;
  await upsertPageSearch(db, {
    pageId,
    locale: page.locale,
    title: page.title,
    excerpt: page.excerpt,
    bodyText: pageBodyText(blocks),
  });
}

/** Rebuilds every page's search row (after a change to how text is extracted, or to repair). */
export async function refreshAllPageSearch(db: DatabaseOrTransaction): Promise<number> {
  const ids = await listPageIds(db);
  for (const id of ids) await refreshPageSearch(db, id);
  return ids.length;
}

/** Indexes the pages that have no search row yet (pages that existed before search did). */
export async function refreshMissingPageSearch(db: DatabaseOrTransaction): Promise<number> {
  const ids = await listPageIdsWithoutSearch(db);
  for (const id of ids) await refreshPageSearch(db, id);
  return ids.length;
}

function clampLimit(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return defaultSearchLimit;
  return Math.min(maxSearchLimit, Math.max(1, Math.trunc(limit)));
}

/**
 * Published pages matching the query as the visitor types it: every word is a case-insensitive
 * prefix ("angel" finds Angelita), and a title containing the query matches too ("dos o" finds
 * Cenote Dos Ojos). Title matches come first, then by text rank. An empty query finds nothing.
 */
export async function searchPages(
  db: DatabaseOrTransaction,
  query: string,
  limit: number = defaultSearchLimit,
  locale: Locale = defaultLocale,
): Promise<SearchResult[]> {
  const text = normalizeQuery(query);
  if (text === '') return [];
  const words = searchWords(text);
  const rows = await searchPublishedPages(db, {
    words,
    highlightWords: highlightWords(words),
    titlePattern: containsPattern(text),
    limit: clampLimit(limit),
    locale,
  });
  return rows.map((row) => ({
    slug: row.slug,
    path: pagePath(row.locale, row.slug),
    title: row.title,
    excerpt: row.excerpt,
    snippet: snippetFromHeadline(row.headline, row.head, row.tail),
  }));
}
