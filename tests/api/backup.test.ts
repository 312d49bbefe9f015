import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/features/auth/auth.table';
import { backupTempRoot } from '../../src/features/backup/backup-temp.server';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { images, mediaFolders } from '../../src/features/media/media.table';
import type { MediaStore } from '../../src/features/media/storage.server';
import { navigationItems } from '../../src/features/navigation/navigation.table';
import { pages } from '../../src/features/pages/pages.table';
import { pageRevisions, publishedPages } from '../../src/features/publishing/publishing.table';
import { seedRecords } from '../../src/features/seed/seed.table';
import { performanceSettings, seoSettings } from '../../src/features/settings/settings.table';
import type { Database } from '../../src/platform/db/client.server';
import { jobs } from '../../src/platform/jobs/jobs.table';
import { ApiClient, signedInClient } from '../helpers/auth';
import {
  beforeDrafts,
  downloadBackup,
  packArchive,
  rowsOf,
  unpackArchive,
  uploadBackup,
  withRows,
  type ArchiveEntry,
} from '../helpers/backup-archive';
import { getJson, projectRoot, startTestApp, type TestApp } from '../helpers/build-app';
import { testPicture } from '../helpers/test-images';
import { pageWithSlug } from '../helpers/pages';
import { createPostgresDatabase, testDriver } from '../helpers/test-database';

const run = promisify(execFile);

let source: TestApp;
let target: TestApp;
let sourceAdmin: ApiClient;
let targetAdmin: ApiClient;
let archive: Buffer;
let entries: ArchiveEntry[];
const changedHeading = 'Backed up and restored: the Dos Ojos heading';
/** Carwash's draft differs from its live copy: these are only in the draft. */
const draftHeading = 'Xibalbaquest: a heading only the draft has';
const draftTitle = 'Cenote Carwash (draft title)';
/** Pages set up in the source: one published after an edit, one with unpublished edits, one in Trash, one never published. */
const ids = { dosOjos: '', carwash: '', trashed: '', unpublished: '' };
/** An image whose focal point was moved off the centre (decision 35). */
let focusedImageId = '';

async function snapshot(db: Database) {
  return {
    pages: await db.select().from(pages).orderBy(asc(pages.id)),
    blocks: await db.select().from(contentBlocks).orderBy(asc(contentBlocks.id)),
    live: await db.select().from(publishedPages).orderBy(asc(publishedPages.page_id)),
    revisions: await db.select().from(pageRevisions).orderBy(asc(pageRevisions.id)),
    navigation: await db.select().from(navigationItems).orderBy(asc(navigationItems.id)),
    folders: await db.select().from(mediaFolders).orderBy(asc(mediaFolders.id)),
    images: await db.select().from(images).orderBy(asc(images.id)),
    seo: await db.select().from(seoSettings),
    performance: await db.select().from(performanceSettings),
    seedRecords: await db.select().from(seedRecords).orderBy(asc(seedRecords.key)),
  };
}

/** Every stored media file of an instance (local store): key → bytes. */
async function mediaFiles(app: TestApp): Promise<Map<string, Buffer>> {
  const root = path.join(app.config.dataDir, 'media');
  const files = new Map<string, Buffer>();
  const names = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  for (const name of names) {
    const data = await readFile(path.join(root, name)).catch(() => undefined);
    if (data) files.set(name.split(path.sep).join('/'), data);
  }
  return files;
}

type Snapshot = Awaited<ReturnType<typeof snapshot>>;

/** What a restore into `db` makes of `state`: accounts are not in backups, so an author unknown there is cleared. */
async function asRestoredInto(state: Snapshot, db: Database): Promise<Snapshot> {
  const present = new Set((await db.select({ id: users.id }).from(users)).map((row) => row.id));
  return {
    ...state,
    revisions: state.revisions.map((row) => ({
      ...row,
      author_id: row.author_id !== null && present.has(row.author_id) ? row.author_id : null,
    })),
  };
}

async function siteState(app: TestApp) {
  return { rows: await snapshot(app.app.db), media: await mediaFiles(app) };
}

async function bytesOf(media: MediaStore, key: string): Promise<Buffer | undefined> {
  const stored = await media.get(key);
  if (!stored) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of stored.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function pageIdOf(db: Database, slug: string): Promise<string> {
  const [page] = await db.select({ id: pages.id }).from(pages).where(pageWithSlug(slug));
  return page!.id;
}

/** Changes the heading of the page's first text block in its draft, through the API. */
async function editHeading(client: ApiClient, db: Database, pageId: string, heading: string): Promise<void> {
  const [block] = await db
    .select()
    .from(contentBlocks)
    .where(and(eq(contentBlocks.page_id, pageId), eq(contentBlocks.block_type, 'text')))
    .orderBy(asc(contentBlocks.block_order))
    .limit(1);
  const answer = await client.request('PATCH', `/api/v1/blocks/${block!.id}`, {
    body: { version: block!.version, block_data: { ...block!.block_data, heading } },
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function draftOf(client: ApiClient, pageId: string) {
  const answer = await client.get<{ page: { title: string; version: number; has_unpublished_changes: boolean } }>(
    `/api/v1/pages/${pageId}`,
  );
  expect(answer.status).toBe(200);
  return answer.body.page;
}

async function revisionsOf(client: ApiClient, pageId: string) {
  const answer = await client.get<{ items: Array<Record<string, unknown>> }>(`/api/v1/pages/${pageId}/revisions`);
  expect(answer.status).toBe(200);
  return answer.body.items.map(({ number, kind, author, note }) => ({ number, kind, author, note }));
}

beforeAll(async () => {
  source = await startTestApp();
  const db = source.app.db;
  sourceAdmin = await signedInClient(source, 'admin');
  ids.dosOjos = await pageIdOf(db, 'cenote-dos-ojos');
  ids.carwash = await pageIdOf(db, 'cenote-carwash');
  ids.trashed = await pageIdOf(db, 'cenote-tak-bi-ha');
  // Dos Ojos: edited and published, so visitors see the new heading.
  await editHeading(sourceAdmin, db, ids.dosOjos, changedHeading);
  const published = await sourceAdmin.post(`/api/v1/pages/${ids.dosOjos}/publish`, {
    version: (await draftOf(sourceAdmin, ids.dosOjos)).version,
  });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  // Carwash: edited (a block and the title) but not published.
  await editHeading(sourceAdmin, db, ids.carwash, draftHeading);
  const retitled = await sourceAdmin.request('PATCH', `/api/v1/pages/${ids.carwash}`, {
    body: { version: (await draftOf(sourceAdmin, ids.carwash)).version, title: draftTitle },
  });
  expect(retitled.status, JSON.stringify(retitled.body)).toBe(200);
  // Tak Bi Ha: in Trash. And a page that was never published.
  expect((await sourceAdmin.request('DELETE', `/api/v1/pages/${ids.trashed}`)).status).toBe(204);
  const created = await sourceAdmin.post<{ page: { id: string } }>('/api/v1/pages', {
    title: 'Notes for the next survey',
    slug: 'notes-for-the-next-survey',
  });
  expect(created.status).toBe(201);
  ids.unpublished = created.body.page.id;
  const [item] = await db.select().from(navigationItems).orderBy(asc(navigationItems.id)).limit(1);
  await db.update(navigationItems).set({ title: 'Renamed for backup' }).where(eq(navigationItems.id, item!.id));
  // A folder tree, so parents-before-children is exercised.
  const [parent] = await db.insert(mediaFolders).values({ name: 'Parent' }).returning();
  await db.insert(mediaFolders).values({ name: 'Child', parent_id: parent!.id });
  // A focal point off the centre, set as an editor sets it.
  const [firstImage] = await db.select().from(images).orderBy(asc(images.id)).limit(1);
  focusedImageId = firstImage!.id;
  const focused = await sourceAdmin.patch(`/api/v1/media/${focusedImageId}`, {
    version: firstImage!.version,
    focal_point: { x: 20, y: 80 },
  });
  expect(focused.status, JSON.stringify(focused.body)).toBe(200);

  const download = await downloadBackup(sourceAdmin);
  expect(download.status).toBe(200);
  archive = download.archive;
  entries = await unpackArchive(archive);

  target = await startTestApp({ seed: false });
  targetAdmin = await signedInClient(target, 'admin');
}, 120_000);
afterAll(async () => {
  await source?.close();
  await target?.close();
});

describe('downloading a backup', () => {
  it('streams a .tar.gz attachment: manifest, one NDJSON file per table, every stored file, end.json', async () => {
    const download = await downloadBackup(sourceAdmin);
    expect(download.headers.get('content-type')).toBe('application/gzip');
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="cenote-atlas-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz"$/,
    );
    expect(download.headers.get('cache-control')).toBe('no-store');

    const names = entries.map((entry) => entry.name);
    expect(names[0]).toBe('manifest.json');
    expect(names.at(-1)).toBe('end.json');
    expect(names.filter((name) => name.startsWith('tables/'))).toEqual(
      [
        'media_folders',
        'images',
        'pages',
        'content_blocks',
        'published_pages',
        'page_revisions',
        'navigation_items',
        'seo_settings',
        'performance_settings',
        'seed_records',
      ].map((table) => `tables/${table}.ndjson`),
    );
    expect(names.some((name) => /users|sessions|tokens|page_search/.test(name))).toBe(false);

    const manifest = JSON.parse(entries[0]!.data.toString('utf8')) as Record<string, unknown>;
    const state = await snapshot(source.app.db);
    expect(manifest).toMatchObject({
      format: 'cenote-atlas-backup',
      version: 3,
      source: { site_title: state.seo[0]!.site_title, url: new URL(source.config.publicUrl).origin },
      tables: {
        pages: state.pages.length,
        content_blocks: state.blocks.length,
        published_pages: state.live.length,
        page_revisions: state.revisions.length,
        navigation_items: state.navigation.length,
        media_folders: state.folders.length,
        images: state.images.length,
      },
    });
    expect(rowsOf(entries, 'pages').map((row) => row['id'])).toEqual(state.pages.map((row) => row.id));

    // Every file the image rows name is in the archive, byte for byte.
    const media = new Map(
      entries.filter((entry) => entry.name.startsWith('media/')).map((entry) => [entry.name.slice(6), entry.data]),
    );
    expect(state.images.length).toBeGreaterThan(0);
    for (const image of state.images) {
      for (const url of [image.original_url, image.webp_url, image.avif_url, image.thumbnail_url]) {
        if (typeof url !== 'string') continue;
        const key = url.slice('/media/'.length);
        expect(media.get(key)?.equals((await bytesOf(source.app.media, key))!), key).toBe(true);
      }
    }
    const end = JSON.parse(entries.at(-1)!.data.toString('utf8')) as { files: number; file_bytes: number };
    expect(end.files).toBe(media.size);
    expect(end.file_bytes).toBe([...media.values()].reduce((total, data) => total + data.length, 0));
  });

  it('leaves no temporary files behind, also when the download is closed midway', async () => {
    const tmp = backupTempRoot(source.config.dataDir);
    const controller = new AbortController();
    const response = await fetch(`${source.url}/api/v1/backup`, {
      headers: { cookie: sourceAdmin.cookieHeader() },
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    controller.abort();
    await reader.cancel().catch(() => {});
    await expect.poll(async () => readdir(tmp), { timeout: 10_000 }).toEqual([]);
    // The server goes on serving backups.
    const again = await downloadBackup(sourceAdmin);
    expect(again.status).toBe(200);
    expect((await unpackArchive(again.archive)).map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
    // Removed once the stream has closed, a moment after the last byte went out.
    await expect.poll(async () => readdir(tmp), { timeout: 10_000 }).toEqual([]);
  });

  it('is for admins only: editors and viewers get 403, anonymous visitors 401 (both routes)', async () => {
    for (const role of ['editor', 'viewer'] as const) {
      const client = await signedInClient(source, role);
      expect((await downloadBackup(client)).status, role).toBe(403);
      const restore = await uploadBackup(client, archive, { dryRun: true });
      expect(restore.status, role).toBe(403);
      expect(restore.body.error?.code).toBe('forbidden');
      expect((await uploadBackup(client, archive)).status, role).toBe(403);
    }
    const anonymous = new ApiClient(source.url);
    expect((await downloadBackup(anonymous)).status).toBe(401);
    expect((await uploadBackup(anonymous, archive, { dryRun: true })).status).toBe(401);
    expect((await uploadBackup(anonymous, archive)).status).toBe(401);
  });
});

describe('restoring a backup', () => {
  it('dry run: reads and checks the whole archive, reports what it holds and changes nothing', async () => {
    const before = await siteState(target);
    const answer = await uploadBackup(targetAdmin, archive, { dryRun: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const state = await snapshot(source.app.db);
    const mediaEntries = entries.filter((entry) => entry.name.startsWith('media/'));
    expect(answer.body).toMatchObject({
      restored: false,
      summary: {
        format_version: 3,
        source: { site_title: state.seo[0]!.site_title, url: new URL(source.config.publicUrl).origin },
        pages: state.pages.length,
        published_pages: state.live.length,
        revisions: state.revisions.length,
        blocks: state.blocks.length,
        navigation_items: state.navigation.length,
        media_folders: state.folders.length,
        images: state.images.length,
        files: mediaEntries.length,
        file_bytes: mediaEntries.reduce((total, entry) => total + entry.data.length, 0),
        seo_settings: true,
        performance_settings: state.performance.length > 0,
        seed_records: state.seedRecords.length,
        warnings: [],
      },
    });
    expect(answer.body.summary?.['created_at']).toBe(
      (JSON.parse(entries[0]!.data.toString('utf8')) as { created_at: string }).created_at,
    );
    expect(await siteState(target)).toEqual(before);
    expect(before.rows.pages).toEqual([]);
  });

  it('restores into a fresh instance: the same pages, blocks, navigation, settings and identical image files', async () => {
    const answer = await uploadBackup(targetAdmin, archive);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.restored).toBe(true);

    const before = await asRestoredInto(await snapshot(source.app.db), target.app.db);
    const after = await snapshot(target.app.db);
    expect(after.pages.length).toBeGreaterThan(0);
    expect(after.pages).toEqual(before.pages);
    expect(after.blocks).toEqual(before.blocks);
    expect(after.live.length).toBeGreaterThan(0);
    expect(after.live).toEqual(before.live);
    expect(after.revisions).toEqual(before.revisions);
    expect(after.navigation).toEqual(before.navigation);
    expect(after.navigation.some((item) => item.title === 'Renamed for backup')).toBe(true);
    expect(after.folders).toEqual(before.folders);
    expect(after.images).toEqual(before.images);
    expect(after.images.find((image) => image.id === focusedImageId)).toMatchObject({ focal_x: 20, focal_y: 80 });
    expect(after.seo).toEqual(before.seo);
    expect(after.performance).toEqual(before.performance);
    expect(after.seedRecords).toEqual(before.seedRecords);

    const sourceFiles = await mediaFiles(source);
    const targetFiles = await mediaFiles(target);
    expect(targetFiles.size).toBeGreaterThan(0);
    expect([...targetFiles.keys()].sort()).toEqual([...sourceFiles.keys()].sort());
    for (const [key, data] of sourceFiles) expect(targetFiles.get(key)?.equals(data), key).toBe(true);
  });

  it('serves the restored pages at once (page cache dropped) and finds them in search', async () => {
    const response = await fetch(`${target.url}/cenote-dos-ojos`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(changedHeading);
    const search = await getJson<{ results: Array<{ path: string }> }>(`${target.url}/api/v1/search?q=angelita`);
    expect(search.body.results.map((result) => result.path)).toContain('/cenote-angelita');
  });

  it('keeps drafts apart from what visitors see, every revision, and Trash', async () => {
    // Carwash: visitors see the live copy, editors the draft with its unpublished changes.
    const [live] = await target.app.db.select().from(publishedPages).where(eq(publishedPages.page_id, ids.carwash));
    const publicPage = await fetch(`${target.url}/cenote-carwash`);
    expect(publicPage.status).toBe(200);
    const html = await publicPage.text();
    const liveHeading = live!.blocks.find((block) => block.block_type === 'text')!.block_data['heading'];
    expect(liveHeading).toBe('From roadside pond to cave gateway');
    expect(html).toContain(liveHeading);
    expect(html).not.toContain('Xibalbaquest');
    const draft = await draftOf(targetAdmin, ids.carwash);
    expect(draft).toMatchObject({ title: draftTitle, has_unpublished_changes: true });
    const blocks = await targetAdmin.get<{ blocks: Array<{ block_data: Record<string, unknown> }> }>(
      `/api/v1/pages/${ids.carwash}/blocks`,
    );
    expect(blocks.body.blocks.map((block) => block.block_data['heading'])).toContain(draftHeading);
    // Search holds the live copies only.
    const search = await getJson<{ results: unknown[] }>(`${target.url}/api/v1/search?q=xibalbaquest`);
    expect(search.body.results).toEqual([]);

    // The same history, page by page.
    for (const id of [ids.dosOjos, ids.carwash, ids.unpublished]) {
      const restored = await revisionsOf(targetAdmin, id);
      expect(restored.length).toBeGreaterThan(0);
      expect(restored).toEqual(await revisionsOf(sourceAdmin, id));
    }
    expect((await revisionsOf(targetAdmin, ids.carwash)).map((revision) => revision.kind)).toEqual(
      expect.arrayContaining(['saved', 'published']),
    );
    expect((await revisionsOf(targetAdmin, ids.unpublished)).map((revision) => revision.kind)).toEqual(['saved']);

    // Tak Bi Ha stays in Trash, with the Spanish translation that went there with it: listed
    // there, gone for visitors and search.
    const trash = await targetAdmin.get<{ items: Array<{ id: string; path: string; deleted_at: string }> }>(
      '/api/v1/trash',
    );
    expect(trash.body.items.map((item) => item.path).sort()).toEqual(['/cenote-tak-bi-ha', '/es/cenote-tak-bi-ha']);
    const trashedItem = trash.body.items.find((item) => item.id === ids.trashed)!;
    expect((await fetch(`${target.url}/es/cenote-tak-bi-ha`)).status).toBe(404);
    expect([404, 410]).toContain((await fetch(`${target.url}/cenote-tak-bi-ha`)).status);
    const trashed = await getJson<{ results: Array<{ path: string }> }>(`${target.url}/api/v1/search?q=tak%20bi%20ha`);
    expect(trashed.body.results.map((result) => result.path)).not.toContain('/cenote-tak-bi-ha');
    // Its purge is scheduled again on the target: 30 days after it went to Trash on the source.
    const [purge] = await target.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `page.purge:${ids.trashed}`));
    expect(purge?.state).toBe('pending');
    expect(purge!.run_at.getTime() - new Date(trashedItem.deleted_at).getTime()).toBe(30 * 24 * 3_600_000);
  });

  it('keeps a revision author where that account exists, and otherwise only the name', async () => {
    const sourceRevisions = await source.app.db.select().from(pageRevisions);
    const authored = sourceRevisions.filter((row) => row.author_id !== null);
    expect(authored.length).toBeGreaterThan(0);
    const authorId = authored[0]!.author_id!;
    const byAuthor = async () =>
      target.app.db.select().from(pageRevisions).where(eq(pageRevisions.author_name, authored[0]!.author_name));
    // The source's admin has no account here: the id is cleared, the name kept.
    expect((await byAuthor()).map((row) => row.author_id)).toEqual(authored.map(() => null));
    // Once an account with that id exists here, a restore keeps it.
    await target.app.db.insert(users).values({
      id: authorId,
      email: 'source-admin@example.com',
      password_hash: 'no password: never signs in',
      full_name: 'Source admin',
      role: 'editor',
    });
    expect((await uploadBackup(targetAdmin, archive)).status).toBe(200);
    expect((await byAuthor()).map((row) => row.author_id)).toEqual(authored.map(() => authorId));
  });

  it('replaces content and media but keeps the people: accounts and sessions survive, old-only files go', async () => {
    // The target gets content of its own: a page, a cached copy of a page, an uploaded image.
    const extra = await targetAdmin.post<{ page: { id: string } }>('/api/v1/pages', {
      title: 'Only on the target',
      slug: 'only-on-the-target',
      is_published: true,
    });
    expect(extra.status).toBe(201);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await testPicture(640, 480))], { type: 'image/jpeg' }), 'extra.jpg');
    const uploaded = await fetch(`${target.url}/api/v1/media`, {
      method: 'POST',
      headers: { cookie: targetAdmin.cookieHeader(), 'x-csrf-token': targetAdmin.csrfToken ?? '' },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const extraImage = ((await uploaded.json()) as { images: Array<{ original_url: string }> }).images[0]!;
    expect((await mediaFiles(target)).has(extraImage.original_url.slice(7))).toBe(true);
    expect((await fetch(`${target.url}/only-on-the-target`)).status).toBe(200);
    const editor = await signedInClient(target, 'editor');

    const answer = await uploadBackup(targetAdmin, archive);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);

    expect((await fetch(`${target.url}/only-on-the-target`)).status).toBe(404);
    const files = await mediaFiles(target);
    expect([...files.keys()].some((key) => key.startsWith('u/'))).toBe(false);
    expect([...files.keys()].sort()).toEqual([...(await mediaFiles(source)).keys()].sort());
    expect(await snapshot(target.app.db)).toEqual(await asRestoredInto(await snapshot(source.app.db), target.app.db));
    expect(await readdir(backupTempRoot(target.config.dataDir))).toEqual([]);
    // Both sessions still work: the people were kept.
    expect((await targetAdmin.session()).body.user?.role).toBe('admin');
    expect((await editor.session()).body.user?.role).toBe('editor');
  });
});

describe('refusing a bad archive: 400 naming the problem, nothing changed', () => {
  async function expectRefused(bad: Buffer, message: RegExp | string, options: { alsoDryRun?: boolean } = {}) {
    const before = await siteState(target);
    for (const dryRun of options.alsoDryRun ? [true, false] : [false]) {
      const answer = await uploadBackup(targetAdmin, bad, { dryRun });
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(answer.body.error?.field).toBe('file');
      if (typeof message === 'string') expect(answer.body.error?.message).toBe(message);
      else expect(answer.body.error?.message).toMatch(message);
    }
    expect(await siteState(target)).toEqual(before);
  }
  const pageRow = () => rowsOf(entries, 'pages').find((row) => row['slug'] === 'cenote-dos-ojos')!;

  it('a javascript: canonical URL', async () => {
    const page = pageRow();
    const bad = await withRows(entries, 'pages', (rows) =>
      rows.map((row) => (row['id'] === page['id'] ? { ...row, canonical_url: 'javascript:alert(1)' } : row)),
    );
    await expectRefused(
      bad,
      `pages row 'cenote-dos-ojos' (id ${String(page['id'])}): canonical_url: Use a full address starting with https:// (or http://)`,
      { alsoDryRun: true },
    );
  });

  it('a javascript: og:image and a data: link in a hero block', async () => {
    const page = pageRow();
    await expectRefused(
      await withRows(entries, 'pages', (rows) =>
        rows.map((row) => (row['id'] === page['id'] ? { ...row, og_image: 'javascript:alert(1)' } : row)),
      ),
      /^pages row 'cenote-dos-ojos' \(id [0-9a-f-]{36}\): og_image: /,
    );
    await expectRefused(
      await withRows(entries, 'content_blocks', (rows) =>
        rows.map((row) =>
          row['block_type'] === 'hero'
            ? { ...row, block_data: { ...(row['block_data'] as object), ctaLink: 'data:text/html,<script>' } }
            : row,
        ),
      ),
      /^content_blocks row \(id [0-9a-f-]{36}, hero block on page '[a-z0-9-]+'\): block_data\.ctaLink: Use a site path/,
    );
  });

  it('a reserved slug', async () => {
    const page = pageRow();
    await expectRefused(
      await withRows(entries, 'pages', (rows) =>
        rows.map((row) => (row['id'] === page['id'] ? { ...row, slug: 'admin' } : row)),
      ),
      `pages row 'admin' (id ${String(page['id'])}): slug: That slug is reserved for the site itself; choose another`,
    );
  });

  it('a block whose page is missing, a navigation item whose parent is missing, an unknown block type', async () => {
    const missing = '00000000-0000-4000-8000-000000000001';
    await expectRefused(
      await withRows(entries, 'content_blocks', (rows) => [
        ...rows,
        { ...rows[0]!, id: '00000000-0000-4000-8000-0000000000b1', page_id: missing },
      ]),
      `content_blocks row (id 00000000-0000-4000-8000-0000000000b1, ${String(rowsOf(entries, 'content_blocks')[0]!['block_type'])} block): page_id: the page ${missing} is not in the backup`,
    );
    await expectRefused(
      await withRows(entries, 'navigation_items', (rows) =>
        rows.map((row, index) => (index === 0 ? { ...row, parent_id: missing } : row)),
      ),
      /^navigation_items row '.+' \(id [0-9a-f-]{36}\): parent_id: the parent item 0{8}-0000-4000-8000-0{11}1 is not in the backup$/,
    );
    await expectRefused(
      await withRows(entries, 'content_blocks', (rows) =>
        rows.map((row, index) => (index === 0 ? { ...row, block_type: 'marquee' } : row)),
      ),
      /block_type: there is no block type "marquee"$/,
    );
  });

  it('a revision whose snapshot holds a hero block with a javascript: link', async () => {
    type Snapshot = { page: object; blocks: Array<{ block_type: string; block_data: object }> };
    const revision = rowsOf(entries, 'page_revisions').find((row) =>
      (row['snapshot'] as Snapshot).blocks.some((block) => block.block_type === 'hero'),
    )!;
    const snapshotOf = (row: Record<string, unknown>) => row['snapshot'] as Snapshot;
    const hero = snapshotOf(revision).blocks.findIndex((block) => block.block_type === 'hero');
    const slug = rowsOf(entries, 'pages').find((row) => row['id'] === revision['page_id'])!['slug'] as string;
    const bad = await withRows(entries, 'page_revisions', (rows) =>
      rows.map((row) =>
        row['id'] === revision['id']
          ? {
              ...row,
              snapshot: {
                ...snapshotOf(row),
                blocks: snapshotOf(row).blocks.map((block, index) =>
                  index === hero
                    ? { ...block, block_data: { ...block.block_data, ctaLink: 'javascript:alert(1)' } }
                    : block,
                ),
              },
            }
          : row,
      ),
    );
    await expectRefused(
      bad,
      new RegExp(
        `^page_revisions row \\(id ${String(revision['id'])}, revision ${String(revision['number'])} of page '${slug}'\\): snapshot\\.blocks\\.${hero}\\.block_data\\.ctaLink: Use a site path`,
      ),
      { alsoDryRun: true },
    );
  });

  it('a live copy with an invalid block field, or naming a revision the backup does not hold', async () => {
    const live = rowsOf(entries, 'published_pages').find((row) => row['slug'] === 'cenote-dos-ojos')!;
    type Block = { block_type: string; block_data: object };
    const hero = (live['blocks'] as Block[]).findIndex((block) => block.block_type === 'hero');
    await expectRefused(
      await withRows(entries, 'published_pages', (rows) =>
        rows.map((row) =>
          row['page_id'] === live['page_id']
            ? {
                ...row,
                blocks: (row['blocks'] as Block[]).map((block, index) =>
                  index === hero ? { ...block, block_data: { ...block.block_data, overlay: 'neon' } } : block,
                ),
              }
            : row,
        ),
      ),
      new RegExp(
        `^published_pages row 'cenote-dos-ojos' \\(page_id ${String(live['page_id'])}\\): blocks\\.${hero}\\.block_data\\.overlay: `,
      ),
    );
    const missing = '00000000-0000-4000-8000-0000000000f1';
    await expectRefused(
      await withRows(entries, 'published_pages', (rows) =>
        rows.map((row) => (row['page_id'] === live['page_id'] ? { ...row, revision_id: missing } : row)),
      ),
      `published_pages row 'cenote-dos-ojos' (page_id ${String(live['page_id'])}): revision_id: the backup holds no published revision ${missing} of this page`,
    );
  });

  it('a truncated archive, one without its end, random bytes, a gzip that is not a backup, a newer version', async () => {
    await expectRefused(
      archive.subarray(0, Math.floor(archive.length / 2)),
      /^The backup archive is damaged or incomplete \(it ends too early\)/,
      { alsoDryRun: true },
    );
    await expectRefused(
      await packArchive(entries.filter((entry) => entry.name !== 'end.json')),
      /^The backup archive is damaged or incomplete \(end\.json is missing/,
    );
    await expectRefused(randomBytes(4096), 'The file is not a Cenote Atlas backup (it is not gzip-compressed).');
    await expectRefused(
      gzipSync(Buffer.from('name,depth\nDos Ojos,10\n'.repeat(100))),
      /^The file is not a Cenote Atlas backup \(expected a \.tar\.gz/,
    );
    const future = entries.map((entry) =>
      entry.name === 'manifest.json'
        ? { name: entry.name, data: Buffer.from(JSON.stringify({ ...JSON.parse(entry.data.toString()), version: 4 })) }
        : entry,
    );
    await expectRefused(await packArchive(future), /^Unsupported backup version 4/);
  });

  it('a media file that is not the image its name says', async () => {
    const media = entries.find((entry) => entry.name.endsWith('.jpg'))!;
    const bad = entries.map((entry) =>
      entry === media ? { name: entry.name, data: Buffer.from('<html><script>alert(1)</script></html>') } : entry,
    );
    const files = bad.filter((entry) => entry.name.startsWith('media/'));
    bad[bad.length - 1] = {
      name: 'end.json',
      data: Buffer.from(
        JSON.stringify({
          files: files.length,
          file_bytes: files.reduce((total, entry) => total + entry.data.length, 0),
        }),
      ),
    };
    await expectRefused(await packArchive(bad), /^The backup's media file .+\.jpg is not the image its name says/);
  });

  it('an upload without a file, or not multipart', async () => {
    if (!targetAdmin.csrfToken) await targetAdmin.session();
    const empty = await fetch(`${target.url}/api/v1/backup/restore?dry_run=true`, {
      method: 'POST',
      headers: { cookie: targetAdmin.cookieHeader(), 'x-csrf-token': targetAdmin.csrfToken ?? '' },
      body: new FormData(),
    });
    expect(empty.status).toBe(400);
    const json = await targetAdmin.post<{ error: { code: string } }>('/api/v1/backup/restore', {});
    expect(json.status).toBe(415);
  });
});

describe('rich text is sanitized the way the API does it', () => {
  it('a <script> in a text block is removed (and reported), the rest of the text kept', async () => {
    const block = rowsOf(entries, 'content_blocks').find((row) => row['block_type'] === 'text')!;
    const data = block['block_data'] as { content: string };
    const bad = await withRows(entries, 'content_blocks', (rows) =>
      rows.map((row) =>
        row['id'] === block['id']
          ? {
              ...row,
              block_data: {
                ...data,
                content: `<p>Still here.</p><script>alert(1)</script><p><a href="javascript:alert(2)">link</a></p>`,
              },
            }
          : row,
      ),
    );
    const dryRun = await uploadBackup(targetAdmin, bad, { dryRun: true });
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
    expect(dryRun.body.summary?.warnings).toEqual([
      expect.stringMatching(
        new RegExp(
          `^content_blocks row \\(id ${String(block['id'])}, text block on page '.+'\\): block_data\\.content: markup`,
        ),
      ),
    ]);
    const restored = await uploadBackup(targetAdmin, bad);
    expect(restored.status).toBe(200);
    const [row] = await target.app.db
      .select()
      .from(contentBlocks)
      .where(eq(contentBlocks.id, String(block['id'])));
    expect(row!.block_data['content']).toBe('<p>Still here.</p><p>link</p>');
    // Back to the clean archive for the tests after this one.
    expect((await uploadBackup(targetAdmin, archive)).status).toBe(200);
  });
});

describe('archives made before drafts (version 2: no live copies, no revisions)', () => {
  it('restore: every published page goes live from its draft with one first revision, as the migration did', async () => {
    const old = await beforeDrafts(entries);
    const sourcePages = rowsOf(entries, 'pages');
    const published = sourcePages.filter((row) => row['is_published'] === true);
    const dryRun = await uploadBackup(targetAdmin, old, { dryRun: true });
    expect(dryRun.status, JSON.stringify(dryRun.body)).toBe(200);
    expect(dryRun.body.summary).toMatchObject({
      format_version: 2,
      pages: sourcePages.length,
      published_pages: published.length,
      revisions: 0,
    });

    const answer = await uploadBackup(targetAdmin, old);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const db = target.app.db;
    const restored = await db.select().from(pages);
    const live = await db.select().from(publishedPages);
    const revisions = await db.select().from(pageRevisions);
    expect(live.map((row) => row.page_id).sort()).toEqual(published.map((row) => row['id']).sort());
    expect(revisions).toHaveLength(restored.length);
    for (const page of restored) {
      const [revision] = revisions.filter((row) => row.page_id === page.id);
      expect(revision, page.slug).toMatchObject({
        number: 1,
        kind: page.is_published ? 'published' : 'saved',
        author_id: null,
        author_name: 'Cenote Atlas',
        note: 'The page as it was before drafts and revisions existed',
        created_at: page.updated_at,
      });
      expect(page.has_unpublished_changes).toBe(false);
      if (page.is_published) {
        const copy = live.find((row) => row.page_id === page.id)!;
        expect(copy).toMatchObject({ revision_id: revision!.id, slug: page.slug, title: page.title });
        expect(copy.published_at).toEqual(page.updated_at);
        expect(page.published_at).toEqual(page.updated_at);
      }
    }
    // The API and visitors see the same: one revision; the draft is what went live.
    expect(await revisionsOf(targetAdmin, ids.dosOjos)).toEqual([
      {
        number: 1,
        kind: 'published',
        author: 'Cenote Atlas',
        note: 'The page as it was before drafts and revisions existed',
      },
    ]);
    expect((await revisionsOf(targetAdmin, ids.unpublished)).map((revision) => revision.kind)).toEqual(['saved']);
    const carwash = await fetch(`${target.url}/cenote-carwash`);
    expect(carwash.status).toBe(200);
    expect(await carwash.text()).toContain(draftHeading);
    // Archives before Trash had no Trash: that page is simply published again.
    expect((await fetch(`${target.url}/cenote-tak-bi-ha`)).status).toBe(200);
    const search = await getJson<{ results: Array<{ path: string }> }>(`${target.url}/api/v1/search?q=angelita`);
    expect(search.body.results.map((result) => result.path)).toContain('/cenote-angelita');

    // Back to the current archive for the tests after this one.
    expect((await uploadBackup(targetAdmin, archive)).status).toBe(200);
  });
});

describe('version-1 archives (one JSON document)', () => {
  it('are still read when small: rows pass the same checks', async () => {
    const tables = Object.fromEntries(
      [
        'pages',
        'content_blocks',
        'navigation_items',
        'media_folders',
        'images',
        'seo_settings',
        'performance_settings',
        'seed_records',
      ].map((table) => [table, table === 'images' ? [] : rowsOf(entries, table)]),
    );
    // Without images (their files would make it large), so no navigation item may point at one.
    tables['navigation_items'] = (tables['navigation_items'] as Array<Record<string, unknown>>).map((row) => ({
      ...row,
      image_id: null,
    }));
    const v1 = gzipSync(
      JSON.stringify({
        format: 'cenote-atlas-backup',
        version: 1,
        createdAt: '2026-01-02T03:04:05.000Z',
        tables,
        media: {},
      }),
    );
    const answer = await uploadBackup(targetAdmin, v1, { dryRun: true });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.summary).toMatchObject({
      format_version: 1,
      created_at: '2026-01-02T03:04:05.000Z',
      pages: rowsOf(entries, 'pages').length,
      images: 0,
    });
    const page = (tables['pages'] as Array<Record<string, unknown>>)[0]!;
    page['canonical_url'] = 'javascript:alert(1)';
    const bad = gzipSync(
      JSON.stringify({
        format: 'cenote-atlas-backup',
        version: 1,
        createdAt: '2026-01-02T03:04:05.000Z',
        tables,
        media: {},
      }),
    );
    const refused = await uploadBackup(targetAdmin, bad, { dryRun: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.message).toMatch(/^pages row '.+' \(id .+\): canonical_url: /);
  });
});

describe('the command line', () => {
  it('imports into an empty data folder, refuses a non-empty one without --replace, exports the same archive', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-backup-cli-'));
    // The CLI works on the driver under test: a fresh PostgreSQL database on api-postgres, the data
    // folder's embedded database on api-pglite.
    const postgres = testDriver() === 'postgres' ? await createPostgresDatabase() : undefined;
    try {
      const input = path.join(dataDir, 'in.tar.gz');
      const output = path.join(dataDir, 'out.tar.gz');
      await writeFile(input, archive);
      const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
      delete env.DATABASE_URL;
      if (postgres) env.DATABASE_URL = postgres.url;
      const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
      const cli = (args: string[]) =>
        run(tsx, ['src/cli/cli.ts', ...args], { cwd: projectRoot, env }).catch(
          (error: { stdout: string; stderr: string; code: number }) => error,
        );
      const dry = await cli(['import', '--in', input, '--dry-run']);
      expect(dry.stdout).toMatch(/^The backup holds \d+ pages/);
      const imported = await cli(['import', '--in', input]);
      expect(imported.stdout).toMatch(/^Imported \d+ pages/);
      const again = await cli(['import', '--in', input]);
      expect(again).toMatchObject({ code: 1 });
      expect(again.stderr).toContain('The target site already has content');
      const replaced = await cli(['import', '--in', input, '--replace']);
      expect(replaced.stdout).toMatch(/^Imported \d+ pages/);
      const exported = await cli(['export', '--out', output]);
      expect(exported.stdout.trim()).toMatch(/^Backup written to .+ media files\)\.$/);
      const second = await unpackArchive(await readFile(output));
      expect(second.map((entry) => entry.name)).toEqual(entries.map((entry) => entry.name));
      for (const table of [
        'pages',
        'content_blocks',
        'published_pages',
        'navigation_items',
        'images',
        'media_folders',
        'seed_records',
      ]) {
        expect(rowsOf(second, table), table).toEqual(rowsOf(entries, table));
      }
      // The data folder has no accounts: revision authors keep their names only.
      expect(rowsOf(second, 'page_revisions')).toEqual(
        rowsOf(entries, 'page_revisions').map((row) => ({ ...row, author_id: null })),
      );
      for (const entry of entries.filter((candidate) => candidate.name.startsWith('media/'))) {
        expect(second.find((candidate) => candidate.name === entry.name)?.data.equals(entry.data), entry.name).toBe(
          true,
        );
      }
    } finally {
      await postgres?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
