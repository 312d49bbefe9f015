/**
 * Generates Cenote Atlas's own illustrations: one SVG per name in content/images/ plus manifest.json.
 *
 *   npx tsx scripts/generate-art.ts                 write every SVG and the manifest
 *   npx tsx scripts/generate-art.ts --only a,b      write only the named SVGs (manifest is always written)
 *   npx tsx scripts/generate-art.ts --check         render each committed SVG to WebP and AVIF in memory,
 *                                                   print the byte sizes, fail if any is over budget
 *   npx tsx scripts/generate-art.ts --png /tmp/art  also render PNG previews into that folder
 *
 * Everything is drawn by the code in scripts/art/ (no external artwork, fonts, images or URLs). Shapes use
 * only paths, linear/radial gradients, opacity, clip paths and a plain feGaussianBlur, which librsvg renders
 * faithfully. Each scene takes its variation from a random generator seeded with the image name, so the
 * output is deterministic: the same code always writes the same files.
 *
 * The illustrations themselves are data, in scripts/art/catalogue/, so words and compositions can be
 * changed without reading drawing code: one file per drawing kind (cavern.ts holds every `cavernView`
 * picture, fixed.ts the one-off pictures), each entry with its name, kind, parameters, alt text and
 * caption. (Not named data/: .prettierignore skips every folder of that name.) To add an illustration, add
 * an entry to the file of the scene it reuses and its name to catalogue/order.ts (the manifest order), then
 * run with --only <name> and --check. The entries are type-checked against each scene's options, so tsc
 * catches a misspelt parameter; a new kind of picture is a drawing function registered in
 * scripts/art/scenes.ts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { Rng } from './art/basics';
import { art, type Art } from './art/registry';
import { Svg } from './art/svg';

const root = path.resolve(import.meta.dirname, '..');
const outDir = path.join(root, 'content', 'images');

/* ------------------------------------------------------------------------------------------------ */
/* Command line                                                                                      */
/* ------------------------------------------------------------------------------------------------ */

const LIMITS = { svg: 40 * 1024, webp: 60 * 1024, avif: 60 * 1024 };

function render(a: Art): string {
  const s = new Svg(a.w, a.h);
  a.draw(s, new Rng(a.name));
  return s.toString();
}

async function check(names: readonly string[]): Promise<boolean> {
  let ok = true;
  console.log(`${'name'.padEnd(26)} ${'svg'.padStart(8)} ${'webp'.padStart(8)} ${'avif'.padStart(8)}`);
  for (const name of names) {
    const svg = await readFile(path.join(outDir, `${name}.svg`));
    const webp = await sharp(svg).resize(1600).webp({ quality: 80 }).toBuffer();
    const avif = await sharp(svg).resize(1600).avif({ quality: 55 }).toBuffer();
    const over = svg.length > LIMITS.svg || webp.length > LIMITS.webp || avif.length > LIMITS.avif;
    if (over) ok = false;
    const kb = (b: number): string => `${(b / 1024).toFixed(1)}K`.padStart(8);
    console.log(
      `${name.padEnd(26)} ${kb(svg.length)} ${kb(webp.length)} ${kb(avif.length)}${over ? '  OVER BUDGET' : ''}`,
    );
  }
  console.log(`limits: svg ${LIMITS.svg / 1024}K, webp ${LIMITS.webp / 1024}K, avif ${LIMITS.avif / 1024}K`);
  return ok;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flag = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const only = flag('--only')?.split(',');
  const pngDir = flag('--png');
  const selected = art.filter((a) => !only || only.includes(a.name));
  if (only && selected.length !== only.length) throw new Error(`unknown name in --only: ${only.join(',')}`);

  if (args.includes('--check')) {
    const ok = await check(selected.map((a) => a.name));
    if (!ok) {
      console.error('Some images are over budget.');
      process.exitCode = 1;
    }
    return;
  }

  await mkdir(outDir, { recursive: true });
  for (const a of selected) {
    const svg = render(a);
    await writeFile(path.join(outDir, `${a.name}.svg`), svg);
    if (pngDir) {
      await mkdir(pngDir, { recursive: true });
      await sharp(Buffer.from(svg))
        .png()
        .toFile(path.join(pngDir, `${a.name}.png`));
    }
    console.log(`${a.name.padEnd(26)} ${(svg.length / 1024).toFixed(1)}K`);
  }
  const manifest = art.map((a) => ({ name: a.name, alt: a.alt, caption: a.caption, category: 'illustration' }));
  for (const m of manifest) {
    if (m.alt.length < 10 || m.alt.length > 200) throw new Error(`${m.name}: alt text must be 10-200 characters`);
  }
  await writeFile(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  console.log(
    `wrote ${selected.length} SVGs and manifest.json (${manifest.length} entries) to ${path.relative(root, outDir)}`,
  );
}

await main();
