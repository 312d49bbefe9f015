import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pagesChangedChannel } from '../../src/features/pages/editor-read-cache.server';
import { pages } from '../../src/features/pages/pages.table';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { createPublishedPage } from '../helpers/publish';
import { awaitDatabaseSignals, testDriver } from '../helpers/test-database';

/**
 * ADR 044: what editors read of pages and blocks (the page list, one page, its blocks) is answered
 * from memory until pages or blocks change. Every kind of write must show in the next read its
 * author makes, and writes from elsewhere (the CLI, another instance: straight into the database
 * here) must show too.
 */

interface ListedPage {
  id: string;
  title: string;
  locale: string;
  has_unpublished_changes: boolean;
  translations?: Array<{ locale: string }>;
  blocks?: Array<{ id: string; block_type: string; is_active: boolean }>;
}

let server: TestApp;
let editor: ApiClient;
let pageId: string;
const slug = 'list-cache-dives';

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
  pageId = await createPublishedPage(editor, { title: 'List cache dives', slug }, [
    ['text', { content: '<p>Before the first dive.</p>' }],
  ]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function listed(client = editor, query = '?include=blocks'): Promise<ListedPage> {
  const response = await client.get<{ pages: ListedPage[] }>(`/api/v1/pages${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const page = response.body.pages.find((candidate) => candidate.id === pageId);
  expect(page, 'the page is in the list').toBeDefined();
  return page!;
}

async function current(): Promise<{ version: number; title: string }> {
  const response = await editor.get<{ page: { version: number; title: string } }>(`/api/v1/pages/${pageId}`);
  expect(response.status).toBe(200);
  return response.body.page;
}

async function firstBlock(): Promise<{ id: string; version: number; block_data: Record<string, unknown> }> {
  const response = await editor.get<{
    blocks: Array<{ id: string; version: number; block_data: Record<string, unknown> }>;
  }>(`/api/v1/pages/${pageId}/blocks`);
  expect(response.status).toBe(200);
  return response.body.blocks[0]!;
}

describe('what editors read, kept in memory', () => {
  it('answers a repeated read from memory, with the same body as the first', async () => {
    await awaitDatabaseSignals(server.app.db, pagesChangedChannel, server.app.editorReadCache);
    server.app.editorReadCache.invalidate();
    const first = await editor.get<unknown>('/api/v1/pages?include=blocks');
    expect(server.app.editorReadCache.size).toBe(1);
    const second = await editor.get<unknown>('/api/v1/pages?include=blocks');
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // Each query is its own list; an admin reads the list editors read.
    await listed(editor, '?include=blocks&q=cache');
    expect(server.app.editorReadCache.size).toBe(2);
    const admin = await signedInClient(server, 'admin');
    expect((await admin.get<unknown>('/api/v1/pages?include=blocks')).body).toEqual(first.body);
  });

  it('never serves a visitor the editors’ list', async () => {
    await listed();
    const response = await fetch(`${server.url}/api/v1/pages?include=blocks`);
    const body = (await response.json()) as { pages: Array<Record<string, unknown>> };
    const page = body.pages.find((candidate) => candidate['id'] === pageId);
    expect(page).toBeDefined();
    expect(page).not.toHaveProperty('has_unpublished_changes');
    expect(page).not.toHaveProperty('blocks');
  });

  it('shows a saved title, a saved block, a new block, a publish and a translation at once', async () => {
    await listed();
    const renamed = await editor.patch(`/api/v1/pages/${pageId}`, {
      version: (await current()).version,
      title: 'List cache dives, renamed',
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await listed()).toMatchObject({ title: 'List cache dives, renamed', has_unpublished_changes: true });

    const block = await firstBlock();
    const saved = await editor.patch(`/api/v1/blocks/${block.id}`, { version: block.version, is_active: false });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await listed()).blocks).toEqual([expect.objectContaining({ id: block.id, is_active: false })]);

    const added = await editor.post(`/api/v1/pages/${pageId}/blocks`, {
      block_type: 'quote',
      block_data: { quote: 'Slow is smooth.', author: 'A cave instructor' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await listed()).blocks?.map((summary) => summary.block_type)).toEqual(['text', 'quote']);

    const published = await editor.post(`/api/v1/pages/${pageId}/publish`, { version: (await current()).version });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    expect(await listed()).toMatchObject({ has_unpublished_changes: false });

    const translated = await editor.post(`/api/v1/pages/${pageId}/translations`, { locale: 'es' });
    expect(translated.status, JSON.stringify(translated.body)).toBe(201);
    expect((await listed()).translations?.map((translation) => translation.locale)).toContain('es');
  });

  it('answers one page and its blocks from memory, with the version a save must send', async () => {
    await awaitDatabaseSignals(server.app.db, pagesChangedChannel, server.app.editorReadCache);
    server.app.editorReadCache.invalidate();
    const page = await current();
    const blocks = await editor.get<unknown>(`/api/v1/pages/${pageId}/blocks`);
    expect(server.app.editorReadCache.size).toBe(2);
    expect((await editor.get<unknown>(`/api/v1/pages/${pageId}/blocks`)).body).toEqual(blocks.body);
    expect(await current()).toEqual(page);

    // A save answers the new version; the page read next must carry it, or the following save
    // would be refused as a conflict.
    const saved = await editor.patch<{ page: { version: number } }>(`/api/v1/pages/${pageId}`, {
      version: page.version,
      meta_description: 'Two dives, one list.',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await current()).version).toBe(saved.body.page.version);
    const block = await firstBlock();
    const edited = await editor.patch<{ block: { version: number } }>(`/api/v1/blocks/${block.id}`, {
      version: block.version,
      block_data: { ...block.block_data, content: '<p>After the second dive.</p>' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(await firstBlock()).toMatchObject({
      version: edited.body.block.version,
      block_data: { content: '<p>After the second dive.</p>' },
    });
    // A page that does not exist is not kept: it answers 404 each time. On PostgreSQL the saves'
    // own notifications arrive later and empty the memory; wait for them before filling it again.
    await awaitDatabaseSignals(server.app.db, pagesChangedChannel, server.app.editorReadCache);
    await current();
    await firstBlock();
    const missing = `/api/v1/pages/00000000-0000-4000-8000-000000000000`;
    expect((await editor.get(missing)).status).toBe(404);
    expect((await editor.get(`${missing}/blocks`)).status).toBe(404);
    expect(server.app.editorReadCache.size).toBe(2);
  });

  it('drops a page moved to Trash from the list, and brings it back when restored', async () => {
    await listed();
    const trashed = await editor.delete(`/api/v1/pages/${pageId}`);
    expect(trashed.status, JSON.stringify(trashed.body)).toBe(204);
    const after = await editor.get<{ pages: ListedPage[] }>('/api/v1/pages');
    expect(after.body.pages.some((page) => page.id === pageId)).toBe(false);
    const restored = await editor.post(`/api/v1/pages/${pageId}/restore`, {});
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    await listed(editor, '');
  });

  it('shows writes made outside this server’s requests (the CLI, another instance, a job)', async () => {
    await listed();
    await current();
    await server.app.db.update(pages).set({ title: 'Renamed from elsewhere' }).where(eq(pages.id, pageId));
    if (testDriver() === 'pglite') {
      // The embedded database signals before the write returns: the very next read is fresh.
      expect((await listed()).title).toBe('Renamed from elsewhere');
      expect((await current()).title).toBe('Renamed from elsewhere');
    } else {
      // A server signals on the listening connection, a moment after the commit.
      await expect.poll(async () => (await listed()).title, { timeout: 5_000 }).toBe('Renamed from elsewhere');
      expect((await current()).title).toBe('Renamed from elsewhere');
    }
    await listed();
    await server.app.db.update(contentBlocks).set({ is_active: true }).where(eq(contentBlocks.page_id, pageId));
    await expect
      .poll(async () => (await listed()).blocks?.every((summary) => summary.is_active), { timeout: 5_000 })
      .toBe(true);
  });

  if (testDriver() === 'postgres') {
    it('shows a save made through another instance on the same database', async () => {
      const other = await startTestApp({ seed: false, data: server.data });
      try {
        const onOther = await signedInClient(other, 'editor');
        const before = await onOther.get<{ pages: ListedPage[] }>('/api/v1/pages');
        expect(before.body.pages.some((page) => page.id === pageId)).toBe(true);
        const renamed = await editor.patch(`/api/v1/pages/${pageId}`, {
          version: (await current()).version,
          title: 'Renamed on the first instance',
        });
        expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
        await expect
          .poll(async () => (await listed(onOther, '')).title, { timeout: 5_000 })
          .toBe('Renamed on the first instance');
      } finally {
        await other.close({ keepData: true });
      }
    });
  }
});
