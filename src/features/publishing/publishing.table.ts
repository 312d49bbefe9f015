import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { pages } from '../pages/pages.table';
import type { Locale } from '../../shared/lib/locale';
import type { PageSnapshot, SnapshotBlock } from './page-snapshot';

/**
 * What visitors see: one row per published page, written only by publishing (decision 30). The
 * active blocks sit in the row as JSON, so a public page is one read.
 */
export const publishedPages = pgTable(
  'published_pages',
  {
    page_id: uuid('page_id')
      .primaryKey()
      .references(() => pages.id, { onDelete: 'cascade' }),
    revision_id: uuid('revision_id').notNull(),
    slug: text('slug').notNull(),
    locale: text('locale').$type<Locale>().notNull().default('en'),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    page_type: text('page_type').notNull().default('standard'),
    meta_title: text('meta_title'),
    meta_description: text('meta_description'),
    og_title: text('og_title'),
    og_description: text('og_description'),
    og_image: text('og_image'),
    twitter_title: text('twitter_title'),
    twitter_description: text('twitter_description'),
    twitter_image: text('twitter_image'),
    canonical_url: text('canonical_url'),
    structured_data: jsonb('structured_data').$type<Record<string, unknown>>(),
    /** The active blocks in block_order. */
    blocks: jsonb('blocks').$type<SnapshotBlock[]>().notNull().default([]),
    version: integer('version').notNull().default(1),
    published_at: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('published_pages_locale_slug_unique').on(table.locale, table.slug),
    check('published_pages_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
  ],
);

export const revisionKinds = ['published', 'saved', 'autosave', 'restored'] as const;
export type RevisionKind = (typeof revisionKinds)[number];

/** Full snapshots of a page's fields and blocks: every publish, explicit save and restore (decision 31). */
export const pageRevisions = pgTable(
  'page_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    page_id: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    kind: text('kind').$type<RevisionKind>().notNull(),
    author_id: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    /** Kept as written, so the history still names people whose accounts are gone ('Schedule' for jobs). */
    author_name: text('author_name').notNull(),
    note: text('note'),
    snapshot: jsonb('snapshot').$type<PageSnapshot>().notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('page_revisions_page_number_unique').on(table.page_id, table.number),
    index('page_revisions_page_created_idx').on(table.page_id, table.created_at),
    check('page_revisions_kind', sql`${table.kind} in ('published', 'saved', 'autosave', 'restored')`),
  ],
);

export type PublishedPageRow = typeof publishedPages.$inferSelect;
export type PageRevisionRow = typeof pageRevisions.$inferSelect;
