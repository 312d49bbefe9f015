import { z } from 'zod';
import { updateSchemaOf } from '../../shared/lib/update-schema';

/** An image as the API returns it (spec section 3, plus version and the SEO reasons). */
export const imageDtoSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  original_url: z.string().describe('The JPEG (/media/...), also the URL blocks and pages store'),
  thumbnail_url: z.string().nullable().describe('400 px wide WebP'),
  webp_url: z.string().nullable().describe('Null when WebP was off (performance settings) at upload'),
  avif_url: z.string().nullable().describe('Null when AVIF was off (performance settings) at upload'),
  medium_webp_url: z
    .string()
    .nullable()
    .describe('800 px wide WebP for small screens; null for an image at most 800 px wide or with WebP off'),
  medium_avif_url: z
    .string()
    .nullable()
    .describe('800 px wide AVIF for small screens; null for an image at most 800 px wide or with AVIF off'),
  folder_id: z.uuid().nullable(),
  width: z.number().int().describe('Real width of the stored JPEG'),
  height: z.number().int().describe('Real height of the stored JPEG'),
  file_size: z.number().int().describe('Bytes of the stored JPEG'),
  alt_text: z.string().nullable(),
  caption: z.string().nullable(),
  alt_text_es: z
    .string()
    .nullable()
    .describe('Alt text on Spanish pages (decision 44); null: Spanish pages use alt_text'),
  caption_es: z.string().nullable().describe('Caption on Spanish pages (decision 44)'),
  category: z.string().nullable(),
  focal_point: z
    .object({ x: z.number().int(), y: z.number().int() })
    .describe('The point of interest in percent across (x) and down (y), 0..100; crops keep it in view'),
  usage_count: z
    .number()
    .int()
    .describe(
      'Places that reference one of its URLs: block data, navigation items, page og/twitter images, default OG image',
    ),
  seo_score: z.number().int().min(0).max(100),
  seo_reasons: z.array(z.string()).describe('What would raise seo_score (empty at 100)'),
  version: z.number().int(),
  created_at: z.string(),
});

export type ImageDto = z.output<typeof imageDtoSchema>;

export const mediaFolderDtoSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  parent_id: z.uuid().nullable(),
  image_count: z.number().int().describe('Images directly in this folder'),
  created_at: z.string(),
});

export type MediaFolderDto = z.output<typeof mediaFolderDtoSchema>;

/** Creating a folder: a blank or missing name is refused by the service ("Please enter a folder name."). */
export const createFolderSchema = z.object({
  name: z.string().max(1000).default(''),
  parent_id: z.uuid().nullable().optional(),
});

/** Renaming a folder (folders do not move): a missing name leaves it as it is, a blank one is refused. */
export const updateFolderSchema = updateSchemaOf(createFolderSchema.omit({ parent_id: true }));
export type UpdateFolderInput = z.output<typeof updateFolderSchema>;

export const uploadErrorSchema = z.object({
  filename: z.string(),
  code: z.string(),
  message: z.string(),
});

export const maxAltTextLength = 1000;
export const maxCaptionLength = 2000;
export const maxCategoryLength = 100;
export const maxFolderNameLength = 100;

/** Empty strings clear a text field (stored as null). */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .max(max, { message: `${what} can be at most ${max} characters.` })
    .nullable();

/** One coordinate of a focal point: a whole percent of the image's width or height. */
const focalPercent = (what: string) =>
  z
    .number({ message: `${what} must be a number from 0 to 100.` })
    .int({ message: `${what} must be a whole number from 0 to 100.` })
    .min(0, { message: `${what} must be from 0 to 100 percent.` })
    .max(100, { message: `${what} must be from 0 to 100 percent.` });

/** Decision 35: where crops of the image (hero, cards, thumbnails) are centred; 50/50 is the middle. */
export const focalPointSchema = z
  .object({
    x: focalPercent('The focal point across (x)'),
    y: focalPercent('The focal point down (y)'),
  })
  .describe('Percent across from the left (x) and down from the top (y), whole numbers 0..100');

/** What an editor may change about an image (the file itself is fixed once uploaded). */
export const imageFieldsSchema = z.object({
  alt_text: optionalText(maxAltTextLength, 'Alt text'),
  caption: optionalText(maxCaptionLength, 'Caption'),
  alt_text_es: optionalText(maxAltTextLength, 'Spanish alt text'),
  caption_es: optionalText(maxCaptionLength, 'Spanish caption'),
  category: optionalText(maxCategoryLength, 'Category'),
  folder_id: z.uuid().nullable(),
  focal_point: focalPointSchema,
});

/** A PATCH: the version it read plus only the fields it changes (decision 45: nothing is defaulted). */
export const updateImageSchema = updateSchemaOf(imageFieldsSchema).extend({
  version: z.number().int().min(1),
});

export type UpdateImageInput = z.output<typeof updateImageSchema>;

/**
 * Titles and messages of upload refusals (spec section 5 and decision 29 for invalid files);
 * the API sends code and message, the admin shows the title with them.
 */
export const uploadErrorMessages = {
  invalid_file: { title: 'Invalid file', message: 'Please select an image file.' },
  payload_too_large: {
    title: 'File too large',
    message: 'This file is larger than 20 MB. Please choose an image of at most 20 MB.',
  },
  image_too_large: {
    title: 'Image too large',
    message: 'This image is too large: images can be at most 40 megapixels.',
  },
  too_many_files: { title: 'Too many files', message: 'Upload at most 10 files at once.' },
  storage_permission_denied: {
    title: 'Upload failed',
    message: 'Permission denied. Please check database permissions.',
  },
  upload_failed: { title: 'Upload failed', message: 'Failed to upload image. Please try again.' },
  invalid_upload: {
    title: 'Upload interrupted',
    message: 'The upload was cut off before it finished. Please try again.',
  },
  server_busy: {
    title: 'Server busy',
    message: 'The server is busy with other images. Please try again in a moment.',
  },
} as const;

export type UploadErrorCode = keyof typeof uploadErrorMessages;

// Long lists and bulk work (issue 20, decision 034) ------------------------------------------------

/** The media list read page by page (`?limit=`): newest first, `next_cursor` null on the last page. */
export const imageListPageSchema = z.object({
  items: z.array(imageDtoSchema),
  next_cursor: z.string().nullable().describe('Pass as `cursor` for the next page; null when this is the last'),
});

export type ImageListPage = z.output<typeof imageListPageSchema>;

export const maxBulkImages = 200;

const imageIdsSchema = z
  .array(z.uuid())
  .min(1, { message: 'Select at least one image.' })
  .max(maxBulkImages, { message: `Select at most ${maxBulkImages} images at a time.` })
  .refine((ids) => new Set(ids.map((id) => id.toLowerCase())).size === ids.length, {
    message: 'Each image can be listed only once.',
  })
  .describe(`1 to ${maxBulkImages} image ids, each once`);

export const bulkMoveImagesSchema = z.object({
  ids: imageIdsSchema,
  folder_id: z.uuid().nullable().describe('The folder to move them into; null takes them out of any folder'),
});

export type BulkMoveImagesInput = z.output<typeof bulkMoveImagesSchema>;

export const bulkDeleteImagesSchema = z.object({ ids: imageIdsSchema });

const notFoundIdsSchema = z
  .array(z.uuid())
  .describe('Ids of the request that name no image (deleted meanwhile); the others were handled');

export const bulkMoveResultSchema = z.object({
  moved: z.number().int().describe('Images now in the folder (also those that were there already)'),
  not_found: notFoundIdsSchema,
});

export const bulkDeleteResultSchema = z.object({
  deleted: z.number().int().describe('Images deleted with all their files'),
  not_found: notFoundIdsSchema,
});

/** A page that shows an image, for the list of images a bulk delete refused. */
export const pageUsingImageSchema = z.object({
  page_id: z.uuid(),
  title: z.string(),
  path: z.string().describe("The page's address on the site, e.g. /about"),
  in_trash: z.boolean().describe('The page is in Trash (it would show the image again when restored)'),
});

export const imageInUseSchema = z.object({
  id: z.uuid(),
  filename: z.string(),
  used_on: z.array(pageUsingImageSchema).describe('Pages that show it: in blocks (draft or live) or as social image'),
  used_elsewhere: z
    .array(z.string())
    .describe('Places that are not pages, in words: a navigation item, the default social image'),
});

export type ImageInUse = z.output<typeof imageInUseSchema>;

/**
 * The refusal of a bulk delete when some images are in use (409 `media_in_use`): the usual error
 * body plus `in_use`. Other conflicts of the route come without `in_use`.
 */
export const mediaInUseErrorSchema = z.object({
  error: z.object({
    code: z.string().describe('media_in_use'),
    message: z.string(),
    field: z.string().optional(),
    in_use: z
      .array(imageInUseSchema)
      .optional()
      .describe('With media_in_use: every image of the request that is in use, and where'),
  }),
});

export type MediaInUseError = z.output<typeof mediaInUseErrorSchema>;
