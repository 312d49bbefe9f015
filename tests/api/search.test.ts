import { eq } from 'drizzle-orm';
import { publishDirectly } from '../helpers/publish';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { pages } from '../../src/features/pages/pages.table';
import { pageSearch } from '../../src/features/search/search.table';
import { resetSeededPage } from '../../src/features/seed/seed.service.server';
import { getJson, startTestApp, type TestApp } from '../helpers/build-app';
import { pageWithSlug } from '../helpers/pages';

interface Result {
  slug: string;
  path: string;
  title: string;
  excerpt: string;
  snippet: string;
}
type SearchBody = { results: Result[] };
type ErrorBody = { error: { code: string; field?: string } };

let server: TestApp;

beforeAll(async () => {
  // Seeded with the real content: the seed indexes every page it creates.
  server = await startTestApp();
});

afterAll(async () => {
  await server.close();
});

async function search(q: string, extra = '') {
  return getJson<SearchBody>(`${server.url}/api/v1/search?q=${encodeURIComponent(q)}${extra}`);
}

/** The snippet with its <mark> tags removed must contain no tag at all. */
function expectOnlyMarkTags(snippet: string) {
  expect(snippet.replaceAll('<mark>', '').replaceAll('</mark>', '')).not.toMatch(/[<>]/);
}

describe('GET /api/v1/search', () => {
  it('indexes every seeded page', async () => {
    const indexed = await server.app.db.select({ id: pageSearch.page_id }).from(pageSearch);
    const all = await server.app.db.select({ id: pages.id }).from(pages);
    expect(indexed.length).toBe(all.length);
    expect(all.length).toBeGreaterThan(30);
  });

  it('finds Cenote Dos Ojos first for "dos ojos", and as you type ("dos o", "ojos")', async () => {
    const { status, body, headers } = await search('dos ojos');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=60');
    expect(body.results[0]).toMatchObject({
      slug: 'cenote-dos-ojos',
      path: '/cenote-dos-ojos',
      title: 'Cenote Dos Ojos',
    });
    expect(body.results[0]?.excerpt).not.toBe('');
    for (const q of ['dos o', 'ojos', 'Dos Ojo']) {
      const typed = await search(q);
      expect(typed.body.results.map((result) => result.path)).toContain('/cenote-dos-ojos');
    }
    expect((await search('dos o')).body.results[0]?.path).toBe('/cenote-dos-ojos');
  });

  it('matches word prefixes case-insensitively', async () => {
    expect((await search('angel')).body.results[0]?.path).toBe('/cenote-angelita');
    expect((await search('SAFETY')).body.results[0]?.path).toBe('/safety-guidelines');
    expect((await search('Cenote Atlas')).body.results.map((result) => result.path)).toContain('/');
  });

  it('finds words that occur only in block text, with the match marked in the snippet', async () => {
    const { status, body } = await search('halocline', '&limit=20');
    expect(status).toBe(200);
    expect(body.results.length).toBeGreaterThan(0);
    const bodyOnly = body.results.filter(
      (result) => !`${result.title} ${result.excerpt}`.toLowerCase().includes('halocline'),
    );
    expect(bodyOnly.length).toBeGreaterThan(0);
    for (const result of body.results) {
      expect(result.snippet).toMatch(/<mark>halocline/i);
      expectOnlyMarkTags(result.snippet);
      expect(result.snippet.split(' ').length).toBeLessThanOrEqual(34);
    }
  });

  it('snippets read as sentences: card titles, tags and facts are not run together (issue 18)', async () => {
    const plain = (snippet: string | undefined) => (snippet ?? '').replace(/<\/?mark>/g, '');
    const cards = await search('first dives', '&limit=20');
    const diving = cards.body.results.find((result) => result.slug === 'cenote-diving');
    // PGlite and PostgreSQL cut the snippet's window at different words; both keep the separators.
    expect(plain(diving?.snippet)).toMatch(
      /First dives, What to expect(\. Safety Guidelines\. Lights, gas planning| …)/,
    );
    const facts = await search('water temperature', '&limit=20');
    const cenote = facts.body.results.find((result) => result.slug === 'cenote-nicte-ha');
    expect(plain(cenote?.snippet)).toMatch(
      /Difficulty Level: Beginner \(Open Water\)\. Depth Range: 2-8 m\. Water Temperature: 24-25 °C\./,
    );
    for (const result of [...cards.body.results, ...facts.body.results]) expectOnlyMarkTags(result.snippet);
  });

  it('matches half-typed words despite stemming ("cave divi" finds diving pages)', async () => {
    const { body } = await search('cave divi');
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results[0]?.snippet).toMatch(/<mark>divi/i);
  });

  it('matches names typed without their accents ("manati" finds Cenote Manatí)', async () => {
    expect((await search('manati')).body.results.map((result) => result.path)).toContain('/cenote-casa-cenote');
    expect((await search('Manatí')).body.results[0]?.snippet).toContain('<mark>Manatí</mark>');
  });

  it('never returns a draft page', async () => {
    const db = server.app.db;
    // Straight to the database, so tell the caches what the page services would have.
    await db.update(pages).set({ is_published: false }).where(eq(pages.slug, 'cenote-angelita'));
    server.app.contentChanged({ paths: ['/cenote-angelita'] });
    try {
      const { body } = await search('angelita', '&limit=20');
      expect(body.results.map((result) => result.slug)).not.toContain('cenote-angelita');
    } finally {
      await db.update(pages).set({ is_published: true }).where(eq(pages.slug, 'cenote-angelita'));
      server.app.contentChanged({ paths: ['/cenote-angelita'] });
    }
    expect((await search('angelita')).body.results[0]?.slug).toBe('cenote-angelita');
  });

  it('answers 200 for tsquery and SQL metacharacters, never 500', async () => {
    for (const q of [
      `'":*&|!()<>\\`,
      '%',
      '_',
      '\\',
      "' or 1=1 --",
      'cenote:* | !dos',
      'a & (b',
      "dos'ojos",
      '<->',
      '!!!',
      '🙂',
      'Manatí',
    ]) {
      const { status, body } = await search(q);
      expect(status, q).toBe(200);
      expect(Array.isArray(body.results), q).toBe(true);
    }
    expect((await search('%')).body.results).toEqual([]);
    expect((await search('_')).body.results).toEqual([]);
  });

  it('returns safe snippets even when the page text contains markup', async () => {
    const db = server.app.db;
    const [page] = await db
      .insert(pages)
      .values({ slug: 'markup-test', title: 'Markup <b>test</b>', excerpt: 'x', is_published: true, sort_order: 999 })
      .returning({ id: pages.id });
    await db.insert(contentBlocks).values([
      {
        page_id: page!.id,
        block_type: 'text',
        block_order: 1,
        block_data: {
          heading: 'Zymurgyx notes',
          content: '<p>Before &lt;script&gt;alert(1)&lt;/script&gt; the zymurgyx layer &amp; "quotes"</p>',
        },
      },
      {
        page_id: page!.id,
        block_type: 'hero',
        block_order: 2,
        block_data: { title: '<img src=x onerror=alert(1)>zymurgyx <script>alert(2)</script>', subtitle: 'a<b' },
      },
    ]);
    await publishDirectly(server.app, page!.id);
    server.app.contentChanged({ pageId: page!.id });

    const { status, body } = await search('zymurgyx');
    expect(status).toBe(200);
    expect(body.results).toHaveLength(1);
    const [result] = body.results;
    expect(result?.path).toBe('/markup-test');
    expect(result?.snippet).toContain('<mark>');
    expect(result?.snippet).toContain('&lt;script&gt;');
    expect(result?.snippet).not.toContain('alert(2)');
    expectOnlyMarkTags(result!.snippet);

    // Words after the literal "<script>" are indexed too.
    expect((await search('quotes')).body.results.map((entry) => entry.slug)).toContain('markup-test');
    await db.delete(pages).where(eq(pages.id, page!.id));
    server.app.contentChanged({ pageId: page!.id });
    expect((await search('zymurgyx')).body.results).toEqual([]);
  });

  it('re-indexes a page restored by resetSeededPage', async () => {
    const { app, config } = server;
    await resetSeededPage({ db: app.db, media: app.media, config, log: app.log }, 'cenote-dos-ojos');
    const [row] = await app.db
      .select({ body: pageSearch.body_text })
      .from(pageSearch)
      .innerJoin(pages, eq(pages.id, pageSearch.page_id))
      .where(pageWithSlug('cenote-dos-ojos'));
    expect(row?.body).toContain('Barbie Line');
    expect((await search('dos ojos')).body.results[0]?.slug).toBe('cenote-dos-ojos');
  });

  it('honours limit (default 8, at most 20)', async () => {
    expect((await search('cenote', '&limit=3')).body.results).toHaveLength(3);
    expect((await search('cenote')).body.results).toHaveLength(8);
    expect((await search('cenote', '&limit=20')).body.results).toHaveLength(20);
    for (const limit of ['0', '21', 'x']) {
      const bad = await getJson<ErrorBody>(`${server.url}/api/v1/search?q=cenote&limit=${limit}`);
      expect(bad.status, limit).toBe(400);
      expect(bad.body.error.field).toBe('limit');
    }
  });

  it('answers an empty list for an empty query and 400 for one over 100 characters', async () => {
    expect((await search('')).body).toEqual({ results: [] });
    expect((await search('   ')).body).toEqual({ results: [] });
    expect((await getJson<SearchBody>(`${server.url}/api/v1/search`)).body).toEqual({ results: [] });
    const long = await getJson<ErrorBody>(`${server.url}/api/v1/search?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: 'invalid_input', field: 'q' });
    expect((await search('a'.repeat(100))).status).toBe(200);
  });

  it('is documented in the OpenAPI document', async () => {
    const { body } = await getJson<{ paths: Record<string, unknown>; tags: Array<{ name: string }> }>(
      `${server.url}/api/v1/openapi.json`,
    );
    expect(body.paths).toHaveProperty(['/api/v1/search']);
    expect(body.tags.map((tag) => tag.name)).toContain('search');
  });

  it('measures suggestion latency (informational)', async () => {
    const typed = ['cenote dos ojos', 'angelita halocline', 'safety guidelines', 'cave diving', 'stalactites'].flatMap(
      (phrase) => Array.from({ length: phrase.length }, (_, index) => phrase.slice(0, index + 1)),
    );
    const timings: number[] = [];
    for (let index = 0; index < 200; index++) {
      const q = typed[index % typed.length]!;
      const started = performance.now();
      const response = await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent(q)}&limit=8`);
      await response.arrayBuffer();
      timings.push(performance.now() - started);
      expect(response.status).toBe(200);
    }
    timings.sort((a, b) => a - b);
    const percentile = (p: number) => timings[Math.min(timings.length - 1, Math.ceil((p / 100) * timings.length) - 1)]!;
    console.log(
      `search suggestions (${process.env['TEST_DB_DRIVER'] ?? 'pglite'}, 200 requests): ` +
        `p50 ${percentile(50).toFixed(1)} ms, p95 ${percentile(95).toFixed(1)} ms, max ${timings.at(-1)!.toFixed(1)} ms`,
    );
  });
});
