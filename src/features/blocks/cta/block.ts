import { z } from 'zod';
import { linkSchema } from '../../../shared/lib/links';
import { defineBlock } from '../block-definition';

export const ctaBackgrounds = ['bg-white', 'bg-gray-50', 'bg-teal-50', 'bg-blue-50'] as const;
export const highlightBackgrounds = ['bg-teal-100', 'bg-blue-100', 'bg-amber-100', 'bg-gray-100'] as const;
export const highlightTextColors = ['text-teal-900', 'text-blue-900', 'text-amber-900', 'text-gray-900'] as const;

export const ctaSchema = z.object({
  heading: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((v) => (v === '' ? 'Ready to Get Started?' : v)),
  content: z.string().trim().max(4000).default(''),
  backgroundColor: z.enum(ctaBackgrounds).default('bg-white'),
  highlightBox: z
    .object({
      text: z.string().trim().max(600).default(''),
      bgColor: z.enum(highlightBackgrounds).default('bg-teal-100'),
      textColor: z.enum(highlightTextColors).default('text-teal-900'),
    })
    .default({ text: '', bgColor: 'bg-teal-100', textColor: 'text-teal-900' }),
  ctaButton: z
    .object({
      text: z.string().trim().max(80).default(''),
      link: linkSchema.default(''),
    })
    .default({ text: '', link: '' }),
});

export type CtaData = z.output<typeof ctaSchema>;

export const ctaBlock = defineBlock({
  type: 'cta',
  label: 'Call to action',
  description: 'A heading, short text, an optional highlight box and one button.',
  schema: ctaSchema,
  defaults: {
    heading: 'Ready to Get Started?',
    content: '',
    backgroundColor: 'bg-white',
    highlightBox: { text: '', bgColor: 'bg-teal-100', textColor: 'text-teal-900' },
    ctaButton: { text: '', link: '' },
  },
});
