import { trashPurgeOrigin } from '../../src/features/publishing/page-events.server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { pages } from '../../src/features/pages/pages.table';
import { purgePage } from '../../src/features/pages/trash.service.server';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { signedInClient, type ApiClient, type ErrorBody } from '../helpers/auth';

interface Page {
  id: string;
  slug: string;
  title: string;
  version: number;
  is_published: boolean;
}
interface Block {
  id: string;
  block_type: string;
  block_order: number;
  block_data: Record<string, unknown>;
  is_active: boolean;
  version: number;
}

let server: TestApp;
let editor: ApiClient;

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
});
afterAll(async () => {
  await server.close();
});

async function createPage(slug: string, title = 'Test page') {
  const response = await editor.post<{ page: Page }>('/api/v1/pages', { title, slug, excerpt: 'About it' });
  expect(response.status).toBe(201);
  return response.body.page;
}

async function addBlock(pageId: string, block_type: string, block_data: Record<string, unknown> = {}) {
  const response = await editor.post<{ block: Block }>(`/api/v1/pages/${pageId}/blocks`, { block_type, block_data });
  expect(response.status).toBe(201);
  return response.body.block;
}

const orders = async (pageId: string) => {
  const response = await editor.get<{ blocks: Block[] }>(`/api/v1/pages/${pageId}/blocks`);
  return response.body.blocks.map((block) => [block.block_type, block.block_order]);
};

describe('pages', () => {
  it('creates, reads, updates and deletes a page', async () => {
    const page = await createPage('cenote-test-one', 'Cenote Test One');
    expect(page).toMatchObject({ slug: 'cenote-test-one', is_published: false, version: 1 });
    const read = await editor.get<{ page: Page }>(`/api/v1/pages/${page.id}`);
    expect(read.body.page.title).toBe('Cenote Test One');
    const updated = await editor.request<{ page: Page }>('PATCH', `/api/v1/pages/${page.id}`, {
      body: { version: 1, title: 'Renamed', is_published: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.page).toMatchObject({ title: 'Renamed', is_published: true, version: 2 });
    const removed = await editor.request('DELETE', `/api/v1/pages/${page.id}`);
    expect(removed.status).toBe(204);
    expect((await editor.get(`/api/v1/pages/${page.id}`)).status).toBe(404);
  });

  it('refuses bad slugs and a taken slug with messages that name the field', async () => {
    await createPage('taken-slug', 'The Owner');
    const taken = await editor.post<ErrorBody>('/api/v1/pages', { title: 'Another', slug: 'taken-slug' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toEqual({
      code: 'slug_taken',
      message: 'That slug is already used by "The Owner".',
      field: 'slug',
    });
    for (const slug of ['Has Caps', '/leading', 'a--b', 'admin', 'x'.repeat(101), 'ünïcode', '..']) {
      const bad = await editor.post<ErrorBody>('/api/v1/pages', { title: 'Bad', slug });
      expect(bad.status, slug).toBe(400);
      expect(bad.body.error.field, slug).toBe('slug');
    }
    const noTitle = await editor.post<ErrorBody>('/api/v1/pages', { title: '  ', slug: 'no-title' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.error.field).toBe('title');
  });

  it('refuses a stale version with 409 and changes nothing', async () => {
    const page = await createPage('conflict-page');
    const first = await editor.request('PATCH', `/api/v1/pages/${page.id}`, {
      body: { version: 1, title: 'First save' },
    });
    expect(first.status).toBe(200);
    const second = await editor.request<ErrorBody>('PATCH', `/api/v1/pages/${page.id}`, {
      body: { version: 1, title: 'Second save' },
    });
    expect(second.status).toBe(409);
    expect(second.body.error).toMatchObject({
      code: 'version_conflict',
      message: 'This was changed by someone else. Reload to see their changes.',
    });
    const [row] = await server.app.db.select().from(pages).where(eq(pages.id, page.id));
    expect(row?.title).toBe('First save');
  });

  it('deleting a page moves it to Trash with its blocks; the purge deletes them', async () => {
    const page = await createPage('cascade-api');
    await addBlock(page.id, 'hero');
    await addBlock(page.id, 'quote');
    expect((await editor.request('DELETE', `/api/v1/pages/${page.id}`)).status).toBe(204);
    const blocksOf = () => server.app.db.select().from(contentBlocks).where(eq(contentBlocks.page_id, page.id));
    expect(await blocksOf()).toHaveLength(2);
    expect((await editor.get(`/api/v1/pages/${page.id}`)).status).toBe(404);
    expect(await purgePage(server.app.db, page.id, trashPurgeOrigin)).toBe(true);
    expect(await blocksOf()).toEqual([]);
  });

  it('lists drafts with their block summaries for editors only', async () => {
    const page = await createPage('draft-listed');
    await addBlock(page.id, 'text');
    const list = await editor.get<{ pages: Array<Page & { blocks: Block[] }> }>('/api/v1/pages?include=blocks');
    const listed = list.body.pages.find((candidate) => candidate.id === page.id);
    expect(listed?.blocks.map((block) => block.block_type)).toEqual(['text']);
    const anonymous = await fetch(`${server.url}/api/v1/pages`).then(
      (response) => response.json() as Promise<{ pages: Page[] }>,
    );
    expect(anonymous.pages.some((candidate) => candidate.id === page.id)).toBe(false);
  });
});

describe('blocks', () => {
  it('adds blocks last with sample defaults, active, and requires a type', async () => {
    const page = await createPage('blocks-defaults');
    const hero = await addBlock(page.id, 'hero', { title: '' });
    const text = await addBlock(page.id, 'text');
    expect(hero).toMatchObject({ block_order: 1, is_active: true });
    expect(hero.block_data['title']).toBe('Welcome to Our Site');
    expect(text).toMatchObject({ block_order: 2 });
    expect(text.block_data['heading']).toBe('Section Heading');
    const missing = await editor.post<ErrorBody>(`/api/v1/pages/${page.id}/blocks`, { block_type: '' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ message: 'Please select a block type.', field: 'block_type' });
  });

  it('validates block data against its type and names the field', async () => {
    const page = await createPage('blocks-validation');
    const bad = await editor.post<ErrorBody>(`/api/v1/pages/${page.id}/blocks`, {
      block_type: 'cards',
      block_data: { cards: [{ title: 'ok' }, { title: '' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('block_data.cards.1.title');
    const link = await editor.post<ErrorBody>(`/api/v1/pages/${page.id}/blocks`, {
      block_type: 'hero',
      block_data: { ctaLink: 'javascript:alert(1)' },
    });
    expect(link.status).toBe(400);
    expect(link.body.error.field).toBe('block_data.ctaLink');
  });

  it('sanitizes rich text on save', async () => {
    const page = await createPage('blocks-sanitize');
    const block = await addBlock(page.id, 'text', { content: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(block.block_data['content']).toBe('<p>Hi</p>');
  });

  it('caps block data at 256 KB', async () => {
    const page = await createPage('blocks-cap');
    const block = await addBlock(page.id, 'text');
    const huge = await editor.request<ErrorBody>('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, block_data: { content: 'x'.repeat(300 * 1024) } },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.field).toBe('block_data');
  });

  it('reorders in one call with orders 1..n, and refuses an incomplete order', async () => {
    const page = await createPage('blocks-order');
    const a = await addBlock(page.id, 'hero');
    const b = await addBlock(page.id, 'text');
    const c = await addBlock(page.id, 'quote');
    const reordered = await editor.request<{ blocks: Block[] }>('PUT', `/api/v1/pages/${page.id}/blocks/order`, {
      body: { ids: [c.id, a.id, b.id] },
    });
    expect(reordered.status).toBe(200);
    expect(await orders(page.id)).toEqual([
      ['quote', 1],
      ['hero', 2],
      ['text', 3],
    ]);
    for (const ids of [
      [c.id, a.id],
      [c.id, a.id, b.id, b.id],
      [c.id, a.id, '00000000-0000-4000-8000-000000000000'],
    ]) {
      const bad = await editor.request<ErrorBody>('PUT', `/api/v1/pages/${page.id}/blocks/order`, { body: { ids } });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBe('order_mismatch');
    }
    expect((await orders(page.id)).map(([, order]) => order)).toEqual([1, 2, 3]);
  });

  it('adds a block right after another (after_id): later blocks move down, orders stay 1..n', async () => {
    const page = await createPage('blocks-insert');
    const a = await addBlock(page.id, 'hero');
    const b = await addBlock(page.id, 'text', { heading: 'Second' });
    await addBlock(page.id, 'quote');
    const inserted = await editor.post<{ block: Block }>(`/api/v1/pages/${page.id}/blocks`, {
      block_type: 'cta',
      block_data: {},
      after_id: a.id,
    });
    expect(inserted.status).toBe(201);
    expect(inserted.body.block).toMatchObject({ block_type: 'cta', block_order: 2, is_active: true });
    expect(await orders(page.id)).toEqual([
      ['hero', 1],
      ['cta', 2],
      ['text', 3],
      ['quote', 4],
    ]);

    // Duplicate: the same type and data, right after the original.
    const copy = await editor.post<{ block: Block }>(`/api/v1/pages/${page.id}/blocks`, {
      block_type: b.block_type,
      block_data: b.block_data,
      after_id: b.id,
    });
    expect(copy.status).toBe(201);
    expect(copy.body.block.block_data).toEqual(b.block_data);
    const listed = (await editor.get<{ blocks: Block[] }>(`/api/v1/pages/${page.id}/blocks`)).body.blocks;
    expect(listed.map((block) => [block.block_type, block.block_order])).toEqual([
      ['hero', 1],
      ['cta', 2],
      ['text', 3],
      ['text', 4],
      ['quote', 5],
    ]);
    expect(listed[2]?.id).toBe(b.id);
    expect(listed[3]?.id).toBe(copy.body.block.id);

    // After the last block is the same as leaving after_id out.
    const last = listed[4]!;
    const atEnd = await editor.post<{ block: Block }>(`/api/v1/pages/${page.id}/blocks`, {
      block_type: 'quote',
      after_id: last.id,
    });
    expect(atEnd.body.block.block_order).toBe(6);

    // A block of another page, or one that no longer exists, is refused and nothing changes.
    const other = await createPage('blocks-insert-other');
    const foreign = await addBlock(other.id, 'hero');
    for (const after_id of [foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const refused = await editor.post<ErrorBody>(`/api/v1/pages/${page.id}/blocks`, { block_type: 'text', after_id });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'unknown_block', field: 'after_id' });
    }
    const bad = await editor.post<ErrorBody>(`/api/v1/pages/${page.id}/blocks`, { block_type: 'text', after_id: 'x' });
    expect(bad.status).toBe(400);
    expect((await orders(page.id)).map(([, order]) => order)).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('deleting a block closes the gap', async () => {
    const page = await createPage('blocks-delete');
    await addBlock(page.id, 'hero');
    const middle = await addBlock(page.id, 'text');
    await addBlock(page.id, 'quote');
    expect((await editor.request('DELETE', `/api/v1/blocks/${middle.id}`)).status).toBe(204);
    expect(await orders(page.id)).toEqual([
      ['hero', 1],
      ['quote', 2],
    ]);
  });

  it('toggles a block inactive: hidden from the public page once published, still listed for editors', async () => {
    const page = await createPage('blocks-toggle');
    const block = await addBlock(page.id, 'quote', { quote: 'Visible words' });
    await editor.request('PATCH', `/api/v1/pages/${page.id}`, { body: { version: 1, is_published: true } });
    const publicText = () => fetch(`${server.url}/blocks-toggle`).then((response) => response.text());
    expect(await publicText()).toContain('Visible words');
    const toggled = await editor.request<{ block: Block }>('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, is_active: false },
    });
    expect(toggled.body.block.is_active).toBe(false);
    // The switch changed the draft: visitors keep the block until the page is published.
    expect(await publicText()).toContain('Visible words');
    const current = await editor.get<{ page: Page }>(`/api/v1/pages/${page.id}`);
    await editor.request('POST', `/api/v1/pages/${page.id}/publish`, { body: { version: current.body.page.version } });
    expect(await publicText()).not.toContain('Visible words');
    const listed = await editor.get<{ blocks: Block[] }>(`/api/v1/pages/${page.id}/blocks`);
    expect(listed.body.blocks.map((item) => item.is_active)).toEqual([false]);
  });

  it('refuses a stale block save and keeps the first one', async () => {
    const page = await createPage('blocks-conflict');
    const block = await addBlock(page.id, 'quote');
    const first = await editor.request('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, block_data: { quote: 'First', author: 'A' } },
    });
    expect(first.status).toBe(200);
    const second = await editor.request<ErrorBody>('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, block_data: { quote: 'Second', author: 'B' } },
    });
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('version_conflict');
    const [row] = await server.app.db.select().from(contentBlocks).where(eq(contentBlocks.id, block.id));
    expect(row?.block_data['quote']).toBe('First');
  });

  it('keeps unknown block types editable as any JSON object', async () => {
    const page = await createPage('blocks-unknown');
    const [row] = await server.app.db
      .insert(contentBlocks)
      .values({ page_id: page.id, block_type: 'legacy-map', block_order: 1, block_data: { zoom: 3 } })
      .returning();
    const saved = await editor.request<{ block: Block }>('PATCH', `/api/v1/blocks/${row!.id}`, {
      body: { version: 1, block_data: { zoom: 5, center: [20.5, -87.3] } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.block.block_data).toEqual({ zoom: 5, center: [20.5, -87.3] });
    const unknownCreate = await editor.post<ErrorBody>(`/api/v1/pages/${page.id}/blocks`, { block_type: 'legacy-map' });
    expect(unknownCreate.status).toBe(400);
  });
});
