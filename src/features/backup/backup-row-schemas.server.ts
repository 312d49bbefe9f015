import { locales } from '../../shared/lib/locale';
import { z } from 'zod';
import { maxAltTextLength, maxCaptionLength, maxCategoryLength, maxFolderNameLength } from '../media/media.dto';
import { isValidMediaKey } from '../media/storage.server';
import { navigationItemInputSchema } from '../navigation/navigation.schema';
import { pageInputSchema } from '../pages/pages.schema';
import { revisionKinds } from '../publishing/publishing.table';
import { performanceSettingsInputSchema, seoSettingsInputSchema } from '../settings/settings.schema';

/*
 * The shape of every backup row: the API's own input schemas (pages, navigation, settings) plus
 * the columns the database adds (ids, versions, timestamps). Block data is checked separately, by
 * its block type (backup-page-rows.server.ts).
 */

export const id = z.uuid({ message: 'must be a UUID' });
export const version = z.number().int().min(1);
export const timestamp = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date and time' })
  .transform((value) => new Date(value));
/** A timestamp column that may be empty; archives made before the column existed leave it out. */
const optionalTimestamp = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date and time' })
  .nullish()
  .transform((value) => (value ? new Date(value) : null));

/** A page's content fields as an editor sends them: the draft, the live copy and a revision hold them. */
export const pageFieldsSchema = pageInputSchema.omit({ is_published: true, sort_order: true });

/** Missing and blank optional fields are stored as null, as the API stores them. */
export function normalizePageFields<T extends z.output<typeof pageFieldsSchema>>(page: T) {
  return {
    ...page,
    canonical_url: page.canonical_url || null,
    meta_title: page.meta_title ?? null,
    meta_description: page.meta_description ?? null,
    og_title: page.og_title ?? null,
    og_description: page.og_description ?? null,
    og_image: page.og_image ?? null,
    twitter_title: page.twitter_title ?? null,
    twitter_description: page.twitter_description ?? null,
    twitter_image: page.twitter_image ?? null,
    structured_data: page.structured_data ?? null,
  };
}

export const pageRowSchema = pageInputSchema.extend({
  id,
  sort_order: z.number().int().min(0).max(1_000_000),
  version,
  // Drafts (decision 30), scheduling (34) and Trash (35); absent from archives made before them.
  has_unpublished_changes: z.boolean().default(false),
  published_at: optionalTimestamp,
  publish_at: optionalTimestamp,
  unpublish_at: optionalTimestamp,
  deleted_at: optionalTimestamp,
  // Languages (decision 44); archives made before them hold English pages only.
  locale: z.enum(locales).default('en'),
  translation_of: id.nullable().default(null),
  created_at: timestamp,
  updated_at: timestamp,
});

export const blockRowSchema = z.object({
  id,
  page_id: id,
  block_type: z.string().max(40),
  block_data: z.unknown(),
  block_order: z.number().int().min(1),
  is_active: z.boolean(),
  version,
  created_at: timestamp,
  updated_at: timestamp,
});

/** One block inside a live copy or a revision snapshot (src/features/publishing/page-snapshot.ts). */
export const snapshotBlockSchema = z.object({
  id,
  block_type: z.string().max(40),
  block_data: z.unknown(),
  block_order: z.number().int().min(1),
  is_active: z.boolean(),
  version,
});

export const publishedPageRowSchema = pageFieldsSchema.extend({
  page_id: id,
  revision_id: id,
  blocks: z.array(z.unknown(), { message: 'must be a list of blocks' }),
  locale: z.enum(locales).default('en'),
  version,
  published_at: timestamp,
});

export const revisionRowSchema = z.object({
  id,
  page_id: id,
  number: z.number().int().min(1, { message: 'must be 1 or more' }),
  kind: z.enum(revisionKinds, { message: `must be one of ${revisionKinds.join(', ')}` }),
  author_id: id.nullable(),
  author_name: z.string().trim().min(1).max(500),
  note: z.string().max(2000).nullable(),
  snapshot: z.object({
    page: z.record(z.string(), z.unknown()),
    blocks: z.array(z.unknown(), { message: 'must be a list of blocks' }),
  }),
  created_at: timestamp,
});

export const navigationRowSchema = navigationItemInputSchema.extend({
  id,
  locale: z.enum(locales).default('en'),
  display_order: z.number().int().min(1),
  is_active: z.boolean(),
  version,
  created_at: timestamp,
  updated_at: timestamp,
});

export const folderRowSchema = z.object({
  id,
  name: z
    .string()
    .trim()
    .min(1, { message: 'Please enter a folder name.' })
    .max(maxFolderNameLength, { message: `Folder names can be at most ${maxFolderNameLength} characters.` }),
  parent_id: id.nullable(),
  created_at: timestamp,
});

const mediaKey = z.string().refine(isValidMediaKey, { message: 'must be a media file name like u/<id>.jpg' });
const mediaUrl = z
  .string()
  .refine((value) => value.startsWith('/media/') && isValidMediaKey(value.slice('/media/'.length)), {
    message: 'must be a stored media address (/media/…)',
  });
/** Blank text is stored as null, as the media API does. */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .max(max, { message: `${what} can be at most ${max} characters.` })
    .nullable()
    .transform((value) => value?.trim() || null);

export const imageRowSchema = z.object({
  id,
  filename: z.string().min(1).max(255),
  storage_key: mediaKey,
  original_url: mediaUrl,
  thumbnail_url: mediaUrl.nullable(),
  webp_url: mediaUrl.nullable(),
  avif_url: mediaUrl.nullable(),
  // Backups made before the 800 px copies (0011) restore without them; the server makes them.
  medium_webp_url: mediaUrl.nullable().default(null),
  medium_avif_url: mediaUrl.nullable().default(null),
  folder_id: id.nullable(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  file_size: z.number().int().min(0),
  alt_text: optionalText(maxAltTextLength, 'Alt text'),
  caption: optionalText(maxCaptionLength, 'Caption'),
  alt_text_es: optionalText(maxAltTextLength, 'Spanish alt text').default(null),
  caption_es: optionalText(maxCaptionLength, 'Spanish caption').default(null),
  category: optionalText(maxCategoryLength, 'Category'),
  // Backups made before focal points (0009) restore with the centre.
  focal_x: z.number().int().min(0).max(100).default(50),
  focal_y: z.number().int().min(0).max(100).default(50),
  usage_count: z.number().int().min(0),
  seo_score: z.number().int().min(0).max(100),
  version,
  created_at: timestamp,
  updated_at: timestamp,
});

const singleRow = { id: z.literal(1, { message: 'must be 1 (the settings hold one row)' }), version };
export const seoRowSchema = seoSettingsInputSchema.extend({ ...singleRow, updated_at: timestamp });
export const performanceRowSchema = performanceSettingsInputSchema.extend({ ...singleRow, updated_at: timestamp });

export const seedRowSchema = z.object({
  key: z.string().min(1).max(300),
  content_hash: z.string().min(1).max(200),
  seeded_at: timestamp,
});
