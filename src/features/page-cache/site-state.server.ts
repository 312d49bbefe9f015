import type { Database } from '../../server/db/client.server';
import type { ContentChange } from '../../server/content-events.server';
import { loadChrome, loadImagePolicy } from '../../site/site-data.server';

type Chrome = Awaited<ReturnType<typeof loadChrome>>;
type Policy = Awaited<ReturnType<typeof loadImagePolicy>>;

/**
 * The site-wide data every page needs (navigation, SEO and performance settings), read once and
 * kept until a site-wide change: a cached or uncached render then costs no extra queries for it.
 */
export class SiteState {
  private chrome: Promise<Chrome> | undefined;
  private policy: Promise<Policy> | undefined;
  /** The policy once read, for callers that cannot wait (the cache-hit path); undefined until then. */
  private settledPolicy: Policy | undefined;
  private year = new Date().getFullYear();

  constructor(private readonly db: Database) {}

  getChrome(): Promise<Chrome> {
    const year = new Date().getFullYear();
    if (year !== this.year) {
      this.year = year;
      this.chrome = undefined;
    }
    this.chrome ??= loadChrome(this.db).catch((error: unknown) => {
      this.chrome = undefined;
      throw error;
    });
    return this.chrome;
  }

  getPolicy(): Promise<Policy> {
    if (this.policy) return this.policy;
    const loading = loadImagePolicy(this.db).then(
      (policy) => {
        // An invalidation while this read ran made it stale: only the newest read settles.
        if (this.policy === loading) this.settledPolicy = policy;
        return policy;
      },
      (error: unknown) => {
        if (this.policy === loading) this.policy = undefined;
        throw error;
      },
    );
    this.policy = loading;
    return loading;
  }

  /** The performance settings as last read, without waiting; undefined while none is current. */
  currentPolicy(): Policy | undefined {
    return this.settledPolicy;
  }

  invalidate(change: ContentChange): void {
    if (change.scope === 'site') {
      this.chrome = undefined;
      this.policy = undefined;
      this.settledPolicy = undefined;
    }
  }
}
