import { escapeHtml } from '../../shared/lib/html';

/** How many pages the feed lists: the newest by their last publish. */
export const feedEntryLimit = 20;

export interface FeedEntry {
  /** The page's id: its entry id (`urn:uuid:…`) never changes, even when the slug does. */
  pageId: string;
  title: string;
  /** The page's public path, e.g. `/cenote-dos-ojos`. */
  path: string;
  summary: string;
  /** First time the page went live. */
  published: Date;
  /** Last time it was published. */
  updated: Date;
}

export interface FeedSite {
  title: string;
  description: string;
  /** The site's public origin, no trailing slash. */
  publicUrl: string;
  /** The feed's language (decision 44: one feed per language); English at /feed.xml when not given. */
  locale?: string;
  /** The feed's own path ('/feed.xml', '/es/feed.xml'). */
  path?: string;
  /** The home page of the feed's language ('/', '/es'). */
  home?: string;
}

const xml = (text: string) => escapeHtml(text);

/**
 * An Atom 1.0 document (RFC 4287): feed id, title, updated, author and self link; per entry id,
 * title, link, published, updated and a text summary when the page has one.
 */
export function atomFeed(site: FeedSite, entries: readonly FeedEntry[], now: Date): string {
  const newest = entries.reduce<Date | undefined>(
    (latest, entry) => (latest === undefined || entry.updated > latest ? entry.updated : latest),
    undefined,
  );
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${xml(site.locale ?? 'en')}">`,
    `<id>${xml(`${site.publicUrl}${site.home ?? '/'}`)}</id>`,
    `<title>${xml(site.title)}</title>`,
    site.description ? `<subtitle>${xml(site.description)}</subtitle>` : '',
    `<updated>${(newest ?? now).toISOString()}</updated>`,
    `<author><name>${xml(site.title)}</name></author>`,
    `<link rel="self" type="application/atom+xml" href="${xml(`${site.publicUrl}${site.path ?? '/feed.xml'}`)}"/>`,
    `<link rel="alternate" type="text/html" href="${xml(`${site.publicUrl}${site.home ?? '/'}`)}"/>`,
    ...entries.map((entry) =>
      [
        '<entry>',
        `<id>urn:uuid:${entry.pageId}</id>`,
        `<title>${xml(entry.title)}</title>`,
        `<link rel="alternate" type="text/html" href="${xml(`${site.publicUrl}${entry.path}`)}"/>`,
        `<published>${entry.published.toISOString()}</published>`,
        `<updated>${entry.updated.toISOString()}</updated>`,
        entry.summary ? `<summary type="text">${xml(entry.summary)}</summary>` : '',
        '</entry>',
      ]
        .filter(Boolean)
        .join(''),
    ),
    '</feed>',
  ];
  return `${lines.filter(Boolean).join('\n')}\n`;
}
