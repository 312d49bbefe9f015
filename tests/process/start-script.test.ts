import { spawn } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildInfoFile, manifestsHash, newestInputMtime } from '../../scripts/build-state.mjs';
import { projectRoot } from '../helpers/build-app';

/**
 * `npm start` (scripts/start.mjs) in small fake checkouts: a dist/server/main.js that reports how it
 * was started, and, where the build tools are "installed", a tsx that stands in for the build.
 */
const roots: string[] = [];
let root = '';

afterAll(async () => {
  await Promise.all(roots.map((dir) => rm(dir, { recursive: true, force: true })));
});

const fakeServer = `console.log(JSON.stringify({ pid: process.pid, execArgv: process.execArgv, main: import.meta.filename }));\n`;

/** Stands in for `tsx scripts/build.ts`: records that it ran, writes the server and the stamp like the real build. */
const fakeBuild = (exitCode: number) => `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { manifestsHash, newestInputMtime } from '${path.join(projectRoot, 'scripts', 'build-state.mjs')}';
const root = process.cwd();
appendFileSync(path.join(root, 'build-runs.log'), process.argv.slice(2).join(' ') + '\\n');
console.log('fake build ran');
if (${exitCode} !== 0) process.exit(${exitCode});
const inputsMtimeMs = newestInputMtime(root);
mkdirSync(path.join(root, 'dist', 'server'), { recursive: true });
writeFileSync(path.join(root, 'dist', 'server', 'main.js'), ${JSON.stringify(fakeServer)});
writeFileSync(path.join(root, 'dist', 'build-info.json'), JSON.stringify({
  builtAt: new Date().toISOString(), inputsMtimeMs, manifestsHash: manifestsHash(root), nodeFlags: ['--max-old-space-size=96', '--stack-size=900'],
}));
`;

async function makeCheckout(options: { built: boolean; buildTools: false | 'working' | 'failing' }): Promise<void> {
  root = await mkdtemp(path.join(tmpdir(), 'cenote-start-'));
  roots.push(root);
  await mkdir(path.join(root, 'scripts'));
  for (const file of ['start.mjs', 'build-state.mjs']) {
    await copyFile(path.join(projectRoot, 'scripts', file), path.join(root, 'scripts', file));
  }
  await writeFile(path.join(root, 'package.json'), '{ "type": "module" }\n');
  await writeFile(path.join(root, 'package-lock.json'), '{}\n');
  await mkdir(path.join(root, 'src', 'server'), { recursive: true });
  await writeFile(path.join(root, 'src', 'server', 'main.ts'), 'export {};\n');
  await mkdir(path.join(root, 'content'));
  await writeFile(path.join(root, 'content', 'home.json'), '{}\n');
  // Sources a minute old, so "changed after the build" can be made unambiguous.
  const old = new Date(Date.now() - 60_000);
  for (const file of ['src/server/main.ts', 'src/server', 'src', 'content/home.json', 'content']) {
    await utimes(path.join(root, file), old, old);
  }
  if (options.built) {
    await mkdir(path.join(root, 'dist', 'server'), { recursive: true });
    await writeFile(path.join(root, 'dist', 'server', 'main.js'), fakeServer);
    await writeFile(
      path.join(root, buildInfoFile),
      JSON.stringify({
        builtAt: new Date().toISOString(),
        inputsMtimeMs: newestInputMtime(root),
        manifestsHash: manifestsHash(root),
        nodeFlags: ['--max-old-space-size=96', '--stack-size=900'],
      }),
    );
  }
  if (options.buildTools) {
    await mkdir(path.join(root, 'node_modules', '.bin'), { recursive: true });
    await mkdir(path.join(root, 'node_modules', 'tsx', 'dist'), { recursive: true });
    await writeFile(
      path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      fakeBuild(options.buildTools === 'working' ? 0 : 3),
    );
    await symlink('../tsx/dist/cli.mjs', path.join(root, 'node_modules', '.bin', 'tsx'));
  }
}

interface StartResult {
  code: number | null;
  pid: number;
  stdout: string;
  stderr: string;
}

async function start(): Promise<StartResult> {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, pid: child.pid ?? -1, stdout, stderr };
}

function serverReport(result: StartResult): { pid: number; execArgv: string[]; main: string } {
  const line = result.stdout.split('\n').find((entry) => entry.startsWith('{'));
  if (!line) throw new Error(`the server did not run:\n${result.stdout}\n${result.stderr}`);
  return JSON.parse(line) as { pid: number; execArgv: string[]; main: string };
}

async function buildRuns(): Promise<number> {
  const log = await readFile(path.join(root, 'build-runs.log'), 'utf8').catch(() => '');
  return log.split('\n').filter(Boolean).length;
}

async function touchSource(): Promise<void> {
  const now = new Date();
  await utimes(path.join(root, 'src', 'server', 'main.ts'), now, now);
}

describe('npm start (scripts/start.mjs)', () => {
  beforeEach(() => {
    root = '';
  });

  it('runs a fresh build with plain node and the recorded flags, in its own process, without building', async () => {
    await makeCheckout({ built: true, buildTools: 'working' });
    const result = await start();
    expect(result.code).toBe(0);
    const report = serverReport(result);
    expect(report.execArgv).toEqual(['--max-old-space-size=96', '--stack-size=900']);
    expect(report.main).toBe(path.join(root, 'dist', 'server', 'main.js'));
    // execve: the server takes the start script's place rather than running beside it.
    expect(report.pid).toBe(result.pid);
    expect(await buildRuns()).toBe(0);
    expect(result.stderr).toBe('');
  });

  it('builds first when there is no build and the build tools are installed', async () => {
    await makeCheckout({ built: false, buildTools: 'working' });
    const result = await start();
    expect(result.code).toBe(0);
    expect(await buildRuns()).toBe(1);
    expect(result.stderr).toContain('start: no build in dist/ yet: building');
    // The build's output goes to stderr: stdout carries only the server's lines.
    expect(result.stderr).toContain('fake build ran');
    expect(result.stdout).not.toContain('fake build ran');
    expect(serverReport(result).execArgv).toEqual(['--max-old-space-size=96', '--stack-size=900']);

    // Built now: the next start does not build again.
    const again = await start();
    expect(again.code).toBe(0);
    expect(await buildRuns()).toBe(1);
    expect(again.stderr).toBe('');
  });

  it('rebuilds when a source changed, a file was added, or the lock file changed', async () => {
    await makeCheckout({ built: true, buildTools: 'working' });
    await touchSource();
    await start();
    expect(await buildRuns()).toBe(1);

    await writeFile(path.join(root, 'content', 'new-page.json'), '{}\n');
    const result = await start();
    expect(result.stderr).toContain('the sources changed since the last build: building');
    expect(await buildRuns()).toBe(2);

    await writeFile(path.join(root, 'package-lock.json'), '{ "lockfileVersion": 3 }\n');
    await start();
    expect(await buildRuns()).toBe(3);
  });

  it('does not rebuild when npm rewrites the manifests unchanged (npm ci, npm prune)', async () => {
    await makeCheckout({ built: true, buildTools: 'working' });
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(root, 'package-lock.json'), later, later);
    await utimes(path.join(root, 'package.json'), later, later);
    const result = await start();
    expect(result.code).toBe(0);
    expect(await buildRuns()).toBe(0);
  });

  it('starts a stale build with a one-line warning when the build tools were pruned', async () => {
    await makeCheckout({ built: true, buildTools: false });
    await touchSource();
    const result = await start();
    expect(result.code).toBe(0);
    expect(serverReport(result).execArgv).toEqual(['--max-old-space-size=96', '--stack-size=900']);
    expect(result.stderr.trim().split('\n')).toEqual([
      'start: dist/ is older than the sources, and the build tools are not installed to rebuild it: starting the existing build.',
    ]);
  });

  it('refuses with a clear message when there is no build and nothing to build with', async () => {
    await makeCheckout({ built: false, buildTools: false });
    const result = await start();
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('there is no build in dist/');
    expect(result.stderr).toContain('npm ci && npm run build');
  });

  it('does not start when the build fails', async () => {
    await makeCheckout({ built: true, buildTools: 'failing' });
    await touchSource();
    const result = await start();
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('the build failed (exit code 3); not starting.');
  });

  it('runs the build as it is in a deployed tree without sources, however new its data files look', async () => {
    await makeCheckout({ built: true, buildTools: false });
    await rm(path.join(root, 'src'), { recursive: true });
    // A container image's copy step may give content/ and db/ new modification times.
    const later = new Date(Date.now() + 5_000);
    await utimes(path.join(root, 'content', 'home.json'), later, later);
    const result = await start();
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(serverReport(result).execArgv).toEqual(['--max-old-space-size=96', '--stack-size=900']);
  });

  it('treats a build without its stamp (interrupted, or made by an older build script) as missing', async () => {
    await makeCheckout({ built: true, buildTools: 'working' });
    await rm(path.join(root, buildInfoFile));
    expect((await stat(path.join(root, 'dist', 'server', 'main.js'))).isFile()).toBe(true);
    const result = await start();
    expect(result.code).toBe(0);
    expect(await buildRuns()).toBe(1);
  });
});
