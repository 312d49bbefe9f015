import type { PageDto, PageTranslationDto } from '../../../features/pages/pages.dto';
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

/** A page's version in the other language (decision 44): an English page's Spanish translation, a Spanish page's source. */
export type PageTranslation = PageTranslationDto;

export type AdminPage = PageDto & { blocks: BlockSummary[] };

/** The page's version in the other language, if it has one (editors see `translations`). */
export function counterpartOf(page: Pick<PageDto, 'locale' | 'translations'>): PageTranslation | undefined {
  return page.translations?.find((translation) => translation.locale !== page.locale);
}

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
