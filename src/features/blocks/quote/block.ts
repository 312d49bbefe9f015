import { z } from 'zod';
import { defineBlock } from '../block-definition';

export const defaultQuote =
  'The cenote is where the sky comes down to drink: enter it quietly, and leave it as clear as you found it.';
export const defaultQuoteAuthor = 'Ancient Mayan Wisdom';

export const quoteSchema = z.object({
  quote: z
    .string()
    .trim()
    .max(2000)
    .default('')
    .transform((v) => (v === '' ? defaultQuote : v)),
  author: z
    .string()
    .trim()
    .max(200)
    .default('')
    .transform((v) => (v === '' ? defaultQuoteAuthor : v)),
});

export type QuoteData = z.output<typeof quoteSchema>;

export const quoteBlock = defineBlock({
  type: 'quote',
  label: 'Quote',
  description: 'A large pull quote with its author.',
  schema: quoteSchema,
  defaults: { quote: defaultQuote, author: defaultQuoteAuthor },
});
