import { z } from 'zod';

export const publicSeoSettingsSchema = z.object({
  site_title: z.string(),
  site_description: z.string(),
  default_og_image: z.string().nullable(),
  google_analytics_id: z.string().nullable(),
  google_tag_manager_id: z.string().nullable(),
  twitter_handle: z.string().nullable(),
  facebook_page: z.string().nullable(),
  instagram_url: z.string().nullable(),
  youtube_url: z.string().nullable(),
});

export type PublicSeoSettings = z.output<typeof publicSeoSettingsSchema>;

/** What a site without a saved record shows ('{product}' is Cenote Atlas). */
export const defaultSeoSettings: PublicSeoSettings = {
  site_title: 'Cenote Atlas',
  site_description: '',
  default_og_image: null,
  google_analytics_id: null,
  google_tag_manager_id: null,
  twitter_handle: null,
  facebook_page: null,
  instagram_url: null,
  youtube_url: null,
};

export const defaultPerformanceSettings = {
  enable_caching: true,
  cache_duration: 86400,
  enable_webp: true,
  enable_avif: true,
  image_quality: 85,
  lazy_loading: true,
  page_weight_budget_kb: 1500,
} as const;

/**
 * The whole SEO record for the admin form. `version` 0 means nothing was saved yet (the
 * defaults are shown); send it back unchanged with the next save.
 */
export const seoSettingsRecordSchema = publicSeoSettingsSchema.extend({
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type SeoSettingsRecord = z.output<typeof seoSettingsRecordSchema>;

export const performanceSettingsRecordSchema = z.object({
  enable_caching: z.boolean(),
  cache_duration: z.number().int(),
  enable_webp: z.boolean(),
  enable_avif: z.boolean(),
  image_quality: z.number().int(),
  lazy_loading: z.boolean(),
  page_weight_budget_kb: z.number().int(),
  version: z.number().int(),
  updated_at: z.string().nullable(),
});
export type PerformanceSettingsRecord = z.output<typeof performanceSettingsRecordSchema>;
