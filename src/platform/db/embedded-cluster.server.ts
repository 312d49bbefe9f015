import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { access, copyFile, mkdir, readFile, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { mapConcurrently } from '../../shared/lib/map-concurrently';

/**
 * The file PostgreSQL writes into a data folder once it is a whole cluster. A copy writes it last,
 * so a copy cut short (a crash) is never mistaken for a database and is simply made again.
 */
const completeMarker = 'PG_VERSION';

/** Where a build keeps its template clusters: dist/pglite-template/pglite-<version>. */
export function clusterTemplateRoot(distDir: string): string {
  return path.join(distDir, 'pglite-template');
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Makes `directory` an embedded PostgreSQL cluster unless it is one already (docs/decisions/049).
 *
 * Creating a cluster (initdb) takes the embedded database 3–4 s of WebAssembly and briefly about
 * 1 GB of memory; copying one that was made before takes a tenth of that. With `templateRoot`, the
 * first new cluster is made there once per PGlite version (the build makes it, see scripts/build.ts;
 * otherwise whoever needs it first) and every new data folder starts as a copy. Without it, or when
 * the template cannot be written (a read-only install), the cluster is made in place.
 */
export async function initializeEmbeddedCluster(directory: string, templateRoot: string | undefined): Promise<void> {
  if (await exists(path.join(directory, completeMarker))) return;
  await mkdir(directory, { recursive: true });
  const template = templateRoot ? await ensureClusterTemplate(templateRoot).catch(() => undefined) : undefined;
  if (template) await copyCluster(template, directory);
  else await createClusterInChildProcess(directory);
}

/**
 * The template cluster for the installed PGlite under `templateRoot` (made now if missing), and
 * only that one: templates of other versions are removed. Several processes may race to make it
 * (test files starting together); each makes its own and the first to rename it into place wins.
 */
export async function ensureClusterTemplate(templateRoot: string): Promise<string> {
  const { version } = await installedPglite();
  const template = path.join(templateRoot, `pglite-${version}`);
  if (await exists(path.join(template, completeMarker))) return template;
  const building = `${template}.building-${process.pid}-${randomBytes(6).toString('hex')}`;
  await mkdir(templateRoot, { recursive: true });
  try {
    await createClusterInChildProcess(building);
    await rename(building, template).catch(async (error: NodeJS.ErrnoException) => {
      // Somebody else's template arrived first: use theirs.
      if (!(await exists(path.join(template, completeMarker)))) throw error;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  for (const entry of await readdir(templateRoot)) {
    if (entry.startsWith('pglite-') && !entry.startsWith(`pglite-${version}`)) {
      await rm(path.join(templateRoot, entry), { recursive: true, force: true });
    }
  }
  return template;
}

/**
 * Copies the template's files into `directory`, the completeness marker last. Eight copies at a
 * time: fs.cp copies a folder one entry after another, 0.6 s for the template's ~1,000 files here
 * against 0.1 s this way.
 */
async function copyCluster(template: string, directory: string): Promise<void> {
  const entries = await readdir(template, { recursive: true, withFileTypes: true });
  const relative = (entry: (typeof entries)[number]) =>
    path.relative(template, path.join(entry.parentPath, entry.name));
  for (const folder of entries.filter((entry) => entry.isDirectory()).map(relative)) {
    await mkdir(path.join(directory, folder), { recursive: true });
  }
  const files = entries
    .filter((entry) => entry.isFile())
    .map(relative)
    .filter((file) => file !== completeMarker);
  await mapConcurrently(files, 8, (file) => copyFile(path.join(template, file), path.join(directory, file)));
  await copyFile(path.join(template, completeMarker), path.join(directory, completeMarker));
}

interface InstalledPglite {
  version: string;
  /** The ES module the child process imports. */
  moduleUrl: string;
}

let installed: Promise<InstalledPglite> | undefined;

/**
 * The installed PGlite, found from its package.json: a template made by another version is never
 * used. (Not `import.meta.resolve`: Vite's module runner, which runs the tests' global setup, has none.)
 */
function installedPglite(): Promise<InstalledPglite> {
  installed ??= (async () => {
    let folder = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    for (;;) {
      const manifest = await readFile(path.join(folder, 'package.json'), 'utf8').catch(() => undefined);
      if (manifest) {
        const { name, version, exports } = JSON.parse(manifest) as {
          name?: string;
          version?: string;
          exports?: { '.'?: { import?: { default?: string } } };
        };
        const entry = exports?.['.']?.import?.default;
        if (name === '@electric-sql/pglite' && version && entry) {
          return { version, moduleUrl: pathToFileURL(path.join(folder, entry)).href };
        }
      }
      const parent = path.dirname(folder);
      if (parent === folder) throw new Error('Could not find the installed @electric-sql/pglite');
      folder = parent;
    }
  })();
  return installed;
}

/**
 * Creating a cluster briefly needs about 1 GB of memory in WebAssembly. Doing it in a short-lived
 * child process keeps that peak out of the server's own footprint. `--liftoff-only`: the child runs
 * the WebAssembly once, so compiling it optimized would cost more than it saves (3.1 s instead of 3.4).
 */
async function createClusterInChildProcess(directory: string): Promise<void> {
  const { moduleUrl } = await installedPglite();
  const script = `const { PGlite } = await import(${JSON.stringify(moduleUrl)}); const db = await PGlite.create(${JSON.stringify(directory)}); await db.close();`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, ['--liftoff-only', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`Creating the embedded database failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}
