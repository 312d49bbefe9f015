import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import {
  averageColour,
  containsExifSegment,
  decompressionBombPng,
  hasGpsPointer,
  jpegQuantizationSum,
  jpegWithGps,
  sidewaysJpeg,
  testPicture,
} from '../../../tests/helpers/test-images';
import {
  busyRetryAfterSeconds,
  checkImageHead,
  fitWithinSpec,
  imageQueueLimits,
  imageQueueState,
  ImageRejectedError,
  looksLikeMarkup,
  processImage,
  runInImageQueue,
  sniffImageFormat,
  uploadKeys,
  uploadLimits,
  type ImageSource,
  type PipelineOptions,
} from './image-pipeline.server';

const defaults: PipelineOptions = { quality: 85, webp: true, avif: true };

async function rejection(input: ImageSource, options = defaults): Promise<ImageRejectedError> {
  try {
    await processImage(input, options);
  } catch (error) {
    if (error instanceof ImageRejectedError) return error;
    throw error;
  }
  throw new Error('the image was accepted');
}

async function dimensions(data: Buffer) {
  const { width, height, format } = await sharp(data).metadata();
  return { width, height, format };
}

describe('fitWithinSpec (spec section 9)', () => {
  it.each([
    [3000, 2000, 1920, 1280],
    [1500, 3000, 540, 1080],
    [120, 80, 120, 80],
    [1920, 1080, 1920, 1080],
    [4000, 1000, 1920, 480],
    [2000, 2000, 1080, 1080],
    [1000, 1000, 1000, 1000],
    [800, 1200, 720, 1080],
    [1921, 1, 1920, 1],
  ])('%i×%i → %i×%i', (width, height, expectedWidth, expectedHeight) => {
    expect(fitWithinSpec(width, height)).toEqual({ width: expectedWidth, height: expectedHeight });
  });
});

describe('sniffImageFormat', () => {
  it('recognises each accepted format by its bytes, whatever the name', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif', 'gif'] as const) {
      expect(sniffImageFormat(await testPicture(64, 48, format)), format).toBe(format);
    }
  });

  it('knows nothing else', () => {
    for (const text of ['hello', '%PDF-1.7\n', '<svg xmlns="http://www.w3.org/2000/svg"/>', '<!doctype html>', '']) {
      expect(sniffImageFormat(Buffer.from(text)), text).toBeUndefined();
    }
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheicmif1heic', 'latin1'),
      Buffer.alloc(16),
    ]);
    expect(sniffImageFormat(heic)).toBeUndefined();
  });

  it('sees SVG and HTML as markup, also after a BOM and whitespace', () => {
    expect(looksLikeMarkup(Buffer.from('\uFEFF  \n<?xml version="1.0"?><svg/>'))).toBe(true);
    expect(looksLikeMarkup(Buffer.from('<html><body>'))).toBe(true);
    expect(looksLikeMarkup(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(false);
  });
});

describe('processImage', () => {
  it('fits a 3000×2000 landscape into 1920×1280 and writes every variant', async () => {
    const input = await testPicture(3000, 2000);
    const result = await processImage(input, defaults);
    expect(result).toMatchObject({ sourceFormat: 'jpeg', width: 1920, height: 1280, fileSize: result.jpeg.length });
    expect(await dimensions(result.jpeg)).toEqual({ width: 1920, height: 1280, format: 'jpeg' });
    expect(await dimensions(result.webp!)).toEqual({ width: 1920, height: 1280, format: 'webp' });
    expect(await dimensions(result.avif!)).toEqual({ width: 1920, height: 1280, format: 'heif' });
    expect(await dimensions(result.thumbnail.data)).toEqual({ width: 400, height: 267, format: 'webp' });
    expect(result.thumbnail).toMatchObject({ width: 400, height: 267 });
    expect(await dimensions(result.medium.webp!)).toEqual({ width: 800, height: 533, format: 'webp' });
    expect(await dimensions(result.medium.avif!)).toEqual({ width: 800, height: 533, format: 'heif' });
    // Modern formats are smaller than the JPEG, and the 800 px copies smaller than the full size.
    expect(result.webp!.length).toBeLessThan(result.jpeg.length);
    expect(result.avif!.length).toBeLessThan(result.jpeg.length);
    expect(result.medium.webp!.length).toBeLessThan(result.webp!.length);
    expect(result.medium.avif!.length).toBeLessThan(result.avif!.length);
  });

  it('fits a 1500×3000 portrait into 540×1080', async () => {
    const result = await processImage(await testPicture(1500, 3000, 'png'), defaults);
    expect(result).toMatchObject({ sourceFormat: 'png', width: 540, height: 1080 });
    expect(await dimensions(result.jpeg)).toMatchObject({ width: 540, height: 1080 });
    expect(result.thumbnail).toMatchObject({ width: 400, height: 800 });
    // 540 px wide: an 800 px copy would be larger than the image.
    expect(result.medium).toEqual({ webp: undefined, avif: undefined });
  });

  it('makes the 800 px copies only for an image wider than 800 px', async () => {
    const exactly = await processImage(await testPicture(800, 600), defaults);
    expect(exactly.medium).toEqual({ webp: undefined, avif: undefined });
    const wider = await processImage(await testPicture(801, 600), defaults);
    expect(await dimensions(wider.medium.webp!)).toEqual({ width: 800, height: 599, format: 'webp' });
    expect(await dimensions(wider.medium.avif!)).toEqual({ width: 800, height: 599, format: 'heif' });
  });

  it('never enlarges a small image (the thumbnail neither)', async () => {
    const result = await processImage(await testPicture(120, 80), defaults);
    expect(result).toMatchObject({ width: 120, height: 80 });
    expect(await dimensions(result.jpeg)).toMatchObject({ width: 120, height: 80 });
    expect(result.thumbnail).toMatchObject({ width: 120, height: 80 });
  });

  it('turns an EXIF-rotated JPEG upright and drops the EXIF', async () => {
    const input = await sidewaysJpeg(600, 400);
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const result = await processImage(input, defaults);
    expect(result).toMatchObject({ width: 400, height: 600 });
    const meta = await sharp(result.jpeg).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
    // Stored left half (red) is on top once rotated clockwise; the right half (blue) at the bottom.
    const top = await averageColour(result.jpeg, { left: 0, top: 0, width: 400, height: 250 });
    const bottom = await averageColour(result.jpeg, { left: 0, top: 350, width: 400, height: 250 });
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);
  });

  it('removes GPS and every other metadata from all variants', async () => {
    const input = await jpegWithGps();
    const before = await sharp(input).metadata();
    expect(hasGpsPointer(before.exif)).toBe(true);
    const result = await processImage(input, defaults);
    for (const variant of [result.jpeg, result.webp!, result.avif!, result.thumbnail.data]) {
      const meta = await sharp(variant).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.iptc).toBeUndefined();
      expect(containsExifSegment(variant)).toBe(false);
      expect(variant.includes(Buffer.from('DiveCam'))).toBe(false);
    }
  });

  it('accepts PNG, WebP, AVIF and GIF and stores a JPEG', async () => {
    for (const format of ['png', 'webp', 'avif', 'gif'] as const) {
      const result = await processImage(await testPicture(300, 200, format), defaults);
      expect(result.sourceFormat).toBe(format);
      expect((await sharp(result.jpeg).metadata()).format).toBe('jpeg');
    }
  });

  it('puts transparent areas on white in the JPEG and keeps alpha in WebP', async () => {
    const input = await sharp({
      create: { width: 100, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const result = await processImage(input, defaults);
    const jpeg = await averageColour(result.jpeg, { left: 0, top: 0, width: 100, height: 100 });
    expect(jpeg.r).toBeGreaterThan(250);
    expect((await sharp(result.webp!).metadata()).hasAlpha).toBe(true);
  });

  it('follows the performance settings: formats and quality', async () => {
    const input = await testPicture(1600, 1000);
    const none = await processImage(input, { quality: 85, webp: false, avif: false });
    expect(none.webp).toBeUndefined();
    expect(none.avif).toBeUndefined();
    expect(none.medium).toEqual({ webp: undefined, avif: undefined });
    expect(none.thumbnail.data.length).toBeGreaterThan(0);
    const low = await processImage(input, { quality: 30, webp: true, avif: false });
    const high = await processImage(input, { quality: 95, webp: true, avif: false });
    expect(low.medium.avif).toBeUndefined();
    expect(low.medium.webp!.length).toBeLessThan(high.medium.webp!.length);
    expect(low.jpeg.length).toBeLessThan(high.jpeg.length);
    expect(low.webp!.length).toBeLessThan(high.webp!.length);
    expect(jpegQuantizationSum(low.jpeg)).toBeGreaterThan(jpegQuantizationSum(high.jpeg) * 3);
  });

  it('refuses text, SVG, PDF, HTML and polyglots as invalid files', async () => {
    const samples = {
      text: Buffer.from('just some text pretending to be a .png'),
      svg: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      pdf: Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
      html: Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>'),
      gifScript: Buffer.from('GIF89a/*\u0000\u0000*/=1;alert(document.domain);//'),
      jpegHtml: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<html><script>x</script></html>')]),
      empty: Buffer.alloc(0),
    };
    for (const [name, data] of Object.entries(samples)) {
      const error = await rejection(data);
      expect(error, name).toMatchObject({
        statusCode: 400,
        code: 'invalid_file',
        message: 'Please select an image file.',
      });
      expect(error.title).toBe('Invalid file');
    }
  });

  it('refuses truncated and corrupt images', async () => {
    const jpeg = await testPicture(800, 600);
    const png = await testPicture(800, 600, 'png');
    const corrupt = Buffer.from(jpeg);
    corrupt.fill(0x00, 200, 2000);
    for (const data of [jpeg.subarray(0, jpeg.length / 2), png.subarray(0, png.length - 200), corrupt]) {
      expect(await rejection(data)).toMatchObject({ code: 'invalid_file' });
    }
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const bomb = decompressionBombPng();
    expect(bomb.length).toBeLessThan(100_000);
    const started = Date.now();
    const error = await rejection(bomb);
    expect(error).toMatchObject({ statusCode: 413, code: 'image_too_large' });
    expect(error.message).toContain('20000 × 20000');
    expect(error.message).toContain('40 megapixels');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses more than 20 MB', async () => {
    const big = Buffer.alloc(uploadLimits.maxFileBytes + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const error = await rejection(big);
    expect(error).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
    expect(error.message).toContain('20 MB');
  });
});

describe('checkImageHead (the first bytes of an upload)', () => {
  it('names the format of each accepted image from its first bytes alone', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'avif', 'gif'] as const) {
      expect(checkImageHead((await testPicture(64, 48, format)).subarray(0, 512)), format).toBe(format);
    }
  });

  it('refuses nothing, markup and unknown signatures as invalid files', () => {
    for (const head of [
      Buffer.alloc(0),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg">'),
      Buffer.from('\uFEFF <html>'),
      Buffer.from('MZ\x90\x00 a Windows program'),
      Buffer.from('%PDF-1.7'),
    ]) {
      expect(() => checkImageHead(head)).toThrow(ImageRejectedError);
      expect(() => checkImageHead(head)).toThrow('Please select an image file.');
    }
  });
});

describe('processImage from a spooled file', () => {
  const folder = mkdtemp(path.join(tmpdir(), 'cenote-pipeline-'));
  afterAll(async () => rm(await folder, { recursive: true, force: true }));

  async function spooled(name: string, data: Buffer): Promise<ImageSource> {
    const file = path.join(await folder, name);
    await writeFile(file, data);
    return { path: file, size: data.length };
  }

  it('reads the file from disk and gives the same result as from memory', async () => {
    const input = await testPicture(3000, 2000, 'png');
    const fromFile = await processImage(await spooled('landscape.part', input), defaults);
    expect(fromFile).toMatchObject({ sourceFormat: 'png', width: 1920, height: 1280 });
    expect(fromFile.source).toEqual({ width: 3000, height: 2000, bytes: input.length });
    expect(await dimensions(fromFile.avif!)).toEqual({ width: 1920, height: 1280, format: 'heif' });
  });

  it('applies the same refusals: markup, bombs, truncation, size', async () => {
    expect(await rejection(await spooled('page.part', Buffer.from('<html><script>x</script></html>')))).toMatchObject({
      code: 'invalid_file',
    });
    expect(await rejection(await spooled('bomb.part', decompressionBombPng()))).toMatchObject({
      statusCode: 413,
      code: 'image_too_large',
    });
    const jpeg = await testPicture(800, 600);
    expect(await rejection(await spooled('half.part', jpeg.subarray(0, jpeg.length / 2)))).toMatchObject({
      code: 'invalid_file',
    });
    // The size the spooler counted decides, before the file is opened.
    expect(
      await rejection({ path: path.join(await folder, 'missing.part'), size: uploadLimits.maxFileBytes + 1 }),
    ).toMatchObject({ statusCode: 413, code: 'payload_too_large' });
  });
});

describe('the image queue', () => {
  it(`runs ${imageQueueLimits.running} at once, queues ${imageQueueLimits.waiting}, refuses one more with 503 and Retry-After`, async () => {
    const releases: Array<() => void> = [];
    const started: number[] = [];
    const job = (n: number) =>
      runInImageQueue(async () => {
        started.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        return n;
      });
    const capacity = imageQueueLimits.running + imageQueueLimits.waiting;
    const jobs = Array.from({ length: capacity }, (_, n) => job(n));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([0, 1]);
    expect(imageQueueState()).toEqual({ running: 2, waiting: imageQueueLimits.waiting });

    const refused = await job(capacity).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImageRejectedError);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'server_busy',
      headers: { 'retry-after': String(busyRetryAfterSeconds) },
    });
    expect((refused as ImageRejectedError).title).toBe('Server busy');

    // Each finished job hands its turn to the longest waiting one; never more than two run.
    for (let finished = 1; finished <= capacity; finished++) {
      releases.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(started).toHaveLength(Math.min(capacity, finished + imageQueueLimits.running));
      expect(imageQueueState().running).toBe(Math.min(imageQueueLimits.running, capacity - finished));
    }
    expect(await Promise.all(jobs)).toEqual(Array.from({ length: capacity }, (_, n) => n));
    expect(started).toEqual(Array.from({ length: capacity }, (_, n) => n));
    expect(imageQueueState()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the turn of a job that fails', async () => {
    await expect(runInImageQueue(async () => Promise.reject(new Error('decoder failed')))).rejects.toThrow(
      'decoder failed',
    );
    expect(imageQueueState()).toEqual({ running: 0, waiting: 0 });
  });
});

describe('uploadKeys', () => {
  it('names the six files of an upload after one uuid', () => {
    expect(uploadKeys('0b6c4a0e-1f7c-4f7e-9c55-3d1f1f0e8a11')).toEqual({
      jpeg: 'u/0b6c4a0e-1f7c-4f7e-9c55-3d1f1f0e8a11.jpg',
      webp: 'u/0b6c4a0e-1f7c-4f7e-9c55-3d1f1f0e8a11.webp',
      avif: 'u/0b6c4a0e-1f7c-4f7e-9c55-3d1f1f0e8a11.avif',
      thumbnail: 'u/0b6c4a0e-1f7c-4f7e-9c55-3d1f1f0e8a11-thumb.webp',
      mediumWebp: 'u/0b6c4a0e-1f7c-4f7e-9c55-3d1f1f0e8a11-800.webp',
      mediumAvif: 'u/0b6c4a0e-1f7c-4f7e-9c55-3d1f1f0e8a11-800.avif',
    });
  });
});
