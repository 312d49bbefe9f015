import { z } from 'zod';
import { imageUrlSchema, linkSchema } from '../../../shared/lib/links';
import { defineBlock } from '../block-definition';

export const heroSchema = z.object({
  title: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((v) => (v === '' ? 'Welcome to Our Site' : v)),
  subtitle: z.string().trim().max(600).default(''),
  ctaText: z.string().trim().max(80).default(''),
  ctaLink: linkSchema.default(''),
  overlay: z.enum(['dark', 'light']).default('dark'),
  backgroundImage: imageUrlSchema.default(''),
});

export type HeroData = z.output<typeof heroSchema>;

export const heroBlock = defineBlock({
  type: 'hero',
  label: 'Hero',
  description: 'Full-width banner with background image, title, subtitle and a call to action.',
  schema: heroSchema,
  defaults: {
    title: 'Welcome to Our Site',
    subtitle: '',
    ctaText: '',
    ctaLink: '',
    overlay: 'dark',
    backgroundImage: '',
  },
});
