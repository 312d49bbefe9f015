import type { z } from 'zod';

/**
 * Everything the server and both UIs need to know about one block type, apart from
 * its renderer and editor (which live in the same folder but in separate modules so
 * the public bundle never loads editors).
 */
export interface BlockDefinition<TSchema extends z.ZodType = z.ZodType> {
  type: string;
  label: string;
  description: string;
  /** Validates block_data on every write; fills defaults for omitted fields. */
  schema: TSchema;
  /** The data a new block of this type starts with (spec section 5 sample defaults). */
  defaults: z.output<TSchema>;
  /**
   * Brings data stored by an older version of the type (old revisions, old backups) up to the
   * schema before it is parsed for display or copied back into a draft: e.g. feature icons that
   * were emoji. Never used on API input, which the schema alone checks.
   */
  fromStored?: (data: unknown) => unknown;
}

export function defineBlock<TSchema extends z.ZodType>(definition: BlockDefinition<TSchema>): BlockDefinition<TSchema> {
  return definition;
}

/** A blank string falls back to the spec's sample default instead of staying empty. */
export function textOr(fallback: string, max: number) {
  return (value: string | undefined) => {
    const trimmed = (value ?? '').trim();
    return (trimmed === '' ? fallback : trimmed).slice(0, max);
  };
}
