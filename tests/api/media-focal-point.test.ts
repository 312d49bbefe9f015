import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type ApiClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { uploadImages } from '../helpers/media-upload';
import { createPublishedPage } from '../helpers/publish';
import { testPicture } from '../helpers/test-images';

/** Issue 20, decision 35: an image's focal point, set through the API, moves the site's crops. */

interface Image {
  id: string;
  original_url: string;
  alt_text: string | null;
  focal_point: { x: number; y: number };
  version: number;
}

let server: TestApp;
let editor: ApiClient;
let image: Image;
/** A second image that keeps the centre, on the same page. */
let other: Image;
const slug = 'focal-point-dives';

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
  image = await upload('diver-at-the-halocline.jpg', 'A diver at the halocline');
  other = await upload('jungle-entrance.jpg', 'The jungle entrance');
  const blocks: Array<[string, Record<string, unknown>]> = [
    ['hero', { title: 'Into the halocline', overlay: 'dark', backgroundImage: image.original_url }],
    [
      'cards',
      {
        title: 'Dives',
        cards: [
          { title: 'The halocline', image: image.original_url },
          { title: 'The entrance', image: other.original_url },
        ],
      },
    ],
    ['gallery', { title: 'Photos', images: [{ url: image.original_url, title: 'Halocline' }] }],
  ];
  await createPublishedPage(editor, { title: 'Focal point dives', slug }, blocks);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function upload(filename: string, altText: string): Promise<Image> {
  const data = await testPicture(1600, 900);
  const [uploaded] = await uploadImages<Image>(server.url, editor, [{ name: filename, data }], { alt_text: altText });
  return uploaded!;
}

async function current(id: string): Promise<Image> {
  const response = await editor.get<{ image: Image }>(`/api/v1/media/${id}`);
  expect(response.status).toBe(200);
  return response.body.image;
}

async function setFocalPoint(target: Image, point: { x: number; y: number }): Promise<Image> {
  const { version } = await current(target.id);
  const response = await editor.patch<{ image: Image }>(`/api/v1/media/${target.id}`, { version, focal_point: point });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.image;
}

/** The public page over HTTP: its cache header and the style attribute of every <img> showing `src`. */
async function publicPage(src: string) {
  const response = await fetch(`${server.url}/${slug}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  const tags = [...html.matchAll(/<img\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => tag.includes(`src="${src}"`));
  return {
    cache: response.headers.get('x-cache'),
    html,
    styles: tags.map((tag) => /\sstyle="([^"]*)"/.exec(tag)?.[1] ?? null),
  };
}

describe('the focal point of an image', () => {
  it('starts at the centre and is part of every image the API returns', async () => {
    expect(image.focal_point).toEqual({ x: 50, y: 50 });
    const list = await editor.get<{ images: Image[] }>('/api/v1/media');
    expect(list.body.images.find((item) => item.id === image.id)?.focal_point).toEqual({ x: 50, y: 50 });
  });

  it('is changed by PATCH with the version read, leaving the other fields as they were', async () => {
    const before = await current(image.id);
    const saved = await setFocalPoint(image, { x: 20, y: 80 });
    expect(saved.focal_point).toEqual({ x: 20, y: 80 });
    expect(saved.version).toBe(before.version + 1);
    expect(saved.alt_text).toBe('A diver at the halocline');
    expect((await current(image.id)).focal_point).toEqual({ x: 20, y: 80 });
  });

  it.each([
    ['x above 100', { x: 101, y: 50 }, 'focal_point.x', /0 to 100/],
    ['y below 0', { x: 50, y: -1 }, 'focal_point.y', /0 to 100/],
    ['a fraction', { x: 20.5, y: 50 }, 'focal_point.x', /whole number/],
    ['a missing coordinate', { x: 20 }, 'focal_point.y', /number from 0 to 100/],
    ['text', { x: 'left', y: 50 }, 'focal_point.x', /number from 0 to 100/],
  ])('refuses %s with 400 naming the field, and keeps the point', async (_what, point, field, message) => {
    const { version } = await current(image.id);
    const response = await editor.patch<ErrorBody>(`/api/v1/media/${image.id}`, { version, focal_point: point });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_input');
    expect(response.body.error.field).toBe(field);
    expect(response.body.error.message).toMatch(message);
    const after = await current(image.id);
    expect(after.focal_point).toEqual({ x: 20, y: 80 });
    expect(after.version).toBe(version);
  });

  it('answers 409 to a stale version and keeps the newer point', async () => {
    const { version } = await current(image.id);
    const stale = await editor.patch<ErrorBody>(`/api/v1/media/${image.id}`, {
      version: version - 1,
      focal_point: { x: 90, y: 10 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('version_conflict');
    expect((await current(image.id)).focal_point).toEqual({ x: 20, y: 80 });
  });
});

describe('the public page', () => {
  it('crops the hero, the card and the gallery thumbnail around the focal point: object-position 20% 80%', async () => {
    const page = await publicPage(image.original_url);
    // Hero background, card image, gallery thumbnail.
    expect(page.styles).toHaveLength(3);
    for (const style of page.styles) expect(style).toMatch(/^object-position:\s*20% 80%;?$/);
    // The other image keeps the centre: no style attribute at all.
    expect((await publicPage(other.original_url)).styles).toEqual([null]);
  });

  it('follows a new focal point at once (the page cache is dropped), and writes nothing at the centre', async () => {
    expect((await publicPage(image.original_url)).cache).toBe('HIT');
    await setFocalPoint(image, { x: 0, y: 35 });
    const moved = await publicPage(image.original_url);
    expect(moved.cache).toBe('MISS');
    expect(moved.styles).toEqual(Array(3).fill('object-position:0% 35%'));

    await setFocalPoint(image, { x: 50, y: 50 });
    const centred = await publicPage(image.original_url);
    expect(centred.cache).toBe('MISS');
    expect(centred.styles).toEqual([null, null, null]);
    expect(centred.html).not.toContain('object-position');
  });
});
