import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Single-row tables: the primary key is fixed at 1. */
export const seoSettings = pgTable(
  'seo_settings',
  {
    id: integer('id').primaryKey().default(1),
    site_title: text('site_title').notNull().default('Cenote Atlas'),
    site_description: text('site_description').notNull().default(''),
    default_og_image: text('default_og_image'),
    google_analytics_id: text('google_analytics_id'),
    google_tag_manager_id: text('google_tag_manager_id'),
    twitter_handle: text('twitter_handle'),
    facebook_page: text('facebook_page'),
    instagram_url: text('instagram_url'),
    youtube_url: text('youtube_url'),
    version: integer('version').notNull().default(1),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('seo_settings_single_row', sql`${table.id} = 1`)],
);

export const performanceSettings = pgTable(
  'performance_settings',
  {
    id: integer('id').primaryKey().default(1),
    enable_caching: boolean('enable_caching').notNull().default(true),
    cache_duration: integer('cache_duration').notNull().default(86400),
    enable_webp: boolean('enable_webp').notNull().default(true),
    enable_avif: boolean('enable_avif').notNull().default(true),
    image_quality: integer('image_quality').notNull().default(85),
    lazy_loading: boolean('lazy_loading').notNull().default(true),
    /** The publish check warns when a page's HTML plus its images as rendered weigh more (decision 37). */
    page_weight_budget_kb: integer('page_weight_budget_kb').notNull().default(1500),
    version: integer('version').notNull().default(1),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('performance_settings_single_row', sql`${table.id} = 1`),
    check('performance_settings_cache_duration_range', sql`${table.cache_duration} between 60 and 604800`),
    check('performance_settings_image_quality_range', sql`${table.image_quality} between 1 and 100`),
    check('performance_settings_page_weight_budget_range', sql`${table.page_weight_budget_kb} between 100 and 20000`),
  ],
);

export type SeoSettingsRow = typeof seoSettings.$inferSelect;
export type PerformanceSettingsRow = typeof performanceSettings.$inferSelect;
