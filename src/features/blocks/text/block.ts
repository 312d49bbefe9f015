import { z } from 'zod';
import { imageUrlSchema } from '../../../shared/lib/links';
import { defineBlock } from '../block-definition';

export const textSchema = z.object({
  heading: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((v) => (v === '' ? 'Section Heading' : v)),
  /** Sanitized HTML (headings, paragraphs, lists, links, emphasis, blockquotes). */
  content: z.string().max(100_000).default(''),
  image: imageUrlSchema.default(''),
  imagePosition: z.enum(['left', 'right', 'top', 'bottom']).default('right'),
});

export type TextData = z.output<typeof textSchema>;

export const textBlock = defineBlock({
  type: 'text',
  label: 'Text',
  description: 'A heading with rich text and an optional image beside, above or below it.',
  schema: textSchema,
  defaults: { heading: 'Section Heading', content: '', image: '', imagePosition: 'right' },
});
