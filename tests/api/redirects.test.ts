import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/features/audit/audit.table';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { navigationItems } from '../../src/features/navigation/navigation.table';
import { pages } from '../../src/features/pages/pages.table';
import { publishedPages } from '../../src/features/publishing/publishing.table';
import { signedInClient, type ApiClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { pageWithSlug } from '../helpers/pages';

/** Issue 20, decision 36: redirects on slug change and by hand, chains collapsed, loops refused. */

interface RedirectDto {
  id: string;
  from: string;
  to: string;
  status: 301 | 302;
  source: 'manual' | 'slug_change';
  hits: number;
  version: number;
}

let server: TestApp;
let editor: ApiClient;

beforeAll(async () => {
  server = await startTestApp();
  editor = await signedInClient(server, 'editor');
});
afterAll(async () => {
  await server.close();
});

/** The answer a visitor's browser gets, not followed. */
async function visit(path: string): Promise<{ status: number; location: string | null; cacheControl: string | null }> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
  await response.arrayBuffer();
  return {
    status: response.status,
    location: response.headers.get('location'),
    cacheControl: response.headers.get('cache-control'),
  };
}

async function addRedirect(from: string, to: string, status?: 301 | 302): Promise<RedirectDto> {
  const created = await editor.post<{ redirect: RedirectDto }>('/api/v1/redirects', { from, to, status });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.redirect;
}

async function refusal(from: string, to: string): Promise<{ status: number; error: ErrorBody['error'] }> {
  const response = await editor.post<ErrorBody>('/api/v1/redirects', { from, to });
  return { status: response.status, error: response.body.error };
}

async function listAll(q?: string): Promise<RedirectDto[]> {
  const query = q ? `?q=${encodeURIComponent(q)}&limit=200` : '?limit=200';
  const listed = await editor.get<{ items: RedirectDto[] }>(`/api/v1/redirects${query}`);
  expect(listed.status).toBe(200);
  return listed.body.items;
}

async function pageBySlug(slug: string) {
  const [row] = await server.app.db.select().from(pages).where(pageWithSlug(slug));
  return row!;
}

describe('a published page renamed', () => {
  it('answers its old address with a 301 to the new one, and moves navigation and content links', async () => {
    const page = await pageBySlug('cenote-dos-ojos');
    const renamed = await editor.patch<{ page: { version: number } }>(`/api/v1/pages/${page.id}`, {
      slug: 'dos-ojos-system',
      version: page.version,
    });
    expect(renamed.status).toBe(200);
    // Only the draft is renamed: visitors still find the page at its old address.
    expect((await visit('/cenote-dos-ojos')).status).toBe(200);
    expect((await visit('/dos-ojos-system')).status).toBe(404);

    const published = await editor.post(`/api/v1/pages/${page.id}/publish`, { version: renamed.body.page.version });
    expect(published.status).toBe(200);
    expect(await visit('/cenote-dos-ojos')).toEqual({
      status: 301,
      location: '/dos-ojos-system',
      cacheControl: 'public, max-age=3600',
    });
    expect((await visit('/dos-ojos-system')).status).toBe(200);
    // A visitor's query survives the hop.
    expect((await visit('/cenote-dos-ojos?utm_source=newsletter')).location).toBe(
      '/dos-ojos-system?utm_source=newsletter',
    );

    const [auto] = (await listAll('/cenote-dos-ojos')).filter((redirect) => redirect.from === '/cenote-dos-ojos');
    expect(auto).toMatchObject({ to: '/dos-ojos-system', status: 301, source: 'slug_change' });

    // The header menu item now links to the new address; no item links to the old one.
    const navigation = await server.app.db.select({ link: navigationItems.link_url }).from(navigationItems);
    expect(navigation.map((item) => item.link)).toContain('/dos-ojos-system');
    expect(navigation.map((item) => item.link)).not.toContain('/cenote-dos-ojos');
    const menu = await (await fetch(`${server.url}/`)).text();
    expect(menu).toContain('href="/dos-ojos-system"');
    expect(menu).not.toContain('href="/cenote-dos-ojos"');

    // Rich text on another page, in its draft and in what visitors see.
    const diving = await pageBySlug('cenote-diving');
    const draftBlocks = await server.app.db
      .select({ data: contentBlocks.block_data })
      .from(contentBlocks)
      .where(eq(contentBlocks.page_id, diving.id));
    const draftText = JSON.stringify(draftBlocks);
    expect(draftText).toContain('href=\\"/dos-ojos-system\\"');
    expect(draftText).not.toContain('href=\\"/cenote-dos-ojos\\"');
    const [live] = await server.app.db
      .select({ blocks: publishedPages.blocks })
      .from(publishedPages)
      .where(eq(publishedPages.page_id, diving.id));
    expect(JSON.stringify(live!.blocks)).toContain('href=\\"/dos-ojos-system\\"');
    const divingHtml = await (await fetch(`${server.url}/cenote-diving`)).text();
    expect(divingHtml).toContain('href="/dos-ojos-system"');
    // The rewrite did not turn the other page's draft into unpublished changes.
    expect((await pageBySlug('cenote-diving')).has_unpublished_changes).toBe(diving.has_unpublished_changes);
  });

  it('renamed again, sends the first address straight to the newest (no chain), and back again drops the loop', async () => {
    const page = await pageBySlug('cenote-el-pit');
    const rename = async (slug: string) => {
      const [current] = await server.app.db.select().from(pages).where(eq(pages.id, page.id));
      const patched = await editor.patch<{ page: { version: number } }>(`/api/v1/pages/${page.id}`, {
        slug,
        version: current!.version,
      });
      expect(patched.status).toBe(200);
      expect(
        (await editor.post(`/api/v1/pages/${page.id}/publish`, { version: patched.body.page.version })).status,
      ).toBe(200);
    };
    await rename('the-pit-of-dreams');
    await rename('cenote-el-pit-tulum');
    expect((await visit('/cenote-el-pit')).location).toBe('/cenote-el-pit-tulum');
    expect((await visit('/the-pit-of-dreams')).location).toBe('/cenote-el-pit-tulum');
    // Back to the first slug: the page lives there again, so no redirect may sit on it.
    await rename('cenote-el-pit');
    expect((await visit('/cenote-el-pit')).status).toBe(200);
    expect((await visit('/cenote-el-pit-tulum')).location).toBe('/cenote-el-pit');
    expect((await visit('/the-pit-of-dreams')).location).toBe('/cenote-el-pit');
    expect((await listAll('/cenote-el-pit')).map((redirect) => redirect.from)).not.toContain('/cenote-el-pit');
  });
});

describe('redirects added by hand', () => {
  it('answer old addresses of any shape, count their hits, and go when deleted', async () => {
    const redirect = await addRedirect('/Cenotes/Gran-Cenote.HTML', '/cenote-gran-cenote#diving', 302);
    expect(redirect).toMatchObject({
      from: '/cenotes/gran-cenote.html',
      to: '/cenote-gran-cenote#diving',
      status: 302,
    });
    expect(await visit('/cenotes/gran-cenote.html')).toEqual({
      status: 302,
      location: '/cenote-gran-cenote#diving',
      cacheControl: 'no-store',
    });
    expect((await visit('/CENOTES/gran-cenote.html/')).status).toBe(302);

    await server.app.redirectMap.flushHits();
    const [listed] = (await listAll('gran-cenote.html')).filter((item) => item.id === redirect.id);
    expect(listed!.hits).toBe(2);

    expect((await editor.delete(`/api/v1/redirects/${redirect.id}`)).status).toBe(204);
    const gone = await fetch(`${server.url}/cenotes/gran-cenote.html`, { redirect: 'manual' });
    expect(gone.status).toBe(404);
    expect(gone.headers.get('content-type')).toContain('text/html');
    expect(await gone.text()).toContain('Oops! Page not found');
  });

  it('collapse chains both ways and refuse loops with a clear message', async () => {
    const first = await addRedirect('/old-a', '/old-b');
    const second = await addRedirect('/old-b', '/cenote-angelita');
    // A→B then B→C: A now goes straight to C.
    expect((await listAll('/old-a')).find((item) => item.id === first.id)!.to).toBe('/cenote-angelita');
    expect((await visit('/old-a')).location).toBe('/cenote-angelita');
    // X→A: stored as X→C at once.
    expect((await addRedirect('/old-x', '/old-a')).to).toBe('/cenote-angelita');

    const loop = await refusal('/cenote-angelita-old', '/cenote-angelita-old/');
    expect(loop).toEqual({
      status: 400,
      error: { code: 'redirect_loop', message: 'A redirect cannot lead to its own address.', field: 'to' },
    });
    await addRedirect('/loop-one', '/loop-two');
    expect(await refusal('/loop-two', '/loop-one')).toEqual({
      status: 400,
      error: {
        code: 'redirect_loop',
        message: 'That would send visitors in a circle: /loop-one already leads back to /loop-two.',
        field: 'to',
      },
    });
    // Chains are collapsed, so only an edit onto its own address could close a circle: refused too.
    const patched = await editor.patch<ErrorBody>(`/api/v1/redirects/${second.id}`, {
      from: '/cenote-angelita/old',
      to: '/Cenote-Angelita/old/',
      version: second.version,
    });
    expect(patched.status).toBe(400);
    expect(patched.body.error.code).toBe('redirect_loop');
    expect((await visit('/old-b')).location).toBe('/cenote-angelita');
  });

  it('refuse bad, taken and reserved addresses, naming the field', async () => {
    expect(await refusal('old-page', '/x')).toMatchObject({
      status: 400,
      error: { code: 'invalid_from', field: 'from' },
    });
    expect(await refusal('/admin', '/x')).toMatchObject({
      status: 400,
      error: { message: '/admin is part of Cenote Atlas itself and cannot be redirected.', field: 'from' },
    });
    expect(await refusal('/somewhere', 'javascript:alert(1)')).toMatchObject({
      status: 400,
      error: { code: 'invalid_to', field: 'to' },
    });
    expect(await refusal('/cenote-angelita', '/x')).toMatchObject({
      status: 409,
      error: { code: 'page_exists', field: 'from' },
    });
    await addRedirect('/taken-once', 'https://example.com/guide');
    expect(await refusal('/Taken-Once/', '/x')).toMatchObject({
      status: 409,
      error: {
        code: 'redirect_exists',
        message: 'There is already a redirect from /taken-once (to https://example.com/guide). Edit that one instead.',
      },
    });
    expect((await visit('/taken-once')).location).toBe('https://example.com/guide');
  });

  it('a stale version is a conflict; every write is in the audit log with its editor', async () => {
    const redirect = await addRedirect('/audited-path', '/cenote-azul');
    const changed = await editor.patch<{ redirect: RedirectDto }>(`/api/v1/redirects/${redirect.id}`, {
      status: 302,
      version: redirect.version,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.redirect).toMatchObject({ status: 302, version: redirect.version + 1 });
    const stale = await editor.patch<ErrorBody>(`/api/v1/redirects/${redirect.id}`, {
      status: 301,
      version: redirect.version,
    });
    expect(stale.status).toBe(409);
    expect((await editor.delete(`/api/v1/redirects/${redirect.id}`)).status).toBe(204);
    const entries = await server.app.db
      .select({ action: auditLog.action, actor: auditLog.actor_label })
      .from(auditLog)
      .where(and(eq(auditLog.target_type, 'redirect'), eq(auditLog.target_id, redirect.id)));
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'redirect.created',
      'redirect.deleted',
      'redirect.updated',
    ]);
    const session = await editor.get<{ user: { email: string } }>('/api/v1/auth/session');
    expect(new Set(entries.map((entry) => entry.actor))).toEqual(new Set([session.body.user.email]));
  });

  it('are for editors: viewers and visitors are refused', async () => {
    const viewer = await signedInClient(server, 'viewer');
    expect((await viewer.get('/api/v1/redirects')).status).toBe(403);
    expect((await fetch(`${server.url}/api/v1/redirects`)).status).toBe(401);
  });
});
