import { z } from 'zod';
import { defineBlock } from '../block-definition';
import { blockIconSchema, storedIconName } from '../icons/icon-set';

export const featureBackgrounds = ['bg-white', 'bg-gray-50', 'bg-teal-50', 'bg-blue-50'] as const;

export const featureSchema = z.object({
  icon: blockIconSchema,
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Icons used to be emoji of the editor's choosing. Stored data from then (old revisions and
 * backups) shows each known emoji as its icon and any other one as the fallback icon.
 */
export function featuresFromStored(data: unknown): unknown {
  if (!isRecord(data) || !Array.isArray(data['features'])) return data;
  return {
    ...data,
    features: data['features'].map((feature: unknown) =>
      isRecord(feature) && typeof feature['icon'] === 'string'
        ? { ...feature, icon: storedIconName(feature['icon']) }
        : feature,
    ),
  };
}

export const featuresBlock = defineBlock({
  type: 'features',
  label: 'Features',
  description: 'A grid of short points, each with an icon, a title and a description.',
  schema: featuresSchema,
  defaults: { title: 'Key Features', subtitle: '', backgroundColor: 'bg-gray-50', columns: 3, features: [] },
  fromStored: featuresFromStored,
});
