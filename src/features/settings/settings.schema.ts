import { z } from 'zod';
import { updateSchemaOf } from '../../shared/lib/update-schema';

/*
 * The rules of the SEO Settings and Performance forms. The admin forms and the server validate
 * with these same schemas; every message is a sentence an editor can act on.
 */

// ---------------------------------------------------------------------------------------------
// Performance (spec section 5 and 9)

export interface NumberRange {
  min: number;
  max: number;
  /** Used when the value is not a number at all. */
  fallback: number;
}

/** Spec section 5: min 60, max 604800 seconds, 86400 if not a number. */
export const cacheDurationRange: NumberRange = { min: 60, max: 604800, fallback: 86400 };
/** Spec section 5: min 1, max 100, 85 if not a number. */
export const imageQualityRange: NumberRange = { min: 1, max: 100, fallback: 85 };
/** Decision 37: the publish check warns above this many kilobytes of HTML plus images as rendered. */
export const pageWeightBudgetRange: NumberRange = { min: 100, max: 20000, fallback: 1500 };

/**
 * The spec's number fields: a number or a numeric string is rounded and clamped into the range;
 * anything that is not a number (empty or non-numeric text, null, a missing value, NaN) becomes
 * the fallback. Out-of-range numbers are clamped, never refused.
 */
export function numberInRange(value: unknown, range: NumberRange): number {
  let number: number | undefined;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && value.trim() !== '') number = Number(value.trim());
  if (number === undefined || !Number.isFinite(number)) return range.fallback;
  return Math.min(range.max, Math.max(range.min, Math.round(number)));
}

const numberField = (range: NumberRange) =>
  z.preprocess((value) => numberInRange(value, range), z.number().int().min(range.min).max(range.max));

const flag = (label: string) => z.boolean({ error: `Choose whether ${label} is on or off.` });

/** The version a save read: 0 or absent while nothing was saved yet. */
const settingsVersion = z.number().int().min(0).optional();

export const performanceSettingsFieldsSchema = z.object({
  enable_caching: flag('caching'),
  cache_duration: numberField(cacheDurationRange),
  enable_webp: flag('WebP images'),
  enable_avif: flag('AVIF images'),
  image_quality: numberField(imageQualityRange),
  lazy_loading: flag('lazy loading'),
  page_weight_budget_kb: numberField(pageWeightBudgetRange),
});

/** The first save, which creates the record: the switches are required, a missing number is its default. */
export const performanceSettingsInputSchema = performanceSettingsFieldsSchema.extend({ version: settingsVersion });
export type PerformanceSettingsInput = z.output<typeof performanceSettingsInputSchema>;

/** Every later save: only the fields sent change (decision 45); a missing number keeps its value. */
export const performanceSettingsUpdateSchema = updateSchemaOf(performanceSettingsFieldsSchema).extend({
  version: settingsVersion,
});

// ---------------------------------------------------------------------------------------------
// SEO

export const seoMessages = {
  siteTitleMissing: 'Enter a site title.',
  siteTitleTooLong: 'A site title can be at most 120 characters.',
  siteDescriptionTooLong: 'A site description can be at most 300 characters.',
  ogImage: 'Use an image from the media library (a /media/… address) or an address starting with https://.',
  googleAnalytics: 'Enter a Google Analytics measurement ID like G-XXXXXXXXXX, or leave it empty.',
  googleTagManager: 'Enter a Google Tag Manager container ID like GTM-XXXXXXX, or leave it empty.',
  twitter: 'Enter an X (Twitter) handle like @cenoteatlas: at most 15 letters, digits or underscores.',
  facebook: 'Enter the https:// address of a Facebook page (facebook.com/…), or leave it empty.',
  instagram: 'Enter the https:// address of an Instagram account (instagram.com/…), or leave it empty.',
  youtube: 'Enter the https:// address of a YouTube channel (youtube.com/…), or leave it empty.',
} as const;

export const googleAnalyticsIdPattern = /^G-[A-Z0-9]{4,20}$/;
export const googleTagManagerIdPattern = /^GTM-[A-Z0-9]{4,12}$/;
export const twitterHandlePattern = /^@?[A-Za-z0-9_]{1,15}$/;

/** A stored media file ('/media/…') or an https address. */
export function isOgImageUrl(value: string): boolean {
  if (value.startsWith('/')) {
    return /^\/media\/[^\s\\"'<>?#]+$/.test(value) && !value.includes('//') && !value.split('/').includes('..');
  }
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** An https address on `host` or `www.host`. */
export function isProfileUrl(value: string, host: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' &&
      (url.hostname === host || url.hostname === `www.${host}`) &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}

/** Optional text: empty or missing becomes null; otherwise it must pass `check`. */
const optionalText = (check: (value: string) => boolean, message: string, normalize = (value: string) => value) =>
  z
    .string({ error: message })
    .trim()
    .max(2048, { error: message })
    .nullish()
    .transform((value) => (value ? normalize(value) : null))
    .refine((value) => value === null || check(value), { error: message });

export const seoSettingsFieldsSchema = z.object({
  site_title: z
    .string({ error: seoMessages.siteTitleMissing })
    .trim()
    .min(1, { error: seoMessages.siteTitleMissing })
    .max(120, { error: seoMessages.siteTitleTooLong }),
  site_description: z
    .string()
    .trim()
    .max(300, { error: seoMessages.siteDescriptionTooLong })
    .nullish()
    .transform((value) => value ?? ''),
  default_og_image: optionalText(isOgImageUrl, seoMessages.ogImage),
  google_analytics_id: optionalText(
    (value) => googleAnalyticsIdPattern.test(value),
    seoMessages.googleAnalytics,
    (value) => value.toUpperCase(),
  ),
  google_tag_manager_id: optionalText(
    (value) => googleTagManagerIdPattern.test(value),
    seoMessages.googleTagManager,
    (value) => value.toUpperCase(),
  ),
  /** Stored without the leading @. */
  twitter_handle: optionalText(
    (value) => twitterHandlePattern.test(`@${value}`),
    seoMessages.twitter,
    (value) => value.replace(/^@/, ''),
  ),
  facebook_page: optionalText((value) => isProfileUrl(value, 'facebook.com'), seoMessages.facebook),
  instagram_url: optionalText((value) => isProfileUrl(value, 'instagram.com'), seoMessages.instagram),
  youtube_url: optionalText((value) => isProfileUrl(value, 'youtube.com'), seoMessages.youtube),
});
/** The first save, which creates the record: the site title is required, the rest may be empty. */
export const seoSettingsInputSchema = seoSettingsFieldsSchema.extend({ version: settingsVersion });
export type SeoSettingsInput = z.output<typeof seoSettingsInputSchema>;

/** Every later save: only the fields sent change (decision 45); an omitted field keeps its value. */
export const seoSettingsUpdateSchema = updateSchemaOf(seoSettingsFieldsSchema).extend({ version: settingsVersion });
