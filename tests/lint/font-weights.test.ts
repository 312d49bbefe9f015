import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fontWeights } from '../../scripts/font-weights';

/**
 * The build cuts the fonts' weight axis to `fontWeights` (ADR 042): a weight outside it would
 * quietly render as the nearest one kept. Every weight the sources ask for must be inside.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const tailwindWeights: Record<string, number> = {
  thin: 100,
  extralight: 200,
  light: 300,
  normal: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
  extrabold: 800,
  black: 900,
};

async function sourceFiles(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.(tsx?|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** Every font weight a source asks for, with where: Tailwind classes, CSS declarations, inline styles. */
function weightsIn(text: string): number[] {
  const weights: number[] = [];
  for (const match of text.matchAll(/\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g)) {
    weights.push(tailwindWeights[match[1]!]!);
  }
  for (const match of text.matchAll(/\bfont-\[(\d{3})\]/g)) weights.push(Number(match[1]));
  for (const match of text.matchAll(/font-weight:\s*(\d{3})\b/g)) weights.push(Number(match[1]));
  for (const match of text.matchAll(/fontWeight:\s*['"]?(\d{3})\b/g)) weights.push(Number(match[1]));
  return weights;
}

describe('font weights', () => {
  it('finds weights in each form the sources use', () => {
    expect(weightsIn('<p className="font-semibold text-sm font-black">')).toEqual([600, 900]);
    expect(weightsIn('.x { font-weight: 300; } <b style={{ fontWeight: 800 }}>')).toEqual([300, 800]);
    expect(weightsIn('font-[650] font-display')).toEqual([650]);
  });

  it(`uses only weights between ${fontWeights.min} and ${fontWeights.max}, the range the build keeps`, async () => {
    const outside: string[] = [];
    let seen = 0;
    for (const file of await sourceFiles(path.join(root, 'src'))) {
      for (const weight of weightsIn(await readFile(file, 'utf8'))) {
        seen++;
        if (weight < fontWeights.min || weight > fontWeights.max)
          outside.push(`${path.relative(root, file)}: ${weight}`);
      }
    }
    // The scan reads the real sources: hundreds of weights (font-medium, font-semibold...).
    expect(seen).toBeGreaterThan(100);
    expect(outside).toEqual([]);
  });
});
