/** Production build: server and CLI bundles, and the seed illustrations in every format. */
import path from 'node:path';
import { build } from 'esbuild';
import { loadContent } from '../src/features/seed/content-loader.server';
import { ensureSeedMedia } from '../src/features/seed/seed-media.server';

const root = path.resolve(import.meta.dirname, '..');
const started = performance.now();

await build({
  entryPoints: { 'server/main': 'src/server/main.ts', 'cli/cli': 'src/cli/cli.ts' },
  outdir: path.join(root, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  jsx: 'automatic',
  logLevel: 'warning',
});

const content = await loadContent(path.join(root, 'content'));
await ensureSeedMedia(path.join(root, 'content'), path.join(root, 'dist', 'seed-media'), content.images);

console.log(`build: done in ${Math.round(performance.now() - started)} ms`);
