import { customType, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pages } from '../pages/pages.table';

/**
 * PostgreSQL's tsvector. Drizzle has no built-in type for it; the application never reads or
 * writes the value as a string (search.repo.server.ts builds it in SQL), so `data` is opaque.
 */
const tsvector = customType<{ data: string; driverData: string }>({
  dataType() {
    return 'tsvector';
  },
});

/**
 * One row per page: its searchable text and the full-text document built from it.
 * Rebuilt by refreshPageSearch() whenever a page or its blocks change (same transaction).
 *
 * The document uses the 'english' configuration, because the site is written in English and
 * stemming lets "dive", "dives" and "diving" or "cenote" and "cenotes" find one another. Stemming
 * alone breaks "as you type" prefixes ("divi" is no prefix of the stem "dive"), so the same text
 * is also added unstemmed with 'simple' (same weights), and each query word matches either form.
 * Weights: title A, excerpt B, visible block text C.
 */
export const pageSearch = pgTable(
  'page_search',
  {
    page_id: uuid('page_id')
      .primaryKey()
      .references(() => pages.id, { onDelete: 'cascade' }),
    /** All visible text of the page's active blocks: HTML stripped, entities decoded, whitespace collapsed. */
    body_text: text('body_text').notNull(),
    document: tsvector('document').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('page_search_document_idx').using('gin', table.document)],
);

export type PageSearchRow = typeof pageSearch.$inferSelect;
