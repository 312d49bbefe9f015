import type { FastifyInstance } from 'fastify';

/**
 * Answers to "who is asking" (the session behind a cookie, whether two-factor is required) that
 * every signed-in request needs, remembered for at most `ttlMs` and forgotten by every write
 * request this instance answers (ADR 038). A read that started before a write is not kept.
 */
export class RecentReads<V> {
  private readonly entries = new Map<string, { value: V; at: number; clockAt: number }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  /** `clockNow` is the app's clock: a test clock moved on makes every entry stale, as time would. */
  async get(key: string, clockNow: number, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const at = performance.now();
    if (hit && at - hit.at < this.ttlMs && Math.abs(clockNow - hit.clockAt) < this.ttlMs) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      this.entries.set(key, { value, at, clockAt: clockNow });
    }
    return value;
  }

  forget(): void {
    this.generation += 1;
    this.entries.clear();
  }
}

/** How long a signed-in request's lookups are trusted: what another instance's sign-out may lag. */
export const recentReadsTtlMs = 1_000;

const readOnlyMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Forgets `reads` when a request that may write has been handled, before its response goes out:
 * the next request already sees what it changed (a sign-out, a role, a disabled account).
 */
export function forgetOnWrites(app: FastifyInstance, reads: { forget(): void }): void {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (!readOnlyMethods.has(request.method)) reads.forget();
    return payload;
  });
}
