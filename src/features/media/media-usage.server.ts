import { and, eq, inArray, isNotNull, like, or, sql, count } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import type { Database } from '../../server/db/client.server';
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

type ImageUrls = Pick<ImageRow, 'id' | 'original_url' | 'webp_url' | 'avif_url' | 'thumbnail_url'>;

export const variantUrlsOf = (image: ImageUrls) =>
  [image.original_url, image.webp_url, image.avif_url, image.thumbnail_url].filter(
    (url): url is string => typeof url === 'string' && url.length > 0,
  );

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * How many places use each image now: every string in block data (active or inactive blocks,
 * drafts and live copies) equal to one of its variant URLs or naming one in rich-text
 * src/href/srcset, each navigation item with its image_id, each page og_image and twitter_image,
 * and the default OG image of the SEO settings. One count per place; an image used twice in one
 * gallery counts twice.
 */
export async function computeImageUsage(db: Database, targets: ImageUrls[]): Promise<Map<string, number>> {
  const usage = new Map<string, number>(targets.map((image) => [image.id, 0]));
  if (targets.length === 0) return usage;
  const owner = new Map<string, string>();
  for (const image of targets) for (const url of variantUrlsOf(image)) owner.set(url, image.id);
  const add = (path: string | undefined, times = 1) => {
    const id = path === undefined ? undefined : owner.get(path);
    if (id) usage.set(id, (usage.get(id) ?? 0) + times);
  };

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
      add(path, Math.max(draft.get(path) ?? 0, live.get(path) ?? 0));
    }
  }

  const pageImages = await db
    .select({ og: pages.og_image, twitter: pages.twitter_image })
    .from(pages)
    .where(or(like(pages.og_image, '%/media/%'), like(pages.twitter_image, '%/media/%')));
  for (const page of pageImages) {
    if (page.og) add(mediaPathOf(page.og));
    if (page.twitter) add(mediaPathOf(page.twitter));
  }

  const [seo] = await db.select({ image: seoSettings.default_og_image }).from(seoSettings).limit(1);
  if (seo?.image) add(mediaPathOf(seo.image));

  const navigation = await db
    .select({ id: navigationItems.image_id, total: count() })
    .from(navigationItems)
    .where(
      and(
        isNotNull(navigationItems.image_id),
        inArray(
          navigationItems.image_id,
          targets.map((image) => image.id),
        ),
      ),
    )
    .groupBy(navigationItems.image_id);
  for (const row of navigation) if (row.id) usage.set(row.id, (usage.get(row.id) ?? 0) + row.total);
  return usage;
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
