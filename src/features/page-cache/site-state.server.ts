import type { Database } from '../../platform/db/client.server';
import type { ContentChange } from '../../platform/content-events.server';
import { loadChrome, loadImagePolicy } from '../site-data/site-data.server';
import { pagePath, type Locale } from '../../shared/lib/locale';
import { listTranslationLinks } from '../pages/pages.repo.server';

/** The paths of one page in each language it is live in. */
export type Alternates = Partial<Record<Locale, string>>;

/**
 * A page's translations: the paths of those that are live, by language (its own included), and
 * the ids of the others, live or not (a change to one can change what this page links to).
 */
export interface LiveTranslations {
  alternates: Alternates;
  otherPageIds: string[];
}

/** The site-wide data of one language, as read once and held until it changes. */
export type Chrome = Awaited<ReturnType<typeof loadChrome>>;
type Policy = Awaited<ReturnType<typeof loadImagePolicy>>;

/**
 * The site-wide data every page needs (navigation, SEO and performance settings), read once and
 * kept until a site-wide change: a cached or uncached render then costs no extra queries for it.
 */
export class SiteState {
  private chrome = new Map<Locale, Promise<Chrome>>();
  /** Live pages' translations, by page id; dropped by every content change (any publish may add one). */
  private translations: Promise<Map<string, LiveTranslations>> | undefined;
  private policy: Promise<Policy> | undefined;
  /** The policy once read, for callers that cannot wait (the cache-hit path); undefined until then. */
  private settledPolicy: Policy | undefined;
  private year = new Date().getFullYear();

  constructor(private readonly db: Database) {}

  /** The navigation and settings of one language's pages (English when not given). */
  getChrome(locale: Locale = 'en'): Promise<Chrome> {
    const year = new Date().getFullYear();
    if (year !== this.year) {
      this.year = year;
      this.chrome.clear();
    }
    const cached = this.chrome.get(locale);
    if (cached) return cached;
    const loading = loadChrome(this.db, locale).catch((error: unknown) => {
      if (this.chrome.get(locale) === loading) this.chrome.delete(locale);
      throw error;
    });
    this.chrome.set(locale, loading);
    return loading;
  }

  /** This page in every language it has (its live addresses, the others' ids). */
  async getTranslations(pageId: string): Promise<LiveTranslations> {
    if (!this.translations) {
      const loading = listTranslationLinks(this.db).then((links) => {
        const groups = new Map<string, { alternates: Alternates; ids: string[] }>();
        for (const link of links) {
          const group = groups.get(link.group) ?? { alternates: {}, ids: [] };
          if (link.liveSlug !== null) group.alternates[link.locale] = pagePath(link.locale, link.liveSlug);
          group.ids.push(link.id);
          groups.set(link.group, group);
        }
        return new Map(
          links.map((link) => {
            const group = groups.get(link.group)!;
            const otherPageIds = group.ids.filter((id) => id !== link.id);
            return [link.id, { alternates: group.alternates, otherPageIds }];
          }),
        );
      });
      loading.catch(() => {
        if (this.translations === loading) this.translations = undefined;
      });
      this.translations = loading;
    }
    return (await this.translations).get(pageId) ?? { alternates: {}, otherPageIds: [] };
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
    this.translations = undefined;
    if (change.scope === 'site') {
      this.chrome.clear();
      this.policy = undefined;
      this.settledPolicy = undefined;
    }
  }
}
