import { pagePath } from '../../shared/lib/locale';
import { seedImagePattern, pageWordCount, type PageContent, type SeedImage } from './content.schema';
import {
  applicationPaths,
  cenoteFactLabels,
  cenoteSlugs,
  depthTable,
  legalSlugs,
  minimumWords,
  requiredSlugs,
  topicSlugs,
} from './content-rules';

/** Every string value inside a block's data, with the key it sits under. */
function collectStrings(value: unknown, key = ''): Array<{ key: string; value: string }> {
  if (typeof value === 'string') return [{ key, value }];
  if (Array.isArray(value)) return value.flatMap((item) => collectStrings(item, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([childKey, child]) => collectStrings(child, childKey));
  }
  return [];
}

const linkKeys = new Set(['ctaLink', 'link', 'url']);
const imageKeys = new Set(['backgroundImage', 'image', 'url']);

/** Internal hrefs inside rich text (href="/...") and link fields. */
export function internalLinks(page: PageContent): string[] {
  const links: string[] = [];
  for (const block of page.blocks) {
    for (const { key, value } of collectStrings(block.data)) {
      if (linkKeys.has(key) && value.startsWith('/') && !value.startsWith('/media/')) links.push(value);
      for (const match of value.matchAll(/href="(\/[^"]*)"/g)) links.push(match[1] ?? '');
    }
  }
  return links.map((link) => link.split(/[?#]/)[0] ?? link);
}

export function imageReferences(page: PageContent): string[] {
  const refs: string[] = [];
  for (const block of page.blocks) {
    for (const { key, value } of collectStrings(block.data)) {
      if (imageKeys.has(key) && value.startsWith('/media/')) refs.push(value);
      for (const match of value.matchAll(/src="([^"]*)"/g)) refs.push(match[1] ?? '');
    }
  }
  for (const field of [page.og_image, page.twitter_image]) if (field) refs.push(field);
  return refs;
}

/** Problems with the editorial content as a whole; an empty list means it is complete. */
export function auditContent(pages: PageContent[], images: SeedImage[]): string[] {
  const problems: string[] = [];
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  const knownPaths = new Set<string>([...applicationPaths, ...pages.map((page) => pagePath('en', page.slug))]);
  const imageNames = new Set(images.map((image) => image.name));

  for (const slug of requiredSlugs) if (!bySlug.has(slug)) problems.push(`missing page: ${slug}`);

  for (const page of pages) {
    const words = pageWordCount(page);
    const isTopic = (topicSlugs as readonly string[]).includes(page.slug);
    const isCenote = (cenoteSlugs as readonly string[]).includes(page.slug);
    const isLegal = (legalSlugs as readonly string[]).includes(page.slug);
    const minimum = isTopic
      ? minimumWords.topic
      : isCenote
        ? minimumWords.cenote
        : isLegal
          ? minimumWords.legal
          : minimumWords.home;
    if (words < minimum) problems.push(`${page.slug}: ${words} words, needs at least ${minimum}`);

    for (const link of internalLinks(page)) {
      if (!knownPaths.has(link)) problems.push(`${page.slug}: link to ${link}, which is no page`);
    }
    for (const ref of imageReferences(page)) {
      const match = seedImagePattern.exec(ref);
      if (!match || !imageNames.has(match[1] ?? '')) problems.push(`${page.slug}: image ${ref} is not in the manifest`);
    }

    const types = page.blocks.map((block) => block.type);
    if (page.slug === 'home') {
      for (const needed of ['hero', 'features', 'cards', 'quote', 'cta'] as const) {
        if (!types.includes(needed)) problems.push(`home: needs a ${needed} block`);
      }
    }
    if (isCenote) {
      for (const needed of ['hero', 'text', 'facts'] as const) {
        if (!types.includes(needed)) problems.push(`${page.slug}: needs a ${needed} block`);
      }
      const facts = page.blocks
        .filter((block) => block.type === 'facts')
        .flatMap((block) => (block.data['facts'] as Array<{ label: string; value: string }> | undefined) ?? []);
      for (const label of cenoteFactLabels) {
        if (!facts.some((fact) => fact.label === label)) problems.push(`${page.slug}: no '${label}' fact`);
      }
      const depth = facts.find((fact) => fact.label === 'Depth Range');
      const expected = depthTable[page.slug as (typeof cenoteSlugs)[number]];
      if (depth && depth.value !== expected) {
        problems.push(`${page.slug}: Depth Range is '${depth.value}', the table says '${expected}'`);
      }
    }
  }
  return problems;
}
