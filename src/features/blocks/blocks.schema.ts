import { z } from 'zod';
import { updateSchemaOf } from '../../shared/lib/update-schema';

/*
 * The request bodies of the block routes. Block data itself is checked by the service against the
 * schema of the block's type (registry.ts), so a refusal names the field inside block_data.
 */

const blockData = z.record(z.string(), z.unknown());

/** Adding a block: a missing type is refused by the service with the spec's sentence. */
export const blockCreateSchema = z.object({
  block_type: z.string().max(40).default(''),
  block_data: blockData.optional(),
});

/** What an edit may change; the type is fixed once a block exists. */
export const blockFieldsSchema = z.object({
  block_data: blockData.describe(
    'The keys you send replace those keys and the keys you leave out keep their values, inside nested objects ' +
      'too; lists are replaced whole. Data of a block type this server does not know is replaced as a whole.',
  ),
  is_active: z.boolean(),
});

/** A PATCH: the version it read plus only the fields it changes (decision 45: nothing is defaulted). */
export const blockPatchSchema = updateSchemaOf(blockFieldsSchema).extend({
  version: z.number().int().min(1),
});
export type BlockPatch = z.output<typeof blockPatchSchema>;
