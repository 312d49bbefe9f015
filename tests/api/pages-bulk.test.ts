import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/features/audit/audit.table';
import { pages } from '../../src/features/pages/pages.table';
import { ApiClient, signedInClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

/** Issue 20, 'Bulk work and long lists' (pages): the paged pages list and POST /api/v1/pages/bulk. */

interface ListedPage {
  id: string;
  slug: string;
  path: string;
  title: string;
  is_published: boolean;
  sort_order: number;
  version: number;
  blocks?: Array<{ id: string; block_type: string }>;
}

interface PagedList {
  items: ListedPage[];
  next_cursor: string | null;
  total?: number;
}

interface BulkAnswer {
  results: Array<{ id: string; ok: boolean; error?: { code: string; message: string } }>;
}

let server: TestApp;
let editor: ApiClient;
let viewer: ApiClient;

beforeAll(async () => {
  server = await startTestApp();
  editor = await signedInClient(server, 'editor');
  viewer = await signedInClient(server, 'viewer');
});
afterAll(async () => {
  await server.close();
});

async function createDraft(title: string, slug: string): Promise<ListedPage> {
  const created = await editor.post<{ page: ListedPage }>('/api/v1/pages', { title, slug });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.page;
}

async function addText(pageId: string, content: string): Promise<void> {
  const added = await editor.post(`/api/v1/pages/${pageId}/blocks`, {
    block_type: 'text',
    block_data: { heading: 'About this cave', content },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
}

/** Every page of the paged list, following next_cursor; also how many requests it took. */
async function readAll(
  client: ApiClient,
  query: string,
  limit: number,
): Promise<{ items: ListedPage[]; requests: number }> {
  const items: ListedPage[] = [];
  let cursor: string | null = null;
  let requests = 0;
  do {
    const response: { status: number; body: PagedList } = await client.get<PagedList>(
      `/api/v1/pages?limit=${limit}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.items.length).toBeLessThanOrEqual(limit);
    items.push(...response.body.items);
    cursor = response.body.next_cursor;
    requests += 1;
  } while (cursor);
  return { items, requests };
}

const inListOrder = (list: ListedPage[]) =>
  [...list].sort((a, b) => a.sort_order - b.sort_order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));

async function bulk(action: string, ids: string[], client: ApiClient = editor) {
  return client.post<BulkAnswer & ErrorBody>('/api/v1/pages/bulk', { action, ids });
}

describe('GET /api/v1/pages with limit', () => {
  it('reads every page with limit and cursor, in (sort_order, id) order, none twice', async () => {
    const all = await editor.get<{ pages: ListedPage[] }>('/api/v1/pages');
    expect(all.status).toBe(200);
    const expected = all.body.pages;
    expect(expected.length).toBeGreaterThan(30);

    const { items, requests } = await readAll(editor, '', 7);
    expect(requests).toBe(Math.ceil(expected.length / 7));
    expect(items.map((page) => page.id)).toEqual(inListOrder(expected).map((page) => page.id));
    expect(new Set(items.map((page) => page.id)).size).toBe(expected.length);

    const first = await editor.get<PagedList>('/api/v1/pages?limit=7');
    expect(first.body.total).toBe(expected.length);
    const second = await editor.get<PagedList>(`/api/v1/pages?limit=7&cursor=${first.body.next_cursor}`);
    expect(second.body).not.toHaveProperty('total');
  });

  it('filters by q (title or slug, any case) and by status in SQL, paged the same way', async () => {
    const a = await createDraft('Xibalpag Alpha', 'paging-alpha');
    const b = await createDraft('Second paging test', 'xibalpag-beta');
    const c = await createDraft('XIBALPAG gamma', 'paging-gamma');
    await createDraft('Unrelated cave', 'unrelated-cave');

    const matched = await readAll(editor, '&q=xibalPAG', 2);
    expect(matched.items.map((page) => page.id)).toEqual([a.id, b.id, c.id]);
    expect(matched.requests).toBe(2);

    // '%' and '_' are plain characters, not LIKE wildcards.
    const wildcard = await editor.get<PagedList>('/api/v1/pages?limit=10&q=%25');
    expect(wildcard.body.items).toEqual([]);

    const drafts = await readAll(editor, '&status=draft&q=xibalpag', 50);
    expect(drafts.items.map((page) => page.id)).toEqual([a.id, b.id, c.id]);
    const published = await readAll(editor, '&status=published', 10);
    expect(published.items.length).toBeGreaterThan(30);
    expect(published.items.every((page) => page.is_published)).toBe(true);
    expect(published.items.some((page) => page.id === a.id)).toBe(false);

    // Visitors page through live pages only: asking for drafts finds none.
    const anonymous = new ApiClient(server.url);
    const visitorDrafts = await anonymous.get<PagedList>('/api/v1/pages?limit=10&status=draft');
    expect(visitorDrafts.body).toEqual({ items: [], next_cursor: null, total: 0 });
    const visitorAll = await readAll(anonymous, '', 10);
    expect(visitorAll.items.map((page) => page.id)).toEqual(published.items.map((page) => page.id));
  });

  it('adds block summaries for the pages of the answer only', async () => {
    const first = await editor.get<PagedList>('/api/v1/pages?limit=3&include=blocks&status=published');
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(3);
    for (const page of first.body.items) expect(page.blocks!.length).toBeGreaterThan(0);
  });

  it('refuses a cursor it did not make, and a limit out of range', async () => {
    for (const cursor of ['nonsense', Buffer.from('12|not-a-uuid').toString('base64url'), 'MTJ8']) {
      const response = await editor.get<ErrorBody>(`/api/v1/pages?limit=5&cursor=${cursor}`);
      expect(response.status, cursor).toBe(400);
      expect(response.body.error.code).toBe('invalid_cursor');
    }
    expect((await editor.get('/api/v1/pages?limit=0')).status).toBe(400);
    expect((await editor.get('/api/v1/pages?limit=101')).status).toBe(400);
  });

  it('keeps the {pages} array shape without limit, filtered as before', async () => {
    const response = await editor.get<{ pages: ListedPage[] }>('/api/v1/pages?q=xibalpag');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['pages']);
    expect(response.body.pages.map((page) => page.slug).sort()).toEqual([
      'paging-alpha',
      'paging-gamma',
      'xibalpag-beta',
    ]);
  });
});

describe('POST /api/v1/pages/bulk', () => {
  it('publishes three pages in one request: the public site shows all three, each with its audit entry', async () => {
    const drafts = [
      await createDraft('Bulk Cenote One', 'bulk-cenote-one'),
      await createDraft('Bulk Cenote Two', 'bulk-cenote-two'),
      await createDraft('Bulk Cenote Three', 'bulk-cenote-three'),
    ];
    for (const draft of drafts) await addText(draft.id, `<p>Clear water at ${draft.title}.</p>`);
    // Two of them link to each other: published together, those links lead somewhere.
    await addText(drafts[0]!.id, '<p>Next: <a href="/bulk-cenote-two">Bulk Cenote Two</a>.</p>');
    await addText(drafts[1]!.id, '<p>Back: <a href="/bulk-cenote-one">Bulk Cenote One</a>.</p>');
    for (const draft of drafts) expect((await fetch(`${server.url}${draft.path}`)).status).toBe(404);

    const ids = drafts.map((draft) => draft.id);
    const answer = await bulk('publish', ids);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.results).toEqual(ids.map((id) => ({ id, ok: true })));

    for (const draft of drafts) {
      const response = await fetch(`${server.url}${draft.path}`);
      expect(response.status, draft.path).toBe(200);
      expect(await response.text()).toContain(`Clear water at ${draft.title}.`);
    }
    const entries = await server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'page.published'), inArray(auditLog.target_id, ids)));
    expect(entries.map((entry) => entry.target_id).sort()).toEqual([...ids].sort());
    expect(entries.every((entry) => entry.actor_type === 'user')).toBe(true);

    // Published again without changes: nothing to do, reported as done, no second entry.
    const again = await bulk('publish', ids);
    expect(again.body.results.every((result) => result.ok)).toBe(true);
    const after = await server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'page.published'), inArray(auditLog.target_id, ids)));
    expect(after).toHaveLength(3);
  });

  it('refuses a page whose publish check finds errors while the others publish', async () => {
    const fine = await createDraft('Bulk Fine Cave', 'bulk-fine-cave');
    const broken = await createDraft('Bulk Broken Links', 'bulk-broken-links');
    const alsoFine = await createDraft('Bulk Fine Cave Two', 'bulk-fine-cave-two');
    await addText(broken.id, '<p>See <a href="/no-such-cave">the lost cave</a>.</p>');
    // Links to the refused page are errors too once it stays a draft: that page is refused as well.
    const linksToBroken = await createDraft('Bulk Links To Broken', 'bulk-links-to-broken');
    await addText(linksToBroken.id, '<p>See <a href="/bulk-broken-links">the broken page</a>.</p>');
    // Warnings (no meta description, no meta title) never block.
    const missing = '00000000-0000-4000-8000-000000000000';

    const answer = await bulk('publish', [fine.id, broken.id, linksToBroken.id, alsoFine.id, missing]);
    expect(answer.status).toBe(200);
    const [first, second, third, fourth, fifth] = answer.body.results;
    expect(first).toEqual({ id: fine.id, ok: true });
    expect(second).toMatchObject({ id: broken.id, ok: false, error: { code: 'publish_check_errors' } });
    expect(second!.error!.message).toContain('/no-such-cave');
    expect(second!.error!.message).toContain('Open the page and publish it from there');
    expect(third).toMatchObject({ id: linksToBroken.id, ok: false, error: { code: 'publish_check_errors' } });
    expect(third!.error!.message).toContain('/bulk-broken-links');
    expect(fourth).toEqual({ id: alsoFine.id, ok: true });
    expect(fifth).toMatchObject({ id: missing, ok: false, error: { code: 'not_found' } });

    expect((await fetch(`${server.url}/bulk-fine-cave`)).status).toBe(200);
    expect((await fetch(`${server.url}/bulk-fine-cave-two`)).status).toBe(200);
    expect((await fetch(`${server.url}/bulk-broken-links`)).status).toBe(404);
    expect((await fetch(`${server.url}/bulk-links-to-broken`)).status).toBe(404);
  });

  it('unpublishes pages: they leave the site at once (cache included) and stay as drafts', async () => {
    const slugs = ['bulk-cenote-one', 'bulk-cenote-two'];
    const rows = await server.app.db.select().from(pages).where(inArray(pages.slug, slugs));
    // Warm the page cache first: the bulk action must drop those copies too.
    for (const slug of slugs) expect((await fetch(`${server.url}/${slug}`)).status).toBe(200);
    // Ids as another client may write them (uuids compare case-insensitively).
    const answer = await bulk(
      'unpublish',
      rows.map((row) => row.id.toUpperCase()),
    );
    expect(answer.body.results).toHaveLength(2);
    expect(answer.body.results.every((result) => result.ok)).toBe(true);
    for (const slug of slugs) expect((await fetch(`${server.url}/${slug}`)).status).toBe(404);
    const listed = await readAll(editor, '&status=draft&q=bulk-cenote', 50);
    expect(listed.items.map((page) => page.slug).sort()).toEqual(['bulk-cenote-one', 'bulk-cenote-two']);
    const entries = await server.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'page.unpublished'),
          inArray(
            auditLog.target_id,
            rows.map((row) => row.id),
          ),
        ),
      );
    expect(entries).toHaveLength(2);
  });

  it('moves pages to Trash: gone from the list and the site, listed in Trash; a second time they are not found', async () => {
    const rows = await server.app.db
      .select()
      .from(pages)
      .where(inArray(pages.slug, ['bulk-cenote-three', 'bulk-fine-cave']));
    const ids = rows.map((row) => row.id);
    const answer = await bulk('trash', ids);
    expect(answer.body.results).toEqual(ids.map((id) => ({ id, ok: true })));
    expect((await fetch(`${server.url}/bulk-cenote-three`)).status).toBe(404);

    const trash = await editor.get<{ items: Array<{ id: string }> }>('/api/v1/trash?limit=100');
    expect(trash.body.items.map((item) => item.id)).toEqual(expect.arrayContaining(ids));
    const list = await readAll(editor, '&q=bulk', 100);
    expect(list.items.some((page) => ids.includes(page.id))).toBe(false);
    const entries = await server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'page.deleted'), inArray(auditLog.target_id, ids)));
    expect(entries).toHaveLength(2);

    const again = await bulk('trash', ids);
    expect(again.body.results.map((result) => result.error?.code)).toEqual(['not_found', 'not_found']);
  });

  it('refuses viewers, visitors, requests without the CSRF header and malformed bodies', async () => {
    const target = await createDraft('Bulk Guarded', 'bulk-guarded');
    expect((await bulk('publish', [target.id], viewer)).status).toBe(403);
    expect((await bulk('publish', [target.id], new ApiClient(server.url))).status).toBe(401);
    const noCsrf = await editor.post('/api/v1/pages/bulk', { action: 'publish', ids: [target.id] }, { csrf: false });
    expect(noCsrf.status).toBe(403);

    expect((await bulk('publish', [])).status).toBe(400);
    expect((await bulk('publish', [target.id, target.id])).status).toBe(400);
    expect((await bulk('delete', [target.id])).status).toBe(400);
    expect((await bulk('publish', ['not-a-uuid'])).status).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await bulk('publish', tooMany)).status).toBe(400);
    // Nothing was published by any of these.
    expect((await fetch(`${server.url}/bulk-guarded`)).status).toBe(404);
  });
});
