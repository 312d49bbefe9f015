import type { FastifyInstance } from 'fastify';
import { addRedirectHits, loadAllRedirects } from './redirects.service.server';

export interface ServedRedirect {
  id: string;
  to: string;
  status: number;
}

const hitFlushIntervalMs = 5_000;

/**
 * The redirects the site answers from, held in memory like the page cache: a visit costs one map
 * lookup. Any committed content change, here or on another instance (the page cache's NOTIFY),
 * drops the table and the next request reads it again. Hits are counted here and added to the
 * database in one write per redirect every few seconds, and when the server closes.
 */
export class RedirectMap {
  private table: Promise<Map<string, ServedRedirect>> | undefined;
  private pendingHits = new Map<string, number>();

  constructor(private readonly app: FastifyInstance) {}

  async lookup(path: string): Promise<ServedRedirect | undefined> {
    this.table ??= loadAllRedirects(this.app.db).then(
      (rows) => new Map(rows.map((row) => [row.from_path, { id: row.id, to: row.to_target, status: row.status }])),
      (error: unknown) => {
        this.table = undefined;
        throw error;
      },
    );
    return (await this.table).get(path);
  }

  invalidate(): void {
    this.table = undefined;
  }

  countHit(id: string): void {
    this.pendingHits.set(id, (this.pendingHits.get(id) ?? 0) + 1);
  }

  /** Writes the counted hits (tests call it to read counts at once). */
  async flushHits(): Promise<void> {
    if (this.pendingHits.size === 0) return;
    const hits = this.pendingHits;
    this.pendingHits = new Map();
    await addRedirectHits(this.app.db, hits, this.app.clock.now());
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    redirectMap: RedirectMap;
  }
}

export function registerRedirectMap(app: FastifyInstance): void {
  const map = new RedirectMap(app);
  app.decorate('redirectMap', map);
  app.contentEvents.on('invalidate', () => map.invalidate());
  const flush = () =>
    map.flushHits().catch((error: unknown) => app.log.warn({ err: error }, 'could not save redirect hit counts'));
  const timer = setInterval(() => void flush(), hitFlushIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    if (app.readiness.ready) await flush();
  });
}
