import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../src/features/media/media.table';
import { findLivePageBySlug } from '../../src/features/pages/pages.repo.server';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { testDriver } from '../helpers/test-database';
import { firstBlockOf } from '../helpers/publish';

/**
 * With caching off, a live page's response is composed around its content rendered earlier and held
 * in memory (ADR 037). These tests hold it to what a full render would send, after every kind of
 * change that touches what the content shows: nothing stale, on this instance or another.
 */
let server: TestApp;
let editor: ApiClient;

async function setCaching(client: ApiClient, enable: boolean) {
  const current = await client.get<{ settings: Record<string, unknown> & { version: number } }>(
    '/api/v1/settings/performance',
  );
  const saved = await client.request('PUT', '/api/v1/settings/performance', {
    body: { ...current.body.settings, enable_caching: enable },
  });
  expect(saved.status).toBe(200);
}

beforeAll(async () => {
  server = await startTestApp();
  editor = await signedInClient(server, 'admin');
  await setCaching(editor, false);
});
afterAll(async () => {
  await server.close();
});

async function visit(path: string, app: TestApp = server) {
  const response = await fetch(`${app.url}${path}`);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function publish(pageId: string) {
  const [page] = await editor.get<{ page: { version: number } }>(`/api/v1/pages/${pageId}`).then((r) => [r.body.page]);
  const published = await editor.request('POST', `/api/v1/pages/${pageId}/publish`, {
    body: { version: page!.version },
  });
  expect(published.status).toBe(200);
}

describe('live pages with caching off (ADR 037)', () => {
  it('sends exactly what a full render of the live page gives, with a stable ETag and 304', async () => {
    const first = await visit('/cenote-dos-ojos');
    const second = await visit('/cenote-dos-ojos');
    expect(first.headers.get('x-cache')).toBeNull();
    expect(second.html).toBe(first.html);
    const live = await findLivePageBySlug(server.app.db, 'cenote-dos-ojos', 'en');
    const fullRender = await server.app.renderPageDocument!(live!.page, live!.blocks);
    expect(second.html).toBe(fullRender);
    const etag = second.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get('etag')).toBe(etag);
    const revalidated = await fetch(`${server.url}/cenote-dos-ojos`, { headers: { 'if-none-match': etag! } });
    expect(revalidated.status).toBe(304);
  });

  it('each path gets its own header: the current page is marked in the navigation', async () => {
    const page = await visit('/safety-guidelines');
    const other = await visit('/cenote-diving');
    expect(page.html).toMatch(/href="\/safety-guidelines" aria-current="page"/);
    expect(other.html).not.toMatch(/href="\/safety-guidelines" aria-current="page"/);
  });

  it('a draft edit stays off the site; its publish shows on the very next request', async () => {
    await visit('/cenote-tak-be-lum');
    const { page, block } = await firstBlockOf(server.app, 'cenote-tak-be-lum');
    const saved = await editor.request('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, block_data: { ...block.block_data, title: 'A hero nobody has seen yet' } },
    });
    expect(saved.status).toBe(200);
    expect((await visit('/cenote-tak-be-lum')).html).not.toContain('A hero nobody has seen yet');
    await publish(page.id);
    expect((await visit('/cenote-tak-be-lum')).html).toContain('A hero nobody has seen yet');
  });

  it('unpublishing answers 404 at once, republishing brings the page back', async () => {
    expect((await visit('/cenote-nicte-ha')).status).toBe(200);
    const { page } = await firstBlockOf(server.app, 'cenote-nicte-ha');
    const off = await editor.request('POST', `/api/v1/pages/${page.id}/unpublish`, {
      body: { version: page.version },
    });
    expect(off.status).toBe(200);
    expect((await visit('/cenote-nicte-ha')).status).toBe(404);
    await publish(page.id);
    expect((await visit('/cenote-nicte-ha')).status).toBe(200);
  });

  it("an image's new alt text shows on the pages that use it", async () => {
    const before = await visit('/cenote-casa-cenote');
    const [image] = await server.app.db
      .select()
      .from(images)
      .where(eq(images.original_url, '/media/seed/mangrove-roots.jpg'));
    expect(before.html).not.toContain('Tangled mangrove roots reaching into clear water');
    const updated = await editor.request('PATCH', `/api/v1/media/${image!.id}`, {
      body: { version: image!.version, alt_text: 'Tangled mangrove roots reaching into clear water' },
    });
    expect(updated.status).toBe(200);
    expect((await visit('/cenote-casa-cenote')).html).toContain(
      'alt="Tangled mangrove roots reaching into clear water"',
    );
  });

  it("a navigation section's new title shows in the breadcrumbs of the pages under it", async () => {
    const tree = await editor.get<{
      items: Array<{ id: string; title: string; version: number; children: Array<{ link_url: string }> }>;
    }>('/api/v1/navigation/admin?menu=header');
    const section = tree.body.items.find((item) =>
      item.children.some((child) => child.link_url === '/safety-guidelines'),
    );
    expect(section).toBeDefined();
    const breadcrumbs = (html: string) => /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? '';
    expect(breadcrumbs((await visit('/safety-guidelines')).html)).toContain(section!.title);
    const renamed = await editor.request('PATCH', `/api/v1/navigation/${section!.id}`, {
      body: { version: section!.version, title: 'Dive Planning' },
    });
    expect(renamed.status).toBe(200);
    expect(breadcrumbs((await visit('/safety-guidelines')).html)).toContain('Dive Planning');
  });

  if (testDriver() === 'postgres') {
    it('a publish on one instance reaches the content another instance holds (NOTIFY)', async () => {
      const other = await startTestApp({ seed: false, data: server.data });
      try {
        expect((await visit('/cenote-kukulkan', other)).html).not.toContain('Kukulkan from the other instance');
        const { page, block } = await firstBlockOf(server.app, 'cenote-kukulkan');
        await editor.request('PATCH', `/api/v1/blocks/${block.id}`, {
          body: {
            version: block.version,
            block_data: { ...block.block_data, title: 'Kukulkan from the other instance' },
          },
        });
        await publish(page.id);
        await expect
          .poll(async () => (await visit('/cenote-kukulkan', other)).html, { timeout: 5_000 })
          .toContain('Kukulkan from the other instance');
      } finally {
        await other.close({ keepData: true });
      }
    });
  }
});
