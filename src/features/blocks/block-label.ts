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
