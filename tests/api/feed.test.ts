import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

/** Issue 20: `/feed.xml`, an Atom feed of the 20 newest published pages, linked from every page. */

const publicUrl = 'https://cenoteatlas.test';
let server: TestApp;
let editor: ApiClient;

beforeAll(async () => {
  server = await startTestApp({ env: { PUBLIC_URL: publicUrl } });
  editor = await signedInClient(server, 'editor');
});
afterAll(async () => {
  await server.close();
});

interface AtomLink {
  '@_rel': string;
  '@_href': string;
  '@_type'?: string;
}
interface AtomEntry {
  id: string;
  title: string;
  link: AtomLink;
  published: string;
  updated: string;
  summary?: { '#text': string; '@_type': string };
}
interface AtomFeed {
  id: string;
  title: string;
  updated: string;
  author: { name: string };
  link: AtomLink[];
  entry?: AtomEntry[];
}

async function readFeed(): Promise<{ xml: string; feed: AtomFeed; contentType: string | null }> {
  const response = await fetch(`${server.url}/feed.xml`);
  expect(response.status).toBe(200);
  const xml = await response.text();
  // Well-formed XML first (a strict parser; an unescaped & or < fails here).
  expect(XMLValidator.validate(xml)).toBe(true);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    // Every entry and link as an array, however many there are; an entry's one link is unwrapped below.
    isArray: (name) => name === 'entry' || name === 'link',
  }).parse(xml) as {
    feed: Omit<AtomFeed, 'entry'> & { entry?: Array<Omit<AtomEntry, 'link'> & { link: AtomLink[] }> };
  };
  const entries = parsed.feed.entry?.map((entry) => ({ ...entry, link: entry.link[0]! }));
  return { xml, feed: { ...parsed.feed, entry: entries }, contentType: response.headers.get('content-type') };
}

async function createPage(slug: string, title: string, publish: boolean): Promise<{ id: string; version: number }> {
  const created = await editor.post<{ page: { id: string; version: number } }>('/api/v1/pages', {
    slug,
    title,
    excerpt: `Notes & tips for ${title} <divers>`,
    is_published: publish,
  });
  expect(created.status).toBe(201);
  return created.body.page;
}

describe('the Atom feed', () => {
  it('is Atom with the feed-level elements RFC 4287 requires', async () => {
    const { feed, contentType } = await readFeed();
    expect(contentType).toBe('application/atom+xml; charset=utf-8');
    expect(feed.id).toBe(`${publicUrl}/`);
    expect(feed.title).toBe('Cenote Atlas');
    expect(feed.author.name).toBe('Cenote Atlas');
    expect(Number.isNaN(Date.parse(feed.updated))).toBe(false);
    expect(feed.link).toContainEqual({
      '@_rel': 'self',
      '@_type': 'application/atom+xml',
      '@_href': `${publicUrl}/feed.xml`,
    });
  });

  it('lists the 20 newest published pages, newest first, each with id, link, dates and summary', async () => {
    const { feed } = await readFeed();
    const entries = feed.entry ?? [];
    expect(entries).toHaveLength(20);
    const updated = entries.map((entry) => Date.parse(entry.updated));
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(20);
    for (const entry of entries) {
      expect(entry.id).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
      expect(entry.link['@_href'].startsWith(`${publicUrl}/`)).toBe(true);
      expect(Date.parse(entry.published)).toBeLessThanOrEqual(Date.parse(entry.updated));
    }
    // Every entry is a page a visitor can open.
    for (const entry of entries.slice(0, 5)) {
      const path = entry.link['@_href'].slice(publicUrl.length);
      expect((await fetch(`${server.url}${path}`)).status).toBe(200);
    }
    expect(feed.updated).toBe(entries[0]!.updated);
  });

  it('shows a newly published page first, escaped, and never a draft or a page taken down', async () => {
    const draft = await createPage('feed-draft-only', 'Draft Only', false);
    const live = await createPage('feed-fresh-page', 'Fresh & New <Cenote>', true);
    const first = await readFeed();
    let feed = first.feed;
    const xml = first.xml;
    expect(feed.entry![0]!.title).toBe('Fresh & New <Cenote>');
    expect(feed.entry![0]!.id).toBe(`urn:uuid:${live.id}`);
    expect(feed.entry![0]!.link['@_href']).toBe(`${publicUrl}/feed-fresh-page`);
    expect(feed.entry![0]!.summary).toEqual({
      '#text': 'Notes & tips for Fresh & New <Cenote> <divers>',
      '@_type': 'text',
    });
    expect(xml).toContain('<title>Fresh &amp; New &lt;Cenote&gt;</title>');
    expect(xml).not.toContain(draft.id);

    expect((await editor.post(`/api/v1/pages/${live.id}/unpublish`)).status).toBe(200);
    ({ feed } = await readFeed());
    expect(feed.entry!.map((entry) => entry.id)).not.toContain(`urn:uuid:${live.id}`);
    expect(feed.entry).toHaveLength(20);
  });

  it('is linked from the head of every public page', async () => {
    for (const path of ['/', '/cenote-dos-ojos', '/search']) {
      const html = await (await fetch(`${server.url}${path}`)).text();
      expect(html).toContain(
        '<link rel="alternate" type="application/atom+xml" title="Cenote Atlas" href="/feed.xml">',
      );
    }
  });
});
