import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Locale } from '../../shared/lib/locale';

export const pages = pgTable(
  'pages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored without a leading slash; 'home' is the page at '/' ('/es' in Spanish). Unique per language. */
    slug: text('slug').notNull(),
    /** The page's language (decision 44): English at '/slug', Spanish at '/es/slug'. */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    /** On a translation: the English page it translates (one translation per language). */
    translation_of: uuid('translation_of').references((): AnyPgColumn => pages.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    excerpt: text('excerpt').notNull().default(''),
    page_type: text('page_type').notNull().default('standard'),
    is_published: boolean('is_published').notNull().default(false),
    sort_order: integer('sort_order').notNull().default(0),
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
    version: integer('version').notNull().default(1),
    /** The draft (this row and its content_blocks) differs from what visitors see (decision 30). */
    has_unpublished_changes: boolean('has_unpublished_changes').notNull().default(false),
    /** When the live copy (published_pages) was last written. */
    published_at: timestamp('published_at', { withTimezone: true }),
    /** Scheduled publish and take-down times (decision 34); cleared when the job has run. */
    publish_at: timestamp('publish_at', { withTimezone: true }),
    unpublish_at: timestamp('unpublish_at', { withTimezone: true }),
    /** In Trash since (decision 35); visitors get 404, the slug stays taken until the purge. */
    deleted_at: timestamp('deleted_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('pages_locale_slug_unique').on(table.locale, table.slug),
    unique('pages_translation_unique').on(table.translation_of, table.locale),
    check('pages_locale_known', sql`${table.locale} in ('en', 'es')`),
    check('pages_translation_is_spanish', sql`(${table.translation_of} is null) = (${table.locale} = 'en')`),
    index('pages_sort_order_idx').on(table.sort_order),
    index('pages_published_slug_idx').on(table.is_published, table.slug),
    index('pages_deleted_at_idx').on(table.deleted_at),
    check('pages_slug_format', sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(${table.slug}) <= 100`),
    check('pages_version_positive', sql`${table.version} >= 1`),
  ],
);

/**
 * `pages` and `content_blocks` are the editors' working copy (the draft); what visitors see is
 * the copy in `published_pages`, written only by publishing (src/features/publishing).
 */
export type PageRow = typeof pages.$inferSelect;
export type NewPageRow = typeof pages.$inferInsert;
