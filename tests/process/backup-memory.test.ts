import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import { images } from '../../src/features/media/media.table';
import { openDatabase } from '../../src/platform/db/client.server';
import { loadConfig } from '../../src/platform/env.server';
import { productionEnvironment, productionNodeFlags } from '../../src/server/node-flags';
import { ApiClient } from '../helpers/auth';
import { uploadBackup } from '../helpers/backup-archive';
import { projectRoot } from '../helpers/build-app';
import {
  availablePort,
  runCliProcess,
  spawnServer,
  stopServers,
  waitForHealthy,
  type ServerProcess,
} from '../helpers/server-process';

/**
 * Backups must not cost the server its memory (decision 46): a spawned server with the production
 * memory flags restores a decompression bomb and exports ~200 MB of media while its resident
 * memory is sampled every 50 ms from /proc and /api/health is asked all along.
 */

const MB = 1024 * 1024;
const admin = { email: 'backup-admin@example.com', password: 'backup-admin-password' };
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** Samples a process's resident memory every 50 ms until stopped; reports the peak. */
function sampleRss(pid: number) {
  let peak = 0;
  let samples = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid));
      samples++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { peak, samples };
    },
  };
}

/** Asks /api/health every 100 ms until stopped; every answer must be a 200 within 2 s. */
function watchHealth(url: string) {
  const failures: string[] = [];
  let answers = 0;
  let slowest = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      try {
        const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.status !== 200) failures.push(`health answered ${response.status}`);
        else answers++;
      } catch (error) {
        failures.push(`health failed: ${(error as Error).message}`);
      }
      slowest = Math.max(slowest, Date.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return { failures, answers, slowest };
    },
  };
}

/** The resident memory of a server at rest: the median of 20 samples over a second. */
async function idleRss(pid: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 20; i++) {
    samples.push(await rssMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return samples.sort((a, b) => a - b)[10]!;
}

async function startServer(dataDir: string): Promise<{ server: ServerProcess; client: ApiClient }> {
  const env = { DATA_DIR: dataDir, SEED: 'false', LOG_LEVEL: 'warn' };
  const created = await runCliProcess(
    ['user', 'create', '--email', admin.email, '--password', admin.password, '--admin'],
    env,
  );
  expect(created.code, created.output).toBe(0);
  const port = await availablePort();
  const server = spawnServer(
    { ...env, PORT: port },
    { nodeFlags: productionNodeFlags, environment: productionEnvironment },
  );
  cleanups.push(() => stopServers([server]));
  await waitForHealthy(server, 90_000);
  const client = new ApiClient(server.url);
  const signIn = await client.signIn(admin.email, admin.password);
  expect(signIn.status).toBe(200);
  return { server, client };
}

/** A tar header block (512 bytes) for a file entry, as tar-stream writes it. */
async function tarBytes(entries: Array<{ name: string; data?: Buffer; size?: number }>): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const entry of entries) {
    if (entry.data) pack.entry({ name: entry.name, size: entry.data.length }, entry.data);
    else {
      // Only the header: the entry's bytes follow in the stream (the sink is never finished).
      pack.entry({ name: entry.name, size: entry.size ?? 0 });
      break;
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
  pack.destroy();
  await collected.catch(() => {});
  return Buffer.concat(chunks);
}

/**
 * About 1 MB of gzip that inflates to ~1 GB: a first member with `prefix`, then 1024 members of
 * 1 MB of zeros each (gzip readers, Node's included, read concatenated members as one stream).
 */
function bomb(prefix: Buffer): Buffer {
  const zeros = gzipSync(Buffer.alloc(MB), { level: 9 });
  return Buffer.concat([gzipSync(prefix), ...Array.from({ length: 1024 }, () => zeros)]);
}

describe('backup memory (production flags)', () => {
  it('refuses a 1 MB gzip that inflates to 1 GB with 400, memory within idle + 100 MB, health answering', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-backup-bomb-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const { server, client } = await startServer(dataDir);
    const pid = server.child.pid!;

    const manifest = Buffer.from(
      JSON.stringify({
        format: 'cenote-atlas-backup',
        version: 2,
        created_at: new Date().toISOString(),
        source: { site_title: 'Bomb', url: null },
        tables: {
          media_folders: 0,
          images: 0,
          pages: 1,
          content_blocks: 0,
          navigation_items: 0,
          seo_settings: 0,
          performance_settings: 0,
          seed_records: 0,
        },
      }),
    );
    // A valid manifest, then a pages table whose one "row" is a gigabyte of zeros.
    const tableBomb = bomb(
      await tarBytes([
        { name: 'manifest.json', data: manifest },
        { name: 'tables/pages.ndjson', size: 1024 * MB },
      ]),
    );
    // And plain zeros: not even a tar.
    const zeroBomb = bomb(Buffer.alloc(0));
    expect(tableBomb.length).toBeLessThan(1.2 * MB);
    expect(zeroBomb.length).toBeLessThan(1.2 * MB);

    const idle = await idleRss(pid);
    for (const [name, archive, message] of [
      ['table of zeros', tableBomb, /^tables\/pages\.ndjson line 1 is longer than 8 MB/],
      ['plain zeros', zeroBomb, /^The file is not a Cenote Atlas backup/],
    ] as const) {
      for (const dryRun of [true, false]) {
        const rss = sampleRss(pid);
        const health = watchHealth(server.url);
        const started = Date.now();
        const answer = await uploadBackup(client, archive, { dryRun });
        const elapsed = Date.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 500));
        const memory = await rss.stop();
        const checks = await health.stop();
        console.info(
          `bomb (${name}, ${dryRun ? 'dry run' : 'restore'}): ${answer.status} in ${elapsed} ms; idle ${idle.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB (+${(memory.peak - idle).toFixed(0)} MB, ${memory.samples} samples); health ${checks.answers}×200, slowest ${checks.slowest} ms`,
        );
        expect(answer.status).toBe(400);
        expect(answer.body.error?.message).toMatch(message);
        expect(memory.peak).toBeLessThanOrEqual(idle + 100);
        expect(checks.failures).toEqual([]);
        expect(checks.answers).toBeGreaterThan(0);
      }
    }
  }, 240_000);

  it('exports ~200 MB of media as a stream under 300 MB RSS, health answering, every file in the archive', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-backup-export-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

    // 100 images of 2 MB each, their rows and files put in place directly (faster than uploading).
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED: 'false' }, projectRoot);
    const handle = await openDatabase({ dataDir });
    const files = new Map<string, number>();
    try {
      await handle.migrate(config.migrationsDir);
      await mkdir(path.join(dataDir, 'media', 'u'), { recursive: true });
      for (let index = 0; index < 100; index++) {
        const id = randomUUID();
        const key = `u/${id}.jpg`;
        const data = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2 * MB - 4)]);
        await writeFile(path.join(dataDir, 'media', 'u', `${id}.jpg`), data);
        files.set(key, data.length);
        await handle.db.insert(images).values({
          id,
          filename: `cenote-${index}.jpg`,
          storage_key: key,
          original_url: `/media/${key}`,
          width: 1920,
          height: 1280,
          file_size: data.length,
        });
      }
    } finally {
      await handle.close();
    }

    const { server, client } = await startServer(dataDir);
    const pid = server.child.pid!;
    const idle = await idleRss(pid);
    const rss = sampleRss(pid);
    const health = watchHealth(server.url);
    const started = Date.now();
    const response = await fetch(`${server.url}/api/v1/backup`, { headers: { cookie: client.cookieHeader() } });
    expect(response.status).toBe(200);
    const extract = tar.extract();
    const seen = new Map<string, number>();
    let end: { files: number; file_bytes: number } | undefined;
    const listing = (async () => {
      for await (const entry of extract) {
        let size = 0;
        const chunks: Buffer[] = [];
        for await (const chunk of entry) {
          size += (chunk as Buffer).length;
          if (entry.header.name === 'end.json') chunks.push(chunk as Buffer);
        }
        seen.set(entry.header.name, size);
        if (entry.header.name === 'end.json') end = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      }
    })();
    await pipeline(Readable.fromWeb(response.body as never), createGunzip(), extract);
    await listing;
    const elapsed = Date.now() - started;
    const memory = await rss.stop();
    const checks = await health.stop();
    const total = [...files.values()].reduce((sum, size) => sum + size, 0);
    console.info(
      `export of ${(total / MB).toFixed(0)} MB of media: ${elapsed} ms; idle ${idle.toFixed(0)} MB, peak ${memory.peak.toFixed(0)} MB (${memory.samples} samples); health ${checks.answers}×200, slowest ${checks.slowest} ms`,
    );

    for (const [key, size] of files) expect(seen.get(`media/${key}`), key).toBe(size);
    expect([...seen.keys()].filter((name) => name.startsWith('media/'))).toHaveLength(files.size);
    expect(end).toEqual({ files: files.size, file_bytes: total });
    expect(memory.peak).toBeLessThan(300);
    expect(checks.failures).toEqual([]);
    expect(checks.answers).toBeGreaterThan(0);
  }, 300_000);
});
