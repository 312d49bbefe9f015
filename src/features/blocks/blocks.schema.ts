import { z } from 'zod';
import { updateSchemaOf } from '../../shared/lib/update-schema';
import { blockDefinitions, blockTypes } from './registry';

/*
 * The request bodies of the block routes. Block data itself is checked by the service against the
 * schema of the block's type (registry.ts), so a refusal names the field inside block_data.
 */

const blockData = z.record(z.string(), z.unknown());

/**
 * The block data a new block may start with, as documented: any JSON object, which the service
 * checks against its type's schema. Each type's schema is an option too (the first option always
 * matches, so they change nothing in validation), which puts every block type's fields, from
 * HeroBlockData to FactsBlockData, into the OpenAPI document.
 */
const newBlockData = z
  .union([blockData, ...blockTypes.map((type) => blockDefinitions[type].schema)])
  .describe(
    "The block's data, in the shape of its block_type (HeroBlockData, TextBlockData, …); omitted fields get " +
      "the type's defaults. Checked against that schema: a refusal names the field (block_data.facts.0.icon).",
  );

/** Adding a block: a missing type is refused by the service with the spec's sentence. */
export const blockCreateSchema = z.object({
  block_type: z.string().max(40).default(''),
  block_data: newBlockData.optional(),
  after_id: z
    .uuid()
    .optional()
    .describe(
      'Put the new block right after this block of the same page; the blocks after it move down one place. ' +
        'Left out, the block goes last.',
    ),
});
export type BlockCreate = z.output<typeof blockCreateSchema>;

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
