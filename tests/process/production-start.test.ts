import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rename, rm, stat, utimes } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileCacheDirectory, productionEnvironment, productionNodeFlags } from '../../src/server/node-flags';
import { projectRoot } from '../helpers/build-app';
import { availablePort } from '../helpers/server-process';

/**
 * The production path of docs/deploy.md and the Dockerfile, on a copy of this checkout's files
 * (what `git ls-files` lists, as they are in the working tree, so it tests what will be committed):
 * `npm ci && npm run build && npm prune --omit=dev && npm start`, then a second start.
 * Slow by nature (a real install and build): minutes, not seconds.
 */
const minutes = (n: number) => n * 60_000;

let checkout = '';
const dataDirs: string[] = [];

/**
 * How this machine reaches the registry (its CA bundle and proxy): kept, because `npm prune` asks
 * the registry about dependencies given as a dist-tag (lighthouse's trace engine wants
 * `legacy-javascript@latest`). Without them every request failed TLS and npm retried each for 70 s.
 */
const networkVariables = [
  'NODE_EXTRA_CA_CERTS',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'HTTPS_PROXY',
  'https_proxy',
  'HTTP_PROXY',
  'http_proxy',
  'NO_PROXY',
  'no_proxy',
];

/** A clean environment: nothing from the npm or vitest process that runs this test leaks in. */
function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  const network: Record<string, string> = {};
  for (const name of networkVariables) {
    const value = process.env[name];
    if (value) network[name] = value;
  }
  return {
    PATH: `${path.dirname(process.execPath)}:${process.env['PATH'] ?? ''}`,
    HOME: process.env['HOME'] ?? '/tmp',
    ...network,
    ...extra,
  };
}

async function run(command: string, args: string[], env = cleanEnv()): Promise<string> {
  const { stdout, stderr } = await promisify(execFile)(command, args, {
    cwd: checkout,
    env,
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout + stderr;
}

interface Started {
  npm: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  /** Milliseconds from spawning `npm start` to the first 200 from /api/health. */
  msToHealthy: number;
  serverPid: number;
  exited: Promise<number | null>;
}

async function npmStart(dataDir: string): Promise<Started> {
  const port = await availablePort();
  const began = performance.now();
  // Its own process group, so stopping it is what Ctrl+C or a process manager does: signal them all.
  const npm = spawn('npm', ['start'], {
    cwd: checkout,
    env: cleanEnv({ NODE_ENV: 'production', HOST: '127.0.0.1', PORT: port, DATA_DIR: dataDir, SEED: 'true' }),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let stdout = '';
  let stderr = '';
  npm.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  npm.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    npm.on('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + minutes(3);
  for (;;) {
    if (done) throw new Error(`npm start exited before the server was healthy:\n${stdout}\n${stderr}`);
    if (Date.now() > deadline) throw new Error(`not healthy after 3 minutes:\n${stdout}\n${stderr}`);
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const msToHealthy = Math.round(performance.now() - began);
  const serverPid = jsonLines(stdout).find((entry) => typeof entry['pid'] === 'number')?.['pid'] as number;
  return { npm, url, stdout: () => stdout, stderr: () => stderr, msToHealthy, serverPid, exited };
}

/** The server's log lines: everything on stdout except npm's own "> cenote-atlas start" header. */
function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('> '))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGTERM to npm, its shell and the server; resolves once the server process itself is gone. */
async function stop(started: Started): Promise<void> {
  process.kill(-started.npm.pid!, 'SIGTERM');
  await started.exited;
  const deadline = Date.now() + 20_000;
  while (isRunning(started.serverPid)) {
    if (Date.now() > deadline) {
      process.kill(started.serverPid, 'SIGKILL');
      throw new Error('the server did not stop within 20 s of SIGTERM');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stamp(): Promise<{ text: string; mtimeMs: number; serverMtimeMs: number }> {
  const file = path.join(checkout, 'dist', 'build-info.json');
  return {
    text: await readFile(file, 'utf8'),
    mtimeMs: (await stat(file)).mtimeMs,
    serverMtimeMs: (await stat(path.join(checkout, 'dist', 'server', 'main.js'))).mtimeMs,
  };
}

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cenote-prod-data-'));
  dataDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  checkout = await mkdtemp(path.join(tmpdir(), 'cenote-prod-'));
  const { stdout } = await promisify(execFile)(
    'git',
    ['ls-files', '-z', '--cached', '--others', '--exclude-standard'],
    {
      cwd: projectRoot,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  for (const file of stdout.split('\0').filter(Boolean)) {
    // A tracked file deleted in the working tree is not part of what will be committed.
    if (!existsSync(path.join(projectRoot, file))) continue;
    await cp(path.join(projectRoot, file), path.join(checkout, file), { preserveTimestamps: false });
  }
  const started = performance.now();
  await run('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund']);
  const installed = performance.now();
  await run('npm', ['run', 'build']);
  const built = performance.now();
  await run('npm', ['prune', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund']);
  console.log(
    `production-start: npm ci ${Math.round((installed - started) / 1000)} s, build ${Math.round((built - installed) / 1000)} s, prune ${Math.round((performance.now() - built) / 1000)} s`,
  );
}, minutes(30));

afterAll(async () => {
  await Promise.all([checkout, ...dataDirs].filter(Boolean).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('production start (npm ci, build, prune, npm start)', () => {
  const dataDir = { first: '' };

  it(
    'pruned the build tools and kept what the server needs',
    async () => {
      for (const devOnly of ['tsx', 'esbuild', 'typescript', 'vitest', 'tailwindcss']) {
        expect(existsSync(path.join(checkout, 'node_modules', devOnly)), devOnly).toBe(false);
      }
      expect(existsSync(path.join(checkout, 'node_modules', '.bin', 'tsx'))).toBe(false);
      for (const runtime of ['fastify', 'pino', 'pino-pretty', 'sharp', '@electric-sql/pglite']) {
        expect(existsSync(path.join(checkout, 'node_modules', runtime)), runtime).toBe(true);
      }
      // The build recorded the flags of src/server/node-flags.ts for `npm start`.
      const recorded = JSON.parse((await stamp()).text) as { nodeFlags: string[]; nodeEnvironment: unknown };
      expect(recorded.nodeFlags).toEqual([...productionNodeFlags]);
      expect(recorded.nodeEnvironment).toEqual(productionEnvironment);
    },
    minutes(5),
  );

  it(
    'starts without building: healthy, renders the home page, JSON log lines, production flags',
    async () => {
      const before = await stamp();
      dataDir.first = await newDataDir();
      const server = await npmStart(dataDir.first);
      try {
        const home = await fetch(`${server.url}/`);
        expect(home.status).toBe(200);
        expect(home.headers.get('content-type')).toContain('text/html');
        expect(await home.text()).toMatch(/<title>[^<]*Cenote Atlas<\/title>/);

        // The server runs as node with the production flags, from dist/, and nothing was rebuilt.
        const commandLine = (await readFile(`/proc/${server.serverPid}/cmdline`, 'utf8')).split('\0').filter(Boolean);
        expect(commandLine.slice(1)).toEqual([
          ...productionNodeFlags,
          path.join(checkout, 'dist', 'server', 'main.js'),
        ]);
        // ...and with the build's environment (one malloc arena).
        const environment = (await readFile(`/proc/${server.serverPid}/environ`, 'utf8')).split('\0');
        for (const [name, value] of Object.entries(productionEnvironment))
          expect(environment).toContain(`${name}=${value}`);
        // ...and Node's compile cache in dist/, which this start filled (ADR 047).
        expect(environment).toContain(`NODE_COMPILE_CACHE=${path.join(checkout, compileCacheDirectory)}`);
        expect((await readdir(path.join(checkout, compileCacheDirectory))).length).toBeGreaterThan(0);
        expect(server.stderr()).not.toContain('start:');
        expect(await stamp()).toEqual(before);

        const lines = jsonLines(server.stdout());
        expect(lines.some((line) => String(line['msg']).includes('/setup?token='))).toBe(true);
        // Logged in production only when the flags are missing.
        expect(server.stdout()).not.toContain('Tip: start node with');
        console.log(`production-start: first start (fresh database, seeding) healthy after ${server.msToHealthy} ms`);
      } finally {
        await stop(server);
      }
      expect(server.stdout()).toContain('"msg":"stopped"');
    },
    minutes(5),
  );

  it(
    'runs the CLI from dist/ with the dev dependencies pruned',
    async () => {
      const output = await run(
        process.execPath,
        ['dist/cli/cli.js', 'user', 'create', '--email', 'ops@example.org', '--password', 'ops-secret-1', '--admin'],
        cleanEnv({ NODE_ENV: 'production', DATA_DIR: dataDir.first }),
      );
      expect(output).toContain('Created admin ops@example.org.');
    },
    minutes(5),
  );

  it(
    'starts a second time from the same build, without building again',
    async () => {
      const before = await stamp();
      const server = await npmStart(dataDir.first);
      try {
        expect((await fetch(`${server.url}/`)).status).toBe(200);
        expect(server.stderr()).not.toContain('start:');
        expect(server.stdout()).not.toContain('build:');
        expect(await stamp()).toEqual(before);
        // The admin the CLI created exists: no setup link this time.
        expect(server.stdout()).not.toContain('/setup?token=');
        // Speed targets live in the bench; this records the number for the report.
        console.log(`production-start: second start healthy after ${server.msToHealthy} ms`);
      } finally {
        await stop(server);
      }
    },
    minutes(5),
  );

  it(
    'starts the existing build with a warning when a source changed but the build tools are pruned',
    async () => {
      const before = await stamp();
      const later = new Date(Date.now() + 2_000);
      await utimes(path.join(checkout, 'src', 'server', 'main.ts'), later, later);
      const server = await npmStart(dataDir.first);
      try {
        expect(server.stderr()).toContain(
          'start: dist/ is older than the sources, and the build tools are not installed to rebuild it: starting the existing build.',
        );
        expect(await stamp()).toEqual(before);
      } finally {
        await stop(server);
      }
    },
    minutes(5),
  );

  it(
    'refuses with a clear message when there is no build and nothing to build with',
    async () => {
      await rename(path.join(checkout, 'dist'), path.join(checkout, 'dist-away'));
      try {
        const failure = await run('npm', ['start'], cleanEnv({ PORT: await availablePort() })).then(
          () => undefined,
          (error: { code: number; stderr: string }) => error,
        );
        expect(failure?.code).toBe(1);
        expect(failure?.stderr).toContain('start: there is no build in dist/');
        expect(failure?.stderr).toContain('npm ci && npm run build');
      } finally {
        await rename(path.join(checkout, 'dist-away'), path.join(checkout, 'dist'));
      }
    },
    minutes(5),
  );
});
