import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildCachedPage, encodeLive, etagOf, keysToInvalidate, PageCache } from './page-cache.server';

describe('invalidation map: which writes touch which keys', () => {
  it.each([
    [{ scope: 'site' as const }, 'all'],
    [{ scope: 'page' as const, pageId: 'p1' }, ['page:p1']],
    [{ scope: 'page' as const, pageId: 'p1', paths: ['/'] }, ['/', 'page:p1']],
    [
      { scope: 'page' as const, pageId: 'p1', paths: ['/old-slug', '/new-slug'] },
      ['/old-slug', '/new-slug', 'page:p1'],
    ],
  ])('%o → %o', (change, expected) => {
    expect(keysToInvalidate(change)).toEqual(expected);
  });
});

describe('PageCache', () => {
  const page = (text: string) => buildCachedPage(`<html>${text}</html>`, 0);

  it('stores compressed forms that decompress to the page, each with the strong ETag of its own bytes', () => {
    const entry = page('hello');
    const { identity, gzip, br } = entry.variants;
    expect(identity.body.toString()).toBe('<html>hello</html>');
    expect(gunzipSync(gzip.body).toString()).toBe('<html>hello</html>');
    expect(brotliDecompressSync(br.body).toString()).toBe('<html>hello</html>');
    for (const variant of [identity, gzip, br]) {
      expect(variant.etag).toMatch(/^"[\w-]+"$/);
      expect(variant.etag).toBe(etagOf(variant.body));
    }
    expect(new Set([identity.etag, gzip.etag, br.etag]).size).toBe(3);
    expect(page('hello').variants.br.etag).toBe(br.etag);
    expect(page('other').variants.identity.etag).not.toBe(identity.etag);
    expect(entry.size).toBe(identity.body.length + gzip.body.length + br.body.length);
  });

  it("compresses a cached page with brotli's 64 KB window, whatever the page's size", () => {
    // A window above 64 KB makes brotli's quality 9 clear a 32 MB hash table for every page
    // (cachedBrotliWindowBits). The stream's first bit says which window it was written with: 0 is 16 bits.
    const long = `<html>${Array.from({ length: 4000 }, (_, index) => `<p>cenote ${index}</p>`).join('')}</html>`;
    expect(long.length).toBeGreaterThan(64 * 1024);
    for (const html of ['<html>short</html>', long]) {
      const br = buildCachedPage(html, 0).variants.br.body;
      expect(br[0]! & 1).toBe(0);
      expect(brotliDecompressSync(br).toString()).toBe(html);
    }
  });

  it('encodes a live page in the requested coding, with the ETag of those bytes', async () => {
    const html = `<html>${'live page '.repeat(200)}</html>`;
    const identity = await encodeLive(html, 'identity');
    const gzip = await encodeLive(html, 'gzip');
    const br = await encodeLive(html, 'br');
    expect(identity.body.toString()).toBe(html);
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    expect(gzip.body.length).toBeLessThan(identity.body.length);
    expect(br.body.length).toBeLessThan(identity.body.length);
    for (const variant of [identity, gzip, br]) expect(variant.etag).toBe(etagOf(variant.body));
    expect((await encodeLive(html, 'br')).etag).toBe(br.etag);
  });

  it('a block change (page id only) removes that page under whatever path it is stored', () => {
    const cache = new PageCache();
    cache.set('/cenote-el-pit', 'pit', page('pit'));
    cache.set('/', 'home', page('home'));
    cache.invalidate({ scope: 'page', pageId: 'pit' });
    expect(cache.get('/cenote-el-pit', 1000, 0)).toBeUndefined();
    expect(cache.get('/', 1000, 0)).toBeDefined();
  });

  it('a site-wide change empties it', () => {
    const cache = new PageCache();
    cache.set('/a', 'a', page('a'));
    cache.set('/b', 'b', page('b'));
    cache.invalidate({ scope: 'site' });
    expect(cache.size.entries).toBe(0);
    expect(cache.size.bytes).toBe(0);
  });

  it('expires entries after the cache duration', () => {
    const cache = new PageCache();
    cache.set('/a', 'a', page('a'));
    expect(cache.get('/a', 1000, 999)).toBeDefined();
    expect(cache.get('/a', 1000, 1001)).toBeUndefined();
  });

  it('evicts the least recently used entries beyond its byte bound', () => {
    const one = page('x'.repeat(1000));
    const cache = new PageCache(one.size * 2 + 10);
    cache.set('/1', null, one);
    cache.set('/2', null, page('y'.repeat(1000)));
    cache.get('/1', 1000, 0);
    cache.set('/3', null, page('z'.repeat(1000)));
    expect(cache.get('/2', 1000, 0)).toBeUndefined();
    expect(cache.get('/1', 1000, 0)).toBeDefined();
    expect(cache.get('/3', 1000, 0)).toBeDefined();
    expect(cache.size.bytes).toBeLessThanOrEqual(one.size * 2 + 10);
  });
});
