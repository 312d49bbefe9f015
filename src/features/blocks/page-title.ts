/**
 * Block types that carry the page's h1 when they come first (their heading renders as h1 at
 * position 0). Any other first block gets the page title as an h1 above it. The site's page
 * render and the publish check's heading order both read this.
 */
const titleHoldingTypes: ReadonlySet<string> = new Set([
  'hero',
  'text',
  'cards',
  'features',
  'facts',
  'gallery',
  'cta',
]);

export function firstBlockHoldsTitle(blocks: ReadonlyArray<{ type: string }>): boolean {
  const first = blocks[0];
  return first !== undefined && titleHoldingTypes.has(first.type);
}
