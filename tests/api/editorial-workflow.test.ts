import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../src/features/pages/pages.table';
import { jobs } from '../../src/platform/jobs/jobs.table';
import { ApiClient, signedInClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { testDriver } from '../helpers/test-database';
import { pageWithSlug } from '../helpers/pages';

/**
 * Decisions 30–35: drafts, publishing, revisions, autosave, scheduling and Trash, through the real
 * API on the real database, including the failures other CMSs shipped (named in each test).
 */
let server: TestApp;
let editor: ApiClient;

interface Page {
  id: string;
  slug: string;
  title: string;
  version: number;
  is_published: boolean;
  has_unpublished_changes?: boolean;
  published_at?: string | null;
  publish_at?: string | null;
  unpublish_at?: string | null;
}
interface Block {
  id: string;
  block_type: string;
  block_data: Record<string, unknown>;
  version: number;
}
interface Revision {
  id: string;
  number: number;
  kind: string;
  author: string;
  note: string | null;
}

beforeAll(async () => {
  server = await startTestApp({ env: { JOBS_WORKER: 'false' } });
  editor = await signedInClient(server, 'editor');
});
afterAll(async () => {
  await server?.close();
});

const publicHtml = (slug: string, app: TestApp = server) =>
  fetch(`${app.url}/${slug}`).then(async (response) => ({ status: response.status, html: await response.text() }));

async function pageBySlug(slug: string, client: ApiClient = editor): Promise<Page> {
  const [row] = await server.app.db.select({ id: pages.id }).from(pages).where(pageWithSlug(slug));
  const response = await client.get<{ page: Page }>(`/api/v1/pages/${row!.id}`);
  expect(response.status).toBe(200);
  return response.body.page;
}

async function heroOf(pageId: string, client: ApiClient = editor): Promise<Block> {
  const response = await client.get<{ blocks: Block[] }>(`/api/v1/pages/${pageId}/blocks`);
  const hero = response.body.blocks.find((block) => block.block_type === 'hero');
  if (!hero) throw new Error(`page ${pageId} has no hero`);
  return hero;
}

async function setHeroTitle(pageId: string, title: string, options: { autosave?: boolean } = {}) {
  const hero = await heroOf(pageId);
  const response = await editor.request<{ block: Block }>(
    'PATCH',
    `/api/v1/blocks/${hero.id}${options.autosave ? '?autosave=true' : ''}`,
    { body: { version: hero.version, block_data: { title } } },
  );
  expect(response.status).toBe(200);
  return response.body.block;
}

async function publish(pageId: string, client: ApiClient = editor) {
  const page = (await client.get<{ page: Page }>(`/api/v1/pages/${pageId}`)).body.page;
  return client.request<{ page: Page } & ErrorBody>('POST', `/api/v1/pages/${pageId}/publish`, {
    body: { version: page.version },
  });
}

async function revisionsOf(pageId: string): Promise<Revision[]> {
  const response = await editor.get<{ items: Revision[]; next_cursor: string | null }>(
    `/api/v1/pages/${pageId}/revisions`,
  );
  expect(response.status).toBe(200);
  return response.body.items;
}

describe('drafts (decision 30)', () => {
  it('an edit of a published page stays out of the public page, search and API until it is published', async () => {
    const page = await pageBySlug('cenote-dos-ojos');
    expect(page).toMatchObject({ is_published: true, has_unpublished_changes: false });
    await setHeroTitle(page.id, 'Zephyrine draft heading');

    const before = await publicHtml('cenote-dos-ojos');
    expect(before.status).toBe(200);
    expect(before.html).not.toContain('Zephyrine draft heading');
    const search = await fetch(`${server.url}/api/v1/search?q=zephyrine`).then((r) => r.json() as Promise<unknown>);
    expect(search).toMatchObject({ results: [] });
    const anonymous = await new ApiClient(server.url).get<{ page: Record<string, unknown>; blocks: Block[] }>(
      '/api/v1/pages/by-slug/cenote-dos-ojos',
    );
    expect(JSON.stringify(anonymous.body)).not.toContain('Zephyrine');
    expect(anonymous.body.page).not.toHaveProperty('has_unpublished_changes');

    const draft = await pageBySlug('cenote-dos-ojos');
    expect(draft.has_unpublished_changes).toBe(true);
    const list = await editor.get<{ pages: Page[] }>('/api/v1/pages');
    expect(list.body.pages.find((item) => item.id === page.id)?.has_unpublished_changes).toBe(true);

    const published = await publish(page.id);
    expect(published.status).toBe(200);
    expect(published.body.page).toMatchObject({ is_published: true, has_unpublished_changes: false });
    expect((await publicHtml('cenote-dos-ojos')).html).toContain('Zephyrine draft heading');
    const found = await fetch(`${server.url}/api/v1/search?q=zephyrine`).then(
      (r) => r.json() as Promise<{ results: Array<{ slug: string }> }>,
    );
    expect(found.results.map((result) => result.slug)).toEqual(['cenote-dos-ojos']);
  });

  it('a slug change goes live with the publish: the old address keeps working until then', async () => {
    const page = await pageBySlug('cenote-kukulkan');
    const renamed = await editor.request<{ page: Page }>('PATCH', `/api/v1/pages/${page.id}`, {
      body: { version: page.version, slug: 'cenote-kukulkan-renamed' },
    });
    expect(renamed.status).toBe(200);
    expect((await publicHtml('cenote-kukulkan')).status).toBe(200);
    expect((await publicHtml('cenote-kukulkan-renamed')).status).toBe(404);
    expect((await publish(page.id)).status).toBe(200);
    // Decision 36: from now on the old address sends visitors on, permanently.
    const old = await fetch(`${server.url}/cenote-kukulkan`, { redirect: 'manual' });
    expect([old.status, old.headers.get('location')]).toEqual([301, '/cenote-kukulkan-renamed']);
    expect((await publicHtml('cenote-kukulkan-renamed')).status).toBe(200);
  });

  it("another page's live slug is taken, even when that page's draft has moved on", async () => {
    const kukulkan = await pageBySlug('cenote-kukulkan-renamed');
    await editor.request('PATCH', `/api/v1/pages/${kukulkan.id}`, {
      body: { version: kukulkan.version, slug: 'cenote-kukulkan-renamed-again' },
    });
    const other = await pageBySlug('cenote-angelita');
    const taken = await editor.request<ErrorBody>('PATCH', `/api/v1/pages/${other.id}`, {
      body: { version: other.version, slug: 'cenote-kukulkan-renamed' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'slug_taken', field: 'slug' });
  });

  it('discard brings the draft back to the published version, blocks included', async () => {
    const page = await pageBySlug('cenote-angelita');
    const liveTitle = (await heroOf(page.id)).block_data['title'];
    await setHeroTitle(page.id, 'A title nobody should keep');
    const blocksBefore = await editor.get<{ blocks: Block[] }>(`/api/v1/pages/${page.id}/blocks`);
    await editor.request('DELETE', `/api/v1/blocks/${blocksBefore.body.blocks.at(-1)!.id}`);

    const discarded = await editor.request<{ page: Page }>('POST', `/api/v1/pages/${page.id}/discard`);
    expect(discarded.status).toBe(200);
    expect(discarded.body.page.has_unpublished_changes).toBe(false);
    const blocksAfter = await editor.get<{ blocks: Block[] }>(`/api/v1/pages/${page.id}/blocks`);
    expect(blocksAfter.body.blocks.map((block) => block.id)).toEqual(blocksBefore.body.blocks.map((block) => block.id));
    expect((await heroOf(page.id)).block_data['title']).toBe(liveTitle);
    // A tab still holding the discarded block gets a conflict, not a silent overwrite.
    const stale = await editor.request<ErrorBody>('PATCH', `/api/v1/blocks/${blocksBefore.body.blocks[0]!.id}`, {
      body: { version: blocksBefore.body.blocks[0]!.version, block_data: { title: 'Stale tab' } },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('version_conflict');
  });

  it('discarding a page that was never published is refused and keeps the draft', async () => {
    const created = await editor.post<{ page: Page }>('/api/v1/pages', {
      title: 'Unreleased Cenote',
      slug: 'unreleased',
    });
    const refused = await editor.request<ErrorBody>('POST', `/api/v1/pages/${created.body.page.id}/discard`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('never_published');
    expect((await editor.get<{ page: Page }>(`/api/v1/pages/${created.body.page.id}`)).body.page.title).toBe(
      'Unreleased Cenote',
    );
  });

  it('the Published switch keeps its meaning: off takes the page down, on publishes the draft', async () => {
    const page = await pageBySlug('cenote-chac-mool');
    await setHeroTitle(page.id, 'Chac Mool, rewritten in the draft');
    const off = await editor.request<{ page: Page }>('PATCH', `/api/v1/pages/${page.id}`, {
      body: { version: page.version, is_published: false },
    });
    expect(off.body.page.is_published).toBe(false);
    expect((await publicHtml('cenote-chac-mool')).status).toBe(404);
    const on = await editor.request<{ page: Page }>('PATCH', `/api/v1/pages/${page.id}`, {
      body: { version: off.body.page.version, is_published: true },
    });
    expect(on.body.page).toMatchObject({ is_published: true, has_unpublished_changes: false });
    expect((await publicHtml('cenote-chac-mool')).html).toContain('Chac Mool, rewritten in the draft');
  });

  it('a failed publish changes nothing and can be tried again (Payload #17517)', async () => {
    const page = await pageBySlug('cenote-nicte-ha');
    await setHeroTitle(page.id, 'Nicte-Ha after a failed publish');
    const stale = await editor.request<ErrorBody>('POST', `/api/v1/pages/${page.id}/publish`, {
      body: { version: page.version + 5 },
    });
    expect(stale.status).toBe(409);
    const draft = await pageBySlug('cenote-nicte-ha');
    expect(draft).toMatchObject({ is_published: true, has_unpublished_changes: true });
    expect((await heroOf(page.id)).block_data['title']).toBe('Nicte-Ha after a failed publish');
    expect((await publicHtml('cenote-nicte-ha')).html).not.toContain('Nicte-Ha after a failed publish');
    expect((await publish(page.id)).status).toBe(200);
    expect((await publicHtml('cenote-nicte-ha')).html).toContain('Nicte-Ha after a failed publish');
  });
});

describe('revisions (decision 31) and autosave (decision 32)', () => {
  it('lists every publish and save newest first, with autosaves of one run sharing one revision', async () => {
    const page = await pageBySlug('cenote-el-pit');
    const seeded = await revisionsOf(page.id);
    expect(seeded.map((revision) => revision.kind)).toEqual(['published']);
    await setHeroTitle(page.id, 'El Pit, first autosave', { autosave: true });
    await setHeroTitle(page.id, 'El Pit, second autosave', { autosave: true });
    await setHeroTitle(page.id, 'El Pit, saved on purpose');
    await publish(page.id);
    const revisions = await revisionsOf(page.id);
    expect(revisions.map((revision) => revision.kind)).toEqual(['published', 'saved', 'autosave', 'published']);
    expect(revisions.map((revision) => revision.number)).toEqual([4, 3, 2, 1]);
    const session = await editor.get<{ user: { fullName: string } }>('/api/v1/auth/session');
    expect(revisions[0]!.author).toBe(session.body.user.fullName);
    const autosave = await editor.get<{ revision: { snapshot: { blocks: Block[] } } }>(
      `/api/v1/pages/${page.id}/revisions/${revisions[2]!.id}`,
    );
    const hero = autosave.body.revision.snapshot.blocks.find((block) => block.block_type === 'hero');
    expect(hero?.block_data['title']).toBe('El Pit, second autosave');
  });

  it('restoring a revision copies it into the draft without publishing it', async () => {
    const page = await pageBySlug('cenote-el-pit');
    const revisions = await revisionsOf(page.id);
    const autosave = revisions.find((revision) => revision.kind === 'autosave')!;
    const restored = await editor.request<{ page: Page }>(
      'POST',
      `/api/v1/pages/${page.id}/revisions/${autosave.id}/restore`,
    );
    expect(restored.status).toBe(200);
    expect(restored.body.page.has_unpublished_changes).toBe(true);
    expect((await heroOf(page.id)).block_data['title']).toBe('El Pit, second autosave');
    expect((await publicHtml('cenote-el-pit')).html).toContain('El Pit, saved on purpose');
    const after = await revisionsOf(page.id);
    expect(after[0]).toMatchObject({ kind: 'restored', note: `Restored from revision ${autosave.number}` });
  });

  it('an autosave that lands after the publish never takes the page off the site (Payload #1748)', async () => {
    const page = await pageBySlug('cenote-chikin-ha');
    const hero = await heroOf(page.id);
    // The editor typed, pressed Publish, and the autosave of the last keystrokes arrives afterwards.
    expect((await publish(page.id)).status).toBe(200);
    const late = await editor.request<{ block: Block }>('PATCH', `/api/v1/blocks/${hero.id}?autosave=true`, {
      body: { version: hero.version, block_data: { title: 'Chikin-Ha, late autosave' } },
    });
    expect(late.status).toBe(200);
    const after = await pageBySlug('cenote-chikin-ha');
    expect(after).toMatchObject({ is_published: true, has_unpublished_changes: true });
    const live = await publicHtml('cenote-chikin-ha');
    expect(live.status).toBe(200);
    expect(live.html).not.toContain('Chikin-Ha, late autosave');
  });

  it('autosaves are kept out of the anonymous API and from viewers', async () => {
    const page = await pageBySlug('cenote-el-pit');
    const viewer = await signedInClient(server, 'viewer');
    for (const client of [new ApiClient(server.url), viewer]) {
      const refused = await client.get<ErrorBody>(`/api/v1/pages/${page.id}/revisions`);
      expect([401, 403]).toContain(refused.status);
      const blocks = await client.get<ErrorBody>(`/api/v1/pages/${page.id}/blocks`);
      expect([401, 403]).toContain(blocks.status);
    }
  });
});

describe('scheduling (decision 34)', () => {
  it('refuses times in the past and a take-down before the publish, naming the field', async () => {
    const page = await pageBySlug('cenote-casa-cenote');
    const past = await editor.request<ErrorBody>('PUT', `/api/v1/pages/${page.id}/schedule`, {
      body: { publish_at: '2020-01-01T09:00:00-05:00' },
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatchObject({ code: 'schedule_in_past', field: 'publish_at' });
    const future = Date.now() + 3_600_000;
    const order = await editor.request<ErrorBody>('PUT', `/api/v1/pages/${page.id}/schedule`, {
      body: { publish_at: new Date(future).toISOString(), unpublish_at: new Date(future - 60_000).toISOString() },
    });
    expect(order.status).toBe(400);
    expect(order.body.error.field).toBe('unpublish_at');
    const noOffset = await editor.request<ErrorBody>('PUT', `/api/v1/pages/${page.id}/schedule`, {
      body: { publish_at: '2030-01-01T09:00:00' },
    });
    expect(noOffset.status).toBe(400);
  });

  it('publishes the draft once when the time comes, notes when it ran, and clears the schedule', async () => {
    const page = await pageBySlug('cenote-casa-cenote');
    await setHeroTitle(page.id, 'Casa Cenote, scheduled edit');
    const at = new Date(Date.now() + 1500);
    const scheduled = await editor.request<{ page: Page; site_time_zone: string }>(
      'PUT',
      `/api/v1/pages/${page.id}/schedule`,
      { body: { publish_at: at.toISOString() } },
    );
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.page.publish_at).toBe(at.toISOString());
    expect(scheduled.body.site_time_zone).toBe('America/Cancun');
    expect(await server.app.jobs.runDue()).toBe(0);
    expect((await publicHtml('cenote-casa-cenote')).html).not.toContain('Casa Cenote, scheduled edit');

    await new Promise((resolve) => setTimeout(resolve, 1700));
    expect(await server.app.jobs.runDue()).toBe(1);
    expect(await server.app.jobs.runDue()).toBe(0);
    expect((await publicHtml('cenote-casa-cenote')).html).toContain('Casa Cenote, scheduled edit');
    const after = await pageBySlug('cenote-casa-cenote');
    expect(after).toMatchObject({ publish_at: null, has_unpublished_changes: false });
    const [latest] = await revisionsOf(page.id);
    expect(latest).toMatchObject({ kind: 'published', author: 'Schedule' });
    expect(latest!.note).toMatch(/^Scheduled for .+; published at .+$/);
  });

  it('an autosave after the scheduled time has passed does not publish the edit (wp-calypso #310)', async () => {
    const page = await pageBySlug('cenote-casa-cenote');
    const hero = await heroOf(page.id);
    const autosave = await editor.request('PATCH', `/api/v1/blocks/${hero.id}?autosave=true`, {
      body: { version: hero.version, block_data: { title: 'Casa Cenote, typed after the schedule ran' } },
    });
    expect(autosave.status).toBe(200);
    expect(await server.app.jobs.runDue()).toBe(0);
    expect((await publicHtml('cenote-casa-cenote')).html).not.toContain('typed after the schedule ran');
    expect((await pageBySlug('cenote-casa-cenote')).has_unpublished_changes).toBe(true);
  });

  it('a moved or cleared schedule never fires at its old time', async () => {
    const page = await pageBySlug('cenote-tak-be-lum');
    await setHeroTitle(page.id, 'Tak Be Lum, not yet');
    await editor.request('PUT', `/api/v1/pages/${page.id}/schedule`, {
      body: { publish_at: new Date(Date.now() + 800).toISOString() },
    });
    const cleared = await editor.request<{ page: Page }>('PUT', `/api/v1/pages/${page.id}/schedule`, {
      body: { publish_at: null },
    });
    expect(cleared.body.page.publish_at).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await server.app.jobs.runDue()).toBe(0);
    expect((await publicHtml('cenote-tak-be-lum')).html).not.toContain('Tak Be Lum, not yet');
  });

  it('takes a page down at its take-down time', async () => {
    const page = await pageBySlug('cenote-tak-be-lum');
    await editor.request('PUT', `/api/v1/pages/${page.id}/schedule`, {
      body: { unpublish_at: new Date(Date.now() + 800).toISOString() },
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await server.app.jobs.runDue()).toBe(1);
    expect((await publicHtml('cenote-tak-be-lum')).status).toBe(404);
    expect(await pageBySlug('cenote-tak-be-lum')).toMatchObject({ is_published: false, unpublish_at: null });
  });
});

describe('Trash (decision 35)', () => {
  it('moves a page to Trash (404 for visitors, out of search) and restores it with its blocks', async () => {
    const page = await pageBySlug('cenote-nohoch-nah-chich');
    const blocks = await editor.get<{ blocks: Block[] }>(`/api/v1/pages/${page.id}/blocks`);
    expect((await editor.request('DELETE', `/api/v1/pages/${page.id}`)).status).toBe(204);
    expect((await publicHtml('cenote-nohoch-nah-chich')).status).toBe(404);
    expect((await editor.get(`/api/v1/pages/${page.id}`)).status).toBe(404);
    const search = await fetch(`${server.url}/api/v1/search?q=nohoch`).then(
      (r) => r.json() as Promise<{ results: Array<{ slug: string }> }>,
    );
    expect(search.results.map((result) => result.slug)).not.toContain('cenote-nohoch-nah-chich');
    const trash = await editor.get<{ items: Array<{ id: string; purge_at: string; deleted_at: string }> }>(
      '/api/v1/trash',
    );
    const item = trash.body.items.find((entry) => entry.id === page.id);
    expect(item).toBeDefined();
    expect(new Date(item!.purge_at).getTime() - new Date(item!.deleted_at).getTime()).toBe(30 * 24 * 3_600_000);
    // The slug stays taken while the page is in Trash.
    const clash = await editor.post<ErrorBody>('/api/v1/pages', { title: 'Clash', slug: 'cenote-nohoch-nah-chich' });
    expect(clash.status).toBe(409);

    const restored = await editor.request<{ page: Page }>('POST', `/api/v1/pages/${page.id}/restore`);
    expect(restored.status).toBe(200);
    expect((await publicHtml('cenote-nohoch-nah-chich')).status).toBe(200);
    const after = await editor.get<{ blocks: Block[] }>(`/api/v1/pages/${page.id}/blocks`);
    expect(after.body.blocks).toEqual(blocks.body.blocks);
    const [job] = await server.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `page.purge:${page.id}`));
    expect(job).toBeUndefined();
  });

  it('the purge job deletes a page 30 days after it went to Trash, not before', async () => {
    const created = await editor.post<{ page: Page }>('/api/v1/pages', { title: 'Short-lived', slug: 'short-lived' });
    const id = created.body.page.id;
    await editor.request('DELETE', `/api/v1/pages/${id}`);
    const [job] = await server.app.db
      .select()
      .from(jobs)
      .where(eq(jobs.key, `page.purge:${id}`));
    expect(job?.state).toBe('pending');
    expect(await server.app.jobs.runDue()).toBe(0);
    // Thirty days later: the page went to Trash 31 days ago and its job is due.
    await server.app.db
      .update(pages)
      .set({ deleted_at: sql`now() - interval '31 days'` })
      .where(eq(pages.id, id));
    await server.app.db
      .update(jobs)
      .set({ run_at: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, job!.id));
    expect(await server.app.jobs.runDue()).toBe(1);
    expect(await server.app.db.select().from(pages).where(eq(pages.id, id))).toEqual([]);
  });
});

describe('a schedule across restarts and instances (decision 34)', () => {
  it('a publish time that passed while every instance was down fires at the next start', async () => {
    const first = await startTestApp({ env: { JOBS_WORKER: 'false' } });
    const client = await signedInClient(first, 'editor');
    const [row] = await first.app.db.select().from(pages).where(pageWithSlug('cenote-carwash'));
    const hero = (await client.get<{ blocks: Block[] }>(`/api/v1/pages/${row!.id}/blocks`)).body.blocks.find(
      (block) => block.block_type === 'hero',
    )!;
    await client.request('PATCH', `/api/v1/blocks/${hero.id}`, {
      body: { version: hero.version, block_data: { title: 'Car Wash while nobody was running' } },
    });
    const at = new Date(Date.now() + 1000);
    await client.request('PUT', `/api/v1/pages/${row!.id}/schedule`, { body: { publish_at: at.toISOString() } });
    await first.close({ keepData: true });
    await new Promise((resolve) => setTimeout(resolve, 1200));

    const second = await startTestApp({ data: first.data, env: { JOBS_POLL_MS: '100' } });
    try {
      await expect
        .poll(async () => (await publicHtml('cenote-carwash', second)).html, { timeout: 10_000 })
        .toContain('Car Wash while nobody was running');
      const reader = await signedInClient(second, 'editor');
      const page = (await reader.get<{ page: Page }>(`/api/v1/pages/${row!.id}`)).body.page;
      expect(page.publish_at).toBeNull();
      expect(new Date(page.published_at!).getTime()).toBeGreaterThan(at.getTime());
    } finally {
      await second.close();
    }
  });

  if (testDriver() === 'postgres') {
    it('two instances on one PostgreSQL publish a scheduled page exactly once', async () => {
      const a = await startTestApp({ env: { JOBS_POLL_MS: '20' } });
      const b = await startTestApp({ seed: false, data: a.data, env: { JOBS_POLL_MS: '20' } });
      try {
        const client = await signedInClient(a, 'editor');
        const [row] = await a.app.db.select().from(pages).where(pageWithSlug('cenote-garden-of-eden'));
        await client.request('PUT', `/api/v1/pages/${row!.id}/schedule`, {
          body: { publish_at: new Date(Date.now() + 500).toISOString() },
        });
        const published = async () =>
          (await a.app.db.execute(
            sql`select count(*)::int as n from page_revisions where page_id = ${row!.id} and kind = 'published' and author_name = 'Schedule'`,
          )) as unknown as { rows: Array<{ n: number }> };
        await expect.poll(async () => (await published()).rows[0]!.n, { timeout: 10_000 }).toBe(1);
        // Both workers keep polling: still exactly one scheduled publish.
        await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect((await published()).rows[0]!.n).toBe(1);
        // Both instances serve the published page (the other one heard of it through NOTIFY).
        for (const app of [a, b]) expect((await publicHtml('cenote-garden-of-eden', app)).status).toBe(200);
      } finally {
        await b.close({ keepData: true });
        await a.close();
      }
    });
  } else {
    it('the embedded database refuses a second instance on the same data, so one worker runs the schedule', async () => {
      await expect(startTestApp({ seed: false, data: server.data })).rejects.toThrow(/already open in this process/);
    });
  }
});
