import { z } from 'zod';
import { imageUrlSchema, linkSchema } from '../../../shared/lib/links';
import { defineBlock } from '../block-definition';

export const cardSchema = z.object({
  title: z.string().trim().min(1, { message: 'Give the card a title' }).max(200),
  description: z.string().trim().max(2000).default(''),
  image: imageUrlSchema.default(''),
  link: linkSchema.default(''),
  /** Shown, together with depth as 'Max Depth', only when present. */
  difficulty: z.string().trim().max(60).default(''),
  depth: z.string().trim().max(60).default(''),
  highlights: z.array(z.string().trim().min(1).max(40)).max(8).default([]),
});

export const cardsSchema = z.object({
  title: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((v) => (v === '' ? 'Featured Cards' : v)),
  description: z.string().trim().max(2000).default(''),
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
  cards: z.array(cardSchema).max(48).default([]),
});

export type CardsData = z.output<typeof cardsSchema>;
export type Card = z.output<typeof cardSchema>;

export const cardsBlock = defineBlock({
  type: 'cards',
  label: 'Cards',
  description: 'A grid of cards with image, difficulty, depth and highlight tags.',
  schema: cardsSchema,
  defaults: { title: 'Featured Cards', description: '', columns: 3, cards: [] },
});
