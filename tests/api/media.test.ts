import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { images } from '../../src/features/media/media.table';
import { navigationItems } from '../../src/features/navigation/navigation.table';
import { performanceSettings, seoSettings } from '../../src/features/settings/settings.table';
import { ApiClient, signedInClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import {
  containsExifSegment,
  decompressionBombPng,
  hasGpsPointer,
  jpegQuantizationSum,
  jpegWithGps,
  sidewaysJpeg,
  testPicture,
} from '../helpers/test-images';

interface Image {
  id: string;
  filename: string;
  original_url: string;
  thumbnail_url: string | null;
  webp_url: string | null;
  avif_url: string | null;
  medium_webp_url: string | null;
  medium_avif_url: string | null;
  folder_id: string | null;
  width: number;
  height: number;
  file_size: number;
  alt_text: string | null;
  caption: string | null;
  category: string | null;
  usage_count: number;
  seo_score: number;
  seo_reasons: string[];
  version: number;
  created_at: string;
}
interface Folder {
  id: string;
  name: string;
  parent_id: string | null;
  image_count: number;
}
interface UploadBody {
  images: Image[];
  errors?: { filename: string; code: string; message: string }[];
}
interface UploadFile {
  name: string;
  data: Buffer;
  type?: string;
}

let server: TestApp;
let editor: ApiClient;

/** Sizes and dimensions seen in this run, printed at the end (the issue asks for them). */
const measured: string[] = [];

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
  await setPerformance({ enable_webp: true, enable_avif: true, image_quality: 85 });
});
afterAll(async () => {
  if (measured.length > 0) console.info(`media sizes measured:\n${measured.join('\n')}`);
  await server?.close();
});

async function setPerformance(values: { enable_webp?: boolean; enable_avif?: boolean; image_quality?: number }) {
  await server.app.db
    .insert(performanceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: performanceSettings.id, set: values });
}

async function upload(
  client: ApiClient,
  files: UploadFile[],
  fields: Record<string, string> = {},
): Promise<{ status: number; body: UploadBody & ErrorBody }> {
  if (!client.csrfToken) await client.session();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'image/jpeg' }), file.name);
  }
  const response = await fetch(`${server.url}/api/v1/media`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), 'x-csrf-token': client.csrfToken ?? '', accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

async function uploadOne(file: UploadFile, fields: Record<string, string> = {}): Promise<Image> {
  const response = await upload(editor, [file], fields);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  expect(response.body.images).toHaveLength(1);
  return response.body.images[0]!;
}

const mediaDir = () => path.join(server.config.dataDir, 'media');
const fileOf = (url: string) => path.join(mediaDir(), ...url.replace(/^\/media\//, '').split('/'));

async function filesOf(id: string): Promise<string[]> {
  const names = await readdir(path.join(mediaDir(), 'u')).catch(() => [] as string[]);
  return names.filter((name) => name.startsWith(id)).sort();
}

async function fetchBytes(url: string) {
  const response = await fetch(`${server.url}${url}`);
  return { response, data: Buffer.from(await response.arrayBuffer()) };
}

function note(label: string, image: Image, sizes: Record<string, number>) {
  measured.push(
    `${label}: ${image.width}×${image.height}, ` +
      Object.entries(sizes)
        .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)} KB`)
        .join(', '),
  );
}

async function variantSizes(image: Image): Promise<Record<string, number>> {
  const sizes: Record<string, number> = {};
  for (const [name, url] of Object.entries({
    jpeg: image.original_url,
    webp: image.webp_url,
    avif: image.avif_url,
    thumb: image.thumbnail_url,
    'webp 800': image.medium_webp_url,
    'avif 800': image.medium_avif_url,
  })) {
    if (url) sizes[name] = (await stat(fileOf(url))).size;
  }
  return sizes;
}

async function list(query = ''): Promise<Image[]> {
  const response = await editor.get<{ images: Image[] }>(`/api/v1/media${query}`);
  expect(response.status).toBe(200);
  return response.body.images;
}

describe('uploads', () => {
  it('fits a 3000×2000 landscape into 1920×1280 and stores JPEG, WebP, AVIF and a thumbnail', async () => {
    const source = await testPicture(3000, 2000);
    const image = await uploadOne(
      { name: 'cenote-landscape.jpg', data: source },
      { alt_text: 'Light beams in a cenote' },
    );
    const id = image.id;
    expect(image).toMatchObject({
      filename: 'cenote-landscape.jpg',
      original_url: `/media/u/${id}.jpg`,
      webp_url: `/media/u/${id}.webp`,
      avif_url: `/media/u/${id}.avif`,
      thumbnail_url: `/media/u/${id}-thumb.webp`,
      medium_webp_url: `/media/u/${id}-800.webp`,
      medium_avif_url: `/media/u/${id}-800.avif`,
      width: 1920,
      height: 1280,
      alt_text: 'Light beams in a cenote',
      caption: null,
      category: null,
      folder_id: null,
      usage_count: 0,
      version: 1,
    });
    expect(await filesOf(id)).toEqual([
      `${id}-800.avif`,
      `${id}-800.webp`,
      `${id}-thumb.webp`,
      `${id}.avif`,
      `${id}.jpg`,
      `${id}.webp`,
    ]);
    const sizes = await variantSizes(image);
    expect(image.file_size).toBe(sizes['jpeg']);
    note(`landscape 3000×2000 (${(source.length / 1024).toFixed(0)} KB JPEG in)`, image, sizes);

    const served = await fetchBytes(image.original_url);
    expect(served.response.status).toBe(200);
    expect(served.response.headers.get('content-type')).toBe('image/jpeg');
    expect(served.response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.data.length).toBe(image.file_size);
    expect(await sharp(served.data).metadata()).toMatchObject({ width: 1920, height: 1280, format: 'jpeg' });
    for (const [url, format, width] of [
      [image.webp_url!, 'webp', 1920],
      [image.avif_url!, 'heif', 1920],
      [image.thumbnail_url!, 'webp', 400],
      [image.medium_webp_url!, 'webp', 800],
      [image.medium_avif_url!, 'heif', 800],
    ] as const) {
      const variant = await fetchBytes(url);
      expect(variant.response.status).toBe(200);
      expect(await sharp(variant.data).metadata(), url).toMatchObject({ format, width });
    }
  });

  it('fits a 1500×3000 portrait into 540×1080 and never enlarges a 120×80 image', async () => {
    const portrait = await uploadOne({
      name: 'tall-cenote.png',
      data: await testPicture(1500, 3000, 'png'),
      type: 'image/png',
    });
    // At most 800 px wide: no smaller copies, the full size serves every screen.
    expect(portrait).toMatchObject({ width: 540, height: 1080, medium_webp_url: null, medium_avif_url: null });
    note('portrait 1500×3000 PNG', portrait, await variantSizes(portrait));
    const tiny = await uploadOne({ name: 'tiny-icon.jpg', data: await testPicture(120, 80) });
    expect(tiny).toMatchObject({ width: 120, height: 80 });
    expect(await sharp(await readFile(fileOf(tiny.thumbnail_url!))).metadata()).toMatchObject({
      width: 120,
      height: 80,
    });
    note('tiny 120×80', tiny, await variantSizes(tiny));
  });

  it('turns an EXIF-rotated JPEG upright and stores no EXIF', async () => {
    const image = await uploadOne({ name: 'sideways.jpg', data: await sidewaysJpeg(600, 400) });
    expect(image).toMatchObject({ width: 400, height: 600 });
    const stored = await readFile(fileOf(image.original_url));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ width: 400, height: 600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('strips GPS (all metadata) from every stored file', async () => {
    const source = await jpegWithGps();
    expect(hasGpsPointer((await sharp(source).metadata()).exif)).toBe(true);
    const image = await uploadOne({ name: 'dive-site-gps.jpg', data: source });
    const files = await filesOf(image.id);
    expect(files).toHaveLength(4);
    for (const name of files) {
      const data = await readFile(path.join(mediaDir(), 'u', name));
      const meta = await sharp(data).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(containsExifSegment(data), name).toBe(false);
      expect(data.includes(Buffer.from('DiveCam')), name).toBe(false);
    }
  });

  it('goes by the content, not the name or declared type: a PNG called photo.jpg is stored as JPEG', async () => {
    const image = await uploadOne({ name: 'photo.jpg', data: await testPicture(400, 300, 'png'), type: 'image/jpeg' });
    expect(await sharp(await readFile(fileOf(image.original_url))).metadata()).toMatchObject({ format: 'jpeg' });
  });

  it('refuses a text file called .png and an SVG, storing nothing', async () => {
    const before = await readdir(path.join(mediaDir(), 'u'));
    const text = await upload(editor, [
      { name: 'notes.png', data: Buffer.from('these are not pixels'), type: 'image/png' },
    ]);
    expect(text.status).toBe(400);
    expect(text.body.error).toEqual({ code: 'invalid_file', message: 'Please select an image file.', field: 'file' });
    const svg = await upload(editor, [
      {
        name: 'logo.svg',
        data: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        type: 'image/svg+xml',
      },
    ]);
    expect(svg.status).toBe(400);
    expect(svg.body.error.code).toBe('invalid_file');
    const html = await upload(editor, [
      { name: 'x.gif', data: Buffer.from('GIF89a<script>alert(1)</script>'), type: 'image/gif' },
    ]);
    expect(html.body.error.code).toBe('invalid_file');
    expect(await readdir(path.join(mediaDir(), 'u'))).toEqual(before);
  });

  it('refuses a decompression bomb and keeps serving', async () => {
    const bomb = decompressionBombPng(20000, 20000);
    const response = await upload(editor, [{ name: 'bomb.png', data: bomb, type: 'image/png' }]);
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('image_too_large');
    expect(response.body.error.message).toMatch(/too large.*40 megapixels/);
    measured.push(`decompression bomb: 20000×20000 PNG of ${(bomb.length / 1024).toFixed(1)} KB → 413 image_too_large`);
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
  });

  it('refuses a 21 MB file with 413 naming the limit', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 7);
    big.set(await testPicture(64, 64));
    const response = await upload(editor, [{ name: 'huge.jpg', data: big }]);
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
    expect(response.body.error.message).toContain('20 MB');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });

  it('uploads several files at once and reports the ones that failed', async () => {
    const response = await upload(editor, [
      { name: 'first-cenote.jpg', data: await testPicture(300, 200) },
      { name: 'readme.png', data: Buffer.from('plain text') },
      { name: 'second-cenote.webp', data: await testPicture(200, 300, 'webp'), type: 'image/webp' },
    ]);
    expect(response.status).toBe(201);
    expect(response.body.images.map((image) => image.filename)).toEqual(['first-cenote.jpg', 'second-cenote.webp']);
    expect(response.body.errors).toEqual([
      { filename: 'readme.png', code: 'invalid_file', message: 'Please select an image file.' },
    ]);
    const none = await upload(editor, [
      { name: 'a.txt', data: Buffer.from('a') },
      { name: 'b.txt', data: Buffer.from('b') },
    ]);
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('invalid_file');
  });

  it('refuses a request without a file, with too many files, or that is not multipart', async () => {
    expect((await upload(editor, [], { alt_text: 'nothing' })).body.error.code).toBe('invalid_file');
    const tiny = await testPicture(16, 16);
    const eleven = await upload(
      editor,
      Array.from({ length: 11 }, (_, index) => ({ name: `pic-${index}.jpg`, data: tiny })),
    );
    expect(eleven.status).toBe(413);
    expect(eleven.body.error.code).toBe('too_many_files');
    const json = await editor.post<ErrorBody>('/api/v1/media', { file: 'x' });
    expect(json.status).toBe(415);
    const badFolder = await upload(editor, [{ name: 'x.jpg', data: tiny }], { folder_id: 'not-a-uuid' });
    expect(badFolder.status).toBe(400);
    expect(badFolder.body.error.field).toBe('folder_id');
  });

  it('reports a refused storage write as a permission problem only when it is one, leaving no files', async () => {
    const store = server.app.media;
    const put = store.put;
    const before = await readdir(path.join(mediaDir(), 'u'));
    const failSecondWrite = (error: Error) => {
      let calls = 0;
      store.put = async (key, body, type) => {
        if (++calls === 2) throw error;
        return put.call(store, key, body, type);
      };
    };
    try {
      failSecondWrite(Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' }));
      const denied = await upload(editor, [{ name: 'denied.jpg', data: await testPicture(100, 80) }]);
      expect(denied.status).toBe(500);
      expect(denied.body.error).toMatchObject({
        code: 'storage_permission_denied',
        message: 'Permission denied. Please check database permissions.',
      });
      failSecondWrite(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
      const full = await upload(editor, [{ name: 'full.jpg', data: await testPicture(100, 80) }]);
      expect(full.body.error).toMatchObject({
        code: 'upload_failed',
        message: 'Failed to upload image. Please try again.',
      });
    } finally {
      store.put = put;
    }
    expect(await readdir(path.join(mediaDir(), 'u'))).toEqual(before);
    expect((await list('?q=denied')).length + (await list('?q=full.jpg')).length).toBe(0);
  });

  it('follows the performance settings: WebP/AVIF switches and image quality', async () => {
    const source = await testPicture(1600, 1000);
    try {
      await setPerformance({ enable_avif: false, enable_webp: true, image_quality: 85 });
      const noAvif = await uploadOne({ name: 'no-avif.jpg', data: source });
      expect(noAvif.avif_url).toBeNull();
      expect(noAvif.webp_url).not.toBeNull();
      expect(noAvif.medium_avif_url).toBeNull();
      expect(await filesOf(noAvif.id)).toEqual([
        `${noAvif.id}-800.webp`,
        `${noAvif.id}-thumb.webp`,
        `${noAvif.id}.jpg`,
        `${noAvif.id}.webp`,
      ]);

      await setPerformance({ enable_avif: false, enable_webp: false, image_quality: 30 });
      const low = await uploadOne({ name: 'quality-30.jpg', data: source });
      expect(low).toMatchObject({ webp_url: null, avif_url: null, medium_webp_url: null, medium_avif_url: null });
      expect(low.thumbnail_url).not.toBeNull();
      await setPerformance({ image_quality: 95 });
      const high = await uploadOne({ name: 'quality-95.jpg', data: source });
      expect(low.file_size).toBeLessThan(high.file_size);
      const lowTable = jpegQuantizationSum(await readFile(fileOf(low.original_url)));
      const highTable = jpegQuantizationSum(await readFile(fileOf(high.original_url)));
      expect(lowTable).toBeGreaterThan(highTable * 3);
      measured.push(
        `1600×1000 at image_quality 30: ${(low.file_size / 1024).toFixed(1)} KB; at 95: ${(high.file_size / 1024).toFixed(1)} KB`,
      );
    } finally {
      await setPerformance({ enable_webp: true, enable_avif: true, image_quality: 85 });
    }
  });
});

describe('editing and deleting', () => {
  it('edits alt text, caption, category and folder with version checks', async () => {
    const image = await uploadOne({ name: 'edit-me.jpg', data: await testPicture(200, 100) });
    const folder = await editor.post<{ folder: Folder }>('/api/v1/media/folders', { name: 'Edited' });
    const updated = await editor.request<{ image: Image }>('PATCH', `/api/v1/media/${image.id}`, {
      body: {
        version: 1,
        alt_text: '  Sunlight in the water  ',
        caption: 'Noon',
        category: 'cenotes',
        folder_id: folder.body.folder.id,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.image).toMatchObject({
      alt_text: 'Sunlight in the water',
      caption: 'Noon',
      category: 'cenotes',
      folder_id: folder.body.folder.id,
      version: 2,
    });
    const stale = await editor.request<ErrorBody>('PATCH', `/api/v1/media/${image.id}`, {
      body: { version: 1, caption: 'Lost' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('version_conflict');
    const cleared = await editor.request<{ image: Image }>('PATCH', `/api/v1/media/${image.id}`, {
      body: { version: 2, caption: '', folder_id: null },
    });
    expect(cleared.body.image).toMatchObject({ caption: null, folder_id: null, version: 3 });
    const missingFolder = await editor.request<ErrorBody>('PATCH', `/api/v1/media/${image.id}`, {
      body: { version: 3, folder_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(missingFolder.status).toBe(400);
    expect(missingFolder.body.error).toMatchObject({ code: 'folder_not_found', field: 'folder_id' });
    const noVersion = await editor.request<ErrorBody>('PATCH', `/api/v1/media/${image.id}`, { body: { caption: 'x' } });
    expect(noVersion.status).toBe(400);
  });

  it('deletes an image with every file, and its URLs stop answering', async () => {
    const image = await uploadOne({ name: 'delete-me.jpg', data: await testPicture(500, 300) });
    expect(await filesOf(image.id)).toHaveLength(4);
    const removed = await editor.request('DELETE', `/api/v1/media/${image.id}`);
    expect(removed.status).toBe(204);
    expect(await filesOf(image.id)).toEqual([]);
    for (const url of [image.original_url, image.webp_url!, image.avif_url!, image.thumbnail_url!]) {
      expect((await fetch(`${server.url}${url}`)).status, url).toBe(404);
    }
    expect((await editor.request('DELETE', `/api/v1/media/${image.id}`)).status).toBe(404);
    expect((await list()).some((listed) => listed.id === image.id)).toBe(false);
  });
});

describe('usage_count', () => {
  it('counts block data, rich-text links, page OG/Twitter images, navigation and the default OG image', async () => {
    const image = await uploadOne({ name: 'used-everywhere.jpg', data: await testPicture(300, 200) });
    const unused = await uploadOne({ name: 'unused.jpg', data: await testPicture(300, 200) });
    const usage = async (id: string) => (await list()).find((listed) => listed.id === id)!.usage_count;
    expect(await usage(image.id)).toBe(0);

    const page = await editor.post<{ page: { id: string; version: number } }>('/api/v1/pages', {
      title: 'Usage page',
      slug: 'usage-page',
    });
    expect(page.status).toBe(201);
    const pageId = page.body.page.id;
    const hero = await editor.post(`/api/v1/pages/${pageId}/blocks`, {
      block_type: 'hero',
      block_data: { title: 'Hero', backgroundImage: image.original_url },
    });
    expect(hero.status).toBe(201);
    expect(await usage(image.id)).toBe(1);

    await editor.post(`/api/v1/pages/${pageId}/blocks`, {
      block_type: 'text',
      block_data: { heading: 'Links', content: `<p>See <a href="${image.webp_url}">the picture</a>.</p>` },
    });
    expect(await usage(image.id)).toBe(2);

    const patched = await editor.request('PATCH', `/api/v1/pages/${pageId}`, {
      body: {
        version: page.body.page.version,
        og_image: `http://localhost:3000${image.original_url}`,
        twitter_image: image.avif_url,
      },
    });
    expect(patched.status).toBe(200);
    expect(await usage(image.id)).toBe(4);

    await server.app.db.insert(navigationItems).values({
      title: 'With picture',
      link_url: '/usage-page',
      menu_type: 'header',
      image_id: image.id,
    });
    await server.app.db
      .insert(seoSettings)
      .values({ id: 1, default_og_image: image.original_url })
      .onConflictDoUpdate({ target: seoSettings.id, set: { default_og_image: image.original_url } });
    expect(await usage(image.id)).toBe(6);
    expect(await usage(unused.id)).toBe(0);

    // The stored column follows the computed value.
    const [row] = await server.app.db.select().from(images).where(eq(images.id, image.id));
    expect(row?.usage_count).toBe(6);

    // Deleting a used image still works (the admin warns with usage_count first).
    await server.app.db.update(seoSettings).set({ default_og_image: null });
    expect((await editor.request('DELETE', `/api/v1/media/${image.id}`)).status).toBe(204);
    const [navigation] = await server.app.db
      .select()
      .from(navigationItems)
      .where(eq(navigationItems.title, 'With picture'));
    expect(navigation?.image_id).toBeNull();
  });
});

describe('seo_score', () => {
  it('scores alt text, caption, file name and size, with reasons', async () => {
    const image = await uploadOne({ name: 'IMG_1234.jpg', data: await testPicture(800, 500) });
    expect(image.seo_score).toBe(10);
    expect(image.seo_reasons).toEqual([
      'Add alt text: it describes the image to screen readers and search engines.',
      'Add a caption.',
      'Use a descriptive file name (for example cenote-dos-ojos-cavern.jpg) instead of "IMG_1234.jpg".',
      'The image is 800 px wide; 1200 px or wider looks sharp in link previews.',
    ]);
    const better = await editor.request<{ image: Image }>('PATCH', `/api/v1/media/${image.id}`, {
      body: { version: 1, alt_text: 'Stalactites above clear water', caption: 'Cenote Chac Mool' },
    });
    expect(better.body.image.seo_score).toBe(75);
    expect(better.body.image.seo_reasons).toHaveLength(2);

    const best = await uploadOne(
      { name: 'cenote-angelita-halocline.jpg', data: await testPicture(2400, 1600) },
      { alt_text: 'The hydrogen sulfide cloud of Cenote Angelita', caption: 'Angelita at 30 m' },
    );
    expect(best).toMatchObject({ seo_score: 100, seo_reasons: [] });
    const [row] = await server.app.db.select().from(images).where(eq(images.id, best.id));
    expect(row?.seo_score).toBe(100);
  });
});

describe('folders and filters', () => {
  it('creates, lists, renames and deletes folders', async () => {
    const blank = await editor.post<ErrorBody>('/api/v1/media/folders', { name: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toEqual({ code: 'missing_name', message: 'Please enter a folder name.', field: 'name' });
    const zeta = await editor.post<{ folder: Folder }>('/api/v1/media/folders', { name: 'Zeta dives' });
    const alpha = await editor.post<{ folder: Folder }>('/api/v1/media/folders', { name: 'alpha caves' });
    expect(zeta.status).toBe(201);
    const child = await editor.post<{ folder: Folder }>('/api/v1/media/folders', {
      name: 'Inner',
      parent_id: alpha.body.folder.id,
    });
    expect(child.body.folder.parent_id).toBe(alpha.body.folder.id);
    const duplicate = await editor.post<ErrorBody>('/api/v1/media/folders', { name: 'ZETA DIVES' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error.code).toBe('folder_name_taken');

    const names = async () =>
      (await editor.get<{ folders: Folder[] }>('/api/v1/media/folders')).body.folders.map((folder) => folder.name);
    const listed = await names();
    expect(listed.indexOf('alpha caves')).toBeLessThan(listed.indexOf('Zeta dives'));
    expect([...listed]).toEqual([...listed].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));

    const renamed = await editor.request<{ folder: Folder }>('PATCH', `/api/v1/media/folders/${zeta.body.folder.id}`, {
      body: { name: 'Beta dives' },
    });
    expect(renamed.body.folder.name).toBe('Beta dives');

    const inside = await uploadOne(
      { name: 'in-child.jpg', data: await testPicture(100, 100) },
      { folder_id: child.body.folder.id },
    );
    expect(inside.folder_id).toBe(child.body.folder.id);
    const count = (await editor.get<{ folders: Folder[] }>('/api/v1/media/folders')).body.folders.find(
      (folder) => folder.id === child.body.folder.id,
    );
    expect(count?.image_count).toBe(1);

    expect((await editor.request('DELETE', `/api/v1/media/folders/${alpha.body.folder.id}`)).status).toBe(204);
    expect(await names()).not.toContain('Inner');
    const kept = (await list()).find((image) => image.id === inside.id);
    expect(kept?.folder_id).toBeNull();
    expect((await editor.request('DELETE', `/api/v1/media/folders/${alpha.body.folder.id}`)).status).toBe(404);
  });

  it('filters by folder and by text, newest first', async () => {
    const folder = (await editor.post<{ folder: Folder }>('/api/v1/media/folders', { name: 'Filter test' })).body
      .folder;
    const small = await testPicture(60, 40);
    const first = await uploadOne({ name: 'xochi-one.jpg', data: small }, { folder_id: folder.id });
    const second = await uploadOne(
      { name: 'plain-two.jpg', data: small },
      { folder_id: folder.id, alt_text: 'A XOCHI sign' },
    );
    const third = await uploadOne({ name: 'plain-three.jpg', data: small }, { caption: 'near xochi_% village' });

    const inFolder = await list(`?folder=${folder.id}`);
    expect(inFolder.map((image) => image.id)).toEqual([second.id, first.id]);
    const outside = await list('?folder=none');
    expect(outside.some((image) => image.id === third.id)).toBe(true);
    expect(outside.some((image) => image.folder_id !== null)).toBe(false);
    const found = await list('?q=xOcHi');
    expect(found.map((image) => image.id)).toEqual([third.id, second.id, first.id]);
    expect((await list('?q=xochi_%25')).map((image) => image.id)).toEqual([third.id]);
    expect((await list(`?folder=${folder.id}&q=plain`)).map((image) => image.id)).toEqual([second.id]);
    const all = await list();
    const times = all.map((image) => Date.parse(image.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await editor.get<ErrorBody>('/api/v1/media?folder=nope')).status).toBe(400);
  });
});

describe('access', () => {
  it('needs an editor: anonymous 401, viewer 403, for reads and uploads', async () => {
    const anonymous = new ApiClient(server.url);
    const viewer = await signedInClient(server, 'viewer');
    expect((await anonymous.get<ErrorBody>('/api/v1/media')).status).toBe(401);
    expect((await viewer.get<ErrorBody>('/api/v1/media')).status).toBe(403);
    expect((await viewer.get<ErrorBody>('/api/v1/media/folders')).status).toBe(403);
    const data = await testPicture(60, 40);
    expect((await upload(anonymous, [{ name: 'a.jpg', data }])).status).toBe(401);
    const refused = await upload(viewer, [{ name: 'a.jpg', data }]);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    const admin = await signedInClient(server, 'admin');
    expect((await admin.get('/api/v1/media')).status).toBe(200);
  });
});
