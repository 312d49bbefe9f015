import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionEnvironment, productionNodeFlags } from '../../src/server/node-flags';
import { ApiClient } from '../helpers/auth';
import { availablePort, spawnServer, stopServers, waitForHealthy, type ServerProcess } from '../helpers/server-process';

/*
 * Issue #24 / decision 46: uploads are bounded in memory. A server started with the production
 * memory flags (package.json `start`) takes four parallel requests of 10 × 20 MB of junk each
 * without its resident memory growing by more than 128 MB (the 800 MB sent would have been
 * buffered whole before: +848 MB), answers each with a 4xx, keeps answering /api/health, and
 * still stores real (large-ish) images. Measured growth: 72–114 MB over nine runs on a loaded
 * two-core machine; most of it is V8 and the request machinery, not upload bytes.
 */

const admin = { email: 'memory-admin@example.com', password: 'memory-admin-password' };
const mb = 1024 * 1024;
const maxGrowthMb = 128;

let server: ServerProcess;
let dataDir: string;
let client: ApiClient;
let idleRssMb: number;

/** VmRSS (and VmHWM, the peak since the last reset) of a process, in MB, from /proc. */
async function memoryOf(pid: number): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** Resets VmHWM (Linux: writing 5 to clear_refs), so it reports the peak from now on. */
async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** Samples VmRSS every 50 ms until stopped; the peak is the larger of the samples and VmHWM (when resettable). */
function sampleRss(pid: number) {
  const samples: number[] = [];
  let running = true;
  const done = (async () => {
    const hwmReset = await resetPeak(pid);
    while (running) {
      samples.push((await memoryOf(pid)).rss);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const last = await memoryOf(pid);
    samples.push(last.rss);
    return { samples, peak: Math.max(...samples, hwmReset ? last.hwm : 0), hwm: hwmReset ? last.hwm : undefined };
  })();
  return {
    async stop() {
      running = false;
      return done;
    },
  };
}

/** Polls /api/health until stopped; every answer's status (0 for a failed or timed-out request). */
function pollHealth(url: string) {
  const statuses: number[] = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const status = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status;
        },
        () => 0,
      );
      statuses.push(status);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return statuses;
  })();
  return {
    async stop() {
      running = false;
      return done;
    },
  };
}

interface Part {
  filename: string;
  type: string;
  size: number;
  /** Yields exactly `size` bytes. */
  bytes: () => Iterable<Buffer>;
}

/**
 * A multipart upload streamed from a generator with an exact Content-Length (as a browser sends
 * it), so the test process never holds the body in memory.
 */
async function streamUpload(parts: Part[]): Promise<{ status: number; body: string }> {
  const boundary = `----cenote-memory-${randomBytes(8).toString('hex')}`;
  const head = (part: Part) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.filename}"\r\n` +
        `Content-Type: ${part.type}\r\n\r\n`,
    );
  const tail = Buffer.from(`--${boundary}--\r\n`);
  const length = parts.reduce((total, part) => total + head(part).length + part.size + 2, tail.length);
  function* body() {
    for (const part of parts) {
      yield head(part);
      yield* part.bytes();
      yield Buffer.from('\r\n');
    }
    yield tail;
  }
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${server.url}/api/v1/media`, {
      method: 'POST',
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(length),
        cookie: client.cookieHeader(),
        'x-csrf-token': client.csrfToken ?? '',
        accept: 'application/json',
      },
    });
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    request.on('error', reject);
    Readable.from(body(), { objectMode: false }).pipe(request);
  });
}

/** `size` bytes of noise, served as 64 KB views into one random megabyte (no copy per chunk). */
function junk(size: number): () => Iterable<Buffer> {
  return function* () {
    const pool = randomBytes(mb);
    const chunk = 64 * 1024;
    for (let sent = 0; sent < size; sent += chunk) {
      const length = Math.min(chunk, size - sent);
      const offset = Math.floor(Math.random() * (pool.length - length));
      yield pool.subarray(offset, offset + length);
    }
  };
}

/** Files (not folders) anywhere under the server's DATA_DIR/tmp. */
async function spooledFiles(): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, 'tmp'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-upload-memory-'));
  server = spawnServer(
    {
      PORT: await availablePort(),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      LOG_LEVEL: 'warn',
    },
    { nodeFlags: productionNodeFlags, environment: productionEnvironment },
  );
  await waitForHealthy(server, 120_000);
  client = new ApiClient(server.url);
  expect((await client.signIn(admin.email, admin.password)).status).toBe(200);
  await client.session();
  // Idle: the median of two seconds of samples once the server is up and signed in.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle: number[] = [];
  for (let sample = 0; sample < 40; sample++) {
    idle.push((await memoryOf(server.child.pid!)).rss);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  idle.sort((a, b) => a - b);
  idleRssMb = idle[Math.floor(idle.length / 2)]!;
}, 180_000);

afterAll(async () => {
  if (server) await stopServers([server]);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('upload memory with the production flags', () => {
  it(
    'four parallel requests of 10 × 20 MB junk each: RSS stays within idle + 128 MB, every one gets a 4xx, health answers',
    { timeout: 300_000 },
    async () => {
      const pid = server.child.pid!;
      const rss = sampleRss(pid);
      const health = pollHealth(server.url);
      const started = performance.now();
      const answers = await Promise.all(
        [1, 2, 3, 4].map((request) =>
          streamUpload(
            Array.from({ length: 10 }, (_, index) => ({
              filename: `junk-${request}-${index}.jpg`,
              type: 'image/jpeg',
              size: 20 * mb,
              bytes: junk(20 * mb),
            })),
          ),
        ),
      );
      const seconds = (performance.now() - started) / 1000;
      const healthStatuses = await health.stop();
      const memory = await rss.stop();
      console.info(
        `junk uploads: idle ${idleRssMb.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB ` +
          `(sampled ${Math.max(...memory.samples).toFixed(0)} MB, VmHWM ${memory.hwm?.toFixed(0) ?? 'n/a'} MB), ` +
          `growth ${(memory.peak - idleRssMb).toFixed(0)} MB, ${seconds.toFixed(1)} s, ` +
          `statuses ${answers.map((answer) => answer.status).join(',')}, ${healthStatuses.length} health checks`,
      );

      for (const answer of answers) {
        expect(answer.status, answer.body).toBe(400);
        expect(JSON.parse(answer.body)).toEqual({
          error: { code: 'invalid_file', message: 'Please select an image file.', field: 'file' },
        });
      }
      expect(healthStatuses.length).toBeGreaterThan(3);
      expect(
        healthStatuses.every((status) => status === 200),
        healthStatuses.join(','),
      ).toBe(true);
      expect(memory.peak - idleRssMb).toBeLessThanOrEqual(maxGrowthMb);
      // Nothing is left behind in the server's temporary folder.
      const leftovers = await spooledFiles();
      expect(leftovers).toEqual([]);
    },
  );

  it('large real images are still stored, with health answering throughout', { timeout: 300_000 }, async () => {
    const pictures = await Promise.all(
      [0, 1, 2].map((n) =>
        sharp({
          create: {
            width: 4000,
            height: 3000,
            channels: 3,
            background: { r: 20 + n * 60, g: 90, b: 140 },
            noise: { type: 'gaussian', mean: 110 + n * 10, sigma: 12 },
          },
        })
          .jpeg({ quality: 85 })
          .toBuffer(),
      ),
    );
    for (const picture of pictures) expect(picture.length).toBeLessThan(20 * mb);
    const pid = server.child.pid!;
    const rss = sampleRss(pid);
    const health = pollHealth(server.url);
    const answers = await Promise.all(
      [1, 2].map((request) =>
        streamUpload(
          pictures.map((picture, index) => ({
            filename: `large-${request}-${index}.jpg`,
            type: 'image/jpeg',
            size: picture.length,
            bytes: () => [picture],
          })),
        ),
      ),
    );
    const healthStatuses = await health.stop();
    const memory = await rss.stop();
    console.info(
      `large images (${pictures.map((picture) => (picture.length / mb).toFixed(1)).join(', ')} MB, 4000×3000): ` +
        `idle ${idleRssMb.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB, growth ${(memory.peak - idleRssMb).toFixed(0)} MB`,
    );
    for (const answer of answers) {
      expect(answer.status, answer.body).toBe(201);
      const body = JSON.parse(answer.body) as { images: Array<{ width: number; height: number }>; errors?: unknown };
      expect(body.errors).toBeUndefined();
      expect(body.images.map((image) => [image.width, image.height])).toEqual([
        [1920, 1440],
        [1920, 1440],
        [1920, 1440],
      ]);
    }
    expect(
      healthStatuses.every((status) => status === 200),
      healthStatuses.join(','),
    ).toBe(true);
    const leftovers = await spooledFiles();
    expect(leftovers).toEqual([]);
  });
});
