import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../src/features/pages/pages.table';
import { ApiClient, signedInClient } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { publishDirectly } from '../helpers/publish';

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  const rows = await server.app.db
    .insert(pages)
    .values([
      { slug: 'home', title: 'Home', is_published: true, sort_order: 0 },
      { slug: 'cenote-dos-ojos', title: 'Cenote Dos Ojos', is_published: true, sort_order: 1 },
      { slug: 'secret-draft', title: 'Cave Plans', is_published: false, sort_order: 2 },
      { slug: 'cenote-draft', title: 'Upcoming Cenote', is_published: false, sort_order: 3 },
    ])
    .returning();
  await publishDirectly(server.app, ...rows.filter((row) => row.is_published).map((row) => row.id));
});
afterAll(async () => {
  await server.close();
});

type PageList = { pages: Array<{ slug: string }> };
const slugs = (body: PageList) => body.pages.map((page) => page.slug);

describe('GET /api/v1/pages by viewer', () => {
  it('shows visitors and plain viewers published pages only, whatever the filter', async () => {
    for (const client of [new ApiClient(server.url), await signedInClient(server, 'viewer')]) {
      expect(slugs((await client.get<PageList>('/api/v1/pages')).body)).toEqual(['home', 'cenote-dos-ojos']);
      expect(slugs((await client.get<PageList>('/api/v1/pages?status=draft')).body)).toEqual([]);
      expect(slugs((await client.get<PageList>('/api/v1/pages?q=cenote')).body)).toEqual(['cenote-dos-ojos']);
    }
  });

  it('shows editors and admins drafts too, filtered by status and by title or slug', async () => {
    for (const role of ['editor', 'admin'] as const) {
      const client = await signedInClient(server, role);
      const all = await client.get<PageList>('/api/v1/pages');
      expect(slugs(all.body)).toEqual(['home', 'cenote-dos-ojos', 'secret-draft', 'cenote-draft']);
      expect(all.headers.get('cache-control')).toBe('no-store');
      expect(slugs((await client.get<PageList>('/api/v1/pages?status=draft')).body)).toEqual([
        'secret-draft',
        'cenote-draft',
      ]);
      expect(slugs((await client.get<PageList>('/api/v1/pages?status=published')).body)).toEqual([
        'home',
        'cenote-dos-ojos',
      ]);
      // Case-insensitive, on the title ("CAVE" → Cave Plans) or the slug ("secret").
      expect(slugs((await client.get<PageList>('/api/v1/pages?q=CAVE')).body)).toEqual(['secret-draft']);
      expect(slugs((await client.get<PageList>('/api/v1/pages?q=secret')).body)).toEqual(['secret-draft']);
      expect(slugs((await client.get<PageList>('/api/v1/pages?status=draft&q=cenote')).body)).toEqual(['cenote-draft']);
    }
  });

  it('refuses an unknown status', async () => {
    const response = await new ApiClient(server.url).get<{ error: { field: string } }>('/api/v1/pages?status=hidden');
    expect(response.status).toBe(400);
    expect(response.body.error.field).toBe('status');
  });

  it('opens a draft by slug for editors only', async () => {
    expect((await new ApiClient(server.url).get('/api/v1/pages/by-slug/secret-draft')).status).toBe(404);
    const editor = await signedInClient(server, 'editor');
    expect((await editor.get('/api/v1/pages/by-slug/secret-draft')).status).toBe(200);
  });
});
