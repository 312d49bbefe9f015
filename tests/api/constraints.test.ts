import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { images, mediaFolders } from '../../src/features/media/media.table';
import { navigationItems } from '../../src/features/navigation/navigation.table';
import { pages } from '../../src/features/pages/pages.table';
import { performanceSettings } from '../../src/features/settings/settings.table';
import { getJson, startTestApp, type TestApp } from '../helpers/build-app';

let server: TestApp;

/**
 * Routes that write straight to the database, so the real error handler meets real
 * constraint violations from the real driver (the admin's write API builds on the same path).
 */
function constraintRoutes(app: FastifyInstance): void {
  app.post('/test/pages', async (request) => {
    const body = request.body as { slug: string; title: string };
    const [row] = await app.db.insert(pages).values(body).returning();
    return row;
  });
  app.post('/test/performance', async (request) => {
    const body = request.body as { cache_duration?: number; image_quality?: number };
    await app.db.insert(performanceSettings).values({ id: 1, ...body });
    return { ok: true };
  });
  app.post('/test/blocks', async (request) => {
    const body = request.body as { page_id: string; block_order: number };
    await app.db.insert(contentBlocks).values({ ...body, block_type: 'text' });
    return { ok: true };
  });
}

beforeAll(async () => {
  server = await startTestApp({ seed: false, extraRoutes: constraintRoutes });
});
afterAll(async () => {
  await server.close();
});

const post = (path: string, body: unknown) =>
  getJson<{ error: { code: string; message: string; field?: string } }>(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('database constraints through the API error handler', () => {
  it('a duplicate slug is a 409 with a clear message naming the field', async () => {
    expect((await post('/test/pages', { slug: 'safety-guidelines', title: 'Safety' })).status).toBe(200);
    const { status, body } = await post('/test/pages', { slug: 'safety-guidelines', title: 'Again' });
    expect(status).toBe(409);
    expect(body.error).toEqual({
      code: 'slug_taken',
      message: 'That slug is already used by another page.',
      field: 'slug',
    });
  });

  it('a slug with a leading slash or capitals is refused by the check constraint (400)', async () => {
    for (const slug of ['/home', 'Dos-Ojos', 'a--b', '']) {
      const { status, body } = await post('/test/pages', { slug, title: 'X' });
      expect(status).toBe(400);
      expect(body.error.field).toBe('slug');
    }
  });

  it('cache_duration and image_quality out of range are 400, not 500', async () => {
    const duration = await post('/test/performance', { cache_duration: 59 });
    expect(duration.status).toBe(400);
    expect(duration.body.error).toMatchObject({ code: 'out_of_range', field: 'cache_duration' });
    const quality = await post('/test/performance', { image_quality: 101 });
    expect(quality.status).toBe(400);
    expect(quality.body.error).toMatchObject({ code: 'out_of_range', field: 'image_quality' });
  });

  it('block_order below 1 is a 400 and a missing page is a 409', async () => {
    const [page] = await server.app.db.insert(pages).values({ slug: 'order-test', title: 'Order' }).returning();
    const zero = await post('/test/blocks', { page_id: page!.id, block_order: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.error.field).toBe('block_order');
    const orphan = await post('/test/blocks', { page_id: '00000000-0000-4000-8000-000000000000', block_order: 1 });
    expect(orphan.status).toBe(409);
    expect(orphan.body.error.code).toBe('reference_missing');
  });

  it('malformed JSON is a 400 and an oversized body a 413, never a stack trace', async () => {
    const malformed = await getJson<{ error: { code: string } }>(`${server.url}/test/pages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"slug": ',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('malformed_json');
    const huge = await post('/test/pages', { slug: 'x', title: 'y'.repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    expect(JSON.stringify(huge.body)).not.toMatch(/node_modules|at /);
  });
});

describe('cascades', () => {
  it('deleting a page deletes its blocks', async () => {
    const db = server.app.db;
    const [page] = await db.insert(pages).values({ slug: 'cascade-page', title: 'Cascade' }).returning();
    await db.insert(contentBlocks).values([
      { page_id: page!.id, block_type: 'hero', block_order: 1 },
      { page_id: page!.id, block_type: 'text', block_order: 2 },
    ]);
    await db.delete(pages).where(eq(pages.id, page!.id));
    expect(await db.select().from(contentBlocks).where(eq(contentBlocks.page_id, page!.id))).toHaveLength(0);
  });

  it('deleting a navigation item deletes its whole subtree', async () => {
    const db = server.app.db;
    const [root] = await db
      .insert(navigationItems)
      .values({ title: 'Root', link_url: '/', menu_type: 'header' })
      .returning();
    const [child] = await db
      .insert(navigationItems)
      .values({ title: 'Child', link_url: '/a', menu_type: 'header', parent_id: root!.id })
      .returning();
    await db
      .insert(navigationItems)
      .values({ title: 'Grandchild', link_url: '/b', menu_type: 'header', parent_id: child!.id });
    await db.delete(navigationItems).where(eq(navigationItems.id, root!.id));
    expect(await db.select().from(navigationItems)).toHaveLength(0);
  });

  it('deleting a folder keeps its images, without a folder', async () => {
    const db = server.app.db;
    const [folder] = await db.insert(mediaFolders).values({ name: 'Caves' }).returning();
    const [image] = await db
      .insert(images)
      .values({
        filename: 'c.jpg',
        storage_key: 'u/c.jpg',
        original_url: '/media/u/c.jpg',
        width: 1,
        height: 1,
        file_size: 1,
        folder_id: folder!.id,
      })
      .returning();
    await db.delete(mediaFolders).where(eq(mediaFolders.id, folder!.id));
    const [after] = await db.select().from(images).where(eq(images.id, image!.id));
    expect(after?.folder_id).toBeNull();
  });
});
