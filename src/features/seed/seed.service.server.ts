import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Database } from '../../platform/db/client.server';
import type { AppConfig } from '../../platform/env.server';
import { contentBlocks } from '../blocks/blocks.table';
import { blockDefinitions } from '../blocks/registry';
import { images } from '../media/media.table';
import type { MediaStore } from '../media/storage.server';
import { navigationItems } from '../navigation/navigation.table';
import { pages } from '../pages/pages.table';
import { publishDraft, seedActor } from '../publishing/publishing.service.server';
import { performanceSettings, seoSettings } from '../settings/settings.table';
import { loadContent, loadSpanishContent, seedKeys } from './content-loader.server';
import type { Locale } from '../../shared/lib/locale';
import {
  navigationContentSchema,
  type NavigationContentItem,
  type PageContent,
  type SeedImage,
} from './content.schema';
import { ensureSeedMedia, type SeedImageFiles, seedVariants } from './seed-media.server';
import { seedRecords } from './seed.table';

export interface SeedContext {
  db: Database;
  media: MediaStore;
  config: Pick<AppConfig, 'contentDir' | 'distDir'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export interface SeedReport {
  created: string[];
  skipped: string[];
}

export const settingsContentSchema = z.object({
  seo: z.object({
    site_title: z.string().min(1),
    site_description: z.string(),
    default_og_image: z.string().nullable(),
    twitter_handle: z.string().nullable(),
    facebook_page: z.string().nullable(),
    instagram_url: z.string().nullable(),
    youtube_url: z.string().nullable(),
    google_analytics_id: z.string().nullable(),
    google_tag_manager_id: z.string().nullable(),
  }),
  performance: z.object({
    enable_caching: z.boolean(),
    cache_duration: z.number().int().min(60).max(604800),
    enable_webp: z.boolean(),
    enable_avif: z.boolean(),
    image_quality: z.number().int().min(1).max(100),
    lazy_loading: z.boolean(),
  }),
});

function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

async function readJson<T>(file: string, schema: z.ZodType<T>): Promise<T> {
  return schema.parse(JSON.parse(await readFile(file, 'utf8')));
}

async function alreadySeeded(db: Database | Transaction, key: string): Promise<boolean> {
  const [row] = await db.select({ key: seedRecords.key }).from(seedRecords).where(eq(seedRecords.key, key)).limit(1);
  return row !== undefined;
}

/**
 * Every key the seed has recorded, read at once: a start on seeded data (every start but the first)
 * asks the database once instead of once per item. The check under the lock in `seedItemOnce`
 * still decides.
 */
async function seededKeys(db: Database): Promise<Set<string>> {
  const rows = await db.select({ key: seedRecords.key }).from(seedRecords);
  return new Set(rows.map((row) => row.key));
}

/** pg_advisory_xact_lock key serializing seed writes across processes: "seed" in ASCII. */
const seedLockKey = 0x73656564;

/**
 * Writes one content item and its seed record in one transaction, unless it is already seeded.
 * Servers seed under the start-up lock, but `cli seed` runs outside it, so a seed can race a
 * starting server (or another `cli seed`): both would see "not seeded yet", and the loser failed
 * on a unique key (crashing that start) or, for navigation, could add a second copy. The lock,
 * and the check repeated once it is held, make the second writer find the item done and skip it.
 * `write` returns whether it created anything (false: an editor's item with that name was kept).
 */
async function seedItemOnce(
  db: Database,
  key: string,
  contentHash: string,
  write: (tx: Transaction) => Promise<boolean>,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    if (await alreadySeeded(tx, key)) return false;
    const created = await write(tx);
    await tx.insert(seedRecords).values({ key, content_hash: contentHash });
    return created;
  });
}

/**
 * Creates every content item the seed has never created before; touches nothing else.
 * Idempotent: a second run creates nothing, and editors' edits and deletions stay.
 */
export async function runSeed(context: SeedContext): Promise<SeedReport> {
  const { db, config } = context;
  const seeded = await seededKeys(db);
  // Every start but the first: everything is seeded, and nothing needs to be read or checked.
  const expected = await seedKeys(config.contentDir);
  if (expected.every((key) => seeded.has(key))) {
    // A run reports the Spanish menus only when it creates them (see seedSpanish).
    return { created: [], skipped: expected.filter((key) => key !== 'navigation:es') };
  }
  const content = await loadContent(config.contentDir);
  const report: SeedReport = { created: [], skipped: [] };

  const settings = await readJson(path.join(config.contentDir, 'settings.json'), settingsContentSchema);
  const settingsCreated =
    !seeded.has('settings') &&
    (await seedItemOnce(db, 'settings', hashOf(settings), async (tx) => {
      await tx
        .insert(seoSettings)
        .values({ id: 1, ...settings.seo })
        .onConflictDoNothing();
      await tx
        .insert(performanceSettings)
        .values({ id: 1, ...settings.performance })
        .onConflictDoNothing();
      return true;
    }));
  (settingsCreated ? report.created : report.skipped).push('settings');

  // Only images not seeded yet need their files (encoded once per build, then read from its cache).
  const unseededImages: typeof content.images = [];
  for (const image of content.images) {
    if (seeded.has(`image:${image.name}`)) report.skipped.push(`image:${image.name}`);
    else unseededImages.push(image);
  }
  const mediaFiles = await ensureSeedMedia(
    config.contentDir,
    path.join(config.distDir, 'seed-media'),
    unseededImages,
    settings.performance.image_quality,
  );
  for (const image of unseededImages) {
    const files = mediaFiles.find((entry) => entry.name === image.name);
    if (!files) continue;
    const key = `image:${image.name}`;
    const created = await seedImage(context, image, files);
    (created ? report.created : report.skipped).push(key);
  }

  for (const page of content.pages) {
    const key = `page:${page.slug}`;
    if (seeded.has(key)) {
      report.skipped.push(key);
      continue;
    }
    const created = await seedItemOnce(db, key, hashOf(page), async (tx) => {
      const [existing] = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(and(eq(pages.slug, page.slug), eq(pages.locale, 'en')))
        .limit(1);
      // An editor made a page with this slug before the seed got to it: theirs wins.
      if (!existing) await insertPage(tx, page);
      return !existing;
    });
    (created ? report.created : report.skipped).push(key);
  }

  await seedSpanish(context, report, seeded);

  if (seeded.has('navigation')) report.skipped.push('navigation');
  else {
    const navigation = await readJson(path.join(config.contentDir, 'navigation.json'), navigationContentSchema);
    const created = await seedItemOnce(db, 'navigation', hashOf(navigation), async (tx) => {
      const [anyItem] = await tx
        .select({ id: navigationItems.id })
        .from(navigationItems)
        .where(eq(navigationItems.locale, 'en'))
        .limit(1);
      // Editors already built a menu: it stays as it is.
      if (anyItem) return false;
      await insertNavigation(tx, navigation.header, 'header', null, 'en');
      await insertNavigation(tx, navigation.footer, 'footer', null, 'en');
      return true;
    });
    (created ? report.created : report.skipped).push('navigation');
  }

  return report;
}

/** Restores one page to its seeded content on purpose (`cli seed --reset-page SLUG`). */
export async function resetSeededPage(context: SeedContext, slug: string): Promise<void> {
  const content = await loadContent(context.config.contentDir);
  const page = content.pages.find((candidate) => candidate.slug === slug);
  if (!page) throw new Error(`No content file for "${slug}" (looked in content/pages/${slug}.json)`);
  await context.db.transaction(async (tx) => {
    await tx.delete(pages).where(and(eq(pages.slug, slug), eq(pages.locale, 'en')));
    await insertPage(tx, page);
    const key = `page:${slug}`;
    await tx
      .insert(seedRecords)
      .values({ key, content_hash: hashOf(page) })
      .onConflictDoUpdate({ target: seedRecords.key, set: { content_hash: hashOf(page), seeded_at: new Date() } });
  });
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Inserts a seeded page with its blocks and publishes it: each seeded page starts with one published revision. */
async function insertPage(
  tx: Transaction,
  page: PageContent,
  language: { locale: Locale; translationOf: string | null } = { locale: 'en', translationOf: null },
): Promise<string> {
  const { blocks, ...fields } = page;
  const [row] = await tx
    .insert(pages)
    .values({
      slug: fields.slug,
      locale: language.locale,
      translation_of: language.translationOf,
      title: fields.title,
      excerpt: fields.excerpt,
      page_type: fields.page_type,
      sort_order: fields.sort_order,
      is_published: true,
      meta_title: fields.meta_title ?? null,
      meta_description: fields.meta_description ?? null,
      canonical_url: fields.canonical_url || null,
      og_title: fields.og_title ?? null,
      og_description: fields.og_description ?? null,
      og_image: fields.og_image ?? null,
      twitter_title: fields.twitter_title ?? null,
      twitter_description: fields.twitter_description ?? null,
      twitter_image: fields.twitter_image ?? null,
      structured_data: fields.structured_data ?? null,
    })
    .returning();
  if (!row) throw new Error(`Inserting page ${page.slug} returned nothing`);
  if (blocks.length > 0) {
    await tx.insert(contentBlocks).values(
      blocks.map((block, index) => ({
        page_id: row.id,
        block_type: block.type,
        block_data: blockDefinitions[block.type].schema.parse(block.data) as Record<string, unknown>,
        block_order: index + 1,
        is_active: true,
      })),
    );
  }
  await publishDraft(tx, row, seedActor);
  return row.id;
}

async function insertNavigation(
  tx: Transaction,
  items: NavigationContentItem[],
  menu: 'header' | 'footer',
  parentId: string | null,
  locale: Locale,
): Promise<void> {
  for (const [index, item] of items.entries()) {
    const [row] = await tx
      .insert(navigationItems)
      .values({
        title: item.title,
        link_url: item.link_url,
        description: item.description ?? null,
        display_order: index + 1,
        menu_type: menu,
        locale,
        parent_id: parentId,
        is_active: true,
      })
      .returning({ id: navigationItems.id });
    if (row && item.children?.length) await insertNavigation(tx, item.children, menu, row.id, locale);
  }
}

/** Stores the image's files (same bytes under the same keys, so a racing seed may repeat it), then its row. */
async function seedImage(context: SeedContext, image: SeedImage, files: SeedImageFiles): Promise<boolean> {
  const { db, media } = context;
  const urls: Record<string, string> = {};
  let jpegSize = 0;
  for (const variant of seedVariants) {
    const key = `seed/${image.name}${variant}`;
    const data = await readFile(files.files[variant]);
    if (variant === '.jpg') jpegSize = data.length;
    await media.put(key, data, '');
    urls[variant] = `/media/${key}`;
  }
  return seedItemOnce(db, `image:${image.name}`, hashOf(image), async (tx) => {
    const inserted = await tx
      .insert(images)
      .values({
        filename: `${image.name}.jpg`,
        storage_key: `seed/${image.name}.jpg`,
        original_url: urls['.jpg'] ?? '',
        webp_url: urls['.webp'] ?? null,
        avif_url: urls['.avif'] ?? null,
        thumbnail_url: urls['-thumb.webp'] ?? null,
        medium_webp_url: urls['-800.webp'] ?? null,
        medium_avif_url: urls['-800.avif'] ?? null,
        width: files.width,
        height: files.height,
        file_size: jpegSize,
        alt_text: image.alt,
        caption: image.caption || null,
        category: image.category,
      })
      .onConflictDoNothing()
      .returning({ id: images.id });
    return inserted.length > 0;
  });
}

/**
 * The Spanish site (decision 44), seeded once per item like the English one: each page's
 * translation linked to its English page (skipped while that page is missing, so an editor's
 * deletion sticks), the images' Spanish alt text and captions, and the Spanish menus.
 */
async function seedSpanish(context: SeedContext, report: SeedReport, seeded: Set<string>): Promise<void> {
  const { db, config } = context;
  const spanish = await loadSpanishContent(config.contentDir);
  for (const [name, words] of spanish.images) {
    const key = `image:es:${name}`;
    if (seeded.has(key)) {
      report.skipped.push(key);
      continue;
    }
    const created = await seedItemOnce(db, key, hashOf(words), async (tx) => {
      const updated = await tx
        .update(images)
        .set({ alt_text_es: words.alt, caption_es: words.caption || null })
        .where(and(eq(images.storage_key, `seed/${name}.jpg`), isNull(images.alt_text_es)))
        .returning({ id: images.id });
      return updated.length > 0;
    });
    (created ? report.created : report.skipped).push(key);
  }
  for (const { source, page } of spanish.pages) {
    const key = `page:es:${source}`;
    if (seeded.has(key)) {
      report.skipped.push(key);
      continue;
    }
    const [english] = await db
      .select({ id: pages.id })
      .from(pages)
      .where(and(eq(pages.slug, source), eq(pages.locale, 'en'), isNull(pages.deleted_at)))
      .limit(1);
    if (!english) {
      report.skipped.push(key);
      continue;
    }
    const created = await seedItemOnce(db, key, hashOf(page), async (tx) => {
      const [taken] = await tx
        .select({ id: pages.id })
        .from(pages)
        .where(
          and(eq(pages.locale, 'es'), sql`(${pages.slug} = ${page.slug} or ${pages.translation_of} = ${english.id})`),
        )
        .limit(1);
      // An editor already translated this page, or took its Spanish slug: theirs wins.
      if (taken) return false;
      await insertPage(tx, page, { locale: 'es', translationOf: english.id });
      return true;
    });
    (created ? report.created : report.skipped).push(key);
  }
  if (spanish.navigation && !seeded.has('navigation:es')) {
    const navigation = spanish.navigation;
    const created = await seedItemOnce(db, 'navigation:es', hashOf(navigation), async (tx) => {
      const [anyItem] = await tx
        .select({ id: navigationItems.id })
        .from(navigationItems)
        .where(eq(navigationItems.locale, 'es'))
        .limit(1);
      if (anyItem) return false;
      await insertNavigation(tx, navigation.header, 'header', null, 'es');
      await insertNavigation(tx, navigation.footer, 'footer', null, 'es');
      return true;
    });
    (created ? report.created : report.skipped).push('navigation:es');
  }
}
