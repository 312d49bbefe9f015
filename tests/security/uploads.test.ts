import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type ApiClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import type { ImageDto } from '../../src/features/media/media.dto';
import { decompressionBombPng, pngChunk, testPicture } from '../helpers/test-images';

/*
 * Hostile files through the real upload API (POST /api/v1/media, multipart): polyglots,
 * disguised scripts, decompression bombs, lying headers, truncated and empty files, wrong
 * declared types and oversize files. What is stored must be a re-encoded image with none of
 * the payload left, served as an image with nosniff; everything else is refused with the
 * spec's message and leaves nothing behind.
 */

type Image = ImageDto;
interface UploadBody {
  images: Image[];
  errors?: Array<{ filename: string; code: string; message: string }>;
}
interface UploadFile {
  name: string;
  data: Buffer;
  type: string;
}

let server: TestApp;
let editor: ApiClient;

/** Unique per run, so finding it in a stored file can only mean the payload survived. */
const marker = `CENOTE-PAYLOAD-${randomBytes(8).toString('hex')}`;
const htmlPayload = `<html><body><script>alert("${marker}")</script></body></html>`;
const phpPayload = `<?php system($_GET["${marker}"]); ?>`;

const invalidFile = { code: 'invalid_file', message: 'Please select an image file.', field: 'file' };

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
  await editor.session();
  // Every variant on, so every stored file (JPEG, WebP, AVIF, thumbnail) is checked.
  const admin = await signedInClient(server, 'admin');
  const settings = await admin.request('PUT', '/api/v1/settings/performance', {
    body: {
      enable_caching: true,
      cache_duration: 86400,
      enable_webp: true,
      enable_avif: true,
      image_quality: 85,
      lazy_loading: true,
    },
  });
  expect(settings.status, JSON.stringify(settings.body)).toBe(200);
});
afterAll(async () => {
  if (server) await server.close();
});

async function upload(files: UploadFile[]): Promise<{ status: number; body: UploadBody & ErrorBody }> {
  const form = new FormData();
  for (const file of files) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const response = await fetch(`${server.url}/api/v1/media`, {
    method: 'POST',
    headers: { cookie: editor.cookieHeader(), 'x-csrf-token': editor.csrfToken ?? '', accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as UploadBody & ErrorBody };
}

const mediaRoot = () => path.join(server.config.dataDir, 'media');

/** Every stored file, relative to the media folder. */
async function storedFiles(): Promise<string[]> {
  const entries = await readdir(mediaRoot(), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(mediaRoot(), path.join(entry.parentPath, entry.name)))
    .sort();
}

async function imageCount(): Promise<number> {
  const list = await editor.get<{ images: Image[] }>('/api/v1/media');
  expect(list.status).toBe(200);
  return list.body.images.length;
}

async function expectHealthy(): Promise<void> {
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  await health.arrayBuffer();
  expect((await editor.get('/api/v1/media')).status).toBe(200);
}

/** The content type each stored variant must be served with. */
function variantsOf(image: Image): Array<[string, string, 'jpeg' | 'webp' | 'heif']> {
  expect(image.thumbnail_url).not.toBeNull();
  expect(image.webp_url).not.toBeNull();
  expect(image.avif_url).not.toBeNull();
  const variants: Array<[string, string, 'jpeg' | 'webp' | 'heif']> = [
    [image.original_url, 'image/jpeg', 'jpeg'],
    [image.webp_url!, 'image/webp', 'webp'],
    [image.avif_url!, 'image/avif', 'heif'],
    [image.thumbnail_url!, 'image/webp', 'webp'],
  ];
  // The 800 px copies of an image wider than that (ADR 043).
  if (image.width > 800) {
    variants.push([image.medium_webp_url!, 'image/webp', 'webp'], [image.medium_avif_url!, 'image/avif', 'heif']);
  }
  return variants;
}

/**
 * Fetches every stored variant of an image: each is served as an image with nosniff, decodes as
 * that image format, and holds none of the payload bytes.
 */
async function expectCleanVariants(image: Image): Promise<void> {
  for (const [url, contentType, format] of variantsOf(image)) {
    expect(url).toMatch(/^\/media\/u\/[0-9a-f-]{36}(\.jpg|\.webp|\.avif|-thumb\.webp|-800\.webp|-800\.avif)$/);
    const response = await fetch(`${server.url}${url}`);
    expect(response.status, url).toBe(200);
    expect(response.headers.get('content-type'), url).toBe(contentType);
    expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
    expect(response.headers.get('content-disposition'), url).toBeNull();
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.includes(marker), `${url} still holds the payload`).toBe(false);
    for (const fragment of ['<script', '<?php', '<html', '<svg', '*/=alert', 'GIF89a', 'GIF87a']) {
      expect(bytes.includes(fragment), `${url} holds ${fragment}`).toBe(false);
    }
    const metadata = await sharp(bytes).metadata();
    expect(metadata.format, url).toBe(format);
    expect(metadata.width).toBeGreaterThan(0);
  }
}

function jpegWithComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

/** A PNG with a tEXt chunk before IEND (the last 12 bytes). */
function pngWithText(png: Buffer, text: string): Buffer {
  const chunk = pngChunk('tEXt', Buffer.from(`Comment\0${text}`, 'latin1'));
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);
}

/** A PNG whose IHDR claims other dimensions (CRC recomputed, so the header itself is valid). */
function pngClaiming(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)) >>> 0, 29);
  return copy;
}

/** A JPEG whose start-of-frame header claims other dimensions. */
function jpegClaiming(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let offset = 2; offset + 9 < copy.length;) {
    const marker = copy[offset + 1]!;
    if (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) {
      copy.writeUInt16BE(height, offset + 5);
      copy.writeUInt16BE(width, offset + 7);
      return copy;
    }
    offset += 2 + copy.readUInt16BE(offset + 2);
  }
  throw new Error('no start-of-frame marker');
}

/**
 * A GIF that is also a script: 10799 pixels wide makes the header read `GIF89a/*` (a comment
 * opener), and a comment extension before the trailer closes it and runs code.
 */
async function gifScriptPolyglot(): Promise<Buffer> {
  const gif = await sharp({ create: { width: 10799, height: 10, channels: 3, background: '#1d6f8a' } })
    .gif()
    .toBuffer();
  expect(gif.subarray(0, 8).toString('latin1')).toBe('GIF89a/*');
  const script = Buffer.from(`*/=alert("${marker}");/*`, 'latin1');
  const extension = Buffer.concat([Buffer.from([0x21, 0xfe, script.length]), script, Buffer.from([0x00])]);
  return Buffer.concat([gif.subarray(0, gif.length - 1), extension, Buffer.from([0x3b])]);
}

describe('polyglots and disguised files that are real images', () => {
  /** Name, file, the size it is stored at, and whether the file carries the payload marker. */
  const cases: Array<[string, () => Promise<UploadFile>, { width: number; height: number }, boolean]> = [
    [
      'a JPEG with an HTML/JS payload appended',
      async () => ({
        name: 'photo.jpg',
        data: Buffer.concat([await testPicture(320, 200), Buffer.from(htmlPayload)]),
        type: 'image/jpeg',
      }),
      { width: 320, height: 200 },
      true,
    ],
    [
      'a JPEG with the payload in a comment segment',
      async () => ({
        name: 'comment.jpg',
        data: jpegWithComment(await testPicture(300, 200), htmlPayload),
        type: 'image/jpeg',
      }),
      { width: 300, height: 200 },
      true,
    ],
    [
      'a JPEG with the payload in its EXIF description',
      async () => ({
        name: 'exif.jpg',
        data: await sharp(await testPicture(240, 160))
          .withExif({ IFD0: { ImageDescription: htmlPayload, Artist: phpPayload } })
          .jpeg()
          .toBuffer(),
        type: 'image/jpeg',
      }),
      { width: 240, height: 160 },
      true,
    ],
    [
      'a PNG with a script after IEND',
      async () => ({
        name: 'after-end.png',
        data: Buffer.concat([await testPicture(200, 150, 'png'), Buffer.from(htmlPayload)]),
        type: 'image/png',
      }),
      { width: 200, height: 150 },
      true,
    ],
    [
      'a PNG with the payload in a tEXt chunk',
      async () => ({
        name: 'text-chunk.png',
        data: pngWithText(await testPicture(200, 150, 'png'), htmlPayload),
        type: 'image/png',
      }),
      { width: 200, height: 150 },
      true,
    ],
    [
      'a GIF/JS polyglot (GIF89a/* … */=alert())',
      async () => ({ name: 'polyglot.gif', data: await gifScriptPolyglot(), type: 'image/gif' }),
      { width: 1920, height: 2 },
      true,
    ],
    [
      'a GIF with PHP appended after its trailer',
      async () => ({
        name: 'shell.gif',
        data: Buffer.concat([await testPicture(160, 120, 'gif'), Buffer.from(phpPayload)]),
        type: 'image/gif',
      }),
      { width: 160, height: 120 },
      true,
    ],
    [
      'a WebP with a script appended',
      async () => ({
        name: 'tail.webp',
        data: Buffer.concat([await testPicture(200, 100, 'webp'), Buffer.from(htmlPayload)]),
        type: 'image/webp',
      }),
      { width: 200, height: 100 },
      true,
    ],
    [
      'an AVIF with a script appended',
      async () => ({
        name: 'tail.avif',
        data: Buffer.concat([await testPicture(128, 96, 'avif'), Buffer.from(htmlPayload)]),
        type: 'image/avif',
      }),
      { width: 128, height: 96 },
      true,
    ],
    [
      'a real JPEG declared as text/html and named shell.php',
      async () => ({ name: 'shell.php', data: await testPicture(200, 120), type: 'text/html' }),
      { width: 200, height: 120 },
      false,
    ],
    [
      'a real PNG declared as application/x-msdownload and named setup.exe',
      async () => ({ name: 'setup.exe', data: await testPicture(90, 60, 'png'), type: 'application/x-msdownload' }),
      { width: 90, height: 60 },
      false,
    ],
    [
      'a GIF declared as image/png and named .jpg',
      async () => ({ name: 'actually-gif.jpg', data: await testPicture(100, 80, 'gif'), type: 'image/png' }),
      { width: 100, height: 80 },
      false,
    ],
    [
      'a GIF whose screen descriptor claims 65535 × 65535 (the frame is 64 × 48)',
      async () => {
        const gif = Buffer.from(await testPicture(64, 48, 'gif'));
        gif.writeUInt16LE(65535, 6);
        gif.writeUInt16LE(65535, 8);
        return { name: 'lying-screen.gif', data: gif, type: 'image/gif' };
      },
      { width: 64, height: 48 },
      false,
    ],
  ];

  it.each(cases)(
    '%s is stored re-encoded, with no payload byte left in any variant',
    async (_what, make, size, carries) => {
      const file = await make();
      // The upload really carries the payload, so its absence below means the server removed it.
      expect(file.data.includes(marker)).toBe(carries);
      const before = await storedFiles();
      const response = await upload([file]);
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.errors).toBeUndefined();
      const [image] = response.body.images;
      expect(image!.filename).toBe(file.name);
      expect({ width: image!.width, height: image!.height }).toEqual(size);
      await expectCleanVariants(image!);
      // Exactly the generated files were added, each under the generated key.
      const added = (await storedFiles()).filter((name) => !before.includes(name));
      expect(added.map((name) => name.split(path.sep).join('/')).sort()).toEqual(
        variantsOf(image!)
          .map(([url]) => url.slice('/media/'.length))
          .sort(),
      );
    },
  );

  it('no file anywhere in the media store holds a payload', async () => {
    const files = await storedFiles();
    expect(files.length).toBeGreaterThanOrEqual(cases.length * 4);
    for (const name of files) {
      const bytes = await readFile(path.join(mediaRoot(), name));
      expect(bytes.includes(marker), name).toBe(false);
      expect(bytes.includes('<?php'), name).toBe(false);
      expect(bytes.includes('<script'), name).toBe(false);
    }
  });
});

describe('files that are not images, or not whole ones', () => {
  const refused: Array<[string, () => Promise<UploadFile>]> = [
    [
      'an SVG with a script',
      async () => ({
        name: 'logo.svg',
        data: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert("${marker}")</script></svg>`,
        ),
        type: 'image/svg+xml',
      }),
    ],
    [
      'an SVG with an XML prolog, a BOM and an onload handler',
      async () => ({
        name: 'logo.svg',
        data: Buffer.from(
          `\uFEFF  \n<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert('${marker}')"/>`,
        ),
        type: 'image/svg+xml',
      }),
    ],
    [
      'an SVG named .png and declared image/png',
      async () => ({
        name: 'icon.png',
        data: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)">x</a></svg>`),
        type: 'image/png',
      }),
    ],
    [
      'an HTML file renamed .jpg',
      async () => ({ name: 'photo.jpg', data: Buffer.from(htmlPayload), type: 'image/jpeg' }),
    ],
    [
      'an HTML file with leading whitespace, named .gif',
      async () => ({ name: 'anim.gif', data: Buffer.from(`\r\n\t  <!DOCTYPE html>${htmlPayload}`), type: 'image/gif' }),
    ],
    [
      'a PHP file behind JPEG magic bytes',
      async () => ({
        name: 'avatar.jpg',
        data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(phpPayload)]),
        type: 'image/jpeg',
      }),
    ],
    [
      'a PHP file behind a GIF header',
      async () => ({ name: 'avatar.gif', data: Buffer.from(`GIF89a${phpPayload}`), type: 'image/gif' }),
    ],
    [
      'a PHP file behind the PNG signature',
      async () => ({
        name: 'avatar.png',
        data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(phpPayload)]),
        type: 'image/png',
      }),
    ],
    [
      'a plain PHP file renamed .jpg',
      async () => ({ name: 'shell.php.jpg', data: Buffer.from(phpPayload), type: 'image/jpeg' }),
    ],
    [
      'a JavaScript file renamed .gif',
      async () => ({ name: 'tracker.gif', data: Buffer.from(`alert("${marker}");`), type: 'image/gif' }),
    ],
    [
      'a PDF renamed .jpg',
      async () => ({
        name: 'scan.jpg',
        data: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF'),
        type: 'image/jpeg',
      }),
    ],
    [
      'a JPEG cut in half',
      async () => {
        const jpeg = await testPicture(640, 480);
        return { name: 'half.jpg', data: jpeg.subarray(0, Math.floor(jpeg.length / 2)), type: 'image/jpeg' };
      },
    ],
    [
      'a PNG cut in half',
      async () => {
        const png = await testPicture(640, 480, 'png');
        return { name: 'half.png', data: png.subarray(0, Math.floor(png.length / 2)), type: 'image/png' };
      },
    ],
    [
      'a JPEG with only its headers',
      async () => ({ name: 'header.jpg', data: (await testPicture(640, 480)).subarray(0, 200), type: 'image/jpeg' }),
    ],
    [
      'a WebP cut in half',
      async () => {
        const webp = await testPicture(640, 480, 'webp');
        return { name: 'half.webp', data: webp.subarray(0, Math.floor(webp.length / 2)), type: 'image/webp' };
      },
    ],
    ['a zero-byte file', async () => ({ name: 'empty.jpg', data: Buffer.alloc(0), type: 'image/jpeg' })],
    [
      'plain text declared image/png',
      async () => ({
        name: 'notes.png',
        data: Buffer.from('These are my dive notes, not a picture.'),
        type: 'image/png',
      }),
    ],
    ['random bytes', async () => ({ name: 'noise.jpg', data: randomBytes(4096), type: 'image/jpeg' })],
  ];

  it.each(refused)('%s is refused with "Please select an image file." and nothing is stored', async (_what, make) => {
    const file = await make();
    const before = { files: await storedFiles(), images: await imageCount() };
    const response = await upload([file]);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: invalidFile });
    expect(await storedFiles()).toEqual(before.files);
    expect(await imageCount()).toBe(before.images);
  });
});

describe('decompression bombs and lying headers', () => {
  const tooLarge = (width: number, height: number) => ({
    code: 'image_too_large',
    message: `This image is too large: ${width} × ${height} pixels is about ${Math.round(
      (width * height) / 1_000_000,
    )} megapixels; images can be at most 40 megapixels.`,
    field: 'file',
  });

  const bombs: Array<[string, () => Promise<UploadFile>, number, number]> = [
    [
      'a 20000 × 20000 one-colour PNG (400 megapixels in ~50 KB)',
      async () => ({ name: 'bomb.png', data: decompressionBombPng(), type: 'image/png' }),
      20000,
      20000,
    ],
    [
      'a 7000 × 6000 PNG, just over the 40 megapixel limit',
      async () => ({ name: 'just-over.png', data: decompressionBombPng(7000, 6000), type: 'image/png' }),
      7000,
      6000,
    ],
    [
      'a small PNG whose header claims 65535 × 65535',
      async () => ({
        name: 'claims.png',
        data: pngClaiming(decompressionBombPng(8, 8), 65535, 65535),
        type: 'image/png',
      }),
      65535,
      65535,
    ],
    [
      'a small JPEG whose frame header claims 60000 × 60000',
      async () => ({
        name: 'claims.jpg',
        data: jpegClaiming(await testPicture(64, 48), 60000, 60000),
        type: 'image/jpeg',
      }),
      60000,
      60000,
    ],
    [
      'a small JPEG whose frame header claims 65500 × 700',
      async () => ({ name: 'wide.jpg', data: jpegClaiming(await testPicture(64, 48), 65500, 700), type: 'image/jpeg' }),
      65500,
      700,
    ],
  ];

  it.each(bombs)('%s is refused with 413 before it is decoded', async (_what, make, width, height) => {
    const file = await make();
    const before = await storedFiles();
    const response = await upload([file]);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: tooLarge(width, height) });
    expect(await storedFiles()).toEqual(before);
    await expectHealthy();
  });

  it('four bombs at once leave the process answering without a memory spike, and uploads keep working', async () => {
    const before = process.memoryUsage().rss;
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => upload([{ name: 'bomb.png', data: decompressionBombPng(), type: 'image/png' }])),
    );
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 413]);
    // Decoding even one of them would need at least 400 MB (one byte per pixel).
    const growthMb = (process.memoryUsage().rss - before) / (1024 * 1024);
    expect(growthMb).toBeLessThan(300);
    await expectHealthy();
    const after = await upload([
      { name: 'after-the-bombs.jpg', data: await testPicture(400, 300), type: 'image/jpeg' },
    ]);
    expect(after.status).toBe(201);
    await expectCleanVariants(after.body.images[0]!);
  });

  it('a bomb in a batch fails alone: the good file is stored, the others are listed with their reasons', async () => {
    const response = await upload([
      { name: 'good.jpg', data: await testPicture(300, 200), type: 'image/jpeg' },
      { name: 'bomb.png', data: decompressionBombPng(), type: 'image/png' },
      { name: 'page.jpg', data: Buffer.from(htmlPayload), type: 'image/jpeg' },
    ]);
    expect(response.status).toBe(201);
    expect(response.body.images.map((image) => image.filename)).toEqual(['good.jpg']);
    expect(response.body.errors).toEqual([
      { filename: 'bomb.png', code: 'image_too_large', message: tooLarge(20000, 20000).message },
      { filename: 'page.jpg', code: invalidFile.code, message: invalidFile.message },
    ]);
    await expectCleanVariants(response.body.images[0]!);
  });
});

describe('size limit', () => {
  const payloadTooLarge = {
    code: 'payload_too_large',
    message: 'This file is larger than 20 MB. Please choose an image of at most 20 MB.',
    field: 'file',
  };

  it.each([
    ['a 21 MB JPEG (a real image padded with zeros)', 21 * 1024 * 1024],
    ['a file one byte over 20 MB', 20 * 1024 * 1024 + 1],
  ])('%s is refused with 413 and the spec-style message', async (_what, size) => {
    const jpeg = await testPicture(64, 48);
    const data = Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
    expect(data.length).toBe(size);
    const before = await storedFiles();
    const response = await upload([{ name: 'huge.jpg', data, type: 'image/jpeg' }]);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: payloadTooLarge });
    expect(await storedFiles()).toEqual(before);
    await expectHealthy();
  });

  it('a file of exactly 20 MB is within the limit (a padded JPEG is accepted and re-encoded small)', async () => {
    const jpeg = await testPicture(64, 48);
    const data = Buffer.concat([jpeg, Buffer.alloc(20 * 1024 * 1024 - jpeg.length)]);
    const response = await upload([{ name: 'exactly-20mb.jpg', data, type: 'image/jpeg' }]);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const stored = await fetch(`${server.url}${response.body.images[0]!.original_url}`);
    expect(Number(stored.headers.get('content-length'))).toBeLessThan(100_000);
    await stored.arrayBuffer();
  });
});

describe('serving', () => {
  it('answers unknown and malformed media keys with a JSON 404 and nosniff, never another file', async () => {
    for (const key of [
      'u/missing.jpg',
      'U/ABC.JPG',
      'u/x.html',
      'u/x.svg',
      'u/x.jpg%00.html',
      'u/.hidden.jpg',
      'u/x..jpg',
    ]) {
      const response = await fetch(`${server.url}/media/${key}`);
      expect(response.status, key).toBe(404);
      expect(response.headers.get('content-type'), key).toMatch(/^application\/json/);
      expect(response.headers.get('x-content-type-options'), key).toBe('nosniff');
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'That image does not exist.' } });
    }
  });

  it('serves stored files with an image type even to a client that asks for HTML', async () => {
    const response = await upload([
      {
        name: 'ask-html.jpg',
        data: Buffer.concat([await testPicture(120, 90), Buffer.from(htmlPayload)]),
        type: 'text/html',
      },
    ]);
    expect(response.status).toBe(201);
    for (const [url, contentType] of variantsOf(response.body.images[0]!)) {
      const served = await fetch(`${server.url}${url}`, { headers: { accept: 'text/html' } });
      expect(served.headers.get('content-type')).toBe(contentType);
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      await served.arrayBuffer();
    }
  });
});
