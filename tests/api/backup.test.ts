import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportSite,
  importSite,
  notEmptyMessage,
  type BackupDocument,
} from '../../src/features/backup/backup.service.server';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { images, mediaFolders } from '../../src/features/media/media.table';
import type { MediaStore } from '../../src/features/media/storage.server';
import { navigationItems } from '../../src/features/navigation/navigation.table';
import { pages } from '../../src/features/pages/pages.table';
import { seedRecords } from '../../src/features/seed/seed.table';
import { performanceSettings, seoSettings } from '../../src/features/settings/settings.table';
import type { Database } from '../../src/server/db/client.server';
import { getJson, projectRoot, startTestApp, type TestApp } from '../helpers/build-app';

const run = promisify(execFile);

let source: TestApp;
let target: TestApp;
let archive: Buffer;
const changedHeading = 'Backed up and restored: the Dos Ojos heading';

async function snapshot(db: Database) {
  return {
    pages: await db.select().from(pages).orderBy(asc(pages.id)),
    blocks: await db.select().from(contentBlocks).orderBy(asc(contentBlocks.id)),
    navigation: await db.select().from(navigationItems).orderBy(asc(navigationItems.id)),
    folders: await db.select().from(mediaFolders).orderBy(asc(mediaFolders.id)),
    images: await db.select().from(images).orderBy(asc(images.id)),
    seo: await db.select().from(seoSettings),
    performance: await db.select().from(performanceSettings),
    seedRecords: await db.select().from(seedRecords).orderBy(asc(seedRecords.key)),
  };
}

async function bytesOf(media: MediaStore, key: string): Promise<Buffer | undefined> {
  const stored = await media.get(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  source = await startTestApp();
  const db = source.app.db;
  const [page] = await db.select().from(pages).where(eq(pages.slug, 'cenote-dos-ojos'));
  const [block] = await db
    .select()
    .from(contentBlocks)
    .where(and(eq(contentBlocks.page_id, page!.id), eq(contentBlocks.block_type, 'text')));
  await db
    .update(contentBlocks)
    .set({ block_data: { ...block!.block_data, heading: changedHeading }, version: block!.version + 1 })
    .where(eq(contentBlocks.id, block!.id));
  const [item] = await db.select().from(navigationItems).orderBy(asc(navigationItems.id)).limit(1);
  await db.update(navigationItems).set({ title: 'Renamed for backup' }).where(eq(navigationItems.id, item!.id));
  // A folder tree, so parents-before-children is exercised.
  const [parent] = await db.insert(mediaFolders).values({ name: 'Parent' }).returning();
  await db.insert(mediaFolders).values({ name: 'Child', parent_id: parent!.id });

  archive = await exportSite(db, source.app.media);
  target = await startTestApp({ seed: false });
  await importSite(target.app.db, target.app.media, archive);
}, 120_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe('site backup', () => {
  it('writes a gzip JSON archive with the tables and every stored image file', () => {
    const document = JSON.parse(gunzipSync(archive).toString('utf8')) as BackupDocument;
    expect(document).toMatchObject({ format: 'cenote-atlas-backup', version: 1 });
    expect(Object.keys(document.tables).sort()).toEqual(
      [
        'content_blocks',
        'images',
        'media_folders',
        'navigation_items',
        'pages',
        'performance_settings',
        'seed_records',
        'seo_settings',
      ].sort(),
    );
    expect(document.tables).not.toHaveProperty('users');
    expect(document.tables).not.toHaveProperty('page_search');
    expect(document.tables.images.length).toBeGreaterThan(0);
    for (const image of document.tables.images) {
      for (const url of [image.original_url, image.webp_url, image.avif_url, image.thumbnail_url]) {
        if (typeof url === 'string') expect(document.media).toHaveProperty([url.slice('/media/'.length)]);
      }
    }
    console.info(`seeded site archive: ${archive.length} bytes, ${Object.keys(document.media).length} files`);
  });

  it('restores every row exactly, with dates as Date objects', async () => {
    const before = await snapshot(source.app.db);
    const after = await snapshot(target.app.db);
    expect(after.pages.length).toBeGreaterThan(0);
    expect(after.pages[0]!.created_at).toBeInstanceOf(Date);
    expect(after.pages).toEqual(before.pages);
    expect(after.blocks).toEqual(before.blocks);
    expect(after.navigation).toEqual(before.navigation);
    expect(after.navigation.some((item) => item.title === 'Renamed for backup')).toBe(true);
    expect(after.folders).toEqual(before.folders);
    expect(after.images).toEqual(before.images);
    expect(after.seo).toEqual(before.seo);
    expect(after.performance).toEqual(before.performance);
    expect(after.seedRecords).toEqual(before.seedRecords);
  });

  it('restores every media file byte for byte', async () => {
    const document = JSON.parse(gunzipSync(archive).toString('utf8')) as BackupDocument;
    const keys = Object.keys(document.media);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const original = await bytesOf(source.app.media, key);
      const restored = await bytesOf(target.app.media, key);
      expect(original, key).toBeDefined();
      expect(restored?.equals(original!), key).toBe(true);
    }
  });

  it('serves the restored pages and finds them in search', async () => {
    const response = await fetch(`${target.url}/cenote-dos-ojos`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(changedHeading);
    const search = await getJson<{ results: Array<{ path: string }> }>(`${target.url}/api/v1/search?q=angelita`);
    expect(search.status).toBe(200);
    expect(search.body.results.map((result) => result.path)).toContain('/cenote-angelita');
  });

  it('refuses to import into a site that has content', async () => {
    await expect(importSite(target.app.db, target.app.media, archive)).rejects.toThrow(notEmptyMessage);
  });

  it('refuses a corrupt archive and a wrong format with clear errors', async () => {
    await expect(importSite(target.app.db, target.app.media, randomBytes(512))).rejects.toThrow(
      /not a Cenote Atlas backup \(it is not a gzip-compressed JSON archive\)/,
    );
    const wrong = gzipSync(JSON.stringify({ format: 'something-else', version: 1, tables: {}, media: {} }));
    await expect(importSite(target.app.db, target.app.media, wrong)).rejects.toThrow(
      'The file is not a Cenote Atlas backup (format is "something-else", expected "cenote-atlas-backup").',
    );
    const future = gzipSync(JSON.stringify({ format: 'cenote-atlas-backup', version: 2, tables: {}, media: {} }));
    await expect(importSite(target.app.db, target.app.media, future)).rejects.toThrow(/Unsupported backup version 2/);
  });

  it('round-trips through the CLI (import into an empty data folder, export it again)', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-backup-cli-'));
    try {
      const input = path.join(dataDir, 'in.backup.gz');
      const output = path.join(dataDir, 'out.backup.gz');
      await writeFile(input, archive);
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
      const imported = await run(tsx, ['src/cli/cli.ts', 'import', '--in', input], { cwd: projectRoot, env });
      expect(imported.stdout).toMatch(/^Imported \d+ pages/);
      const again = await run(tsx, ['src/cli/cli.ts', 'import', '--in', input], { cwd: projectRoot, env }).catch(
        (error: { stderr: string; code: number }) => error,
      );
      expect(again).toMatchObject({ code: 1 });
      expect((again as { stderr: string }).stderr).toContain(notEmptyMessage);
      const exported = await run(tsx, ['src/cli/cli.ts', 'export', '--out', output], { cwd: projectRoot, env });
      expect(exported.stdout).toMatch(/^Backup written to /);
      const first = JSON.parse(gunzipSync(archive).toString('utf8')) as BackupDocument;
      const second = JSON.parse(gunzipSync(await readFile(output)).toString('utf8')) as BackupDocument;
      expect(second.tables).toEqual(first.tables);
      expect(second.media).toEqual(first.media);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
