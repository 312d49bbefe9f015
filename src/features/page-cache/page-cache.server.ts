import { hash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants as zlibConstants, gzip, gzipSync } from 'node:zlib';
import type { ContentChange } from '../../platform/content-events.server';
import { SharedLoads } from './shared-loads.server';
import type { ContentCoding } from './http-caching.server';

/** One encoded form of a page: the exact bytes sent and their strong ETag. */
export interface EncodedPage {
  body: Buffer;
  etag: string;
}

/** One rendered public page, compressed once when it is stored (compression costs more than rendering). */
export interface CachedPage {
  /** Every coding we send; each has its own ETag, since a strong ETag names exact bytes. */
  variants: Record<ContentCoding, EncodedPage>;
  storedAt: number;
  /** Bytes this entry holds, for the LRU bound. */
  size: number;
  /**
   * The complete responses for the cache-hit path, header lists included; built from the headers
   * the full request pipeline sent for this page, so both paths answer alike.
   */
  wire?: Record<ContentCoding, WireResponse>;
}

/** One coding of a cached page as it goes on the socket: flat [name, value, …] header lists. */
export interface WireResponse {
  ok: string[];
  notModified: string[];
  body: Buffer;
  etag: string;
}

/** Headers that belong to one response (or to the connection), never to the cached page. */
const perResponseHeaders = new Set([
  'etag',
  'content-encoding',
  'content-length',
  'x-cache',
  'set-cookie',
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The responses a cache hit sends, from the headers the full pipeline gave one response for this
 * page (security headers, content type, caching policy): a 200 and a 304 for each coding.
 */
export function wireResponses(
  page: Pick<CachedPage, 'variants'>,
  sentHeaders: Record<string, unknown>,
): Record<ContentCoding, WireResponse> {
  const shared: string[] = [];
  for (const [name, value] of Object.entries(sentHeaders)) {
    if (value === undefined || perResponseHeaders.has(name.toLowerCase())) continue;
    for (const one of Array.isArray(value) ? value : [value]) shared.push(name.toLowerCase(), String(one));
  }
  const wireFor = (coding: ContentCoding): WireResponse => {
    const { body, etag } = page.variants[coding];
    const encoding = coding === 'identity' ? [] : ['content-encoding', coding];
    return {
      ok: [...shared, 'etag', etag, ...encoding, 'x-cache', 'HIT', 'content-length', String(body.length)],
      notModified: [...shared, 'etag', etag, 'x-cache', 'HIT'],
      body,
      etag,
    };
  };
  return { br: wireFor('br'), gzip: wireFor('gzip'), identity: wireFor('identity') };
}

export function etagOf(body: Buffer | string): string {
  // One-shot hash: no Hash object per response.
  return `"${hash('sha1', body, 'base64url')}"`;
}

const encoded = (body: Buffer): EncodedPage => ({ body, etag: etagOf(body) });

/**
 * A document rendered around markup encoded earlier (a live page's content, ADR 037; the footer,
 * ADR 048): UTF-8 byte parts in order, joined once.
 */
export interface ComposedHtml {
  parts: readonly Buffer[];
}

/** A whole HTML document, as one string or composed around an encoded fragment. */
export type HtmlDocument = string | ComposedHtml;

function documentBytes(html: HtmlDocument): Buffer {
  if (typeof html === 'string') return Buffer.from(html);
  return Buffer.concat(html.parts);
}

/**
 * The cached copy's brotli window: 2^16 bytes (64 KB), the largest for which brotli's quality 5–9
 * encoders use their small hash chains. Above it they allocate and clear a 32 MB hash table for every
 * page: measured on /cenote-dos-ojos (58 KB) at quality 9, 70 ms and +20 MB of peak memory a page
 * with the default window, 6 ms and no growth with this one, and the output 9 bytes smaller
 * (docs/decisions/050-brotli-window.md).
 */
export const cachedBrotliWindowBits = 16;

export function buildCachedPage(html: HtmlDocument, now: number): CachedPage {
  const identity = encoded(documentBytes(html));
  const raw = identity.body;
  const gzipped = gzipSync(raw, { level: 9 });
  const brotli = brotliCompressSync(raw, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: 9,
      [zlibConstants.BROTLI_PARAM_LGWIN]: cachedBrotliWindowBits,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
    },
  });
  return {
    variants: { identity, gzip: encoded(gzipped), br: encoded(brotli) },
    storedAt: now,
    size: raw.length + gzipped.length + brotli.length,
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * A page rendered for one request only (caching off, editors, search, 404), compressed cheaply
 * in the requested coding (the same effort the API's responses get).
 */
export async function encodeLive(html: HtmlDocument, coding: ContentCoding): Promise<EncodedPage> {
  const raw = documentBytes(html);
  if (coding === 'identity') return encoded(raw);
  if (coding === 'br') {
    return encoded(
      await brotliAsync(raw, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 4,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
        },
      }),
    );
  }
  return encoded(await gzipAsync(raw, { level: 1 }));
}

/**
 * The cache keys a change makes stale. Every public page shows the header and footer, so
 * navigation, settings and media changes touch them all; a page or block change touches
 * that page's path (both paths when its slug changed).
 */
export function keysToInvalidate(change: ContentChange): 'all' | string[] {
  if (change.scope === 'site') return 'all';
  const paths = new Set<string>();
  for (const path of change.paths ?? []) paths.add(path);
  if (change.pageId) paths.add(`page:${change.pageId}`);
  return [...paths];
}

/** The key used longest ago (a linear scan: evictions are rare, every hit only bumps a counter). */
export function leastRecentlyUsed(entries: Map<string, { lastUsed: number }>): string | undefined {
  let leastRecent: string | undefined;
  let leastUse = Infinity;
  for (const [key, entry] of entries) {
    if (entry.lastUsed < leastUse) {
      leastUse = entry.lastUsed;
      leastRecent = key;
    }
  }
  return leastRecent;
}

/** A page rendered for the cache, with the ids it shows (see `PageCache.set`). */
export interface FilledPage {
  pageId: string;
  page: CachedPage;
  relatedPageIds: readonly string[];
}

/**
 * A bounded LRU of rendered pages for anonymous visitors, keyed by path. Entries also remember
 * which page id they show, so a block change (which knows only the page id) finds its path.
 */
export class PageCache {
  private readonly entries = new Map<
    string,
    CachedPage & { pageId: string | null; relatedPageIds: readonly string[]; lastUsed: number }
  >();
  private uses = 0;
  private bytes = 0;
  /** Renders under way, shared by the readers who miss the same path meanwhile. */
  private readonly fills = new SharedLoads<FilledPage | undefined>();

  constructor(private readonly maxBytes = 64 * 1024 * 1024) {}

  get(path: string, maxAgeMs: number, now: number): CachedPage | undefined {
    const entry = this.entries.get(path);
    if (!entry) return undefined;
    if (now - entry.storedAt > maxAgeMs) {
      this.delete(path);
      return undefined;
    }
    // A counter, not re-insertion into the Map: every hit passes here, evictions are rare.
    entry.lastUsed = ++this.uses;
    return entry;
  }

  /**
   * `relatedPageIds`: other pages this one shows something of (its translations, whose addresses
   * are in its hreflang links and language switch); a change to one of them drops this entry too.
   */
  set(path: string, pageId: string | null, page: CachedPage, relatedPageIds: readonly string[] = []): void {
    this.delete(path);
    if (page.size > this.maxBytes) return;
    this.entries.set(path, { ...page, pageId, relatedPageIds, lastUsed: ++this.uses });
    this.bytes += page.size;
    while (this.bytes > this.maxBytes) {
      const leastRecent = leastRecentlyUsed(this.entries);
      if (leastRecent === undefined) break;
      this.delete(leastRecent);
    }
  }

  /**
   * The page for a path that missed: built by `render`, or by the render another reader of the path
   * started, unless a change landed since it began. A render a change overtook is not stored.
   */
  async fill(path: string, render: () => Promise<FilledPage | undefined>): Promise<CachedPage | undefined> {
    const filled = await this.fills.run(
      path,
      render,
      (value) => value && this.set(path, value.pageId, value.page, value.relatedPageIds),
    );
    return filled?.page;
  }

  /** The ready-to-send responses for a path, when its entry is fresh and they were built. */
  getWire(path: string, maxAgeMs: number, now: number): Record<ContentCoding, WireResponse> | undefined {
    return this.get(path, maxAgeMs, now)?.wire;
  }

  /** Builds the cache-hit responses of a path's entry from the headers one full response sent. */
  rememberHeaders(path: string, sentHeaders: Record<string, unknown>): void {
    const entry = this.entries.get(path);
    if (entry && !entry.wire) entry.wire = wireResponses(entry, sentHeaders);
  }

  delete(path: string): void {
    const entry = this.entries.get(path);
    if (!entry) return;
    this.entries.delete(path);
    this.bytes -= entry.size;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  invalidate(change: ContentChange): void {
    this.fills.forget();
    const keys = keysToInvalidate(change);
    if (keys === 'all') {
      this.clear();
      return;
    }
    for (const key of keys) {
      if (key.startsWith('page:')) {
        const pageId = key.slice('page:'.length);
        for (const [path, entry] of this.entries) {
          if (entry.pageId === pageId || entry.relatedPageIds.includes(pageId)) this.delete(path);
        }
      } else this.delete(key);
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}
