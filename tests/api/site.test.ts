import { eq } from 'drizzle-orm';
import { unpublishPage } from '../../src/features/publishing/publishing.service.server';
import { publishDirectly } from '../helpers/publish';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { pages } from '../../src/features/pages/pages.table';
import { requiredSlugs } from '../../src/features/seed/content-rules';
import { seoSettings } from '../../src/features/settings/settings.table';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { pageWithSlug } from '../helpers/pages';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({ env: { PUBLIC_URL: 'https://cenoteatlas.test' } });
});
afterAll(async () => {
  await server.close();
});

async function getPage(path: string) {
  const response = await fetch(`${server.url}${path}`);
  return { status: response.status, html: await response.text(), headers: response.headers };
}

const h1Of = (html: string) =>
  /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(html)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(':', '\\:')}" content="([^"]*)">`).exec(html)?.[1];

describe('public routes', () => {
  it.each(requiredSlugs)('%s answers 200 with server-rendered content, its h1, header and footer', async (slug) => {
    const path = slug === 'home' ? '/' : `/${slug}`;
    const { status, html, headers } = await getPage(path);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('text/html');
    expect(h1Of(html)?.length).toBeGreaterThan(2);
    expect(html.match(/<h1[\s>]/g)).toHaveLength(1);
    expect(html).not.toContain('No content blocks found for this page.');
    expect(html).toContain('data-island="header"');
    expect(html).toContain('Our Partners &amp; Sponsors');
    expect(html).toContain('Search cenotes...');
  });

  it('an unknown path is a 404 page with the spec texts', async () => {
    const { status, html } = await getPage('/no-such-cenote-here');
    expect(status).toBe(404);
    expect(html).toContain('404');
    expect(html).toContain('Oops! Page not found');
    expect(html).toMatch(/<a href="\/"[^>]*>[\s\S]*Return to Home<\/a>/);
  });

  it('a draft page is a 404 for visitors', async () => {
    // Through the services, then tell the caches what the routes would have told them.
    const [yaakun] = await server.app.db.select().from(pages).where(pageWithSlug('cenote-yaakun'));
    await unpublishPage(server.app.db, yaakun!.id);
    server.app.contentChanged({ paths: ['/cenote-yaakun'] });
    expect((await getPage('/cenote-yaakun')).status).toBe(404);
    await publishDirectly(server.app, yaakun!.id);
    server.app.contentChanged({ paths: ['/cenote-yaakun'] });
    expect((await getPage('/cenote-yaakun')).status).toBe(200);
  });

  it('a page without active blocks shows the fallback note', async () => {
    const [page] = await server.app.db
      .insert(pages)
      .values({ slug: 'empty-page', title: 'Empty', is_published: true })
      .returning();
    await server.app.db
      .insert(contentBlocks)
      .values({ page_id: page!.id, block_type: 'text', block_order: 1, is_active: false });
    await publishDirectly(server.app, page!.id);
    const { status, html } = await getPage('/empty-page');
    expect(status).toBe(200);
    expect(html).toContain('Page Content');
    expect(html).toContain('No content blocks found for this page.');
    expect(html).not.toContain('Page not found in database.');
  });

  it('unknown block types are not rendered', async () => {
    const [page] = await server.app.db
      .insert(pages)
      .values({ slug: 'odd-blocks', title: 'Odd', is_published: true })
      .returning();
    await server.app.db.insert(contentBlocks).values([
      { page_id: page!.id, block_type: 'hero', block_order: 1, block_data: { title: 'Odd page hero' } },
      { page_id: page!.id, block_type: 'mystery', block_order: 2, block_data: { secret: 'should not show' } },
    ]);
    await publishDirectly(server.app, page!.id);
    const { html } = await getPage('/odd-blocks');
    expect(html).toContain('Odd page hero');
    expect(html).not.toContain('should not show');
  });
});

describe('head metadata (spec section 7)', () => {
  it('uses every page field when present', async () => {
    const [page] = await server.app.db
      .insert(pages)
      .values({
        slug: 'full-seo',
        title: 'Full SEO',
        is_published: true,
        meta_title: 'Meta title',
        meta_description: 'Meta description',
        og_title: 'OG title',
        og_description: 'OG description',
        og_image: '/media/seed/cenote-angelita.jpg',
        twitter_title: 'Twitter title',
        twitter_description: 'Twitter description',
        twitter_image: 'https://images.example/t.jpg',
        canonical_url: 'https://cenoteatlas.test/full-seo-canonical',
        structured_data: { '@type': 'Article', headline: 'Tricky </script><script>alert(1)</script>' },
      })
      .returning();
    await server.app.db
      .insert(contentBlocks)
      .values({ page_id: page!.id, block_type: 'hero', block_order: 1, block_data: { title: 'Full' } });
    await publishDirectly(server.app, page!.id);
    const { html } = await getPage('/full-seo');
    expect(html).toContain('<title>Meta title</title>');
    expect(metaOf(html, 'description')).toBe('Meta description');
    expect(metaOf(html, 'og:title')).toBe('OG title');
    expect(metaOf(html, 'og:description')).toBe('OG description');
    expect(metaOf(html, 'og:image')).toBe('https://cenoteatlas.test/media/seed/cenote-angelita.jpg');
    expect(metaOf(html, 'og:type')).toBe('website');
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'twitter:title')).toBe('Twitter title');
    expect(metaOf(html, 'twitter:description')).toBe('Twitter description');
    expect(metaOf(html, 'twitter:image')).toBe('https://images.example/t.jpg');
    expect(html).toContain('<link rel="canonical" href="https://cenoteatlas.test/full-seo-canonical">');
    // The structured data cannot close its script element. The page's own comes first, then the
    // breadcrumb trail every page but home carries (issue 18).
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(2);
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(JSON.parse(scripts[0]?.[1] ?? '')).toEqual({
      '@type': 'Article',
      headline: 'Tricky </script><script>alert(1)</script>',
    });
    expect(JSON.parse(scripts[1]?.[1] ?? '')).toMatchObject({ '@type': 'BreadcrumbList' });
  });

  it('falls back: title → site title, description → site description, og → site image, twitter → og', async () => {
    await server.app.db
      .update(seoSettings)
      .set({ site_description: 'Site description', default_og_image: '/media/seed/og-default.jpg' })
      .where(eq(seoSettings.id, 1));
    server.app.contentChanged({ scope: 'site' });
    const [page] = await server.app.db
      .insert(pages)
      .values({ slug: 'bare-seo', title: 'Bare page', is_published: true })
      .returning();
    await server.app.db
      .insert(contentBlocks)
      .values({ page_id: page!.id, block_type: 'hero', block_order: 1, block_data: { title: 'Bare' } });
    await publishDirectly(server.app, page!.id);
    const { html } = await getPage('/bare-seo');
    expect(html).toContain('<title>Bare page</title>');
    expect(metaOf(html, 'description')).toBe('Site description');
    expect(metaOf(html, 'og:title')).toBe('Bare page');
    expect(metaOf(html, 'og:description')).toBe('Site description');
    expect(metaOf(html, 'og:image')).toBe('https://cenoteatlas.test/media/seed/og-default.jpg');
    expect(metaOf(html, 'twitter:title')).toBe('Bare page');
    expect(metaOf(html, 'twitter:description')).toBe('Site description');
    expect(metaOf(html, 'twitter:image')).toBe('https://cenoteatlas.test/media/seed/og-default.jpg');
    expect(html).not.toContain('rel="canonical"');
    // No structured data of the page's own: only the breadcrumb trail's.
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts.map((script) => (JSON.parse(script[1] ?? '') as { '@type': string })['@type'])).toEqual([
      'BreadcrumbList',
    ]);
  });
});

describe('images, sitemap and robots', () => {
  it('renders <picture> with AVIF and WebP sources, real dimensions, an eager hero and lazy images below', async () => {
    const { html } = await getPage('/cenote-dos-ojos');
    // The 800 px copies first, for phones (ADR 043).
    expect(html).toContain(
      '<source type="image/avif" srcSet="/media/seed/cenote-dos-ojos-800.avif 800w, /media/seed/cenote-dos-ojos.avif 1600w"',
    );
    expect(html).toMatch(
      /<source type="image\/webp" srcSet="[^"]*-thumb\.webp 400w, [^"]*-800\.webp 800w, [^"]*\.webp 1600w"/,
    );
    const firstImg = /<img [^>]*>/.exec(html)?.[0] ?? '';
    expect(firstImg).toContain('loading="eager"');
    expect(firstImg).toContain('fetchPriority="high"');
    expect(firstImg).toMatch(/width="1600" height="\d+"/);
    expect(html).toMatch(/<img [^>]*loading="lazy"/);
  });

  it('sitemap.xml lists every published page with lastmod; robots.txt disallows private areas', async () => {
    const sitemap = await getPage('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toContain('application/xml');
    expect(sitemap.html).toContain('<loc>https://cenoteatlas.test/</loc>');
    expect(sitemap.html).toContain('<loc>https://cenoteatlas.test/cenote-el-pit</loc>');
    expect(sitemap.html).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    const robots = await getPage('/robots.txt');
    for (const line of [
      'Disallow: /admin',
      'Disallow: /auth',
      'Disallow: /api',
      'Sitemap: https://cenoteatlas.test/sitemap.xml',
    ]) {
      expect(robots.html).toContain(line);
    }
  });

  it('serves hashed assets as immutable', async () => {
    const { html } = await getPage('/');
    const css = /href="(\/assets\/site-[^"]+\.css)"/.exec(html)?.[1];
    const js = /src="(\/assets\/site-[^"]+\.js)"/.exec(html)?.[1];
    for (const asset of [css, js]) {
      const response = await fetch(`${server.url}${asset}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
      await response.arrayBuffer();
    }
  });
});

describe('before the content store is ready', () => {
  it('answers pages with the Loading Content screen (503, Retry-After) and the API with 503', async () => {
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const { buildApp } = await import('../../src/server/app');
    const { loadConfig } = await import('../../src/platform/env.server');
    const { projectRoot } = await import('../helpers/build-app');
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-loading-'));
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'test' }, projectRoot), {
      logger: false,
    });
    try {
      // Migrations and the seed are still running: the very first requests see the loading state.
      const page = await app.inject({ method: 'GET', url: '/cenote-dos-ojos' });
      expect(app.readiness.ready).toBe(false);
      expect(page.statusCode).toBe(503);
      expect(page.headers['retry-after']).toBe('2');
      expect(page.body).toContain('Loading Content');
      expect(page.body).toContain('Setting up your cenote diving experience...');
      const api = await app.inject({ method: 'GET', url: '/api/v1/pages' });
      expect(api.statusCode).toBe(503);
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      await app.readiness.promise;
      const ready = await app.inject({ method: 'GET', url: '/cenote-dos-ojos' });
      expect(ready.statusCode).toBe(200);
      expect(ready.body).not.toContain('Loading Content');
    } finally {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('footer social icons', () => {
  it('are hidden while no account is set and link to the accounts in SEO settings once set', async () => {
    const before = await getPage('/');
    expect(before.html).not.toContain('aria-label="Social media"');
    await server.app.db
      .update(seoSettings)
      .set({ instagram_url: 'https://www.instagram.com/cenoteatlas', twitter_handle: 'cenoteatlas' })
      .where(eq(seoSettings.id, 1));
    server.app.contentChanged({ scope: 'site' });
    const after = await getPage('/');
    expect(after.html).toContain('aria-label="Social media"');
    expect(after.html).toContain('href="https://www.instagram.com/cenoteatlas"');
    expect(after.html).toContain('href="https://x.com/cenoteatlas"');
    expect(after.html).not.toContain('aria-label="YouTube"');
  });
});
