import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { images } from '../../src/features/media/media.table';
import { navigationItems } from '../../src/features/navigation/navigation.table';
import { pages } from '../../src/features/pages/pages.table';
import { seoSettings } from '../../src/features/settings/settings.table';
import { getJson, startTestApp, type TestApp } from '../helpers/build-app';
import { publishDirectly } from '../helpers/publish';
import { pageWithSlug } from '../helpers/pages';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  const db = server.app.db;
  const [published, draft, home] = await db
    .insert(pages)
    .values([
      { slug: 'cenote-dos-ojos', title: 'Dos Ojos', is_published: true, sort_order: 2 },
      { slug: 'secret-draft', title: 'Draft', is_published: false, sort_order: 1 },
      { slug: 'home', title: 'Home', is_published: true, sort_order: 0 },
    ])
    .returning();
  await db.insert(contentBlocks).values([
    { page_id: published!.id, block_type: 'text', block_order: 2, block_data: { heading: 'Second' } },
    { page_id: published!.id, block_type: 'hero', block_order: 1, block_data: { title: 'First' } },
    { page_id: published!.id, block_type: 'quote', block_order: 3, block_data: {}, is_active: false },
    { page_id: draft!.id, block_type: 'text', block_order: 1, block_data: {} },
  ]);
  await publishDirectly(server.app, published!.id, home!.id);
  const [image] = await db
    .insert(images)
    .values({
      filename: 'a.jpg',
      storage_key: 'u/a.jpg',
      original_url: '/media/u/a.jpg',
      width: 10,
      height: 10,
      file_size: 100,
      alt_text: 'A cave',
    })
    .returning();
  const [about] = await db
    .insert(navigationItems)
    .values({
      title: 'About',
      link_url: '/what-are-cenotes',
      menu_type: 'header',
      display_order: 2,
      image_id: image!.id,
    })
    .returning();
  const [diving] = await db
    .insert(navigationItems)
    .values({ title: 'Diving', link_url: '/cenote-diving', menu_type: 'header', display_order: 1 })
    .returning();
  await db.insert(navigationItems).values([
    { title: 'Safety', link_url: '/safety-guidelines', menu_type: 'header', parent_id: diving!.id, display_order: 2 },
    {
      title: 'Intro',
      link_url: '/introduction-to-cenote-diving',
      menu_type: 'header',
      parent_id: diving!.id,
      display_order: 1,
    },
    { title: 'Hidden', link_url: '/x', menu_type: 'header', parent_id: about!.id, is_active: false },
    { title: 'Privacy', link_url: '/privacy-policy', menu_type: 'footer' },
  ]);
  await db.insert(seoSettings).values({ id: 1, site_title: 'Cenote Atlas', site_description: 'Dive guide' });
});

afterAll(async () => {
  await server.close();
});

describe('GET /api/v1/pages', () => {
  it('lists only published pages to visitors, by sort_order', async () => {
    const { status, body } = await getJson<{ pages: Array<{ slug: string; path: string }> }>(
      `${server.url}/api/v1/pages`,
    );
    expect(status).toBe(200);
    expect(body.pages.map((page) => page.slug)).toEqual(['home', 'cenote-dos-ojos']);
    expect(body.pages[0]?.path).toBe('/');
    expect(body.pages[1]?.path).toBe('/cenote-dos-ojos');
  });
});

describe('GET /api/v1/pages/by-slug/:slug', () => {
  it('returns the page with its active blocks in block_order', async () => {
    const { status, body } = await getJson<{
      page: { title: string };
      blocks: Array<{ block_type: string; block_order: number }>;
    }>(`${server.url}/api/v1/pages/by-slug/cenote-dos-ojos`);
    expect(status).toBe(200);
    expect(body.page.title).toBe('Dos Ojos');
    expect(body.blocks.map((block) => [block.block_type, block.block_order])).toEqual([
      ['hero', 1],
      ['text', 2],
    ]);
  });

  it('answers 404 for a draft and for a missing page', async () => {
    for (const slug of ['secret-draft', 'no-such-page']) {
      const { status, body } = await getJson<{ error: { code: string; message: string } }>(
        `${server.url}/api/v1/pages/by-slug/${slug}`,
      );
      expect(status).toBe(404);
      expect(body.error.code).toBe('not_found');
      expect(body.error.message).toBe('Page was not found.');
    }
  });

  it('answers 400 naming the field for a malformed slug', async () => {
    const { status, body } = await getJson<{ error: { code: string; field: string } }>(
      `${server.url}/api/v1/pages/by-slug/Not_A_Slug`,
    );
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ code: 'invalid_input', field: 'slug' });
  });
});

describe('GET /api/v1/navigation', () => {
  it('returns the active header tree ordered by display_order with the joined image', async () => {
    type Node = { title: string; image: { alt_text: string } | null; children: Node[] };
    const { status, body } = await getJson<{ items: Node[] }>(`${server.url}/api/v1/navigation?menu=header`);
    expect(status).toBe(200);
    expect(body.items.map((item) => item.title)).toEqual(['Diving', 'About']);
    expect(body.items[0]?.children.map((item) => item.title)).toEqual(['Intro', 'Safety']);
    expect(body.items[1]?.children).toEqual([]);
    expect(body.items[1]?.image?.alt_text).toBe('A cave');
  });

  it('returns the footer menu and refuses an unknown menu', async () => {
    const footer = await getJson<{ items: Array<{ title: string }> }>(`${server.url}/api/v1/navigation?menu=footer`);
    expect(footer.body.items.map((item) => item.title)).toEqual(['Privacy']);
    const bad = await getJson<{ error: { field: string } }>(`${server.url}/api/v1/navigation?menu=sidebar`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('menu');
  });
});

describe('GET /api/v1/settings/seo', () => {
  it('returns the public SEO fields', async () => {
    const { status, body } = await getJson<{ settings: Record<string, unknown> }>(`${server.url}/api/v1/settings/seo`);
    expect(status).toBe(200);
    expect(body.settings).toMatchObject({
      site_title: 'Cenote Atlas',
      site_description: 'Dive guide',
      twitter_handle: null,
    });
    expect(body.settings).not.toHaveProperty('id');
  });
});

describe('OpenAPI and errors', () => {
  it('documents every read route', async () => {
    const { status, body } = await getJson<{ paths: Record<string, unknown> }>(`${server.url}/api/v1/openapi.json`);
    expect(status).toBe(200);
    for (const route of [
      '/api/health',
      '/api/v1/pages',
      '/api/v1/pages/by-slug/{slug}',
      '/api/v1/navigation',
      '/api/v1/settings/seo',
    ]) {
      expect(body.paths).toHaveProperty([route]);
    }
    const docs = await fetch(`${server.url}/api/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toContain('<html');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { status, body } = await getJson<{ error: { code: string } }>(`${server.url}/api/v1/nothing-here`);
    expect(status).toBe(404);
    expect(body.error.code).toBe('not_found');
  });

  it('reports health with the completeness check', async () => {
    const { status, body } = await getJson<{ status: string; pages: number; pagesWithoutBlocks: string[]; db: string }>(
      `${server.url}/api/health`,
    );
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    expect(body.pages).toBe(3);
    const [home] = await server.app.db.select({ id: pages.id }).from(pages).where(pageWithSlug('home'));
    expect(body.pagesWithoutBlocks).toEqual([home!.id]);
    expect(body.db).toBe(process.env['TEST_DB_DRIVER'] === 'postgres' ? 'postgres' : 'pglite');
  });
});
