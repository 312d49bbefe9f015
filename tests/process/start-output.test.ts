import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/auth';
import { projectRoot } from '../helpers/build-app';
import { availablePort, spawnServer, stopServers, waitForHealthy, type ServerProcess } from '../helpers/server-process';

const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

async function newDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cenote-output-'));
  dataDirs.push(dir);
  return dir;
}

/** Waits until the output matches (or the process ends, or time runs out). */
async function waitForOutput(read: () => string, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpExecArray> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = pattern.exec(read());
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${pattern} in the output after ${timeoutMs} ms:\n${read()}`);
}

describe('start-up output', () => {
  it('writes JSON lines only, and no banner, when stdout is not a terminal (even outside production)', async () => {
    const server = spawnServer({
      PORT: await availablePort(),
      DATA_DIR: await newDataDir(),
      NODE_ENV: 'development',
      // No sample content: this is about the output, and the seed is the slow part of a first start.
      SEED: 'false',
    });
    try {
      await waitForHealthy(server, 120_000);
      await fetch(`${server.url}/`);
      await waitForOutput(server.output, /"msg":"request completed"/);
    } finally {
      await stopServers([server]);
    }
    const lines = server.output().trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(4);
    for (const line of lines)
      expect(JSON.parse(line)).toMatchObject({ level: expect.any(Number), msg: expect.any(String) });
    expect(lines.some((line) => line.includes('/setup?token='))).toBe(true);
    expect(server.output()).not.toContain('Cenote Atlas is ready');
  }, 180_000);

  it('logs at most one JSON line per request in production; cache hits are summed up', async () => {
    const server = spawnServer({ PORT: await availablePort(), DATA_DIR: await newDataDir(), NODE_ENV: 'production' });
    const hits = ['/cenote-dos-ojos?from=1', '/cenote-dos-ojos?from=2'];
    const throughFastify = ['/cenote-dos-ojos', '/api/v1/pages/by-slug/home'];
    try {
      await waitForHealthy(server, 120_000);
      const states: Array<string | null> = [];
      for (const url of [throughFastify[0]!, ...hits, throughFastify[1]!]) {
        states.push((await fetch(`${server.url}${url}`)).headers.get('x-cache'));
      }
      // The first asks the pipeline (and fills the cache); the next two are answered from it.
      expect(states).toEqual(['MISS', 'HIT', 'HIT', null]);
      await waitForOutput(server.output, /"url":"\/api\/v1\/pages\/by-slug\/home"/);
    } finally {
      // The summary of the hits is written at the latest when the server stops.
      await stopServers([server]);
    }
    const lines = server
      .output()
      .trimEnd()
      .split('\n')
      .map(
        (line) =>
          JSON.parse(line) as {
            msg: string;
            req?: { url?: string };
            res?: { statusCode?: number };
            cacheHits?: number;
            paths?: unknown;
          },
      );
    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    for (const url of throughFastify) {
      const forUrl = lines.filter((line) => line.req?.url === url);
      expect(forUrl, url).toHaveLength(1);
      expect(forUrl[0], url).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
    }
    for (const url of hits) expect(lines.filter((line) => line.req?.url === url)).toEqual([]);
    const summaries = lines.filter((line) => line.msg === 'served cached pages');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({
      cacheHits: 2,
      notModified: 0,
      paths: [{ path: '/cenote-dos-ojos', hits: 2 }],
    });
  }, 180_000);

  it('shows a person at a terminal readable lines and a banner with a working setup link', async () => {
    const port = await availablePort();
    const tsx = path.join(projectRoot, 'node_modules', '.bin', 'tsx');
    // util-linux `script` runs the server on a pseudo-terminal, as a person's shell would.
    const child = spawn('script', ['-qfec', `${tsx} src/server/main.ts`, '/dev/null'], {
      cwd: projectRoot,
      env: {
        PATH: process.env['PATH'] ?? '',
        HOME: process.env['HOME'] ?? '/tmp',
        TERM: 'xterm-256color',
        PORT: port,
        DATA_DIR: await newDataDir(),
        SEED: 'false',
      },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let raw = '';
    child.stdout.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const output = () => stripVTControlCharacters(raw).replaceAll('\r', '');
    const server: ServerProcess = { child, url: `http://127.0.0.1:${port}`, output, exited };
    try {
      await waitForHealthy(server, 120_000);
      const [, setupUrl] = await waitForOutput(output, /\n {2}(http:\/\/localhost:\d+\/setup\?token=[0-9a-f]{64})\n/);
      const banner = output().slice(output().indexOf('Cenote Atlas is ready.'));
      expect(banner).toContain(`Site   http://localhost:${port}/\n`);
      expect(banner).toContain(`Admin  http://localhost:${port}/admin\n`);
      expect(banner).toContain('(embedded database)');

      await fetch(`${server.url}/api/v1/setup?from=test`);
      await waitForOutput(output, /INFO: GET \/api\/v1\/setup\?from=test 200 \d+ ms\n/);
      // Readable lines, not JSON objects.
      expect(output()).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Server listening at http:\/\/127\.0\.0\.1:\d+$/m);
      expect(output()).not.toMatch(/^\{"level"/m);

      // The link in the banner is the one the server accepts.
      const token = new URL(setupUrl!).searchParams.get('token');
      const created = await new ApiClient(server.url).post<{ user: { role: string } }>('/api/v1/setup', {
        token,
        email: 'first@example.org',
        password: 'first-admin-secret',
        fullName: 'First Admin',
      });
      expect(created.status).toBe(201);
      expect(created.body.user.role).toBe('admin');
    } finally {
      // Ctrl+C on the terminal: SIGINT to the server, which stops gracefully.
      child.stdin.write('\u0003');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    expect(output()).toMatch(/INFO: shutting down: finishing in-flight requests \{"signal":"SIGINT"\}/);
    expect(output()).toMatch(/INFO: stopped\n/);
  }, 180_000);
});
