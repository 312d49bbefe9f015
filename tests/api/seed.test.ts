import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { images } from '../../src/features/media/media.table';
import { navigationItems } from '../../src/features/navigation/navigation.table';
import { pages } from '../../src/features/pages/pages.table';
import { cenoteSlugs, depthTable, requiredSlugs } from '../../src/features/seed/content-rules';
import { seedKeys } from '../../src/features/seed/content-loader.server';
import { resetSeededPage, runSeed, type SeedContext } from '../../src/features/seed/seed.service.server';
import { seedRecords } from '../../src/features/seed/seed.table';
import { performanceSettings, seoSettings } from '../../src/features/settings/settings.table';
import { getJson, startTestApp, type TestApp } from '../helpers/build-app';
import { pageWithSlug } from '../helpers/pages';

let server: TestApp;
let context: SeedContext;

beforeAll(async () => {
  server = await startTestApp();
  context = { db: server.app.db, media: server.app.media, config: server.config, log: pino({ level: 'silent' }) };
});
afterAll(async () => {
  await server.close();
});

async function rowCounts() {
  const db = server.app.db;
  const [p] = await db.select({ n: count() }).from(pages);
  const [b] = await db.select({ n: count() }).from(contentBlocks);
  const [n] = await db.select({ n: count() }).from(navigationItems);
  const [i] = await db.select({ n: count() }).from(images);
  const [s] = await db.select({ n: count() }).from(seoSettings);
  const [f] = await db.select({ n: count() }).from(performanceSettings);
  return { pages: p?.n, blocks: b?.n, navigation: n?.n, images: i?.n, seo: s?.n, performance: f?.n };
}

describe('seed at first start', () => {
  it('creates every page, published, with blocks ordered 1..n and active', async () => {
    const { body } = await getJson<{ pages: Array<{ slug: string; is_published: boolean }> }>(
      `${server.url}/api/v1/pages`,
    );
    expect(body.pages.map((page) => page.slug).sort()).toEqual([...requiredSlugs].sort());
    expect(body.pages.every((page) => page.is_published)).toBe(true);
    const rows = await server.app.db.select().from(contentBlocks);
    const byPage = Map.groupBy(rows, (row) => row.page_id);
    for (const blocks of byPage.values()) {
      expect(blocks.map((block) => block.block_order).sort((a, b) => a - b)).toEqual(
        blocks.map((_, index) => index + 1),
      );
      expect(blocks.every((block) => block.is_active)).toBe(true);
    }
  });

  it('satisfies the completeness rule reported by /api/health', async () => {
    const { status, body } = await getJson<{ pages: number; pagesWithoutBlocks: string[]; complete: boolean }>(
      `${server.url}/api/health`,
    );
    expect(status).toBe(200);
    expect(body.pages).toBeGreaterThanOrEqual(20);
    expect(body.pagesWithoutBlocks).toEqual([]);
    expect(body.complete).toBe(true);
  });

  it('seeds the settings with the spec defaults and a header tree with dropdowns', async () => {
    const [performance] = await server.app.db.select().from(performanceSettings);
    expect(performance).toMatchObject({
      enable_caching: true,
      cache_duration: 86400,
      enable_webp: true,
      enable_avif: true,
      image_quality: 85,
      lazy_loading: true,
    });
    const seo = await getJson<{ settings: { site_title: string } }>(`${server.url}/api/v1/settings/seo`);
    expect(seo.body.settings.site_title).toBe('Cenote Atlas');
    const header = await getJson<{ items: Array<{ children: unknown[] }> }>(
      `${server.url}/api/v1/navigation?menu=header`,
    );
    expect(header.body.items.length).toBeGreaterThanOrEqual(4);
    expect(header.body.items.some((item) => item.children.length > 0)).toBe(true);
  });

  it.each(cenoteSlugs)('%s: the Depth Range fact equals the depth table', async (slug) => {
    const { body } = await getJson<{
      blocks: Array<{
        block_type: string;
        block_data: { facts?: Array<{ icon: string; label: string; value: string }> };
      }>;
    }>(`${server.url}/api/v1/pages/by-slug/${slug}`);
    const facts = body.blocks
      .filter((block) => block.block_type === 'facts')
      .flatMap((block) => block.block_data.facts ?? []);
    expect(facts.map((fact) => fact.label)).toEqual([
      'Difficulty Level',
      'Depth Range',
      'Water Temperature',
      'Location',
    ]);
    expect(facts.find((fact) => fact.label === 'Depth Range')?.value).toBe(depthTable[slug]);
    expect(facts.map((fact) => fact.icon)).toEqual(['gauge', 'waves-arrow-down', 'thermometer', 'map-pin']);
  });

  it('serves every seeded illustration in each format', async () => {
    const rows = await server.app.db.select().from(images);
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows.slice(0, 5)) {
      const urls = [row.original_url, row.webp_url, row.avif_url, row.thumbnail_url];
      // The seeded drawings are 1600 px wide: each has its 800 px copies too (ADR 043).
      urls.push(row.medium_webp_url, row.medium_avif_url);
      for (const url of urls) {
        expect(url).toMatch(/^\/media\/seed\//);
        const response = await fetch(`${server.url}${url}`);
        expect(response.status, url ?? '').toBe(200);
        expect(response.headers.get('cache-control')).toContain('immutable');
        await response.arrayBuffer();
      }
    }
  });

  it('every internal link in the content and navigation leads to a page that exists', async () => {
    const linkTargets = new Set<string>();
    const blocks = await server.app.db.select().from(contentBlocks);
    for (const block of blocks) {
      const json = JSON.stringify(block.block_data);
      for (const match of json.matchAll(/"(?:ctaLink|link)":"(\/[^"]*)"/g)) linkTargets.add(match[1]!);
      for (const match of json.matchAll(/href=\\"(\/[^"\\]*)\\"/g)) linkTargets.add(match[1]!);
    }
    for (const item of await server.app.db.select().from(navigationItems)) {
      if (item.link_url.startsWith('/')) linkTargets.add(item.link_url);
    }
    expect(linkTargets.size).toBeGreaterThan(30);
    // Crawl the real public pages, as a visitor's browser would.
    for (const target of linkTargets) {
      const response = await fetch(`${server.url}${target}`);
      await response.arrayBuffer();
      expect(response.status, `link ${target}`).toBe(200);
    }
  });
});

describe('seeding again', () => {
  it('creates nothing new', async () => {
    const before = await rowCounts();
    const report = await runSeed(context);
    expect(report.created).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('knows every key a whole seed records, from the file names alone, and reports them all skipped', async () => {
    const recorded = await server.app.db.select({ key: seedRecords.key }).from(seedRecords);
    const expected = await seedKeys(server.config.contentDir);
    expect(new Set(expected)).toEqual(new Set(recorded.map((row) => row.key)));
    expect(expected).toHaveLength(recorded.length);
    const report = await runSeed(context);
    expect(report).toEqual({ created: [], skipped: expected.filter((key) => key !== 'navigation:es') });
  });

  it('creates an item whose record is missing, and only it', async () => {
    const db = server.app.db;
    await db.delete(pages).where(pageWithSlug('contact'));
    await db.delete(seedRecords).where(eq(seedRecords.key, 'page:contact'));
    const report = await runSeed(context);
    expect(report.created).toEqual(['page:contact']);
    const restored = await getJson<{ blocks: unknown[] }>(`${server.url}/api/v1/pages/by-slug/contact`);
    expect(restored.status).toBe(200);
    expect(restored.body.blocks.length).toBeGreaterThan(0);
  });

  it("keeps an editor's page and block edits", async () => {
    const db = server.app.db;
    const [page] = await db.select().from(pages).where(pageWithSlug('cenote-carwash'));
    await db.update(pages).set({ title: 'Carwash (edited)' }).where(eq(pages.id, page!.id));
    const [block] = await db.select().from(contentBlocks).where(eq(contentBlocks.page_id, page!.id)).limit(1);
    await db
      .update(contentBlocks)
      .set({ block_data: { ...block!.block_data, title: 'Edited hero' } })
      .where(eq(contentBlocks.id, block!.id));
    await runSeed(context);
    const [after] = await db.select().from(pages).where(eq(pages.id, page!.id));
    expect(after?.title).toBe('Carwash (edited)');
    const [afterBlock] = await db.select().from(contentBlocks).where(eq(contentBlocks.id, block!.id));
    expect(afterBlock?.block_data['title']).toBe('Edited hero');
  });

  it('leaves a deleted seeded page deleted, until --reset-page restores it', async () => {
    const db = server.app.db;
    await db.delete(pages).where(eq(pages.slug, 'cenote-nicte-ha'));
    await runSeed(context);
    expect(await db.select().from(pages).where(eq(pages.slug, 'cenote-nicte-ha'))).toHaveLength(0);

    await resetSeededPage(context, 'cenote-nicte-ha');
    const restored = await getJson<{ blocks: unknown[] }>(`${server.url}/api/v1/pages/by-slug/cenote-nicte-ha`);
    expect(restored.status).toBe(200);
    expect(restored.body.blocks.length).toBeGreaterThanOrEqual(3);
  });
});
