import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf } from '../../src/features/page-cache/page-cache.server';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { firstBlockOf as firstBlockOfPage } from '../helpers/publish';
import { signedInClient, TestClock, type ApiClient } from '../helpers/auth';
import { rawGet as rawGetUrl, type RawResponse } from '../helpers/raw-http';

/**
 * Decision 43: HTML is `Cache-Control: no-cache` with a strong ETag (304 on a matching
 * If-None-Match), so a reload after a publish always shows it; the cache duration drives only the
 * server's page cache (no max-age, and no s-maxage while no purge webhook exists); hashed assets
 * stay immutable for a year. Accept-Encoding is negotiated by its q-values.
 */

let server: TestApp;
let admin: ApiClient;
const clock = new TestClock();

beforeAll(async () => {
  server = await startTestApp({ clock });
  admin = await signedInClient(server, 'admin');
});
afterAll(async () => {
  await server.close();
});

/** A GET (or HEAD) of a path on this file's server, body left as sent. */
function rawGet(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return rawGetUrl(`${server.url}${path}`, headers, method);
}

async function savePerformance(changes: Record<string, unknown>) {
  const current = await admin.get<{ settings: Record<string, unknown> }>('/api/v1/settings/performance');
  const saved = await admin.request('PUT', '/api/v1/settings/performance', {
    body: { ...current.body.settings, ...changes },
  });
  expect(saved.status).toBe(200);
}

const firstBlockOf = (slug: string) => firstBlockOfPage(server.app, slug);

async function publish(page: { id: string; version: number }) {
  const response = await admin.request('POST', `/api/v1/pages/${page.id}/publish`, { body: { version: page.version } });
  expect(response.status).toBe(200);
}

const strongEtag = /^"[\w-]+"$/;

/** What decision 43 asks of every public page response. */
function expectRevalidatable(response: RawResponse) {
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.headers['etag']).toMatch(strongEtag);
  expect(response.headers['vary']?.toLowerCase()).toContain('accept-encoding');
  // The ETag names the exact bytes sent, whatever their coding.
  if (response.status === 200) expect(response.headers['etag']).toBe(etagOf(response.body));
}

/** The If-None-Match rules on one page: exact, in a list, weak, `*`, and a miss. */
async function revalidationRoundTrip(path: string) {
  const first = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
  expect(first.status).toBe(200);
  expectRevalidatable(first);
  const etag = first.headers['etag']!;
  const headers = { 'accept-encoding': 'gzip, deflate, br' };

  for (const ifNoneMatch of [etag, `"not-it", ${etag}`, `W/${etag}`, `"a", W/${etag}, "b"`, '*']) {
    const again = await rawGet(path, { ...headers, 'if-none-match': ifNoneMatch });
    expect(again.status, ifNoneMatch).toBe(304);
    expect(again.body.length).toBe(0);
    // A 304 carries the headers the 200 would have (RFC 9110 §15.4.5).
    expect(again.headers['etag']).toBe(etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.headers['vary']?.toLowerCase()).toContain('accept-encoding');
  }
  const miss = await rawGet(path, { ...headers, 'if-none-match': '"not-it", W/"nor-this"' });
  expect(miss.status).toBe(200);
  expect(miss.text).toBe(first.text);
  expect(miss.headers['etag']).toBe(etag);
  return first;
}

describe('public HTML with the page cache on', () => {
  it('is no-cache with a strong ETag on a miss and on a hit, without max-age or s-maxage', async () => {
    const miss = await rawGet('/cenote-angelita', { 'accept-encoding': 'br' });
    expect(miss.headers['x-cache']).toBe('MISS');
    expectRevalidatable(miss);
    const hit = await rawGet('/cenote-angelita', { 'accept-encoding': 'br' });
    expect(hit.headers['x-cache']).toBe('HIT');
    expectRevalidatable(hit);
    expect(hit.headers['etag']).toBe(miss.headers['etag']);
    expect(hit.text).toBe(miss.text);
    expect(hit.text).toContain('Angelita');
    for (const response of [miss, hit]) {
      expect(response.headers['cache-control']).not.toMatch(/max-age|s-maxage|public|stale/);
      expect(response.headers['expires']).toBeUndefined();
    }
  });

  it('answers a matching If-None-Match with 304 (exact, in a list, weak, *), anything else with the page', async () => {
    await revalidationRoundTrip('/cenote-carwash');
    await revalidationRoundTrip('/');
  });

  it('gives each coding its own ETag, and one coding’s ETag does not revalidate another', async () => {
    const br = await rawGet('/cenote-chikin-ha', { 'accept-encoding': 'br' });
    const gzip = await rawGet('/cenote-chikin-ha', { 'accept-encoding': 'gzip' });
    const identity = await rawGet('/cenote-chikin-ha', { 'accept-encoding': 'identity' });
    expect([br, gzip, identity].map((response) => response.headers['content-encoding'])).toEqual([
      'br',
      'gzip',
      undefined,
    ]);
    for (const response of [br, gzip, identity]) expectRevalidatable(response);
    expect(new Set([br, gzip, identity].map((response) => response.headers['etag'])).size).toBe(3);
    expect(gzip.text).toBe(br.text);
    expect(identity.text).toBe(br.text);
    const crossed = await rawGet('/cenote-chikin-ha', {
      'accept-encoding': 'gzip',
      'if-none-match': br.headers['etag']!,
    });
    expect(crossed.status).toBe(200);
    expect(crossed.headers['content-encoding']).toBe('gzip');
    expect(crossed.headers['etag']).toBe(gzip.headers['etag']);
  });

  it('a HEAD request gets the same validators', async () => {
    const get = await rawGet('/cenote-tak-be-lum', { 'accept-encoding': 'gzip' });
    const head = await rawGet('/cenote-tak-be-lum', { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['etag']).toBe(get.headers['etag']);
    expect(head.headers['cache-control']).toBe('no-cache');
  });

  it('after an edit the old ETag gets 200 with the new page and a new ETag', async () => {
    const before = await rawGet('/cenote-dreamgate', { 'accept-encoding': 'br' });
    const oldEtag = before.headers['etag']!;
    expect((await rawGet('/cenote-dreamgate', { 'accept-encoding': 'br', 'if-none-match': oldEtag })).status).toBe(304);
    const { page, block } = await firstBlockOf('cenote-dreamgate');
    const saved = await admin.request('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, block_data: { ...block.block_data, title: 'Dreamgate, rewritten' } },
    });
    expect(saved.status).toBe(200);
    // Saved into the draft only: the browser's copy is still current.
    expect((await rawGet('/cenote-dreamgate', { 'accept-encoding': 'br', 'if-none-match': oldEtag })).status).toBe(304);
    await publish(page);
    const after = await rawGet('/cenote-dreamgate', { 'accept-encoding': 'br', 'if-none-match': oldEtag });
    expect(after.status).toBe(200);
    expect(after.text).toContain('Dreamgate, rewritten');
    expectRevalidatable(after);
    expect(after.headers['etag']).not.toBe(oldEtag);
    const revalidated = await rawGet('/cenote-dreamgate', {
      'accept-encoding': 'br',
      'if-none-match': after.headers['etag']!,
    });
    expect(revalidated.status).toBe(304);
  });

  it('a page published after a visit answers the reload with the page (the 404 was never stored)', async () => {
    const created = await admin.post<{ page: { id: string; version: number } }>('/api/v1/pages', {
      title: 'Cenote Freshly Published',
      slug: 'cenote-freshly-published',
      excerpt: 'Published during the test.',
    });
    expect(created.status).toBe(201);
    const { id, version } = created.body.page;
    await admin.post(`/api/v1/pages/${id}/blocks`, {
      block_type: 'text',
      block_data: { heading: 'Fresh text', content: '<p>Just published.</p>' },
    });
    const before = await rawGet('/cenote-freshly-published', { 'accept-encoding': 'br' });
    expect(before.status).toBe(404);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.headers['etag']).toBeUndefined();
    const published = await admin.request('PATCH', `/api/v1/pages/${id}`, { body: { version, is_published: true } });
    expect(published.status).toBe(200);
    const after = await rawGet('/cenote-freshly-published', { 'accept-encoding': 'br' });
    expect(after.status).toBe(200);
    expect(after.text).toContain('Just published.');
    expectRevalidatable(after);
  });

  it('the cache duration drives the server cache, never the browser’s', async () => {
    await savePerformance({ enable_caching: true, cache_duration: 120 });
    expect((await rawGet('/cenote-yaakun')).headers['x-cache']).toBe('MISS');
    const hit = await rawGet('/cenote-yaakun');
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['cache-control']).toBe('no-cache');
    clock.advance(119_000);
    expect((await rawGet('/cenote-yaakun')).headers['x-cache']).toBe('HIT');
    clock.advance(2_000);
    const expired = await rawGet('/cenote-yaakun');
    expect(expired.headers['x-cache']).toBe('MISS');
    expect(expired.headers['cache-control']).toBe('no-cache');
    // Same page, same bytes: the browser's copy is still good.
    expect(expired.headers['etag']).toBe(hit.headers['etag']);
  });
});

describe('Accept-Encoding is negotiated by its q-values', () => {
  const cases: Array<[string | undefined, string | undefined]> = [
    [undefined, undefined],
    ['gzip, deflate, br', 'br'],
    ['gzip;q=0', undefined],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1.0, br;q=0.5', 'gzip'],
    ['identity', undefined],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['*;q=0, gzip', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['identity;q=1, br;q=0.1', undefined],
  ];

  it.each(cases)('cached page, Accept-Encoding %j → %s', async (acceptEncoding, expected) => {
    const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    await rawGet('/cenote-casa-cenote', headers);
    const response = await rawGet('/cenote-casa-cenote', headers);
    expect(response.headers['x-cache']).toBe('HIT');
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.text).toContain('<!doctype html>');
    expectRevalidatable(response);
  });

  it.each(cases)('search results, Accept-Encoding %j → %s', async (acceptEncoding, expected) => {
    const headers: Record<string, string> = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    const response = await rawGet('/search?q=halocline', headers);
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBe(expected);
    expect(response.text).toContain('Results for');
  });
});

describe('responses that are never stored', () => {
  it('the 404 page and search results are no-store, without an ETag, and never 304', async () => {
    for (const path of ['/no-such-cenote', '/search?q=cenote']) {
      const response = await rawGet(path, { 'accept-encoding': 'br', 'if-none-match': '*' });
      expect(response.status, path).toBe(path.startsWith('/search') ? 200 : 404);
      expect(response.headers['cache-control'], path).toBe('no-store');
      expect(response.headers['etag'], path).toBeUndefined();
      expect(response.headers['content-encoding'], path).toBe('br');
    }
  });

  it('a signed-in editor gets no-store, no ETag, and never a 304 for the visitors’ ETag', async () => {
    const anonymous = await rawGet('/cenote-nicte-ha', { 'accept-encoding': 'gzip' });
    const asEditor = await rawGet('/cenote-nicte-ha', {
      'accept-encoding': 'gzip',
      cookie: admin.cookieHeader(),
      'if-none-match': anonymous.headers['etag']!,
    });
    expect(asEditor.status).toBe(200);
    expect(asEditor.headers['cache-control']).toBe('no-store');
    expect(asEditor.headers['etag']).toBeUndefined();
    expect(asEditor.headers['x-cache']).toBeUndefined();
    expect(asEditor.headers['content-encoding']).toBe('gzip');
  });
});

describe('hashed assets', () => {
  it('stay immutable for a year', async () => {
    const home = await rawGet('/');
    const assets = [...home.text.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const response = await rawGet(asset, { 'accept-encoding': 'br' });
      expect(response.status, asset).toBe(200);
      expect(response.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
    }
  });
});

// Last: it turns the page cache off for the rest of the file.
describe('public HTML with the page cache off', () => {
  it('is still no-cache with a strong ETag of the bytes sent, stable across requests, and revalidates', async () => {
    await savePerformance({ enable_caching: false });
    const first = await revalidationRoundTrip('/cenote-garden-of-eden');
    expect(first.headers['x-cache']).toBeUndefined();
    const second = await rawGet('/cenote-garden-of-eden', { 'accept-encoding': 'gzip, deflate, br' });
    expect(second.headers['etag']).toBe(first.headers['etag']);
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const response = await rawGet('/cenote-garden-of-eden', { 'accept-encoding': acceptEncoding });
      expect(response.headers['x-cache']).toBeUndefined();
      expect(response.headers['content-encoding'] ?? 'identity').toBe(acceptEncoding);
      expect(response.text).toBe(first.text);
      expectRevalidatable(response);
    }
  });

  it('negotiates q-values the same way', async () => {
    for (const [acceptEncoding, expected] of [
      ['gzip;q=0', undefined],
      ['br;q=0, gzip', 'gzip'],
      ['identity', undefined],
      ['*;q=0', undefined],
    ] as const) {
      const response = await rawGet('/cenote-garden-of-eden', { 'accept-encoding': acceptEncoding });
      expect(response.headers['content-encoding'], acceptEncoding).toBe(expected);
      expectRevalidatable(response);
    }
  });

  it('after an edit the old ETag gets 200 with the new page', async () => {
    const before = await rawGet('/cenote-tak-bi-ha', { 'accept-encoding': 'gzip' });
    const oldEtag = before.headers['etag']!;
    const { page, block } = await firstBlockOf('cenote-tak-bi-ha');
    const saved = await admin.request('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, block_data: { ...block.block_data, title: 'Tak Bi Ha, uncached edit' } },
    });
    expect(saved.status).toBe(200);
    await publish(page);
    const after = await rawGet('/cenote-tak-bi-ha', { 'accept-encoding': 'gzip', 'if-none-match': oldEtag });
    expect(after.status).toBe(200);
    expect(after.text).toContain('Tak Bi Ha, uncached edit');
    expect(after.headers['etag']).not.toBe(oldEtag);
  });
});
