import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillMediumVariants } from '../../src/features/media/medium-variants-backfill.server';
import { images } from '../../src/features/media/media.table';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { uploadImages } from '../helpers/media-upload';
import { createPublishedPage } from '../helpers/publish';
import { testPicture } from '../helpers/test-images';

/**
 * ADR 043: images get 800 px WebP and AVIF copies for phones. Images stored by an older version
 * (or brought back by a restore) get them in the background; the public page then offers them.
 */

interface Image {
  id: string;
  original_url: string;
  width: number;
  medium_webp_url: string | null;
  medium_avif_url: string | null;
}

let server: TestApp;
let editor: ApiClient;
let wide: Image;
let narrow: Image;
const slug = 'responsive-heroes';

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
  wide = await upload('wide-cavern.jpg', 1600, 900);
  narrow = await upload('narrow-detail.jpg', 600, 400);
  const hero = { title: 'Into the cavern', overlay: 'dark', backgroundImage: wide.original_url };
  await createPublishedPage(editor, { title: 'Responsive heroes', slug }, [['hero', hero]]);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function upload(filename: string, width: number, height: number): Promise<Image> {
  const data = await testPicture(width, height);
  const [image] = await uploadImages<Image>(server.url, editor, [{ name: filename, data }], {
    alt_text: `${filename} in a cenote`,
  });
  return image!;
}

async function current(id: string): Promise<Image> {
  const response = await editor.get<{ image: Image }>(`/api/v1/media/${id}`);
  expect(response.status).toBe(200);
  return response.body.image;
}

const keyOf = (url: string) => url.slice('/media/'.length);

/** What an image stored before the copies existed looks like: no columns, no files. */
async function forgetMediumCopies(image: Image): Promise<void> {
  // An upload is a site-wide change and starts a background pass: let it finish first, or it could
  // make the copies this test is about to take away, or race the pass the test runs itself.
  await server.app.mediumVariantsBackfill.settled();
  await server.app.db
    .update(images)
    .set({ medium_webp_url: null, medium_avif_url: null })
    .where(eq(images.id, image.id));
  for (const url of [image.medium_webp_url, image.medium_avif_url]) {
    if (url) await server.app.media.delete(keyOf(url));
  }
  expect(await current(image.id)).toMatchObject({ medium_webp_url: null, medium_avif_url: null });
}

async function storedWidth(url: string): Promise<number | undefined> {
  const stored = await server.app.media.get(keyOf(url));
  if (!stored) return undefined;
  return (await sharp(await buffer(stored.body)).metadata()).width;
}

async function heroSources(): Promise<string[]> {
  const response = await fetch(`${server.url}/${slug}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return [...html.matchAll(/<source type="image\/(?:avif|webp)" srcSet="([^"]*)"/g)].map((match) => match[1]!);
}

describe('the 800 px copies', () => {
  it('are made at upload for an image wider than 800 px, and the page offers them first', async () => {
    expect(wide.medium_webp_url).toBe(`/media/u/${wide.id}-800.webp`);
    expect(wide.medium_avif_url).toBe(`/media/u/${wide.id}-800.avif`);
    expect(await storedWidth(wide.medium_webp_url!)).toBe(800);
    expect(await storedWidth(wide.medium_avif_url!)).toBe(800);
    expect(narrow).toMatchObject({ width: 600, medium_webp_url: null, medium_avif_url: null });
    expect(await heroSources()).toEqual([
      `/media/u/${wide.id}-800.avif 800w, /media/u/${wide.id}.avif 1600w`,
      `/media/u/${wide.id}-thumb.webp 400w, /media/u/${wide.id}-800.webp 800w, /media/u/${wide.id}.webp 1600w`,
    ]);
    const served = await fetch(`${server.url}${wide.medium_avif_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/avif');
  });

  it('are made for older images from the stored JPEG, once, telling the page cache', async () => {
    await forgetMediumCopies(wide);
    let changes = 0;
    const deps = { db: server.app.db, media: server.app.media, log: server.app.log };
    expect(await backfillMediumVariants(deps, () => changes++)).toEqual({ done: 1, failed: 0 });
    expect(changes).toBe(1);
    const after = await current(wide.id);
    expect(after).toMatchObject({
      medium_webp_url: `/media/u/${wide.id}-800.webp`,
      medium_avif_url: `/media/u/${wide.id}-800.avif`,
    });
    expect(await storedWidth(after.medium_webp_url!)).toBe(800);
    expect(await storedWidth(after.medium_avif_url!)).toBe(800);
    // Nothing left to do: the narrow image needs none, and no change is announced.
    expect(await backfillMediumVariants(deps, () => changes++)).toEqual({ done: 0, failed: 0 });
    expect(changes).toBe(1);
  });

  it('skip an image whose stored JPEG is gone, and carry on with the others', async () => {
    const broken = await upload('lost-file.jpg', 1200, 800);
    const other = await upload('still-here.jpg', 1200, 800);
    await forgetMediumCopies(broken);
    await forgetMediumCopies(other);
    await server.app.media.delete(keyOf(broken.original_url));
    const deps = { db: server.app.db, media: server.app.media, log: server.app.log };
    expect(await backfillMediumVariants(deps, () => {})).toEqual({ done: 1, failed: 1 });
    expect(await current(broken.id)).toMatchObject({ medium_webp_url: null, medium_avif_url: null });
    expect((await current(other.id)).medium_webp_url).toBe(`/media/u/${other.id}-800.webp`);
    const deleted = await editor.delete(`/api/v1/media/${broken.id}`);
    expect(deleted.status).toBe(204);
  });

  it('are made in the background after a site-wide change (a restored backup), and the cached page follows', async () => {
    await forgetMediumCopies(wide);
    // A site-wide change, as a restore announces it: the server looks for images without copies.
    server.app.contentChanged({ scope: 'site' });
    const deadline = Date.now() + 20_000;
    while ((await current(wide.id)).medium_avif_url === null && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await current(wide.id)).medium_avif_url).toBe(`/media/u/${wide.id}-800.avif`);
    expect(await storedWidth(`/media/u/${wide.id}-800.avif`)).toBe(800);
    // The page is rendered (and cached) again with the copies in its sources.
    await expect
      .poll(heroSources, { timeout: 5_000 })
      .toEqual([
        `/media/u/${wide.id}-800.avif 800w, /media/u/${wide.id}.avif 1600w`,
        `/media/u/${wide.id}-thumb.webp 400w, /media/u/${wide.id}-800.webp 800w, /media/u/${wide.id}.webp 1600w`,
      ]);
  });

  it('are made at start for images an older version stored', async () => {
    await forgetMediumCopies(wide);
    await server.close({ keepData: true });
    server = await startTestApp({ seed: false, data: server.data });
    editor = await signedInClient(server, 'editor');
    await expect
      .poll(async () => (await current(wide.id)).medium_webp_url, { timeout: 20_000, interval: 50 })
      .toBe(`/media/u/${wide.id}-800.webp`);
    expect(await storedWidth(`/media/u/${wide.id}-800.webp`)).toBe(800);
  });
});
