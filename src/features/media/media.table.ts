import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const mediaFolders = pgTable(
  'media_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    parent_id: uuid('parent_id').references((): AnyPgColumn => mediaFolders.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('media_folders_name_idx').on(table.name),
    check('media_folders_name_not_blank', sql`length(trim(${table.name})) > 0`),
  ],
);

export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    filename: text('filename').notNull(),
    /** Key of the JPEG in the media store; the variants share its stem. */
    storage_key: text('storage_key').notNull().unique('images_storage_key_unique'),
    original_url: text('original_url').notNull(),
    thumbnail_url: text('thumbnail_url'),
    webp_url: text('webp_url'),
    avif_url: text('avif_url'),
    /** 800 px wide copies for phones (ADR 043); null for images at most that wide or with the format off. */
    medium_webp_url: text('medium_webp_url'),
    medium_avif_url: text('medium_avif_url'),
    folder_id: uuid('folder_id').references(() => mediaFolders.id, { onDelete: 'set null' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    file_size: integer('file_size').notNull(),
    alt_text: text('alt_text'),
    caption: text('caption'),
    /** The Spanish alt text and caption (decision 44: media is shared, its words are per language). */
    alt_text_es: text('alt_text_es'),
    caption_es: text('caption_es'),
    category: text('category'),
    /**
     * The point of interest in percent of width and height (50/50 is the centre): crops in heroes,
     * cards and thumbnails keep it in view through object-position.
     */
    focal_x: integer('focal_x').notNull().default(50),
    focal_y: integer('focal_y').notNull().default(50),
    usage_count: integer('usage_count').notNull().default(0),
    seo_score: integer('seo_score').notNull().default(0),
    version: integer('version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('images_created_at_idx').on(table.created_at.desc()),
    index('images_folder_idx').on(table.folder_id),
    index('images_original_url_idx').on(table.original_url),
    check('images_dimensions_positive', sql`${table.width} > 0 and ${table.height} > 0`),
    check('images_seo_score_range', sql`${table.seo_score} between 0 and 100`),
    check('images_usage_count_nonnegative', sql`${table.usage_count} >= 0`),
    check('images_focal_point_range', sql`${table.focal_x} between 0 and 100 and ${table.focal_y} between 0 and 100`),
  ],
);

export type ImageRow = typeof images.$inferSelect;
export type MediaFolderRow = typeof mediaFolders.$inferSelect;
