import { z } from 'zod';
import { locales } from '../../shared/lib/locale';

/** The same page in another language, as editors see it beside a page. */
export const pageTranslationSchema = z.object({
  id: z.uuid(),
  locale: z.enum(locales),
  slug: z.string(),
  path: z.string(),
  title: z.string(),
  is_published: z.boolean(),
  has_unpublished_changes: z.boolean(),
  out_of_date: z.boolean().describe('The translation (this one, or this page) is older than its source'),
});

export type PageTranslationDto = z.output<typeof pageTranslationSchema>;

/** A page as the API returns it (field names as in spec section 3). */
export const pageDtoSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  path: z.string().describe("The public path: '/' or '/slug' in English, '/es' or '/es/slug' in Spanish"),
  locale: z.enum(locales).describe('The language of this page (decision 44)'),
  translation_of: z.uuid().nullable().describe('On a translation: the English page it translates'),
  title: z.string(),
  excerpt: z.string(),
  page_type: z.string(),
  is_published: z.boolean(),
  sort_order: z.number().int(),
  meta_title: z.string().nullable(),
  meta_description: z.string().nullable(),
  og_title: z.string().nullable(),
  og_description: z.string().nullable(),
  og_image: z.string().nullable(),
  twitter_title: z.string().nullable(),
  twitter_description: z.string().nullable(),
  twitter_image: z.string().nullable(),
  canonical_url: z.string().nullable(),
  structured_data: z.record(z.string(), z.unknown()).nullable(),
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  // Editors only (decisions 30 and 34); visitors never see anything about drafts.
  has_unpublished_changes: z.boolean().optional().describe('Editors: the draft differs from what visitors see'),
  published_at: z.string().nullable().optional().describe('Editors: when the page last went live'),
  publish_at: z.string().nullable().optional().describe('Editors: scheduled publish time'),
  unpublish_at: z.string().nullable().optional().describe('Editors: scheduled take-down time'),
  translations: z
    .array(pageTranslationSchema)
    .optional()
    .describe(
      "Editors: this page in the other language (an English page's Spanish translation, a translation's source)",
    ),
  translation_out_of_date: z
    .boolean()
    .optional()
    .describe('Editors: a translation whose English page went live after the translation was last edited'),
});

export type PageDto = z.output<typeof pageDtoSchema>;

export const blockDtoSchema = z.object({
  id: z.uuid(),
  page_id: z.uuid(),
  block_type: z.string(),
  block_data: z.record(z.string(), z.unknown()),
  block_order: z.number().int(),
  is_active: z.boolean(),
  version: z.number().int(),
  updated_at: z.string(),
});

export type BlockDto = z.output<typeof blockDtoSchema>;

export const blockSummarySchema = z.object({
  id: z.uuid(),
  block_type: z.string(),
  block_order: z.number().int(),
  is_active: z.boolean(),
});

/** The admin list: a page with the type, order and state of each of its blocks. */
export const pageWithBlocksDtoSchema = pageDtoSchema.extend({ blocks: z.array(blockSummarySchema).optional() });
