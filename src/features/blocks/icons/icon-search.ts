import { blockIcons } from './icon-set';

type BlockIcon = (typeof blockIcons)[number];

/**
 * The icons whose label, name or keywords contain every typed word as a word start ("dep" finds
 * Depth, "torch" finds Dive light), in the list's own order; all of them for an empty query.
 */
export function matchIcons(query: string): BlockIcon[] {
  const words = query
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  if (words.length === 0) return [...blockIcons];
  return blockIcons.filter((icon) => {
    const haystack = ` ${icon.label} ${icon.name.replaceAll('-', ' ')} ${icon.keywords}`.toLowerCase();
    return words.every((word) => haystack.includes(` ${word}`));
  });
}
