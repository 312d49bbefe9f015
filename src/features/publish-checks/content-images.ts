import { blockDefinitions, isKnownBlockType, upgradeStoredBlockData, type TypedBlock } from '../blocks/registry';

/**
 * The images a block shows as content, which need alt text: gallery images, a text block's image,
 * card images. A hero's background is decorative (it renders with alt="") and is not listed.
 * Data that does not parse renders nothing on the site, so it shows no images either.
 */
export function contentImageUrls(type: string, data: unknown): string[] {
  if (!isKnownBlockType(type)) return [];
  const parsed = blockDefinitions[type].schema.safeParse(upgradeStoredBlockData(type, data));
  if (!parsed.success) return [];
  // The schema of `type` parsed it: the pair is one of the typed blocks.
  const block = { type, data: parsed.data } as TypedBlock;
  switch (block.type) {
    case 'gallery':
      return block.data.images.map((image) => image.url);
    case 'text':
      return block.data.image ? [block.data.image] : [];
    case 'cards':
      return block.data.cards.map((card) => card.image).filter((url) => url !== '');
    default:
      return [];
  }
}
