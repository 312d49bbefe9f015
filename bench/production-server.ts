import { spawn, type ChildProcess } from 'node:child_process';
import { openSync, closeSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { compileCacheDirectory, productionEnvironment, productionNodeFlags } from '../src/server/node-flags';

export const root = path.resolve(import.meta.dirname, '..');

/** The admin account every bench server is seeded with (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const benchAdmin = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

async function run(command: string, args: string[]): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited ${code}`)),
    );
  });
}

export interface ProductionServer {
  base: string;
  /** The running server process (a new one after `restart`). */
  readonly process: ChildProcess;
  /** Milliseconds from spawning the server on an empty data folder to healthy (migrations, seed). */
  freshStartMs: number;
  /** Stops the server and starts it again on the same data; milliseconds from spawn to healthy. */
  restart(): Promise<number>;
  /** How many lines the server has logged so far (production JSON lines, info level by default). */
  logLineCount(): Promise<number>;
  stop(): Promise<void>;
}

/** Builds the project and starts `node dist/server/main.js` on a fresh embedded database (seeded). */
export async function buildAndStart(
  env: Record<string, string> = {},
  options: { build?: boolean } = {},
): Promise<ProductionServer> {
  // BENCH_SKIP_BUILD=1 measures the build already in dist/ (when iterating on a measurement).
  if ((options.build ?? true) && process.env['BENCH_SKIP_BUILD'] !== '1') {
    await run(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/build.ts']);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-bench-'));
  const port = 41_900 + Math.floor(Math.random() * 90);
  const base = `http://127.0.0.1:${port}`;
  // Logged as production logs (info level, one JSON line per request), into a file: what that costs
  // is part of what is measured.
  const logFile = path.join(dataDir, 'server.log');

  /** Spawns the server and waits until /api/health answers 200 (polled every 20 ms). */
  const launch = async (): Promise<{ child: ChildProcess; ms: number }> => {
    const logFd = openSync(logFile, 'a');
    const started = performance.now();
    const spawned = spawn(process.execPath, [...productionNodeFlags, 'dist/server/main.js'], {
      cwd: root,
      env: {
        // As `npm start` sets them (scripts/start.mjs).
        NODE_COMPILE_CACHE: path.join(root, compileCacheDirectory),
        ...productionEnvironment,
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', logFd, 'inherit'],
    });
    closeSync(logFd);
    for (;;) {
      const ok = await fetch(`${base}/api/health`).then(
        (response) => response.status === 200,
        () => false,
      );
      if (ok) return { child: spawned, ms: Math.round(performance.now() - started) };
      if (spawned.exitCode !== null) {
        throw new Error(`the server exited during start:\n${await readFile(logFile, 'utf8')}`);
      }
      if (performance.now() - started > 180_000) throw new Error('server did not become healthy');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const halt = async (target: ChildProcess) => {
    if (target.exitCode !== null) return;
    const exited = new Promise((resolve) => target.once('exit', resolve));
    target.kill('SIGTERM');
    await exited;
  };

  const first = await launch();
  let child = first.child;
  return {
    base,
    get process() {
      return child;
    },
    freshStartMs: first.ms,
    async restart() {
      await halt(child);
      const again = await launch();
      child = again.child;
      return again.ms;
    },
    async logLineCount() {
      const text = await readFile(logFile, 'utf8');
      return text.split('\n').length - 1;
    },
    async stop() {
      await halt(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API like a browser: the session cookie and the CSRF token for writes. */
export async function signIn(
  base: string,
  credentials: { email: string; password: string },
): Promise<{ cookie: string; csrf: string }> {
  const session = await fetch(`${base}/api/v1/auth/session`);
  const csrfCookie = session.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const { csrfToken } = (await session.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/v1/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': csrfToken, cookie: csrfCookie },
    body: JSON.stringify(credentials),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  // Sign-in replaces the CSRF token (decision 47) and may replace cookies: the newest of each name wins.
  const jar = new Map<string, string>();
  for (const pair of [
    ...csrfCookie.split('; '),
    ...response.headers.getSetCookie().map((line) => line.split(';')[0]!),
  ]) {
    if (pair) jar.set(pair.split('=')[0]!, pair);
  }
  return { cookie: [...jar.values()].join('; '), csrf: response.headers.get('x-csrf-token') ?? csrfToken };
}

/** Turns the page cache on or off through the performance settings, as an admin would. */
export async function setPageCaching(
  base: string,
  session: { cookie: string; csrf: string },
  enable: boolean,
): Promise<void> {
  const current = (await (
    await fetch(`${base}/api/v1/settings/performance`, { headers: { cookie: session.cookie } })
  ).json()) as { settings: Record<string, unknown> & { version: number } };
  const response = await fetch(`${base}/api/v1/settings/performance`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie: session.cookie, 'x-csrf-token': session.csrf },
    body: JSON.stringify({ ...current.settings, enable_caching: enable }),
  });
  if (response.status !== 200) throw new Error(`could not set caching: ${response.status} ${await response.text()}`);
}
