import type { PageDto } from '../../../features/pages/pages.dto';

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
