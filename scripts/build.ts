/**
 * Production build: server and CLI bundles, client assets (hashed, for immutable caching)
 * and the seed illustrations in every format. `--client-only` skips the server parts.
 * A full build ends by writing dist/build-info.json, which `npm start` (scripts/start.mjs)
 * reads to decide whether to rebuild and which node flags to start the server with.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { build, type BuildOptions } from 'esbuild';
import subsetFont from 'subset-font';
import { loadContent } from '../src/features/seed/content-loader.server';
import { ensureSeedMedia } from '../src/features/seed/seed-media.server';
import { clusterTemplateRoot, ensureClusterTemplate } from '../src/platform/db/embedded-cluster.server';
import { compileCacheDirectory, productionEnvironment, productionNodeFlags } from '../src/server/node-flags';
import { fontWeights } from './font-weights';
import { buildInfoFile, manifestsHash, newestInputMtime, type BuildInfo } from './build-state.mjs';

const root = path.resolve(import.meta.dirname, '..');
const finalClientDir = path.join(root, 'dist', 'client');
// Built aside and swapped in at the end, so concurrent builds (parallel test runs) never see half a tree.
const clientDir = path.join(root, 'dist', `client.build-${process.pid}`);
const assetsDir = path.join(clientDir, 'assets');
const clientOnly = process.argv.includes('--client-only');
const started = performance.now();

const hashOf = (data: Buffer | string) => createHash('sha256').update(data).digest('hex').slice(0, 10);

/**
 * Dependencies bundled into the server and CLI instead of loaded from node_modules at run time.
 * drizzle-orm: its 180 KB package.json is re-read for each of its ~100 modules at import, which left
 * ~150 MB of V8 heap behind (ADR 011). zod (with fastify-type-provider-zod, its only run-time user, so
 * there is one copy) and lucide-react (one 1.3 MB file of every icon; bundled, only those we use):
 * loading them was a third of the CPU spent on imports at start (ADR 019).
 */
const bundledIntoServer = new Set(['drizzle-orm', 'zod', 'fastify-type-provider-zod', 'lucide-react']);

function serverExternals(): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Object.keys(manifest.dependencies)
    .filter((name) => !bundledIntoServer.has(name))
    .flatMap((name) => [name, `${name}/*`]);
}

async function buildServer(): Promise<void> {
  await build({
    entryPoints: { 'server/main': 'src/server/main.ts', 'cli/cli': 'src/cli/cli.ts' },
    outdir: path.join(root, 'dist'),
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    // Dependencies stay in node_modules, except those in bundledIntoServer.
    external: serverExternals(),
    // Bundled CommonJS code (fastify-type-provider-zod's @fastify/error) calls require(): give the ES module one.
    banner: {
      js: "import { createRequire as __cenoteCreateRequire } from 'node:module'; const require = __cenoteCreateRequire(import.meta.url);",
    },
    sourcemap: true,
    // No comments and no indentation, names kept (stack traces stay readable), every character ASCII:
    // V8 keeps each module's source in its heap for as long as the server runs, and stores a source with
    // one non-ASCII character (a dash in a comment) at two bytes a character: about 3.7 MB instead of 1.4 (ADR 056).
    minifyWhitespace: true,
    charset: 'ascii',
    jsx: 'automatic',
    logLevel: 'warning',
  });
  for (const bundle of ['server/main.js', 'cli/cli.js']) {
    // Minified, a bundle is a few long lines: show the character with what surrounds it, not a line number.
    const text = readFileSync(path.join(root, 'dist', bundle), 'utf8');
    const at = text.search(/[\u0080-\uffff]/);
    if (at >= 0) {
      console.warn(
        `build: dist/${bundle} has a non-ASCII character (a regular expression?) in "${text.slice(Math.max(0, at - 40), at + 10)}"; write it as an escape, or V8 keeps the whole bundle at two bytes a character`,
      );
    }
  }
}

async function buildClient() {
  await rm(clientDir, { recursive: true, force: true });
  await mkdir(assetsDir, { recursive: true });
  const clientOptions = {
    outdir: assetsDir,
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: ['es2022', 'chrome111', 'firefox114', 'safari16.4'],
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    metafile: true,
    legalComments: 'none',
    logLevel: 'warning',
  } satisfies BuildOptions;
  // The public site's islands run on Preact through its React compatibility layer (ADR 038): the
  // same components, a tenth of the bytes. The server renders them with React; the admin stays React.
  const [siteResult, appResult] = await Promise.all([
    build({
      ...clientOptions,
      entryPoints: { site: 'src/site/entry-client.tsx' },
      alias: { react: 'preact/compat', 'react-dom': 'preact/compat' },
    }),
    build({ ...clientOptions, entryPoints: { app: 'src/app/entry-client.tsx' } }),
  ]);
  const siteOutputs = Object.entries(siteResult.metafile.outputs);
  const outputs = Object.entries(appResult.metafile.outputs);
  const siteEntry = siteOutputs.find(([, output]) => output.entryPoint === 'src/site/entry-client.tsx');
  const appEntry = outputs.find(([, output]) => output.entryPoint === 'src/app/entry-client.tsx');
  if (!siteEntry || !appEntry) throw new Error('esbuild produced no site or app entry');
  const toUrl = (file: string) => `/assets/${path.basename(file)}`;

  // Fonts: the latin subsets of our two variable fonts, cut to the weights the CSS uses (400 to
  // 700: normal, medium, semibold, bold; bolder text in a semibold heading asks 900 and gets 700),
  // hashed. Every glyph stays (tabular figures and other features included); limiting the weight
  // axis alone makes Inter 48 -> 34 KB and Fraunces 37 -> 33 KB, bytes every first visit preloads
  // (ADR 042).
  const fontFaces: string[] = [];
  const fonts: string[] = [];
  for (const [family, pkg, file, style] of [
    ['Inter Variable', '@fontsource-variable/inter', 'inter-latin-wght-normal.woff2', 'normal'],
    ['Fraunces Variable', '@fontsource-variable/fraunces', 'fraunces-latin-wght-normal.woff2', 'normal'],
  ] as const) {
    const source = path.join(root, 'node_modules', pkg, 'files', file);
    const data = await subsetFont(await readFile(source), null, {
      targetFormat: 'woff2',
      keepAllGlyphs: true,
      variationAxes: { wght: fontWeights },
    });
    const name = `${file.replace('.woff2', '')}-${hashOf(data)}.woff2`;
    await writeFile(path.join(assetsDir, name), data);
    fonts.push(`/assets/${name}`);
    fontFaces.push(
      `@font-face{font-family:'${family}';font-style:${style};font-display:swap;font-weight:${fontWeights.min} ${fontWeights.max};src:url(/assets/${name}) format('woff2-variations');unicode-range:U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD}`,
    );
  }

  const fontCss = fontFaces.join('');
  const buildCss = async (name: string, input: string) => {
    const out = path.join(clientDir, `${name}.tmp.css`);
    await promisify(execFile)(
      path.join(root, 'node_modules', '.bin', 'tailwindcss'),
      ['-i', input, '-o', out, '--minify'],
      {
        cwd: root,
      },
    );
    const css = fontCss + (await readFile(out, 'utf8'));
    await rm(out);
    const fileName = `${name}-${hashOf(css)}.css`;
    await writeFile(path.join(assetsDir, fileName), css);
    return `/assets/${fileName}`;
  };
  const [siteCss, appCss] = await Promise.all([
    buildCss('site', 'src/site/styles/site.css'),
    buildCss('app', 'src/app/styles/app.css'),
  ]);
  await copyFile(path.join(root, 'src', 'site', 'favicon.svg'), path.join(clientDir, 'favicon.svg'));

  const staticImports = (entry: [string, { imports: Array<{ path: string; kind: string }> }]) =>
    entry[1].imports.filter((item) => item.kind === 'import-statement').map((item) => toUrl(item.path));
  // The admin's own lazily loaded code: the chunk holding admin-app.tsx and what it imports.
  const byFile = new Map(outputs);
  const adminRoot = outputs.find(([, output]) => Object.keys(output.inputs).includes('src/app/admin/admin-app.tsx'));
  const adminJs = new Set<string>();
  const collect = (file: string) => {
    if (adminJs.has(file)) return;
    adminJs.add(file);
    for (const item of byFile.get(file)?.imports ?? []) if (item.kind === 'import-statement') collect(item.path);
  };
  if (adminRoot) collect(adminRoot[0]);
  const manifest = {
    adminJs: [...adminJs].map(toUrl),
    siteJs: toUrl(siteEntry[0]),
    siteCss,
    sitePreload: staticImports(siteEntry),
    appJs: toUrl(appEntry[0]),
    appCss,
    appPreload: staticImports(appEntry),
    fonts,
  };
  await writeFile(path.join(clientDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/** Precompressed siblings (.br, .gz) that the static handler serves as they are: compressed once, at build. */
async function precompressAssets(): Promise<void> {
  for (const file of await readdir(assetsDir)) {
    if (!/\.(js|css)$/.test(file)) continue;
    const data = await readFile(path.join(assetsDir, file));
    await writeFile(
      path.join(assetsDir, `${file}.br`),
      brotliCompressSync(data, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    await writeFile(path.join(assetsDir, `${file}.gz`), gzipSync(data, { level: 9 }));
  }
}

async function swapIntoPlace(): Promise<void> {
  const previous = `${finalClientDir}.old-${process.pid}`;
  await rename(finalClientDir, previous).catch(() => {});
  await rename(clientDir, finalClientDir);
  await rm(previous, { recursive: true, force: true });
}

// Read before anything is built: a source saved during the build makes the next start rebuild.
const inputsMtimeMs = newestInputMtime(root);
const inputsManifestsHash = manifestsHash(root);
// Until this build is complete, `npm start` sees no build (rather than the previous one under a new stamp).
if (!clientOnly) await rm(path.join(root, buildInfoFile), { force: true });

const manifest = await buildClient();
await precompressAssets();
await swapIntoPlace();
if (!clientOnly) {
  await buildServer();
  // Compiled code of the previous bundle would never be read again: the new build starts a new cache.
  await rm(path.join(root, compileCacheDirectory), { recursive: true, force: true });
  const content = await loadContent(path.join(root, 'content'));
  // A new data folder's embedded database starts as a copy of this cluster (ADR 049).
  await Promise.all([
    ensureSeedMedia(path.join(root, 'content'), path.join(root, 'dist', 'seed-media'), content.images),
    ensureClusterTemplate(clusterTemplateRoot(path.join(root, 'dist'))),
  ]);
  const info: BuildInfo = {
    builtAt: new Date().toISOString(),
    inputsMtimeMs,
    manifestsHash: inputsManifestsHash,
    nodeFlags: [...productionNodeFlags],
    nodeEnvironment: { ...productionEnvironment },
  };
  await writeFile(path.join(root, buildInfoFile), `${JSON.stringify(info, null, 2)}\n`);
}
const assetFiles = await readdir(path.join(finalClientDir, 'assets'));
console.log(
  `build: ${assetFiles.length} client assets (${manifest.siteJs}, ${manifest.siteCss}) in ${Math.round(performance.now() - started)} ms`,
);
