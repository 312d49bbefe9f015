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
  folder_id: z.uuid().nullable(),
  width: z.number().int().describe('Real width of the stored JPEG'),
  height: z.number().int().describe('Real height of the stored JPEG'),
  file_size: z.number().int().describe('Bytes of the stored JPEG'),
  alt_text: z.string().nullable(),
  caption: z.string().nullable(),
  category: z.string().nullable(),
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

/** What an editor may change about an image (the file itself is fixed once uploaded). */
export const imageFieldsSchema = z.object({
  alt_text: optionalText(maxAltTextLength, 'Alt text'),
  caption: optionalText(maxCaptionLength, 'Caption'),
  category: optionalText(maxCategoryLength, 'Category'),
  folder_id: z.uuid().nullable(),
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
