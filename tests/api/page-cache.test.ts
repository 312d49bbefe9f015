import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { firstBlockOf as firstBlockOfPage } from '../helpers/publish';
import { signedInClient, type ApiClient } from '../helpers/auth';

let server: TestApp;
let editor: ApiClient;

beforeAll(async () => {
  server = await startTestApp();
  editor = await signedInClient(server, 'admin');
});
afterAll(async () => {
  await server.close();
});

const visit = (path: string, headers: Record<string, string> = {}) => fetch(`${server.url}${path}`, { headers });

const firstBlockOf = (slug: string) => firstBlockOfPage(server.app, slug);

describe('page cache', () => {
  it('serves the second anonymous request from the cache, compressed, with a strong ETag and 304', async () => {
    const first = await visit('/cenote-kukulkan');
    expect(first.headers.get('x-cache')).toBe('MISS');
    await first.text();
    const second = await visit('/cenote-kukulkan', { 'accept-encoding': 'br' });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('content-encoding')).toBe('br');
    // Decision 43: browsers always revalidate HTML; the cache duration is the server's alone.
    expect(second.headers.get('cache-control')).toBe('no-cache');
    const etag = second.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(await second.text()).toContain('Cenote Kukulkan');
    // Revalidated as a browser does, with the same Accept-Encoding (each coding has its own ETag).
    const revalidated = await visit('/cenote-kukulkan', { 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe('');
  });

  it('a draft edit keeps the cached page; the publish is on the very next visitor request (no stale page)', async () => {
    await (await visit('/cenote-tak-bi-ha')).text();
    expect((await visit('/cenote-tak-bi-ha')).headers.get('x-cache')).toBe('HIT');
    const { page, block } = await firstBlockOf('cenote-tak-bi-ha');
    const saved = await editor.request('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, block_data: { ...block.block_data, title: 'Freshly edited hero' } },
    });
    expect(saved.status).toBe(200);
    // The edit is in the draft: visitors keep getting the published page, still from the cache.
    const during = await visit('/cenote-tak-bi-ha');
    expect(during.headers.get('x-cache')).toBe('HIT');
    expect(await during.text()).not.toContain('Freshly edited hero');
    const published = await editor.request('POST', `/api/v1/pages/${page.id}/publish`, {
      body: { version: page.version },
    });
    expect(published.status).toBe(200);
    const after = await visit('/cenote-tak-bi-ha');
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(await after.text()).toContain('Freshly edited hero');
  });

  it('readers who miss at once share one render; a reader after a change does not join it', async () => {
    const path = '/cenote-chac-mool';
    const { app } = server;
    app.contentChanged({ scope: 'site' });
    // Held renders (each waits in its translations lookup, which every live page render makes once),
    // so that all the readers below arrive while the first render is under way.
    const { siteState, pageCache } = app;
    const lookUp = siteState.getTranslations.bind(siteState);
    const store = pageCache.set.bind(pageCache);
    let renders = 0;
    const stored: string[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    siteState.getTranslations = async (pageId) => {
      renders += 1;
      await held;
      return lookUp(pageId);
    };
    pageCache.set = (...args) => {
      stored.push(args[0]);
      return store(...args);
    };
    try {
      const together = Array.from({ length: 8 }, () => visit(path));
      await vi.waitFor(() => expect(renders).toBe(1));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(renders).toBe(1);
      // A change lands while that render waits: the next reader renders anew, and the older
      // render is not stored.
      app.contentChanged({ scope: 'site' });
      const after = visit(path);
      await vi.waitFor(() => expect(renders).toBe(2));
      release();
      const responses = await Promise.all([...together, after]);
      const bodies = await Promise.all(responses.map((response) => response.text()));
      expect(responses.map((response) => [response.status, response.headers.get('x-cache')])).toEqual(
        Array.from({ length: 9 }, () => [200, 'MISS']),
      );
      expect(new Set(bodies).size).toBe(1);
      expect(bodies[0]).toContain('Chac Mool');
      expect(stored).toEqual([path]);
      expect(renders).toBe(2);
      expect((await visit(path)).headers.get('x-cache')).toBe('HIT');
    } finally {
      release();
      delete (siteState as Partial<typeof siteState>).getTranslations;
      delete (pageCache as Partial<typeof pageCache>).set;
    }
  });

  it('a navigation change reaches every cached page', async () => {
    await (await visit('/cenote-nicte-ha')).text();
    server.app.contentChanged({ scope: 'site' });
    expect((await visit('/cenote-nicte-ha')).headers.get('x-cache')).toBe('MISS');
  });

  it('signed-in editors never get the cached anonymous page, and anonymous visitors never get an editor view', async () => {
    await (await visit('/cenote-el-pit')).text();
    const asEditor = await editor.get<string>('/cenote-el-pit');
    expect(asEditor.headers.get('x-cache')).toBeNull();
    expect(asEditor.headers.get('cache-control')).toBe('no-store');
    const { page } = await firstBlockOf('cenote-el-pit');
    await editor.request('PATCH', `/api/v1/pages/${page.id}`, { body: { version: page.version, is_published: false } });
    const draftForEditor = await editor.get<string>('/cenote-el-pit');
    expect(draftForEditor.status).toBe(200);
    expect(draftForEditor.body).toContain('Draft — this page is not published.');
    const anonymous = await visit('/cenote-el-pit');
    expect(anonymous.status).toBe(404);
    expect(await anonymous.text()).not.toContain('Draft');
    await editor.request('PATCH', `/api/v1/pages/${page.id}`, {
      body: { version: page.version + 1, is_published: true },
    });
  });

  it('with caching off every request renders, and Cache-Control says so', async () => {
    const current = await editor.get<{ settings: { version: number } }>('/api/v1/settings/performance');
    const off = await editor.request('PUT', '/api/v1/settings/performance', {
      body: {
        version: current.body.settings.version,
        enable_caching: false,
        cache_duration: 86400,
        enable_webp: true,
        enable_avif: true,
        image_quality: 85,
        lazy_loading: true,
      },
    });
    expect(off.status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await visit('/cenote-yaakun');
      expect(response.headers.get('x-cache')).toBeNull();
      expect(response.headers.get('cache-control')).toBe('no-cache');
      await response.text();
    }
  });
});
