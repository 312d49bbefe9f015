import type { ContentChange } from '../../platform/content-events.server';
import { keysToInvalidate, leastRecentlyUsed } from './page-cache.server';
import { SharedLoads } from './shared-loads.server';

/**
 * What the site derived from a live page (its row, blocks, resolved images, the rendered content
 * between header and footer), keyed by path and held until a committed change touches that page or
 * the whole site (ADR 037). No age limit: the invalidation is exact, on every instance, through the
 * same signals as the page cache. Unlike the page cache it holds no whole responses, so turning
 * caching off still renders every response (header, head, compression) per request.
 */
export class LivePageMemo<T> {
  private readonly entries = new Map<string, { pageId: string; value: T; lastUsed: number }>();
  /** Loads under way, shared by the requests that arrive meanwhile. */
  private readonly loads = new SharedLoads<{ pageId: string; value: T } | undefined>();
  private uses = 0;

  constructor(private readonly maxEntries = 500) {}

  async get(path: string, load: () => Promise<{ pageId: string; value: T } | undefined>): Promise<T | undefined> {
    const entry = this.entries.get(path);
    if (entry) {
      entry.lastUsed = ++this.uses;
      return entry.value;
    }
    const loaded = await this.loads.run(path, load, (value) => value && this.store(path, value));
    return loaded?.value;
  }

  invalidate(change: ContentChange): void {
    this.loads.forget();
    const keys = keysToInvalidate(change);
    if (keys === 'all') {
      this.entries.clear();
      return;
    }
    for (const key of keys) {
      if (key.startsWith('page:')) {
        const pageId = key.slice('page:'.length);
        for (const [path, entry] of this.entries) if (entry.pageId === pageId) this.entries.delete(path);
      } else this.entries.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private store(path: string, loaded: { pageId: string; value: T }): void {
    this.entries.set(path, { ...loaded, lastUsed: ++this.uses });
    if (this.entries.size <= this.maxEntries) return;
    const leastRecent = leastRecentlyUsed(this.entries);
    if (leastRecent !== undefined) this.entries.delete(leastRecent);
  }
}
