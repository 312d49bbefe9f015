import { pagePath } from '../../shared/lib/locale';
import { and, eq, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import type { Database } from '../../platform/db/client.server';
import { contentBlocks } from '../blocks/blocks.table';
import { navigationItems } from '../navigation/navigation.table';
import { pages } from '../pages/pages.table';
import { publishedPages } from '../publishing/publishing.table';
import { seoSettings } from '../settings/settings.table';
import { scoreImageSeo } from './image-seo';
import { images, type ImageRow } from './media.table';

/**
 * The path of a reference to a stored file, or undefined: `/media/...` as stored, or an absolute
 * http(s) URL whose path is `/media/...` (OG images are often absolute), query and hash dropped.
 */
export function mediaPathOf(reference: string): string | undefined {
  const value = reference.trim();
  if (value.startsWith('/media/')) return value.replace(/[?#].*$/, '');
  if (/^https?:\/\//i.test(value)) {
    try {
      const { pathname } = new URL(value);
      return pathname.startsWith('/media/') ? decodeURI(pathname) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

const referenceAttributes = new Set(['src', 'href', 'srcset']);

/** The values of src, href and srcset attributes in an HTML fragment, entities decoded. */
function referenceAttributeValues(html: string): Array<{ name: string; value: string }> {
  const found: Array<{ name: string; value: string }> = [];
  const parser = new Parser(
    {
      onattribute(name, value) {
        if (referenceAttributes.has(name)) found.push({ name, value });
      },
    },
    { lowerCaseAttributeNames: true, decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return found;
}

/** Every media path a string refers to: the string itself, or src/href/srcset inside HTML. */
function referencesIn(text: string): string[] {
  const direct = mediaPathOf(text);
  if (direct) return [direct];
  if (!text.includes('<') || !text.includes('/media/')) return [];
  const found: string[] = [];
  for (const { name, value } of referenceAttributeValues(text)) {
    const candidates = name === 'srcset' ? value.split(',').map((part) => part.trim().split(/\s+/)[0] ?? '') : [value];
    for (const candidate of candidates) {
      const path = mediaPathOf(candidate);
      if (path) found.push(path);
    }
  }
  return found;
}

/** Adds one to `counts` for every place in a JSON value (block data) that refers to a media path. */
export function countMediaReferences(value: unknown, counts: Map<string, number> = new Map()): Map<string, number> {
  if (typeof value === 'string') {
    for (const path of referencesIn(value)) counts.set(path, (counts.get(path) ?? 0) + 1);
  } else if (Array.isArray(value)) {
    for (const item of value) countMediaReferences(item, counts);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) countMediaReferences(item, counts);
  }
  return counts;
}

/** The columns holding one stored file's URL each. */
export type VariantUrlColumn =
  'original_url' | 'webp_url' | 'avif_url' | 'thumbnail_url' | 'medium_webp_url' | 'medium_avif_url';
type ImageUrls = Pick<ImageRow, 'id' | VariantUrlColumn>;

export const variantUrlsOf = (image: Pick<ImageRow, VariantUrlColumn>) =>
  [
    image.original_url,
    image.webp_url,
    image.avif_url,
    image.thumbnail_url,
    image.medium_webp_url,
    image.medium_avif_url,
  ].filter((url): url is string => typeof url === 'string' && url.length > 0);

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** One place that refers to an image, and how many times it does there. */
export type ImageUse =
  | { kind: 'page'; imageId: string; pageId: string; times: number }
  | { kind: 'navigation'; imageId: string; itemId: string; title: string; menu: string; times: number }
  | { kind: 'default_og_image'; imageId: string; times: number };

/**
 * Every place that uses the given images: block data of a page (active or inactive blocks,
 * drafts and live copies; per page and file the larger of the two counts), a page's og_image and
 * twitter_image, navigation items with the image_id, and the default OG image of the SEO settings.
 */
async function collectImageUses(db: Database, targets: ImageUrls[]): Promise<ImageUse[]> {
  if (targets.length === 0) return [];
  const uses: ImageUse[] = [];
  const owner = new Map<string, string>();
  for (const image of targets) for (const url of variantUrlsOf(image)) owner.set(url, image.id);
  const ownerOf = (path: string | undefined) => (path === undefined ? undefined : owner.get(path));

  // Only rows whose JSON text mentions a file's name can refer to it; the rest are not read.
  const stems = [
    ...new Set([...owner.keys()].map((url) => url.slice(url.lastIndexOf('/') + 1).replace(/(-thumb)?\.[a-z]+$/, ''))),
  ];
  const mentions =
    stems.length <= 50
      ? or(...stems.map((stem) => like(sql`${contentBlocks.block_data}::text`, `%${escapeLike(stem)}%`)))
      : like(sql`${contentBlocks.block_data}::text`, '%/media/%');
  const draftBlocks = await db
    .select({ pageId: contentBlocks.page_id, data: contentBlocks.block_data })
    .from(contentBlocks)
    .where(mentions);
  const liveMentions =
    stems.length <= 50
      ? or(...stems.map((stem) => like(sql`${publishedPages.blocks}::text`, `%${escapeLike(stem)}%`)))
      : like(sql`${publishedPages.blocks}::text`, '%/media/%');
  const livePages = await db
    .select({ pageId: publishedPages.page_id, blocks: publishedPages.blocks })
    .from(publishedPages)
    .where(liveMentions);
  // A page's draft and its live copy usually show the same images: per page and file, the larger
  // of the two counts, so an image the draft dropped but visitors still see keeps counting.
  const draftCounts = new Map<string, Map<string, number>>();
  for (const block of draftBlocks) {
    const counts = draftCounts.get(block.pageId) ?? new Map<string, number>();
    countMediaReferences(block.data, counts);
    draftCounts.set(block.pageId, counts);
  }
  const liveCounts = new Map<string, Map<string, number>>();
  for (const page of livePages) {
    const counts = new Map<string, number>();
    for (const block of page.blocks) countMediaReferences(block.block_data, counts);
    liveCounts.set(page.pageId, counts);
  }
  for (const pageId of new Set([...draftCounts.keys(), ...liveCounts.keys()])) {
    const draft = draftCounts.get(pageId) ?? new Map<string, number>();
    const live = liveCounts.get(pageId) ?? new Map<string, number>();
    for (const path of new Set([...draft.keys(), ...live.keys()])) {
      const imageId = ownerOf(path);
      if (imageId)
        uses.push({ kind: 'page', imageId, pageId, times: Math.max(draft.get(path) ?? 0, live.get(path) ?? 0) });
    }
  }

  const pageImages = await db
    .select({ id: pages.id, og: pages.og_image, twitter: pages.twitter_image })
    .from(pages)
    .where(or(like(pages.og_image, '%/media/%'), like(pages.twitter_image, '%/media/%')));
  for (const page of pageImages) {
    for (const reference of [page.og, page.twitter]) {
      const imageId = reference ? ownerOf(mediaPathOf(reference)) : undefined;
      if (imageId) uses.push({ kind: 'page', imageId, pageId: page.id, times: 1 });
    }
  }

  const [seo] = await db.select({ image: seoSettings.default_og_image }).from(seoSettings).limit(1);
  const seoImageId = seo?.image ? ownerOf(mediaPathOf(seo.image)) : undefined;
  if (seoImageId) uses.push({ kind: 'default_og_image', imageId: seoImageId, times: 1 });

  const navigation = await db
    .select({
      id: navigationItems.id,
      imageId: navigationItems.image_id,
      title: navigationItems.title,
      menu: navigationItems.menu_type,
    })
    .from(navigationItems)
    .where(
      and(
        isNotNull(navigationItems.image_id),
        inArray(
          navigationItems.image_id,
          targets.map((image) => image.id),
        ),
      ),
    );
  for (const item of navigation) {
    if (item.imageId) {
      uses.push({
        kind: 'navigation',
        imageId: item.imageId,
        itemId: item.id,
        title: item.title,
        menu: item.menu,
        times: 1,
      });
    }
  }
  return uses;
}

/**
 * How many places use each image now (see collectImageUses): one count per place; an image used
 * twice in one gallery counts twice.
 */
export async function computeImageUsage(db: Database, targets: ImageUrls[]): Promise<Map<string, number>> {
  const usage = new Map<string, number>(targets.map((image) => [image.id, 0]));
  for (const use of await collectImageUses(db, targets))
    usage.set(use.imageId, (usage.get(use.imageId) ?? 0) + use.times);
  return usage;
}

/** A page that shows an image (in its blocks, draft or live, or as its social image). */
export interface PageUsingImage {
  page_id: string;
  title: string;
  path: string;
  in_trash: boolean;
}

/** Where one image is used: the pages (by title) and the places that are not pages, in words. */
export interface ImageWhereUsed {
  pages: PageUsingImage[];
  elsewhere: string[];
}

const menuNames: Record<string, string> = { header: 'Header menu', footer: 'Footer menu' };

/**
 * Where each of the given images is used, for the images used anywhere (an unused image has no
 * entry): the same places usage_count counts, by page and in words for navigation and settings.
 */
export async function findWhereImagesAreUsed(db: Database, targets: ImageUrls[]): Promise<Map<string, ImageWhereUsed>> {
  const uses = await collectImageUses(db, targets);
  const pageIds = [...new Set(uses.flatMap((use) => (use.kind === 'page' ? [use.pageId] : [])))];
  const pageRows =
    pageIds.length === 0
      ? []
      : await db
          .select({
            id: pages.id,
            title: pages.title,
            slug: pages.slug,
            locale: pages.locale,
            deletedAt: pages.deleted_at,
          })
          .from(pages)
          .where(inArray(pages.id, pageIds));
  const pagesById = new Map(pageRows.map((page) => [page.id, page]));
  const found = new Map<string, ImageWhereUsed>();
  for (const use of uses) {
    const entry = found.get(use.imageId) ?? { pages: [], elsewhere: [] };
    found.set(use.imageId, entry);
    if (use.kind === 'page') {
      const page = pagesById.get(use.pageId);
      if (!page || entry.pages.some((listed) => listed.page_id === page.id)) continue;
      entry.pages.push({
        page_id: page.id,
        title: page.title,
        path: pagePath(page.locale, page.slug),
        in_trash: page.deletedAt !== null,
      });
    } else if (use.kind === 'navigation') {
      entry.elsewhere.push(`${menuNames[use.menu] ?? 'Navigation'}: “${use.title}”`);
    } else {
      entry.elsewhere.push('Default social image (SEO settings)');
    }
  }
  for (const entry of found.values()) {
    entry.pages.sort((a, b) => a.title.localeCompare(b.title) || a.path.localeCompare(b.path));
  }
  return found;
}

/**
 * Recomputes usage_count (and the derived seo_score) of the given images, or of all, and stores
 * the values that changed (version untouched: they are derived, not edited). Returns the rows as
 * stored now. The media list calls it on every read, so the counts are never stale when an
 * editor decides whether to delete.
 */
export async function refreshImageUsage(db: Database, imageIds?: string[]): Promise<ImageRow[]> {
  if (imageIds && imageIds.length === 0) return [];
  const rows = imageIds
    ? await db.select().from(images).where(inArray(images.id, imageIds))
    : await db.select().from(images);
  const usage = await computeImageUsage(db, rows);
  const result: ImageRow[] = [];
  for (const row of rows) {
    const usageCount = usage.get(row.id) ?? 0;
    const seoScore = scoreImageSeo(row).score;
    if (usageCount !== row.usage_count || seoScore !== row.seo_score) {
      await db.update(images).set({ usage_count: usageCount, seo_score: seoScore }).where(eq(images.id, row.id));
    }
    result.push({ ...row, usage_count: usageCount, seo_score: seoScore });
  }
  return result;
}
