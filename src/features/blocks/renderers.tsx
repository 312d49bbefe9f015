import type { ComponentType } from 'react';
import { CardsBlock } from './cards/render';
import { CtaBlock } from './cta/render';
import { FactsBlock } from './facts/render';
import { FeaturesBlock } from './features/render';
import { GalleryBlock } from './gallery/render';
import { HeroBlock } from './hero/render';
import { QuoteBlock } from './quote/render';
import type { BlockRendererProps } from './renderer-types';
import { blockDefinitions, isKnownBlockType, upgradeStoredBlockData, type BlockType } from './registry';
import { TextBlock } from './text/render';

/** One renderer per block type; a type without one fails the typecheck. */
export const blockRenderers: { [T in BlockType]: ComponentType<BlockRendererProps<T>> } = {
  hero: HeroBlock,
  text: TextBlock,
  gallery: GalleryBlock,
  cards: CardsBlock,
  cta: CtaBlock,
  features: FeaturesBlock,
  facts: FactsBlock,
  quote: QuoteBlock,
} satisfies Record<BlockType, unknown>;

/**
 * Renders one stored block. Unknown types render nothing (spec section 2); stored data is
 * brought up to date (old emoji icons) and parsed with its schema first, so a renderer always
 * receives complete, valid data.
 */
export function RenderBlock({
  type,
  data,
  position,
  anchorId,
}: {
  type: string;
  data: unknown;
  position: number;
  anchorId?: string;
}) {
  if (!isKnownBlockType(type)) return null;
  const parsed = blockDefinitions[type].schema.safeParse(upgradeStoredBlockData(type, data));
  if (!parsed.success) return null;
  const Renderer = blockRenderers[type] as ComponentType<{ data: unknown; position: number; anchorId?: string }>;
  return <Renderer data={parsed.data} position={position} anchorId={anchorId} />;
}
