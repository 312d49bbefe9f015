import { z } from 'zod';
import { defineBlock } from '../block-definition';

export const featureBackgrounds = ['bg-white', 'bg-gray-50', 'bg-teal-50', 'bg-blue-50'] as const;

export const featureSchema = z.object({
  icon: z.string().trim().max(16).default(''),
  title: z.string().trim().min(1, { message: 'Give the feature a title' }).max(200),
  description: z.string().trim().max(2000).default(''),
});

export const featuresSchema = z.object({
  title: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((v) => (v === '' ? 'Key Features' : v)),
  subtitle: z.string().trim().max(1000).default(''),
  backgroundColor: z.enum(featureBackgrounds).default('bg-gray-50'),
  columns: z.union([z.literal(2), z.literal(3)]).default(3),
  features: z.array(featureSchema).max(24).default([]),
});

export type FeaturesData = z.output<typeof featuresSchema>;
export type Feature = z.output<typeof featureSchema>;

export const featuresBlock = defineBlock({
  type: 'features',
  label: 'Features',
  description: 'A grid of short points, each with an emoji icon, title and description.',
  schema: featuresSchema,
  defaults: { title: 'Key Features', subtitle: '', backgroundColor: 'bg-gray-50', columns: 3, features: [] },
});
