import { blockDefinitions, isKnownBlockType } from './registry';

/** A block type's name on screen: 'Hero', 'Call to action'; an unknown type says so. */
export function blockTypeLabel(type: string): string {
  return isKnownBlockType(type) ? blockDefinitions[type].label : `${type} (unknown type)`;
}

/** The block's own headline, so editors can tell blocks of one type apart. */
export function blockSummary(data: Record<string, unknown>): string {
  for (const key of ['title', 'heading', 'quote']) {
    const value = data[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return '';
}

/** How a block is named on screen and in announcements: 'Block 3: Hero – Dive the cenotes'. */
export function blockLabel(
  block: { block_type: string; block_data: Record<string, unknown> },
  position: number,
): string {
  const summary = blockSummary(block.block_data);
  return `Block ${position}: ${blockTypeLabel(block.block_type)}${summary ? ` – ${summary}` : ''}`;
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** The words of an HTML fragment (a text block's content), tags dropped and spaces collapsed. */
function wordsOf(value: string): string[] {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_match, name: string) => entities[name] ?? ' ')
    .split(/\s+/)
    .filter(Boolean);
}

const headlineWords = 8;

/**
 * What a block is about in a few words, for its row in the block list and for drag announcements:
 * its headline (title, heading, quote), else the first words of its text (content, description,
 * subtitle), else the title of its first item. '' when the block has no text at all.
 */
export function blockHeadline(data: Record<string, unknown>): string {
  const headline = blockSummary(data).trim();
  if (headline) return headline;
  for (const key of ['content', 'description', 'subtitle']) {
    const value = data[key];
    if (typeof value !== 'string') continue;
    const words = wordsOf(value);
    if (words.length > 0) {
      return words.slice(0, headlineWords).join(' ') + (words.length > headlineWords ? '…' : '');
    }
  }
  for (const key of ['cards', 'features', 'images']) {
    const items = data[key];
    const first: unknown = Array.isArray(items) ? items[0] : undefined;
    if (
      first &&
      typeof first === 'object' &&
      'title' in first &&
      typeof first.title === 'string' &&
      first.title.trim()
    ) {
      return first.title.trim();
    }
  }
  return '';
}

/** A block as drag announcements name it: 'Hero block “Cenote Nicte Ha”', or 'Quote block' with no text. */
export function blockSpokenName(block: { block_type: string; block_data: Record<string, unknown> }): string {
  const headline = blockHeadline(block.block_data);
  return `${blockTypeLabel(block.block_type)} block${headline ? ` “${headline}”` : ''}`;
}
