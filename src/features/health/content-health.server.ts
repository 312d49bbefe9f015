import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/client.server';
import { DroppedOnChange, dropOnDatabaseChange, memoryMaxAgeMs } from '../../platform/db/dropped-on-change.server';
import { SharedLoads } from '../page-cache/shared-loads.server';
import { pagesChangedChannel } from '../pages/editor-read-cache.server';
import { contentCompleteness } from '../pages/pages.repo.server';

/** How many ids of pages without blocks the health answer lists; the count says how many there are. */
export const listedPagesWithoutBlocks = 50;

export interface ContentHealth {
  pages: number;
  pagesWithoutBlocksCount: number;
  /** The first `listedPagesWithoutBlocks`, in the pages' order. */
  pagesWithoutBlocks: string[];
}

declare module 'fastify' {
  interface FastifyInstance {
    contentHealth: ContentHealthCheck;
  }
}

/**
 * What `/api/health` reports. Probes ask it every few seconds, anyone may ask it, and the
 * completeness check reads every page: 16 ms on a site with 5,000 new drafts, on the embedded
 * database's one thread. Its answer only changes when pages or blocks do, and the database signals
 * that (migration 0012, ADR 044), so it is kept until then; asks that arrive while it is being read
 * share that read. The database is still pinged on every ask, so a probe sees it go away.
 */
export class ContentHealthCheck {
  readonly #memory: DroppedOnChange<ContentHealth>;
  readonly #loads = new SharedLoads<ContentHealth>();
  #reads = 0;

  constructor(private readonly database: DatabaseHandle) {
    this.#memory = new DroppedOnChange({ maxEntries: 1, maxAgeMs: memoryMaxAgeMs(database) });
  }

  /** How many times the completeness check has read the database (for tests and diagnostics). */
  get reads(): number {
    return this.#reads;
  }

  generation(): number {
    return this.#memory.generation();
  }

  invalidate(): void {
    this.#memory.invalidate();
    this.#loads.forget();
  }

  async read(): Promise<ContentHealth> {
    await this.database.ping();
    const kept = this.#memory.get('completeness');
    if (kept) return kept;
    const generation = this.#memory.generation();
    return this.#loads.run(
      'completeness',
      () => this.#readCompleteness(),
      (health) => this.#memory.set('completeness', generation, health),
    );
  }

  async #readCompleteness(): Promise<ContentHealth> {
    this.#reads++;
    const { pages, pagesWithoutBlocks } = await contentCompleteness(this.database.db);
    return {
      pages,
      pagesWithoutBlocksCount: pagesWithoutBlocks.length,
      pagesWithoutBlocks: pagesWithoutBlocks.slice(0, listedPagesWithoutBlocks),
    };
  }
}

export async function registerContentHealth(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const check = new ContentHealthCheck(database);
  app.decorate('contentHealth', check);
  await dropOnDatabaseChange(app, database, pagesChangedChannel, () => check.invalidate());
}
