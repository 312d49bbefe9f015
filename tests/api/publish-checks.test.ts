import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../src/features/pages/pages.table';
import { signedInClient, type ApiClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { pageWithSlug } from '../helpers/pages';

/** Issue 20, decision 37: the publish check of a draft and the Site health report. */

interface Finding {
  level: 'error' | 'warning';
  code: string;
  message: string;
  block_id?: string;
}

interface HealthReport {
  summary: Record<'pages_checked' | 'errors' | 'warnings' | 'broken_links' | 'missing_alt' | 'orphans', number>;
  pages: Array<{ page_id: string; title: string; path: string; findings: Array<Finding & { copies: string[] }> }>;
  orphans: Array<{ page_id: string; title: string; path: string }>;
}

interface Page {
  id: string;
  version: number;
  title: string;
  meta_title: string | null;
}

let server: TestApp;
let editor: ApiClient;

beforeAll(async () => {
  server = await startTestApp();
  editor = await signedInClient(server, 'editor');
});
afterAll(async () => {
  await server.close();
});

async function createPage(title: string, slug: string, extra: Record<string, unknown> = {}): Promise<Page> {
  const created = await editor.post<{ page: Page }>('/api/v1/pages', { title, slug, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.page;
}

async function addBlock(pageId: string, block_type: string, block_data: Record<string, unknown>): Promise<string> {
  const added = await editor.post<{ block: { id: string } }>(`/api/v1/pages/${pageId}/blocks`, {
    block_type,
    block_data,
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return added.body.block.id;
}

async function checksOf(pageId: string): Promise<Finding[]> {
  const response = await editor.get<Finding[]>(`/api/v1/pages/${pageId}/checks`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  expect(Array.isArray(response.body)).toBe(true);
  return response.body;
}

async function patchPage(page: Page, fields: Record<string, unknown>): Promise<Page> {
  const current = await editor.get<{ page: Page }>(`/api/v1/pages/${page.id}`);
  const patched = await editor.patch<{ page: Page }>(`/api/v1/pages/${page.id}`, {
    ...fields,
    version: current.body.page.version,
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  return patched.body.page;
}

async function pageBySlug(slug: string) {
  const [row] = await server.app.db.select().from(pages).where(pageWithSlug(slug));
  return row!;
}

describe('the seeded site', () => {
  // First in the file, before any test adds a page: the sample content is what a new site starts with.
  it('passes every check: no broken link, no missing alt text, no orphan, no warning', async () => {
    const report = await editor.get<HealthReport>('/api/v1/site-health');
    expect(report.status).toBe(200);
    expect(report.body.summary.pages_checked).toBeGreaterThanOrEqual(39);
    expect(
      report.body.pages.flatMap((page) => page.findings.map((finding) => `${page.path}: ${finding.message}`)),
    ).toEqual([]);
    expect(report.body.orphans).toEqual([]);
  });
});

describe('the publish check of a draft', () => {
  let draft: Page;
  let galleryId: string;
  let textId: string;

  beforeAll(async () => {
    await createPage('Checks Hidden Cave', 'checks-hidden-cave');
    draft = await createPage('Checks Draft Page', 'checks-draft-page');
    galleryId = await addBlock(draft.id, 'gallery', {
      title: 'Cave photos',
      images: [
        { url: 'https://images.example.org/cave-one.jpg', title: 'One' },
        { url: 'https://images.example.org/cave-two.jpg', title: 'Two' },
      ],
    });
    textId = await addBlock(draft.id, 'text', {
      heading: 'Getting there',
      content:
        '<p>See <a href="/no-such-page">the lost page</a>, <a href="/checks-hidden-cave">the hidden cave</a>, ' +
        '<a href="http://dive.example.org/">an old site</a> and <a href="/cenote-dos-ojos">Dos Ojos</a>.</p>' +
        '<h4>Deep detail</h4><p>Four is two levels below the heading.</p>',
    });
  });

  it('lists the image without alt text, the broken links as errors, the skipped heading and the http link', async () => {
    const findings = await checksOf(draft.id);
    const byCode = (code: string) => findings.filter((finding) => finding.code === code);

    const alt = byCode('image_missing_alt');
    expect(alt).toHaveLength(1);
    expect(alt[0]).toMatchObject({ level: 'warning', block_id: galleryId });
    expect(alt[0]!.message).toBe('Block 1 (Gallery): 2 images have no alt text. Describe them in the Media Library.');

    expect(byCode('link_missing_page')).toEqual([
      expect.objectContaining({ level: 'error', block_id: textId, message: expect.stringContaining('/no-such-page') }),
    ]);
    expect(byCode('link_unpublished_page')).toEqual([
      expect.objectContaining({
        level: 'error',
        block_id: textId,
        message: expect.stringContaining('“Checks Hidden Cave”, which is not published'),
      }),
    ]);
    expect(byCode('insecure_link')).toEqual([
      expect.objectContaining({
        level: 'warning',
        block_id: textId,
        message: expect.stringContaining('http://dive.example.org/'),
      }),
    ]);
    // The gallery holds the page's h1, the text block's heading is an h2: the h4 skips h3.
    expect(byCode('heading_skipped')).toEqual([
      expect.objectContaining({
        block_id: textId,
        message: expect.stringContaining('“Deep detail” is an h4 right after an h2'),
      }),
    ]);
    // A live page is a good link; errors come before warnings.
    expect(findings.some((finding) => finding.message.includes('/cenote-dos-ojos'))).toBe(false);
    const levels = findings.map((finding) => finding.level);
    expect(levels.indexOf('warning')).toBeGreaterThan(levels.lastIndexOf('error'));
  });

  it('names a link to a page in Trash, and suggests the new address for a redirected one', async () => {
    const trashed = await createPage('Checks Trashed Page', 'checks-trashed-page');
    expect((await editor.delete(`/api/v1/pages/${trashed.id}`)).status).toBe(204);
    const redirect = await editor.post('/api/v1/redirects', { from: '/checks-old-dos-ojos', to: '/cenote-dos-ojos' });
    expect(redirect.status).toBe(201);
    const page = await createPage('Checks Link Page', 'checks-link-page', {
      meta_title: 'Checks links',
      meta_description: 'Links.',
    });
    const textId = await addBlock(page.id, 'text', {
      heading: 'Gone',
      content: '<p><a href="/checks-trashed-page">An old page</a></p>',
    });
    // A link field (the call to action's button) is checked like a link in rich text.
    const ctaId = await addBlock(page.id, 'cta', {
      heading: 'Go on',
      ctaButton: { text: 'Dos Ojos', link: '/checks-old-dos-ojos' },
    });
    const findings = await checksOf(page.id);
    expect(findings).toContainEqual(
      expect.objectContaining({
        level: 'error',
        code: 'link_unpublished_page',
        block_id: textId,
        message: expect.stringContaining('which is in Trash'),
      }),
    );
    expect(findings).toContainEqual(
      expect.objectContaining({
        level: 'warning',
        code: 'link_redirected',
        block_id: ctaId,
        message: expect.stringContaining('link to /cenote-dos-ojos directly'),
      }),
    );
  });

  it('warns about a missing, long or duplicated meta title and description', async () => {
    const missing = await checksOf(draft.id);
    expect(missing.map((f) => f.code)).toEqual(
      expect.arrayContaining(['meta_title_missing', 'meta_description_missing']),
    );

    const long = await patchPage(draft, { meta_title: 'A'.repeat(61), meta_description: 'B'.repeat(161) });
    const tooLong = await checksOf(long.id);
    expect(tooLong).toContainEqual(
      expect.objectContaining({ code: 'meta_title_too_long', message: expect.stringContaining('61 characters') }),
    );
    expect(tooLong).toContainEqual(
      expect.objectContaining({
        code: 'meta_description_too_long',
        message: expect.stringContaining('161 characters'),
      }),
    );
    expect(tooLong.map((f) => f.code)).not.toContain('meta_title_missing');

    const dosOjos = await pageBySlug('cenote-dos-ojos');
    const shownTitle = dosOjos.meta_title?.trim() || dosOjos.title;
    await patchPage(draft, { meta_title: shownTitle.toUpperCase(), meta_description: dosOjos.meta_description });
    const duplicated = await checksOf(draft.id);
    expect(duplicated).toContainEqual(
      expect.objectContaining({ code: 'meta_title_duplicate', message: expect.stringContaining(`“${dosOjos.title}”`) }),
    );
    if (dosOjos.meta_description) {
      expect(duplicated.map((f) => f.code)).toContain('meta_description_duplicate');
    }
  });

  it('finds no error on a clean seeded page', async () => {
    const page = await pageBySlug('cenote-dos-ojos');
    const findings = await checksOf(page.id);
    expect(findings.filter((finding) => finding.level === 'error')).toEqual([]);
    expect(findings.map((finding) => finding.code)).not.toContain('image_missing_alt');
  });

  it('weighs the page against the budget set on the Performance screen', async () => {
    const page = await pageBySlug('cenote-dos-ojos');
    const heavy = (findings: Finding[]) => findings.find((finding) => finding.code === 'page_too_heavy');
    expect(heavy(await checksOf(page.id))).toBeUndefined();

    const admin = await signedInClient(server, 'admin');
    const setBudget = async (kilobytes: number) => {
      const current = await admin.get<{ settings: { version: number } }>('/api/v1/settings/performance');
      const saved = await admin.request<{ settings: { page_weight_budget_kb: number } }>(
        'PUT',
        '/api/v1/settings/performance',
        { body: { page_weight_budget_kb: kilobytes, version: current.body.settings.version } },
      );
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect(saved.body.settings.page_weight_budget_kb).toBe(kilobytes);
    };
    await setBudget(100);
    const warning = heavy(await checksOf(page.id));
    expect(warning?.level).toBe('warning');
    expect(warning?.message).toContain('over the budget of 100 KB');
    await setBudget(1500);
    expect(heavy(await checksOf(page.id))).toBeUndefined();
  });

  it('answers 404 for a page that is not there', async () => {
    const missing = await editor.get<ErrorBody>('/api/v1/pages/00000000-0000-4000-8000-000000000000/checks');
    expect(missing.status).toBe(404);
  });
});

describe('Site health', () => {
  it('lists the broken links and missing alt text by page, and orphan pages', async () => {
    const orphan = await createPage('Checks Orphan Page', 'checks-orphan-page', { is_published: true });
    const report = await editor.get<HealthReport>('/api/v1/site-health');
    expect(report.status).toBe(200);
    const body = report.body;

    const draft = body.pages.find((page) => page.path === '/checks-draft-page');
    expect(draft).toBeDefined();
    expect(draft!.findings).toContainEqual(
      expect.objectContaining({ code: 'link_missing_page', level: 'error', copies: ['draft'] }),
    );
    expect(draft!.findings).toContainEqual(expect.objectContaining({ code: 'image_missing_alt', copies: ['draft'] }));
    expect(body.orphans).toContainEqual({
      page_id: orphan.id,
      title: 'Checks Orphan Page',
      path: '/checks-orphan-page',
    });
    // The home page is never an orphan; a page in the header navigation is not one either.
    expect(body.orphans.map((page) => page.path)).not.toContain('/');
    expect(body.orphans.map((page) => page.path)).not.toContain('/cenote-dos-ojos');

    expect(body.summary.broken_links).toBeGreaterThanOrEqual(2);
    expect(body.summary.missing_alt).toBeGreaterThanOrEqual(1);
    expect(body.summary.orphans).toBe(body.orphans.length);
    expect(body.summary.pages_checked).toBe(body.pages.length);

    // Once another live page links to it, it is no orphan.
    const home = await pageBySlug('home');
    const linking = await createPage('Checks Linking Page', 'checks-linking-page', { is_published: true });
    await addBlock(linking.id, 'text', {
      heading: 'See also',
      content: '<p><a href="/checks-orphan-page">Orphan</a></p>',
    });
    const current = await editor.get<{ page: Page }>(`/api/v1/pages/${linking.id}`);
    expect(
      (await editor.post(`/api/v1/pages/${linking.id}/publish`, { version: current.body.page.version })).status,
    ).toBe(200);
    const after = (await editor.get<HealthReport>('/api/v1/site-health')).body;
    expect(after.orphans.map((page) => page.path)).not.toContain('/checks-orphan-page');
    expect(after.orphans.map((page) => page.path)).toContain('/checks-linking-page');
    expect(home.slug).toBe('home');
  });

  it('is for editors and admins only', async () => {
    const viewer = await signedInClient(server, 'viewer');
    const page = await pageBySlug('cenote-dos-ojos');
    expect((await viewer.get('/api/v1/site-health')).status).toBe(403);
    expect((await viewer.get(`/api/v1/pages/${page.id}/checks`)).status).toBe(403);
    const anonymous = await fetch(`${server.url}/api/v1/site-health`);
    expect(anonymous.status).toBe(401);
    const admin = await signedInClient(server, 'admin');
    expect((await admin.get(`/api/v1/pages/${page.id}/checks`)).status).toBe(200);
  });
});
