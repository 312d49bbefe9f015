import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { pages } from '../pages/pages.table';
import { publishedPages } from '../publishing/publishing.table';
import { foldAccents, greaterThanStandIn, lessThanStandIn, markEnd, markStart, prefixTerm } from './search-text';
import { pageSearch } from './search.table';
import type { Locale } from '../../shared/lib/locale';

/** A transaction has the same query API; refreshes run inside the write that made them necessary. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DatabaseOrTransaction = Database | Transaction;

/**
 * The stemming configuration of a language (decision 44): 'spanish' stems "bucear" and "buceo"
 * alike. A constant per language, written into the SQL as a literal (regconfig cannot be bound).
 */
function textConfiguration(locale: Locale): SQL {
  return sql.raw(locale === 'es' ? `'spanish'::regconfig` : `'english'::regconfig`);
}

/** What PostgreSQL's text-search parser reads: '<' and '>' swapped out (see lessThanStandIn). */
function parsable(text: SQL): SQL {
  return sql`translate(${text}, '<>', ${lessThanStandIn + greaterThanStandIn})`;
}

/** The live copy of a page that visitors can find: published and not in Trash (drafts are never indexed). */
export async function findPageForSearch(
  db: DatabaseOrTransaction,
  pageId: string,
): Promise<
  | {
      id: string;
      locale: Locale;
      title: string;
      excerpt: string;
      blocks: Array<{ block_data: Record<string, unknown> }>;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: publishedPages.page_id,
      locale: publishedPages.locale,
      title: publishedPages.title,
      excerpt: publishedPages.excerpt,
      blocks: publishedPages.blocks,
    })
    .from(publishedPages)
    .innerJoin(pages, eq(pages.id, publishedPages.page_id))
    .where(and(eq(publishedPages.page_id, pageId), eq(pages.is_published, true), isNull(pages.deleted_at)))
    .limit(1);
  if (!row) return undefined;
  const active = row.blocks.filter((block) => block.is_active).sort((a, b) => a.block_order - b.block_order);
  return { ...row, blocks: active.map((block) => ({ block_data: block.block_data })) };
}

export async function listPageIds(db: DatabaseOrTransaction): Promise<string[]> {
  const rows = await db.select({ id: pages.id }).from(pages).orderBy(asc(pages.sort_order), asc(pages.id));
  return rows.map((row) => row.id);
}

/**
 * Pages that should have a search row and have none (created before search existed, or by a path
 * that skipped it): live on the site, as `findPageForSearch` reads them. Drafts never published have no row by design; listing them made every start
 * re-check each one (6 s for 5,000 drafts in the bench).
 */
export async function listPageIdsWithoutSearch(db: DatabaseOrTransaction): Promise<string[]> {
  const rows = await db
    .select({ id: pages.id })
    .from(pages)
    .innerJoin(publishedPages, eq(publishedPages.page_id, pages.id))
    .leftJoin(pageSearch, eq(pageSearch.page_id, pages.id))
    .where(and(isNull(pageSearch.page_id), eq(pages.is_published, true), isNull(pages.deleted_at)));
  return rows.map((row) => row.id);
}

/**
 * Writes one page's search row. The document holds every field twice: stemmed ('english', so
 * "diving" finds "dive") and unstemmed without accents ('simple', so the half-typed "divi" finds
 * "diving" and "yucatan" finds "Yucatán").
 */
export async function upsertPageSearch(
  db: DatabaseOrTransaction,
  row: { pageId: string; locale: Locale; title: string; excerpt: string; bodyText: string },
): Promise<void> {
  const stemmed = textConfiguration(row.locale);
  const title = parsable(sql`source.title`);
  const excerpt = parsable(sql`source.excerpt`);
  const body = parsable(sql`source.body`);
  const foldedTitle = parsable(sql`source.folded_title`);
  const foldedExcerpt = parsable(sql`source.folded_excerpt`);
  const foldedBody = parsable(sql`source.folded_body`);
  await db.execute(sql`
    insert into ${pageSearch} (page_id, body_text, document, updated_at)
    select ${row.pageId}::uuid, source.body,
      setweight(to_tsvector(${stemmed}, ${title}), 'A') || setweight(to_tsvector(${stemmed}, ${excerpt}), 'B')
        || setweight(to_tsvector(${stemmed}, ${body}), 'C')
        || setweight(to_tsvector('simple', ${foldedTitle}), 'A')
        || setweight(to_tsvector('simple', ${foldedExcerpt}), 'B')
        || setweight(to_tsvector('simple', ${foldedBody}), 'C'),
      now()
    from (
      select ${row.title}::text as title, ${row.excerpt}::text as excerpt, ${row.bodyText}::text as body,
        ${foldAccents(row.title)}::text as folded_title, ${foldAccents(row.excerpt)}::text as folded_excerpt,
        ${foldAccents(row.bodyText)}::text as folded_body
    ) as source
    on conflict (page_id) do update
      set body_text = excluded.body_text, document = excluded.document, updated_at = excluded.updated_at
  `);
}

export async function deletePageSearch(db: DatabaseOrTransaction, pageId: string): Promise<void> {
  await db.delete(pageSearch).where(eq(pageSearch.page_id, pageId));
}

type Headline = string | null;

export interface SearchRow {
  slug: string;
  locale: Locale;
  title: string;
  excerpt: string;
  /** ts_headline output with markStart/markEnd around matches; null when there was nothing to match. */
  headline: Headline;
  /** The start and end of the text the headline was cut from, to tell whether it was cut. */
  head: string;
  tail: string;
}

/**
 * The combined tsquery: every word as a stemmed or an unstemmed, unaccented prefix; null without
 * words. Each term is a bound parameter checked by prefixTerm(), never query text spliced into SQL.
 */
function tsQueryOf(words: string[], locale: Locale): SQL {
  if (words.length === 0) return sql`null::tsquery`;
  const stemmed = textConfiguration(locale);
  const terms = words.map(
    (word) =>
      sql`(to_tsquery(${stemmed}, ${prefixTerm(word)}) || to_tsquery('simple', ${prefixTerm(foldAccents(word))}))`,
  );
  return sql`(${sql.join(terms, sql` && `)})`;
}

/** One fragment of at most 30 words, centred on the match (fragment mode centres, the default mode does not). */
const headlineOptions = `StartSel="${markStart}", StopSel="${markEnd}", MaxFragments=1, MaxWords=30, MinWords=12, ShortWord=3`;

/**
 * Published pages whose document matches every word as a prefix, or whose title contains the
 * pattern; title hits first, then by text rank. Words must come from searchWords() (letters and
 * digits only) and the pattern from containsPattern(); both are bound parameters, never SQL text.
 */
export async function searchPublishedPages(
  db: DatabaseOrTransaction,
  input: { words: string[]; highlightWords: string[]; titlePattern: string; limit: number; locale: Locale },
): Promise<SearchRow[]> {
  const query = tsQueryOf(input.words, input.locale);
  const highlightQuery = tsQueryOf(input.highlightWords, input.locale);
  const titleHit = sql<boolean>`(${publishedPages.title} ilike ${input.titlePattern} escape '\\')`;
  const rank = sql<number>`coalesce(ts_rank(${pageSearch.document}, ${query}), 0)`;
  const matched = db
    .select({
      slug: publishedPages.slug,
      locale: publishedPages.locale,
      title: publishedPages.title,
      excerpt: publishedPages.excerpt,
      sort_order: pages.sort_order,
      source:
        sql<string>`case when ${pageSearch.body_text} = '' then ${publishedPages.excerpt} else ${pageSearch.body_text} end`.as(
          'source',
        ),
      title_hit: titleHit.as('title_hit'),
      rank: rank.as('rank'),
    })
    .from(pageSearch)
    .innerJoin(publishedPages, eq(publishedPages.page_id, pageSearch.page_id))
    .innerJoin(pages, eq(pages.id, pageSearch.page_id))
    .where(
      and(
        eq(pages.is_published, true),
        eq(publishedPages.locale, input.locale),
        isNull(pages.deleted_at),
        or(sql`${pageSearch.document} @@ ${query}`, titleHit),
      ),
    )
    .orderBy(desc(titleHit), desc(rank), asc(pages.sort_order), asc(publishedPages.title))
    .limit(input.limit)
    .as('matched');

  // ts_headline is the expensive part, so it runs only on the page of results. The 'simple'
  // configuration highlights both the stemmed and the unstemmed prefixes ("dive:*" marks "diving").
  return db
    .select({
      slug: matched.slug,
      locale: matched.locale,
      title: matched.title,
      excerpt: matched.excerpt,
      headline: sql<Headline>`ts_headline('simple', ${parsable(sql`${matched.source}`)}, ${highlightQuery}, ${headlineOptions})`,
      head: sql<string>`left(${parsable(sql`${matched.source}`)}, 600)`,
      tail: sql<string>`right(${parsable(sql`${matched.source}`)}, 600)`,
    })
    .from(matched)
    .orderBy(desc(matched.title_hit), desc(matched.rank), asc(matched.sort_order), asc(matched.title));
}
