import type { z } from 'zod';
import type { BlockDefinition } from './block-definition';
import { cardsBlock } from './cards/block';
import { ctaBlock } from './cta/block';
import { factsBlock } from './facts/block';
import { featuresBlock } from './features/block';
import { galleryBlock } from './gallery/block';
import { heroBlock } from './hero/block';
import { quoteBlock } from './quote/block';
import { textBlock } from './text/block';

/** The one list of block types. Renderers and editors are keyed by it and typechecked. */
export const blockDefinitions = {
  hero: heroBlock,
  text: textBlock,
  gallery: galleryBlock,
  cards: cardsBlock,
  cta: ctaBlock,
  features: featuresBlock,
  facts: factsBlock,
  quote: quoteBlock,
} as const satisfies Record<string, BlockDefinition>;

export type BlockType = keyof typeof blockDefinitions;
export type BlockDataOf<T extends BlockType> = z.output<(typeof blockDefinitions)[T]['schema']>;

export const blockTypes = Object.keys(blockDefinitions) as BlockType[];

export function isKnownBlockType(type: string): type is BlockType {
  return Object.hasOwn(blockDefinitions, type);
}

/**
 * Stored data of a known type brought up to its schema (see BlockDefinition.fromStored); data of
 * other types comes back as it is.
 */
export function upgradeStoredBlockData(type: string, data: unknown): unknown {
  if (!isKnownBlockType(type)) return data;
  const definition: BlockDefinition = blockDefinitions[type];
  return definition.fromStored ? definition.fromStored(data) : data;
}

/** A block as stored, narrowed by type for renderers. */
export type TypedBlock = {
  [T in BlockType]: { type: T; data: BlockDataOf<T> };
}[BlockType];
