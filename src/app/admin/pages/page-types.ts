import type { PageDto } from '../../../features/pages/pages.dto';
import { knownPageTypes } from '../../../features/pages/pages.schema';

type KnownPageType = (typeof knownPageTypes)[number];

const pageTypeNames: Record<KnownPageType, string> = {
  standard: 'Standard',
  cenote: 'Cenote',
  legal: 'Legal',
};

/**
 * The choices of the page editor's 'Page type' select: the known types, plus the page's own type
 * when it is another one (older data, a headless client), so opening and saving the page keeps it.
 */
export function pageTypeOptions(current: string): Array<{ value: string; label: string }> {
  const options = knownPageTypes.map((type) => ({ value: type as string, label: pageTypeNames[type] }));
  const own = current.trim();
  if (own !== '' && !options.some((option) => option.value === own)) {
    options.push({ value: own, label: `${own} (not a known type)` });
  }
  return options;
}

export interface BlockSummary {
  id: string;
  block_type: string;
  block_order: number;
  is_active: boolean;
}

export type AdminPage = PageDto & { blocks: BlockSummary[] };

/** 'hero ×1 · text ×3': how many blocks of each type a page has. */
export function blockTypeCounts(blocks: BlockSummary[]): Array<[string, number]> {
  const counts = new Map<string, number>();
  for (const block of blocks) counts.set(block.block_type, (counts.get(block.block_type) ?? 0) + 1);
  return [...counts.entries()];
}

export function matchesSearch(page: Pick<AdminPage, 'title' | 'slug'>, query: string): boolean {
  const needle = query.trim().toLowerCase();
  return needle === '' || page.title.toLowerCase().includes(needle) || page.slug.toLowerCase().includes(needle);
}
