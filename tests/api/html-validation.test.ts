import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { TestClock, hours, signedInClient, type ApiClient } from '../helpers/auth';
import { describeMessage, fileOf, validateHtmlFiles, type VnuReport } from '../helpers/html-validator';

/**
 * Issue 16: every public page is valid HTML by the W3C Nu checker. All pages are fetched from a
 * real server and checked by ONE java process (the JVM start costs seconds).
 */

let server: TestApp;
let admin: ApiClient;
/** Moved a day on at the end, to fetch an expired preview link. */
const clock = new TestClock();
let workDir: string;
let report: VnuReport;
/** file → the address it was fetched from, for readable failures. */
const labels = new Map<string, string>();
const fetched: Array<{ url: string; status: number; expected: number; file: string }> = [];
let controlFile: string;

const image = (name: string) => `/media/seed/${name}.jpg`;

const richText = [
  '<p>Plain text with <strong>bold</strong>, <em>emphasis</em>, <u>underline</u>, <s>strike</s> and <code>code</code>.</p>',
  '<h2>A subheading</h2><h3>A smaller one</h3><h4>And smaller</h4>',
  '<ul><li><p>An item in a paragraph</p></li><li>A plain item<ul><li>Nested</li></ul></li></ul>',
  '<ol><li>First</li><li>Second</li></ol>',
  '<blockquote><p>A quoted paragraph.</p></blockquote><hr>',
  '<p>Links: <a href="/cenote-dos-ojos">on this site</a>, <a href="https://example.org/a?b=1&amp;c=2">elsewhere</a>,',
  ' <a href="mailto:team@example.org">by mail</a> and <a href="#block-1-text">in the page</a>.<br>After a break.</p>',
].join('');

/** Every block type, each with its fullest and its emptiest data, and every layout option. */
const blockVariants: Record<string, Array<Record<string, unknown>>> = {
  hero: [
    {
      title: 'A hero with everything',
      subtitle: 'Its subtitle',
      ctaText: 'Go on',
      ctaLink: '/safety-guidelines',
      overlay: 'light',
      backgroundImage: image('home-hero'),
    },
    { overlay: 'dark' },
    { title: 'An outside image', backgroundImage: 'https://images.example.org/hero.jpg' },
  ],
  text: [
    { heading: 'Text, image left', content: richText, image: image('open-cenote'), imagePosition: 'left' },
    { heading: 'Text, image right', content: richText, image: image('open-cenote'), imagePosition: 'right' },
    { heading: 'Text, image on top', content: '<p>Top.</p>', image: image('open-cenote'), imagePosition: 'top' },
    { heading: 'Text, image below', content: '<p>Below.</p>', image: image('open-cenote'), imagePosition: 'bottom' },
    { heading: 'Text without an image', content: richText },
    {},
  ],
  cards: [
    {
      title: 'Cards with everything',
      description: 'Cards intro',
      columns: 2,
      cards: [
        {
          title: 'Linked card',
          description: 'With an image, difficulty, depth and highlights.',
          image: image('semi-open-cenote'),
          link: '/cenote-dos-ojos',
          difficulty: 'Beginner',
          depth: '10 m',
          highlights: ['Light beams', 'Haloclines'],
        },
        { title: 'Card with an outside image', image: 'https://images.example.org/card.jpg', difficulty: 'Advanced' },
        { title: '42 plain card' },
      ],
    },
    { columns: 4, cards: [] },
  ],
  features: [
    {
      title: 'Features with everything',
      subtitle: 'Why it matters',
      backgroundColor: 'bg-teal-50',
      columns: 2,
      features: [{ icon: 'waves', title: 'With an icon', description: 'And a description.' }, { title: 'Title only' }],
    },
    {},
  ],
  facts: [
    {
      title: 'Facts with everything',
      description: 'The essentials.',
      facts: [
        { icon: 'waves-arrow-down', label: 'Depth Range', value: '5-10 m' },
        { icon: '', label: 'Without an icon', value: 'Still a fact' },
      ],
    },
    {},
  ],
  gallery: [
    {
      title: 'A gallery',
      description: 'Three images',
      columns: 4,
      images: [
        { url: image('home-hero'), title: 'Titled', description: 'Described' },
        { url: image('open-cenote') },
        { url: 'https://images.example.org/gallery.jpg', description: 'Only a description' },
      ],
    },
    { images: [{ url: image('semi-open-cenote'), title: 'A lone image' }] },
    {},
  ],
  cta: [
    {
      heading: 'A call with everything',
      content: 'Some words.',
      backgroundColor: 'bg-blue-50',
      highlightBox: { text: 'Highlighted', bgColor: 'bg-amber-100', textColor: 'text-amber-900' },
      ctaButton: { text: 'Do it', link: 'https://example.org/' },
    },
    {},
  ],
  quote: [{ quote: 'A quote of our own.', author: 'A diver' }, {}],
};

async function createPage(
  slug: string,
  fields: Record<string, unknown>,
  blocks: Array<[string, unknown]>,
): Promise<{ id: string; version: number }> {
  const created = await admin.post<{ page: { id: string; version: number } }>('/api/v1/pages', {
    title: `Check ${slug}`,
    slug,
    excerpt: 'A page made by the HTML validation test.',
    ...fields,
  });
  expect(created.status).toBe(201);
  const { id, version } = created.body.page;
  for (const [block_type, block_data] of blocks) {
    const added = await admin.post(`/api/v1/pages/${id}/blocks`, { block_type, block_data });
    expect(added.status, `${slug}: ${block_type} ${JSON.stringify(block_data)}`).toBe(201);
  }
  return { id, version };
}

async function createPublishedPage(slug: string, fields: Record<string, unknown>, blocks: Array<[string, unknown]>) {
  const { id, version } = await createPage(slug, fields, blocks);
  const published = await admin.request('PATCH', `/api/v1/pages/${id}`, { body: { version, is_published: true } });
  expect(published.status).toBe(200);
  return id;
}

/** The path of a fresh preview link to this page (decision 33). */
async function previewPath(pageId: string): Promise<string> {
  const response = await admin.post<{ url: string }>(`/api/v1/pages/${pageId}/preview-link`);
  expect(response.status).toBe(201);
  return new URL(response.body.url).pathname;
}

beforeAll(async () => {
  server = await startTestApp({ clock });
  admin = await signedInClient(server, 'admin');
  workDir = await mkdtemp(path.join(tmpdir(), 'cenote-html-'));

  // Everything the head and footer can hold: analytics scripts, social links, sharing images.
  const seo = await admin.get<{ settings: Record<string, unknown> }>('/api/v1/settings/seo/admin');
  const savedSeo = await admin.request('PUT', '/api/v1/settings/seo', {
    body: {
      ...seo.body.settings,
      google_analytics_id: 'G-ABC123XYZ',
      google_tag_manager_id: 'GTM-ABC123',
      twitter_handle: 'cenoteatlas',
      default_og_image: image('home-hero'),
      facebook_page: 'https://facebook.com/cenoteatlas',
      instagram_url: 'https://instagram.com/cenoteatlas',
      youtube_url: 'https://youtube.com/@cenoteatlas',
    },
  });
  expect(savedSeo.status).toBe(200);

  // One page per block type, that type first (it then carries the page's h1), then every block
  // type together; their SEO fields fill the head (canonical link, JSON-LD with markup in it).
  const allTypes = Object.entries(blockVariants).flatMap(([type, variants]) =>
    variants.map((data) => [type, data] as [string, unknown]),
  );
  for (const [type, variants] of Object.entries(blockVariants)) {
    await createPublishedPage(
      `html-check-${type}`,
      {},
      variants.map((data) => [type, data]),
    );
  }
  const allBlocksId = await createPublishedPage(
    'html-check-all-blocks',
    {
      meta_title: 'All blocks <together> & "quoted"',
      meta_description: 'Every block type on one page.',
      canonical_url: 'https://cenoteatlas.test/html-check-all-blocks?from=test&x=1',
      og_image: image('open-cenote'),
      twitter_image: 'https://images.example.org/twitter.jpg',
      structured_data: {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Markup </script><!-- in JSON-LD & more',
      },
    },
    allTypes,
  );
  await createPublishedPage('html-check-no-blocks', {}, []);
  // Previews: a live page's draft, a page never published (no blocks), and the refusals.
  const draftOnly = await createPage('html-check-draft-only', {}, []);
  const previewTargets: Array<[string, number]> = [
    [await previewPath(allBlocksId), 200],
    [await previewPath(draftOnly.id), 200],
    ['/preview/not-a-valid-token', 404],
  ];
  const expiringPreview = await previewPath(allBlocksId);

  const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
  const pagePaths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => {
    const url = new URL(match[1]!.replaceAll('&amp;', '&'));
    return url.pathname + url.search;
  });
  const targets: Array<[string, number]> = [
    ...pagePaths.map((pagePath) => [pagePath, 200] as [string, number]),
    ['/search?q=cenote', 200],
    ['/search?q=zzzz-nothing-matches', 200],
    ['/search', 200],
    ['/no-such-page', 404],
    ['/auth', 200],
    ...previewTargets,
  ];
  const fetchTarget = async ([target, expected]: [string, number], index: number) => {
    const response = await fetch(`${server.url}${target}`);
    const file = path.join(workDir, `${String(index).padStart(3, '0')}${target.replace(/[^a-z0-9]+/gi, '-')}.html`);
    await writeFile(file, await response.text());
    labels.set(file, target);
    fetched.push({ url: target, status: response.status, expected, file });
  };
  for (const [index, target] of targets.entries()) await fetchTarget(target, index);
  // Last, as it moves the clock past the link's 24 hours: the 410 page.
  clock.advance(hours(25));
  await fetchTarget([expiringPreview, 410], targets.length);

  // A control document with a known error proves the checker really reads and judges the files.
  controlFile = path.join(workDir, 'control-invalid.html');
  await writeFile(
    controlFile,
    '<!doctype html><html lang="en"><head><title>Control</title></head><body><p id="twice">a</p><p id="twice">b</p></body></html>',
  );
  report = await validateHtmlFiles([...fetched.map((entry) => entry.file), controlFile]);
  // The run's size, for the record: warnings do not fail the test but are worth seeing.
  const pageErrors = report.errors.filter((message) => fileOf(message) !== controlFile);
  const pageWarnings = report.warnings.filter((message) => fileOf(message) !== controlFile);
  console.info(
    `HTML validation: ${fetched.length} documents, ${pageErrors.length} errors, ${pageWarnings.length} warnings`,
  );
  for (const warning of pageWarnings) console.info(`warning: ${describeMessage(warning, labels)}`);
}, 300_000);

afterAll(async () => {
  await server?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

describe('HTML validity (W3C Nu checker)', () => {
  it('fetched every sitemap page, every check page, search, the 404 page, /auth and the preview pages', () => {
    const expected = new Map<string, number>([
      ['/search?q=cenote', 200],
      ['/no-such-page', 404],
      ['/auth', 200],
      ['/', 200],
      ['/cenote-dos-ojos', 200],
      ['/html-check-all-blocks', 200],
      ['/html-check-no-blocks', 200],
      ...Object.keys(blockVariants).map((type) => [`/html-check-${type}`, 200] as [string, number]),
    ]);
    for (const [url, status] of expected) {
      expect(
        fetched.find((entry) => entry.url === url),
        url,
      ).toMatchObject({ status });
    }
    // 39 seeded pages + 9 check pages in the sitemap.
    expect(fetched.filter((entry) => entry.status === 200).length).toBeGreaterThanOrEqual(39 + 9 + 4);
    for (const entry of fetched) expect(entry.status, entry.url).toBe(entry.expected);
    // Two previews, the bad link's 404 and the expired link's 410.
    const previews = fetched.filter((entry) => entry.url.startsWith('/preview/'));
    expect(previews.map((entry) => entry.status)).toEqual([200, 200, 404, 410]);
  });

  it('the checker ran over every file and catches a known error', () => {
    expect(report.checkerProblems.map((message) => describeMessage(message, labels))).toEqual([]);
    const control = report.errors.filter((message) => fileOf(message) === controlFile);
    expect(control.map((message) => message.message)).toEqual(['Duplicate ID “twice”.']);
  });

  it('reports 0 errors on every page', () => {
    const errors = report.errors.filter((message) => fileOf(message) !== controlFile);
    expect(errors.map((message) => describeMessage(message, labels))).toEqual([]);
  });
});
