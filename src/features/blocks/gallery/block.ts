import { z } from 'zod';
import { imageUrlSchema } from '../../../shared/lib/links';
import { defineBlock } from '../block-definition';

export const galleryImageSchema = z.object({
  url: imageUrlSchema.refine((v) => v !== '', { message: 'Choose an image' }),
  title: z.string().trim().max(200).default(''),
  description: z.string().trim().max(1000).default(''),
});

/** The most images one gallery holds. */
export const maxGalleryImages = 60;

export const gallerySchema = z.object({
  title: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((v) => (v === '' ? 'Photo Gallery' : v)),
  description: z.string().trim().max(2000).default(''),
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
  images: z.array(galleryImageSchema).max(maxGalleryImages).default([]),
});

export type GalleryData = z.output<typeof gallerySchema>;
export type GalleryImage = z.output<typeof galleryImageSchema>;

export const galleryBlock = defineBlock({
  type: 'gallery',
  label: 'Gallery',
  description: 'A grid of images with titles and captions, opening in a lightbox.',
  schema: gallerySchema,
  defaults: { title: 'Photo Gallery', description: '', columns: 3, images: [] },
});
