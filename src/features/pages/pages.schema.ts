import { z } from 'zod';
import { maxJsonDepth, withinJsonDepth } from '../../shared/lib/json-depth';
import { imageUrlSchema } from '../../shared/lib/links';
import { updateSchemaOf } from '../../shared/lib/update-schema';

/** Paths the server owns; a page may not take them. */
export const reservedSlugs = [
  'admin',
  'api',
  'assets',
  'auth',
  'media',
  'search',
  'setup',
  // The Spanish site's own addresses (decision 44): '/es' itself and its search page.
  'es',
  'buscar',
  'static',
  'sitemap-xml',
  'robots-txt',
] as const;

export const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const slugSchema = z
  .string()
  .trim()
  .min(1, { message: 'Enter a slug' })
  .max(100, { message: 'A slug can be at most 100 characters' })
  .regex(slugPattern, {
    message: 'Use lowercase letters, digits and single hyphens only (for example cenote-dos-ojos)',
  })
  .refine((slug) => !(reservedSlugs as readonly string[]).includes(slug), {
    message: 'That slug is reserved for the site itself; choose another',
  });

/**
 * A canonical URL names a web page: http(s) with a host. It ends up in <link rel="canonical"> and
 * og:url, so javascript:, data: and other schemes are refused.
 */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

export const pageSeoFieldsSchema = z.object({
  meta_title: z.string().trim().max(200).nullish(),
  meta_description: z.string().trim().max(500).nullish(),
  canonical_url: z
    .string()
    .trim()
    .max(2048)
    .refine(isWebAddress, { message: 'Use a full address starting with https:// (or http://)' })
    .nullish()
    .or(z.literal('')),
  og_title: z.string().trim().max(200).nullish(),
  og_description: z.string().trim().max(500).nullish(),
  og_image: imageUrlSchema.nullish(),
  twitter_title: z.string().trim().max(200).nullish(),
  twitter_description: z.string().trim().max(500).nullish(),
  twitter_image: imageUrlSchema.nullish(),
  structured_data: z
    .record(z.string(), z.unknown())
    .refine((value) => withinJsonDepth(value), {
      message: `Structured data can be nested at most ${maxJsonDepth} levels deep`,
    })
    .nullish(),
});

/**
 * The page types the site knows: 'cenote' for the cenote pages, 'legal' for privacy, terms and
 * contact, 'standard' for the rest. Another value is stored as it is (older data, headless
 * clients), so the type stays a string.
 */
export const knownPageTypes = ['standard', 'cenote', 'legal'] as const;

/** What an editor sends to create or change a page (the admin form validates with the same schema). */
export const pageInputSchema = pageSeoFieldsSchema.extend({
  title: z
    .string()
    .trim()
    .min(1, { message: 'Enter a title' })
    .max(200, { message: 'A title can be at most 200 characters' }),
  slug: slugSchema,
  excerpt: z.string().trim().max(400, { message: 'An excerpt can be at most 400 characters' }).default(''),
  page_type: z
    .string()
    .trim()
    .min(1)
    .max(40)
    .default('standard')
    .describe(`One of ${knownPageTypes.join(', ')}; another value is kept as it is.`),
  is_published: z.boolean().default(false),
  sort_order: z.number().int().min(0).max(1_000_000).optional(),
});

export type PageInput = z.input<typeof pageInputSchema>;

/**
 * What a PATCH sends: the version it read plus only the fields it changes. No default applies:
 * an omitted field keeps its value (decision 45; `.partial()` would unpublish the page).
 */
export const pagePatchSchema = updateSchemaOf(pageInputSchema).extend({
  version: z.number().int().min(1),
});

/** `?autosave=true` marks a save made by the editor's autosave: it shares one revision per run (decision 32). */
export const autosaveQuerySchema = z.object({
  autosave: z
    .enum(['true', 'false'])
    .optional()
    .describe('true when the editor saved by itself after a pause; such saves share one revision'),
});
