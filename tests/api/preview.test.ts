import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, TestClock, hours, minutes, signedInClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

/**
 * Preview links (decision 33, ADR 021): a signed link shows one page's draft to anyone holding
 * it for 24 hours; visitors keep seeing the published version. Real server, real database, and
 * the links are opened with plain fetch, without any cookie.
 */

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
  block_data: Record<string, unknown>;
  is_active: boolean;
  version: number;
}
interface PreviewLink {
  url: string;
  expires_at: string;
}

const clock = new TestClock();
let server: TestApp;
let editor: ApiClient;

const bannerMarker = 'data-preview-banner';
const unpublishedChangesBanner =
  'Preview of unpublished changes — visitors do not see them until the page is published.';

/** Text as React writes it into HTML. */
const inHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

const pathOf = (slug: string) => (slug === 'home' ? '/' : `/${slug}`);

/** A plain request without cookies, as someone who was sent the link would make it. */
async function open(pathname: string) {
  const response = await fetch(`${server.url}${pathname}`, { redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

async function previewLink(pageId: string, client: ApiClient = editor) {
  const response = await client.post<PreviewLink & ErrorBody>(`/api/v1/pages/${pageId}/preview-link`);
  return response;
}

/** The path of a preview link (its host is the configured public address, not the test server's). */
async function previewPathFor(pageId: string): Promise<string> {
  const response = await previewLink(pageId);
  expect(response.status).toBe(201);
  return new URL(response.body.url).pathname;
}

async function createPage(slug: string, title: string, blocks: Array<[string, Record<string, unknown>]>) {
  const created = await editor.post<{ page: Page }>('/api/v1/pages', { title, slug, excerpt: 'Made by the test.' });
  expect(created.status).toBe(201);
  for (const [block_type, block_data] of blocks) {
    const added = await editor.post(`/api/v1/pages/${created.body.page.id}/blocks`, { block_type, block_data });
    expect(added.status).toBe(201);
  }
  return created.body.page;
}

function expectPreviewHeaders(headers: Headers) {
  expect(headers.get('x-robots-tag')).toBe('noindex');
  expect(headers.get('cache-control')).toBe('private, no-store');
  expect(headers.get('etag')).toBeNull();
  expect(headers.get('x-cache')).toBeNull();
  expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
}

beforeAll(async () => {
  server = await startTestApp({ clock });
  editor = await signedInClient(server, 'editor');
});
afterAll(async () => {
  await server?.close();
});

/** A seeded, published page whose first active block is a hero with a title. */
async function findPublishedHeroPage(): Promise<{ page: Page; hero: Block }> {
  const list = await editor.get<{ pages: Page[] }>('/api/v1/pages');
  expect(list.status).toBe(200);
  for (const page of list.body.pages.filter((candidate) => candidate.is_published)) {
    const blocks = await editor.get<{ blocks: Block[] }>(`/api/v1/pages/${page.id}/blocks`);
    const hero = blocks.body.blocks.find(
      (block) => block.block_type === 'hero' && block.is_active && typeof block.block_data['title'] === 'string',
    );
    if (hero) return { page, hero };
  }
  throw new Error('No seeded published page has a hero block with a title');
}

describe('preview links', () => {
  it('show the edited draft to anyone with the link while the public page stays as published', async () => {
    const { page, hero } = await findPublishedHeroPage();
    const oldTitle = hero.block_data['title'] as string;
    const newTitle = `Preview check: a brand-new hero title ${Date.now()}`;

    const edited = await editor.request<{ block: Block }>('PATCH', `/api/v1/blocks/${hero.id}`, {
      body: { version: hero.version, block_data: { ...hero.block_data, title: newTitle } },
    });
    expect(edited.status).toBe(200);

    // Visitors: the published version, twice (the second from the page cache), never the banner.
    for (const state of ['MISS', 'HIT']) {
      const visit = await open(pathOf(page.slug));
      expect(visit.status).toBe(200);
      expect(visit.headers.get('x-cache')).toBe(state);
      expect(visit.html).toContain(inHtml(oldTitle));
      expect(visit.html).not.toContain(newTitle);
      expect(visit.html).not.toContain(bannerMarker);
      expect(visit.html).not.toContain('Preview of');
      expect(visit.html).not.toContain('noindex');
    }

    const before = clock.now().getTime();
    const response = await previewLink(page.id);
    expect(response.status).toBe(201);
    const url = new URL(response.body.url);
    expect(response.body.url.startsWith(`${server.config.publicUrl}/preview/`)).toBe(true);
    expect(response.headers.get('location')).toBe(response.body.url);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const expiresAt = new Date(response.body.expires_at).getTime();
    expect(response.body.expires_at).toBe(new Date(expiresAt).toISOString());
    expect(expiresAt).toBeGreaterThan(before + hours(24) - 2000);
    expect(expiresAt).toBeLessThanOrEqual(before + hours(24) + 2000);

    const preview = await open(url.pathname);
    expect(preview.status).toBe(200);
    expectPreviewHeaders(preview.headers);
    expect(preview.html).toContain(newTitle);
    expect(preview.html).not.toContain(inHtml(oldTitle));
    expect(preview.html).toContain(bannerMarker);
    expect(preview.html).toContain('<aside aria-label="Preview"');
    expect(preview.html).toContain(unpublishedChangesBanner);
    expect(preview.html).toContain('<meta name="robots" content="noindex">');
    // Its canonical address is the public one, never the preview link.
    expect(preview.html).toContain(`<link rel="canonical" href="${server.config.publicUrl}${pathOf(page.slug)}">`);
    expect(preview.html).not.toContain(`canonical" href="${server.config.publicUrl}/preview`);
    // The same page layout as the public page: header, main, footer.
    expect(preview.html).toContain('<main id="main"');
    expect(preview.html).toContain('<footer');

    // Never stored: a second request renders again, and the public page is still the old one.
    const again = await open(url.pathname);
    expect(again.headers.get('x-cache')).toBeNull();
    expect(again.html).toContain(newTitle);
    const visitAfter = await open(pathOf(page.slug));
    expect(visitAfter.html).not.toContain(newTitle);
    expect(visitAfter.html).not.toContain(bannerMarker);

    // A signed-in editor opens the same route and gets the same preview.
    const asEditor = await editor.get<string>(url.pathname);
    expect(asEditor.status).toBe(200);
    expect(asEditor.body).toContain(newTitle);
    expect(asEditor.body).toContain(unpublishedChangesBanner);
    expectPreviewHeaders(asEditor.headers);
  });

  it('show a page that was never published, without its inactive blocks', async () => {
    const page = await createPage('preview-never-published', 'Never Published Yet', [
      ['hero', { title: 'A hero nobody has seen' }],
      ['quote', { quote: 'An inactive quote stays out', author: 'Nobody' }],
    ]);
    const blocks = await editor.get<{ blocks: Block[] }>(`/api/v1/pages/${page.id}/blocks`);
    const quote = blocks.body.blocks.find((block) => block.block_type === 'quote')!;
    const hidden = await editor.request('PATCH', `/api/v1/blocks/${quote.id}`, {
      body: { version: quote.version, is_active: false },
    });
    expect(hidden.status).toBe(200);

    expect((await open('/preview-never-published')).status).toBe(404);
    const preview = await open(await previewPathFor(page.id));
    expect(preview.status).toBe(200);
    expectPreviewHeaders(preview.headers);
    expect(preview.html).toContain('A hero nobody has seen');
    expect(preview.html).not.toContain('An inactive quote stays out');
    expect(preview.html).toContain('Preview of a page that is not published yet — visitors cannot see it.');
    // Not the signed-in editors' draft notice: the link is for people who are not signed in.
    expect(preview.html).not.toContain('Only signed-in editors can see this preview');
  });

  it('of one page never show another page: swapping the page id part breaks the signature', async () => {
    const a = await createPage('preview-page-a', 'Preview Page Alpha', [['hero', { title: 'Alpha hero' }]]);
    const b = await createPage('preview-page-b', 'Preview Page Bravo', [['hero', { title: 'Bravo hero' }]]);
    const [idA, expiryA, macA] = (await previewPathFor(a.id)).replace('/preview/', '').split('.');
    const [idB, expiryB, macB] = (await previewPathFor(b.id)).replace('/preview/', '').split('.');
    expect(idA).not.toBe(idB);

    expect((await open(`/preview/${idA}.${expiryA}.${macA}`)).html).toContain('Alpha hero');
    expect((await open(`/preview/${idB}.${expiryB}.${macB}`)).html).toContain('Bravo hero');
    for (const swapped of [`${idB}.${expiryA}.${macA}`, `${idA}.${expiryB}.${macB}`]) {
      const response = await open(`/preview/${swapped}`);
      expect(response.status, swapped).toBe(404);
      expect(response.html).not.toContain('Alpha hero');
      expect(response.html).not.toContain('Bravo hero');
      expect(response.html).toContain('This preview link does not work');
    }
  });

  it('answer 404 with our own page when tampered with, cut short, too long or not ours', async () => {
    const page = await createPage('preview-tamper', 'Preview Tamper', [['hero', { title: 'Tamper hero' }]]);
    const token = (await previewPathFor(page.id)).replace('/preview/', '');
    const [idPart = '', expiry = '', mac = ''] = token.split('.');
    const flip = (text: string, index: number) =>
      text.slice(0, index) + (text[index] === 'A' ? 'B' : 'A') + text.slice(index + 1);
    const later = String(Number(expiry) + 7 * 24 * 3600);
    const bad = [
      `${idPart}.${expiry}.${flip(mac, 0)}`,
      `${idPart}.${expiry}.${flip(mac, mac.length - 1)}`,
      `${flip(idPart, 3)}.${expiry}.${mac}`,
      // A longer life is a different text: its signature no longer fits.
      `${idPart}.${later}.${mac}`,
      `${idPart}.${expiry}`,
      token.slice(0, -1),
      `${token}A`,
      'x'.repeat(200),
      'not-a-token',
      // The editor's CSRF token is signed by this server too, with another key and shape.
      editor.csrfToken ?? 'missing-csrf-token',
    ];
    for (const candidate of bad) {
      const response = await open(`/preview/${encodeURIComponent(candidate)}`);
      expect(response.status, candidate).toBe(404);
      expectPreviewHeaders(response.headers);
      expect(response.html).toContain('This preview link does not work');
      expect(response.html).toContain('Ask an editor for a new link.');
      expect(response.html).toContain('<meta name="robots" content="noindex">');
      expect(response.html).not.toContain('Tamper hero');
      expect(response.html).not.toMatch(/"error"|stack|at \w+ \(/i);
    }
    // The genuine token still works.
    expect((await open(`/preview/${token}`)).status).toBe(200);
  });

  it('are never accepted as a CSRF token', async () => {
    const page = await createPage('preview-not-csrf', 'Preview Not CSRF', []);
    const token = (await previewPathFor(page.id)).replace('/preview/', '');
    const client = await signedInClient(server, 'editor');
    const cookies = [...client.cookies]
      .filter(([name]) => name !== 'ca_csrf')
      .map(([name, value]) => `${name}=${value}`);
    const response = await client.post<ErrorBody>(
      `/api/v1/pages/${page.id}/preview-link`,
      {},
      { csrf: false, headers: { 'x-csrf-token': token, cookie: [...cookies, `ca_csrf=${token}`].join('; ') } },
    );
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('csrf_failed');
  });

  it('can only be made by editors and admins, with the CSRF pair, for a page that exists', async () => {
    const page = await createPage('preview-access', 'Preview Access', []);
    const anonymous = await previewLink(page.id, new ApiClient(server.url));
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthenticated');
    const viewer = await previewLink(page.id, await signedInClient(server, 'viewer'));
    expect(viewer.status).toBe(403);
    expect(viewer.body.error.code).toBe('forbidden');
    const admin = await previewLink(page.id, await signedInClient(server, 'admin'));
    expect(admin.status).toBe(201);
    const noCsrf = await editor.post<ErrorBody>(`/api/v1/pages/${page.id}/preview-link`, {}, { csrf: false });
    expect(noCsrf.status).toBe(403);
    expect(noCsrf.body.error.code).toBe('csrf_failed');
    const unknown = await previewLink('00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await previewLink('not-a-uuid')).status).toBe(400);
  });

  it('answer 404 while the page is in Trash, and work again once it is restored', async () => {
    const page = await createPage('preview-trash', 'Preview Trash', [['hero', { title: 'Trash hero' }]]);
    const pathname = await previewPathFor(page.id);
    expect((await open(pathname)).status).toBe(200);

    expect((await editor.request('DELETE', `/api/v1/pages/${page.id}`)).status).toBe(204);
    const trashed = await open(pathname);
    expect(trashed.status).toBe(404);
    expectPreviewHeaders(trashed.headers);
    expect(trashed.html).toContain('This page is no longer available');
    expect(trashed.html).not.toContain('Trash hero');
    expect((await previewLink(page.id)).status).toBe(404);

    // The link is signed, not stored: it works again for the rest of its 24 hours (ADR 021).
    expect((await editor.post(`/api/v1/pages/${page.id}/restore`)).status).toBe(200);
    const restored = await open(pathname);
    expect(restored.status).toBe(200);
    expect(restored.html).toContain('Trash hero');
  });

  // Last: it moves the shared clock a day forward.
  it('expire after 24 hours with a 410 page that says so', async () => {
    const page = await createPage('preview-expiry', 'Preview Expiry', [['hero', { title: 'Expiry hero' }]]);
    const response = await previewLink(page.id);
    const pathname = new URL(response.body.url).pathname;
    const expiresAt = new Date(response.body.expires_at).getTime();

    clock.advance(expiresAt - clock.now().getTime() - minutes(1));
    const lastMinute = await open(pathname);
    expect(lastMinute.status).toBe(200);
    expect(lastMinute.html).toContain('Expiry hero');

    clock.advance(minutes(1));
    const expired = await open(pathname);
    expect(expired.status).toBe(410);
    expectPreviewHeaders(expired.headers);
    expect(expired.html).toContain('This preview link has expired');
    expect(expired.html).toContain('Ask an editor for a new link.');
    expect(expired.html).toContain('<meta name="robots" content="noindex">');
    expect(expired.html).not.toContain('Expiry hero');
    expect(expired.html).not.toContain(bannerMarker);

    // A new link works again.
    const fresh = await open(await previewPathFor(page.id));
    expect(fresh.status).toBe(200);
    expect(fresh.html).toContain('Expiry hero');
  });
});
