import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSharp } from '../media/load-sharp.server';
import { mediumWidth, thumbnailWidth } from '../media/variant-widths';
import { mapConcurrently } from '../../shared/lib/map-concurrently';
import type { SeedImage } from './content.schema';

export interface SeedImageFiles {
  name: string;
  width: number;
  height: number;
  /** Variant suffix → file on disk: .jpg, .webp, .avif, -thumb.webp and the 800 px -800.webp, -800.avif */
  files: Record<SeedVariant, string>;
}

export type SeedVariant = '.jpg' | '.webp' | '.avif' | '-thumb.webp' | '-800.webp' | '-800.avif';
export const seedVariants: SeedVariant[] = ['.jpg', '.webp', '.avif', '-thumb.webp', '-800.webp', '-800.avif'];

const targetWidth = 1600;

/**
 * Turns each content/images/<name>.svg into JPEG, WebP, AVIF and a thumbnail, cached under
 * cacheDir by the SVG's hash, so only the first build (or a changed drawing) pays for encoding.
 */
export async function ensureSeedMedia(
  contentDir: string,
  cacheDir: string,
  images: SeedImage[],
  quality = 85,
): Promise<SeedImageFiles[]> {
  await mkdir(cacheDir, { recursive: true });
  const prepare = async (image: SeedImage): Promise<SeedImageFiles> => {
    const svg = await readFile(path.join(contentDir, 'images', `${image.name}.svg`));
    const hash = createHash('sha256').update(svg).update(String(quality)).digest('hex').slice(0, 12);
    const stem = path.join(cacheDir, `${image.name}-${hash}`);
    const files = Object.fromEntries(seedVariants.map((variant) => [variant, `${stem}${variant}`])) as Record<
      SeedVariant,
      string
    >;
    const metaFile = `${stem}.json`;
    let meta: { width: number; height: number } | undefined;
    try {
      await Promise.all(seedVariants.map((variant) => stat(files[variant])));
      meta = JSON.parse(await readFile(metaFile, 'utf8')) as { width: number; height: number };
    } catch {
      meta = await renderVariants(svg, files, quality);
      await writeAtomically(metaFile, Buffer.from(JSON.stringify(meta)));
    }
    return { name: image.name, width: meta.width, height: meta.height, files };
  };
  // Two at a time: the machines have two cores, and encoding is CPU-bound.
  return mapConcurrently(images, 2, prepare);
}

async function renderVariants(
  svg: Buffer,
  files: Record<SeedVariant, string>,
  quality: number,
): Promise<{ width: number; height: number }> {
  const sharp = await loadSharp();
  const base = sharp(svg, { density: 144 }).resize({ width: targetWidth, withoutEnlargement: false });
  const png = await base.png().toBuffer({ resolveWithObject: true });
  const source = () => sharp(png.data);
  await writeAtomically(files['.jpg'], await source().jpeg({ quality, mozjpeg: true }).toBuffer());
  await writeAtomically(
    files['.webp'],
    await source()
      .webp({ quality: Math.min(quality, 80) })
      .toBuffer(),
  );
  await writeAtomically(files['.avif'], await source().avif({ quality: 55, effort: 2 }).toBuffer());
  await writeAtomically(
    files['-thumb.webp'],
    await source().resize({ width: thumbnailWidth }).webp({ quality: 75 }).toBuffer(),
  );
  await writeAtomically(
    files['-800.webp'],
    await source()
      .resize({ width: mediumWidth })
      .webp({ quality: Math.min(quality, 80) })
      .toBuffer(),
  );
  await writeAtomically(
    files['-800.avif'],
    await source().resize({ width: mediumWidth }).avif({ quality: 55, effort: 2 }).toBuffer(),
  );
  return { width: png.info.width, height: png.info.height };
}

async function writeAtomically(file: string, data: Buffer): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, file);
}
