import { open } from 'node:fs/promises';
import type { Metadata, OutputInfo, Sharp } from 'sharp';
import { loadSharp } from './load-sharp.server';
import { AppError } from '../../platform/http/app-error.server';
import { uploadErrorMessages } from './media.dto';
import { mediumWidth, thumbnailWidth } from './variant-widths';

/** AVIF effort 2: ~8x faster than 4 for ~15 % larger files (3.4 s → 0.4 s for a 1600 px image here). */
export const avifEffort = 2;

/** Spec section 9 and decision 12: what one upload may be. */
export const uploadLimits = {
  /** Bytes per file (20 MB). */
  maxFileBytes: 20 * 1024 * 1024,
  /** Decoded pixels per image (40 megapixels); larger images are refused before they are decoded. */
  maxPixels: 40_000_000,
  /** Files in one request. */
  maxFiles: 10,
} as const;

/** Spec section 9: landscape images fit 1920 wide, portrait (and square) ones 1080 tall. */
export const maxLandscapeWidth = 1920;
export const maxPortraitHeight = 1080;
const thumbnailQuality = 75;

export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

export interface PipelineOptions {
  /** performance_settings.image_quality (1..100): the JPEG quality; WebP and AVIF derive theirs from it. */
  quality: number;
  /** performance_settings.enable_webp */
  webp: boolean;
  /** performance_settings.enable_avif */
  avif: boolean;
}

export interface ProcessedImage {
  /** What the bytes really were (not what the browser claimed). */
  sourceFormat: SourceFormat;
  source: { width: number; height: number; bytes: number };
  /** The stored JPEG's real dimensions and size (decision 20). */
  width: number;
  height: number;
  fileSize: number;
  jpeg: Buffer;
  webp: Buffer | undefined;
  avif: Buffer | undefined;
  thumbnail: { data: Buffer; width: number; height: number };
  /** 800 px wide WebP and AVIF (each when its format is on); none for an image at most that wide. */
  medium: MediumVariants;
}

export interface MediumVariants {
  webp: Buffer | undefined;
  avif: Buffer | undefined;
}

/** An upload refused for what it is; `title` is the toast title the admin shows. */
export class ImageRejectedError extends AppError {
  constructor(
    statusCode: number,
    code: keyof typeof uploadErrorMessages,
    message: string = uploadErrorMessages[code].message,
    headers?: Record<string, string>,
  ) {
    super(statusCode, code, message, 'file', headers);
    this.name = 'ImageRejectedError';
  }
  get title(): string {
    return uploadErrorMessages[this.code as keyof typeof uploadErrorMessages].title;
  }
}

export const invalidFile = () => new ImageRejectedError(400, 'invalid_file');
export const fileTooLarge = () => new ImageRejectedError(413, 'payload_too_large');
/** Seconds a client is asked to wait when the image queue is full. */
export const busyRetryAfterSeconds = 10;
export const serverBusy = () =>
  new ImageRejectedError(503, 'server_busy', undefined, { 'retry-after': String(busyRetryAfterSeconds) });

export const webpQualityFor = (quality: number) => Math.max(1, Math.min(quality, 80));
export const avifQualityFor = (quality: number) => Math.max(1, Math.round(quality * 0.65));

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);
const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

/**
 * The format by magic bytes. AVIF is an ISO-BMFF `ftyp` box whose major or compatible brands name
 * avif/avis (HEIC and other HEIF files are not accepted). SVG and anything else answer undefined.
 */
export function sniffImageFormat(bytes: Buffer): SourceFormat | undefined {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 8) === 'ftyp') {
    const boxSize = bytes.readUInt32BE(0);
    const end = Math.min(bytes.length, boxSize >= 16 ? boxSize : 16);
    const brands = [ascii(bytes, 8, 12)];
    for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(bytes, offset, offset + 4));
    if (brands.includes('avif') || brands.includes('avis')) return 'avif';
  }
  return undefined;
}

/** Text that looks like SVG/XML/HTML: refused outright (decision 12), never handed to a renderer. */
export function looksLikeMarkup(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<');
}

/** sharp's name for each accepted format (AVIF decodes through libheif as 'heif' with AV1). */
const sharpFormats: Record<SourceFormat, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
  gif: 'gif',
};

/** Spec section 9's rule, never enlarging: landscape → at most 1920 wide, otherwise at most 1080 tall. */
export function fitWithinSpec(width: number, height: number): { width: number; height: number } {
  if (width > height) {
    if (width <= maxLandscapeWidth) return { width, height };
    return { width: maxLandscapeWidth, height: Math.max(1, Math.round((height * maxLandscapeWidth) / width)) };
  }
  if (height <= maxPortraitHeight) return { width, height };
  return { width: Math.max(1, Math.round((width * maxPortraitHeight) / height)), height: maxPortraitHeight };
}

/** How many images this process works on at once, and how many may wait for a turn. */
export const imageQueueLimits = {
  /** Decoded and encoded at once (2 cores; a 40 MP decode holds ~160 MB). */
  running: 2,
  /** Waiting for a turn; one more is refused with 503 and Retry-After rather than queued. */
  waiting: 8,
} as const;

let running = 0;
const waiting: (() => void)[] = [];

/** The image queue right now (tests and logs). */
export const imageQueueState = () => ({ running, waiting: waiting.length });

export async function runInImageQueue<T>(work: () => Promise<T>): Promise<T> {
  if (running >= imageQueueLimits.running) {
    if (waiting.length >= imageQueueLimits.waiting) throw serverBusy();
    // The slot is handed over by the finishing job (running stays counted), so none can jump the queue.
    await new Promise<void>((resolve) => waiting.push(resolve));
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

const isPixelLimitError = (error: unknown) => error instanceof Error && /pixel limit/i.test(error.message);

function tooManyPixels(width: number, height: number): ImageRejectedError {
  const megapixels = Math.round((width * height) / 1_000_000);
  return new ImageRejectedError(
    413,
    'image_too_large',
    `This image is too large: ${width} × ${height} pixels is about ${megapixels} megapixels; images can be at most ${uploadLimits.maxPixels / 1_000_000} megapixels.`,
  );
}

/** How many leading bytes decide the format (the markup check reads 64, an AVIF ftyp box a few dozen). */
export const headBytes = 512;

/**
 * The first check of an upload, on its first bytes only: markup and anything without a known
 * image signature is refused (400 invalid_file) before the rest is read.
 */
export function checkImageHead(head: Buffer): SourceFormat {
  if (head.length === 0 || looksLikeMarkup(head)) throw invalidFile();
  const format = sniffImageFormat(head);
  if (!format) throw invalidFile();
  return format;
}

/** An upload in memory, or spooled to a file (see src/platform/multipart/spool.server.ts). */
export type ImageSource = Buffer | { path: string; size: number; head?: Buffer };

async function headOf(source: ImageSource): Promise<Buffer> {
  if (Buffer.isBuffer(source)) return source.subarray(0, headBytes);
  if (source.head && (source.head.length >= headBytes || source.head.length === source.size)) return source.head;
  const handle = await open(source.path, 'r');
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(headBytes), 0, headBytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Checks what the bytes really are and turns them into the stored variants: rotated by EXIF
 * orientation, every piece of metadata removed (EXIF, GPS, XMP, IPTC, ICC; colours converted to
 * sRGB), resized by the spec's rule; a JPEG at `quality` (mozjpeg), WebP and AVIF when enabled,
 * and a 400 px wide WebP thumbnail. Throws ImageRejectedError for anything that is not a
 * JPEG/PNG/WebP/AVIF/GIF image sharp can decode, for too many bytes and for too many pixels,
 * and 503 server_busy when too many images already wait for their turn. A spooled file is read
 * by sharp from disk, never loaded whole into memory here.
 */
export async function processImage(source: ImageSource, options: PipelineOptions): Promise<ProcessedImage> {
  const bytes = Buffer.isBuffer(source) ? source.length : source.size;
  if (bytes > uploadLimits.maxFileBytes) throw fileTooLarge();
  if (bytes === 0) throw invalidFile();
  const sourceFormat = checkImageHead(await headOf(source));
  const input = Buffer.isBuffer(source) ? source : source.path;
  const sharp = await loadSharp();

  // Reading the header only: safe for any size, and it lets the refusal name the dimensions.
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw invalidFile();
  }
  // A polyglot whose magic bytes say one format while the decoder finds another is refused.
  if (metadata.format !== sharpFormats[sourceFormat]) throw invalidFile();
  if (sourceFormat === 'avif' && metadata.compression !== 'av1') throw invalidFile();
  const { width, height } = metadata;
  if (!width || !height) throw invalidFile();
  if (width * height > uploadLimits.maxPixels) throw tooManyPixels(width, height);

  return runInImageQueue(async () => {
    const oriented = metadata.autoOrient ?? { width, height };
    const target = fitWithinSpec(oriented.width, oriented.height);
    let pixels: { data: Buffer; info: OutputInfo };
    try {
      let decoder = sharp(input, { limitInputPixels: uploadLimits.maxPixels, failOn: 'error', animated: false })
        .autoOrient()
        .toColourspace('srgb');
      if (target.width !== oriented.width || target.height !== oriented.height) {
        decoder = decoder.resize({ width: target.width, height: target.height, fit: 'fill' });
      }
      pixels = await decoder.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    } catch (error) {
      if (isPixelLimitError(error)) throw tooManyPixels(width, height);
      // Truncated or corrupt data, or bytes that only start like an image.
      throw invalidFile();
    }

    const { info } = pixels;
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const fromPixels = () => sharp(pixels.data, raw);
    const quality = Math.min(100, Math.max(1, Math.round(options.quality)));
    const [jpeg, webp, avif, thumbnail, medium] = await Promise.all([
      fromPixels().flatten({ background: '#ffffff' }).jpeg({ quality, mozjpeg: true }).toBuffer(),
      options.webp
        ? fromPixels()
            .webp({ quality: webpQualityFor(quality), effort: 4 })
            .toBuffer()
        : undefined,
      options.avif
        ? fromPixels()
            .avif({ quality: avifQualityFor(quality), effort: avifEffort })
            .timeout({ seconds: 60 })
            .toBuffer()
        : undefined,
      fromPixels()
        .resize({ width: thumbnailWidth, withoutEnlargement: true })
        .webp({ quality: thumbnailQuality, effort: 4 })
        .toBuffer({ resolveWithObject: true }),
      encodeMediumVariants(fromPixels, info.width, options),
    ]);
    return {
      sourceFormat,
      source: { width: oriented.width, height: oriented.height, bytes },
      width: info.width,
      height: info.height,
      fileSize: jpeg.length,
      jpeg,
      webp,
      avif,
      thumbnail: { data: thumbnail.data, width: thumbnail.info.width, height: thumbnail.info.height },
      medium,
    };
  });
}

/** The 800 px copies of an image `width` wide, in the formats the settings turn on. */
async function encodeMediumVariants(
  image: () => Sharp,
  width: number,
  options: PipelineOptions,
): Promise<MediumVariants> {
  if (width <= mediumWidth) return { webp: undefined, avif: undefined };
  const quality = Math.min(100, Math.max(1, Math.round(options.quality)));
  const [webp, avif] = await Promise.all([
    options.webp
      ? image()
          .resize({ width: mediumWidth })
          .webp({ quality: webpQualityFor(quality), effort: 4 })
          .toBuffer()
      : undefined,
    options.avif
      ? image()
          .resize({ width: mediumWidth })
          .avif({ quality: avifQualityFor(quality), effort: avifEffort })
          .timeout({ seconds: 60 })
          .toBuffer()
      : undefined,
  ]);
  return { webp, avif };
}

/**
 * The 800 px copies of an image stored before they existed (ADR 043), made from its stored JPEG.
 * The JPEG is trusted: the pipeline wrote it. Runs in the image queue like an upload.
 */
export async function mediumVariantsOfStoredJpeg(jpeg: Buffer, options: PipelineOptions): Promise<MediumVariants> {
  const sharp = await loadSharp();
  return runInImageQueue(async () => {
    const { width } = await sharp(jpeg).metadata();
    return encodeMediumVariants(() => sharp(jpeg), width ?? 0, options);
  });
}

/** Storage keys of one upload: `u/<uuid>.jpg`, `.webp`, `.avif`, `-thumb.webp`, `-800.webp`, `-800.avif`. */
export function uploadKeys(id: string) {
  return {
    jpeg: `u/${id}.jpg`,
    webp: `u/${id}.webp`,
    avif: `u/${id}.avif`,
    thumbnail: `u/${id}-thumb.webp`,
    ...mediumKeys(`u/${id}`),
  } as const;
}

/** What an image's stored files share: its storage key without the extension (`u/<uuid>`, `seed/<name>`). */
export const storageStem = (storageKey: string) => storageKey.replace(/\.[a-z0-9]+$/i, '');

/** The 800 px copies' keys beside the files whose keys start with `stem` (`u/<uuid>`, `seed/<name>`). */
export function mediumKeys(stem: string) {
  return { mediumWebp: `${stem}-800.webp`, mediumAvif: `${stem}-800.avif` } as const;
}
