import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { projectRoot } from './build-app';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

const tsxBin = path.join(projectRoot, 'node_modules', '.bin', 'tsx');

export interface SpawnOptions {
  /**
   * Node.js flags (e.g. productionNodeFlags). With flags the server runs as `node <flags> --import tsx`,
   * one process whose pid is the server's own (measurable in /proc), instead of under tsx's wrapper.
   */
  nodeFlags?: readonly string[];
  /** Variables the production start adds (productionEnvironment: MALLOC_ARENA_MAX). */
  environment?: Readonly<Record<string, string>>;
}

/** Runs the real entry point (src/server/main.ts) as its own process. */
export function spawnServer(env: Record<string, string>, options: SpawnOptions = {}): ServerProcess {
  const entry = path.join(projectRoot, 'src', 'server', 'main.ts');
  const [command, args] = options.nodeFlags
    ? [process.execPath, [...options.nodeFlags, '--import', 'tsx', entry]]
    : [tsxBin, [entry]];
  const child = spawn(command, args, {
    cwd: projectRoot,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '/tmp',
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ...options.environment,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${env['PORT'] ?? '3000'}`, output: () => output, exited };
}

/** Polls /api/health until it answers 200 (or the process dies or time runs out). */
export async function waitForHealthy(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void server.exited.then(() => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server exited before becoming healthy:\n${server.output()}`);
    try {
      const response = await fetch(`${server.url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server not healthy after ${timeoutMs} ms:\n${server.output()}`);
}

let nextPort = 41_000 + Math.floor(Math.random() * 4000);
export function freePort(): string {
  nextPort += 1;
  return String(nextPort);
}

/**
 * A port the OS just handed out on 127.0.0.1 (bound to port 0, then released), so several
 * spawned servers and other test runs on the machine do not collide the way guessed ports can.
 */
export async function availablePort(): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(String(port)));
    });
  });
}

/** Stops spawned servers (SIGTERM, then SIGKILL if one has not exited within graceMs). */
export async function stopServers(servers: ServerProcess[], graceMs = 15_000): Promise<void> {
  await Promise.all(
    servers.map(async (server) => {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      server.child.kill('SIGTERM');
      const timer = setTimeout(() => server.child.kill('SIGKILL'), graceMs);
      await server.exited;
      clearTimeout(timer);
    }),
  );
}

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** The project's S3 variables (src/platform/env.server.ts) pointing a server at this bucket. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/**
 * An S3-compatible server (s3rver, from npm) on a free port with one empty bucket, storing its
 * objects in a temporary folder that close() removes.
 */
export async function startFakeS3(bucket = 'cenote-media'): Promise<FakeS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'cenote-s3-'));
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver accepts any key pair whose signatures match; these are its documented defaults.
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    endpoint,
    bucket,
    credentials,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
    async close() {
      await s3.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** Runs the project's CLI (src/cli/cli.ts) as its own process and resolves with its exit code and output. */
export async function runCliProcess(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(tsxBin, [path.join(projectRoot, 'src', 'cli', 'cli.ts'), ...args], {
    cwd: projectRoot,
    env: { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '/tmp', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    // 'close', not 'exit': it comes after the output streams are drained.
    child.on('close', (exitCode) => resolve(exitCode));
  });
  return { code, output };
}
