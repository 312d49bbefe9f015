import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';

/**
 * Markup of the site's chrome (the header island, the footer) kept as UTF-8 bytes (ADR 048).
 *
 * Entries live under a `version`: an object the site replaces whenever what the markup is built
 * from changes (the site's chrome, new after every change of navigation or settings), so a change
 * never meets an old entry, and old versions' entries go with their object. Within a version, `key`
 * names everything else the markup depends on (the header's: language, current page,
 * translations). The least recently used goes first past `maxEntries` per version.
 */
export class ChromeMarkupMemo {
  readonly #byVersion = new WeakMap<object, Map<string, Buffer>>();

  constructor(private readonly maxEntries: number) {}

  /** The markup for `key`, rendering `element()` only when there is none yet. */
  bytes(version: object, key: string, element: () => ReactElement): Buffer {
    let entries = this.#byVersion.get(version);
    if (!entries) {
      entries = new Map();
      this.#byVersion.set(version, entries);
    }
    let bytes = entries.get(key);
    if (bytes) {
      // Most recently used last: the first key is the one to evict.
      entries.delete(key);
    } else {
      bytes = Buffer.from(renderToString(element()));
      const oldest = entries.size >= this.maxEntries ? entries.keys().next() : undefined;
      if (oldest && !oldest.done) entries.delete(oldest.value);
    }
    entries.set(key, bytes);
    return bytes;
  }

  /** How many entries `version` holds. */
  sizeOf(version: object): number {
    return this.#byVersion.get(version)?.size ?? 0;
  }
}
