import { z } from 'zod';
import { defineBlock } from '../block-definition';
import { blockIconSchema, type BlockIconName } from '../icons/icon-set';

export const maxFacts = 12;

export const factSchema = z.object({
  icon: blockIconSchema,
  label: z.string().trim().min(1, { message: 'Name the fact, e.g. Depth Range' }).max(200),
  value: z.string().trim().min(1, { message: 'Give the fact a value, e.g. 5-10 m' }).max(2000),
});

export const factsSchema = z.object({
  title: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((v) => (v === '' ? 'At a glance' : v)),
  description: z.string().trim().max(2000).default(''),
  facts: z.array(factSchema).max(maxFacts).default([]),
});

export type FactsData = z.output<typeof factsSchema>;
export type Fact = z.output<typeof factSchema>;

/**
 * The icon a fact gets from its label when cards become facts (the seeded cenote facts and the
 * data migration 0006, which holds the same rules): the four cenote facts have their own icons.
 */
export function factIconForLabel(label: string): BlockIconName {
  const key = label.trim().toLowerCase();
  if (key.startsWith('difficulty')) return 'gauge';
  if (key.includes('depth')) return 'waves-arrow-down';
  if (key.includes('temperature')) return 'thermometer';
  if (key.startsWith('location')) return 'map-pin';
  return 'sparkles';
}

export const factsBlock = defineBlock({
  type: 'facts',
  label: 'Facts',
  description: 'Key facts at a glance, each with an icon, a label and a value: depth, temperature, level.',
  schema: factsSchema,
  defaults: { title: 'At a glance', description: '', facts: [] },
});
