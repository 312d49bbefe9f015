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
    this.policy ??= loadImagePolicy(this.db).catch((error: unknown) => {
      this.policy = undefined;
      throw error;
    });
    return this.policy;
  }

  invalidate(change: ContentChange): void {
    if (change.scope === 'site') {
      this.chrome = undefined;
      this.policy = undefined;
    }
  }
}
