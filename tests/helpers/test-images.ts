import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/**
 * A photo-like test picture (gradient sky, water, a few shapes) so encoders produce realistic
 * sizes; rendered from SVG by sharp, then saved in the requested format.
 */
export async function testPicture(
  width: number,
  height: number,
  format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' = 'jpeg',
): Promise<Buffer> {
  const r = Math.min(width, height);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs>
      <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stop-color="#0b3d5c"/><stop offset="0.55" stop-color="#2a9d8f"/><stop offset="1" stop-color="#e9f5db"/>
      </linearGradient>
      <radialGradient id="light" cx="0.3" cy="0.2" r="0.6">
        <stop offset="0" stop-color="#fff" stop-opacity="0.8"/><stop offset="1" stop-color="#fff" stop-opacity="0"/>
      </radialGradient>
    </defs>
    <rect width="100%" height="100%" fill="url(#sky)"/>
    <rect width="100%" height="100%" fill="url(#light)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.6}" r="${r * 0.2}" fill="#264653" opacity="0.8"/>
    <ellipse cx="${width * 0.3}" cy="${height * 0.8}" rx="${r * 0.3}" ry="${r * 0.1}" fill="#e76f51"/>
    <path d="M0 ${height * 0.7} Q ${width * 0.5} ${height * 0.5} ${width} ${height * 0.75} L ${width} ${height} L 0 ${height} Z" fill="#1d3557" opacity="0.6"/>
    <text x="${width * 0.05}" y="${height * 0.15}" font-size="${r * 0.08}" fill="#fff" font-family="sans-serif">Cenote ${width}x${height}</text>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 92 }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer();
    case 'avif':
      return image.avif({ quality: 60, effort: 2 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}

/** A JPEG stored sideways with EXIF orientation 6 (display rotated 90° clockwise): left half red, right half blue. */
export async function sidewaysJpeg(width = 600, height = 400): Promise<Buffer> {
  const half = Math.floor(width / 2);
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([
      {
        input: { create: { width: half, height, channels: 3, background: '#ff0000' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A JPEG carrying camera EXIF with a GPS position (the kind of metadata uploads must lose). */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp(await testPicture(800, 600, 'png'))
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'DiveCam', Model: 'Housing 3000', Copyright: 'A diver' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '20/1 30/1 15/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '87/1 15/1 0/1',
      },
    })
    .toBuffer();
}

/** True when an EXIF block holds a GPS IFD pointer (tag 0x8825, either byte order). */
export function hasGpsPointer(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  return exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));
}

/** One PNG chunk (length, type, data, CRC) for hand-built PNG files. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid 1-bit grey PNG of width × height pixels of one colour, a few
 * dozen KB on disk (20000 × 20000 = 400 megapixels in ~49 KB).
 */
export function decompressionBombPng(width = 20000, height = 20000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rowBytes = 1 + Math.ceil(width / 8);
  const pixels = deflateSync(Buffer.alloc(rowBytes * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Sum of the first quantization table of a JPEG (higher = coarser = lower quality). */
export function jpegQuantizationSum(jpeg: Buffer): number {
  for (let offset = 2; offset + 4 < jpeg.length;) {
    if (jpeg[offset] !== 0xff) return Number.NaN;
    const marker = jpeg[offset + 1]!;
    const length = jpeg.readUInt16BE(offset + 2);
    if (marker === 0xdb) {
      const precision = jpeg[offset + 4]! >> 4;
      let sum = 0;
      for (let index = 0; index < 64; index++) {
        sum += precision === 0 ? jpeg[offset + 5 + index]! : jpeg.readUInt16BE(offset + 5 + index * 2);
      }
      return sum;
    }
    offset += 2 + length;
  }
  return Number.NaN;
}

/** The average colour of a region, for checking which way an image was turned. */
export async function averageColour(
  image: Buffer,
  region: { left: number; top: number; width: number; height: number },
): Promise<{ r: number; g: number; b: number }> {
  // stats() reads its input, not the pipeline's output: cut the region out first.
  const { channels } = await sharp(await sharp(image).extract(region).png().toBuffer()).stats();
  return { r: channels[0]!.mean, g: channels[1]!.mean, b: channels[2]!.mean };
}

/** APP1 "Exif" segment anywhere in the file bytes. */
export function containsExifSegment(file: Buffer): boolean {
  return file.includes(Buffer.from('Exif\0\0', 'latin1'));
}
