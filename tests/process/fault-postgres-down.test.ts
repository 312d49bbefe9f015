import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentChangedChannel } from '../../src/features/page-cache/page-cache.plugin.server';
import { ApiClient, type ErrorBody } from '../helpers/auth';
import { postgresAdminUrl } from '../helpers/test-database';
import { availablePort, spawnServer, stopServers, waitForHealthy, type ServerProcess } from '../helpers/server-process';

/**
 * PostgreSQL goes away under a running server and comes back. The test runs its own, private
 * PostgreSQL cluster (initdb + pg_ctl from Debian's packages) so it can stop it without touching
 * the machine's shared server that other tests use.
 */

const admin = { email: 'fault-admin@example.com', password: 'fault-admin-password' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The newest installed PostgreSQL with initdb and pg_ctl (Debian: /usr/lib/postgresql/<major>/bin). */
function findPostgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = path.join(root, major, 'bin');
    if (existsSync(path.join(bin, 'initdb')) && existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

const postgresBin = findPostgresBin();
/** PostgreSQL refuses to run as root; tests on CI run as root, a developer usually does not. */
const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool (as the postgres user when we are root); rejects with its output on failure. */
function runPostgresTool(tool: string, args: string[]): Promise<void> {
  const command = path.join(postgresBin ?? '', tool);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return new Promise((resolve, reject) => {
    // Resolve on 'exit', not 'close': the postmaster pg_ctl starts may hold inherited pipes open.
    const child = spawn(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${tool} ${args.join(' ')} failed (${code}):\n${output}`)),
    );
  });
}

interface PrivateCluster {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

async function createPrivateCluster(): Promise<PrivateCluster> {
  const directory = await mkdtemp(path.join(tmpdir(), 'cenote-pg-'));
  if (asRoot) {
    const [uid, gid] = await postgresIds();
    await chown(directory, uid, gid);
  }
  const dataDir = path.join(directory, 'data');
  const port = await availablePort();
  await runPostgresTool('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  let running = false;
  const cluster: PrivateCluster = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      // fsync off: this cluster is thrown away, and only clean (fast) shutdowns happen to it.
      const options = `-p ${port} -k ${directory} -c listen_addresses=127.0.0.1 -c fsync=off`;
      await runPostgresTool('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(directory, 'log'), '-w', 'start']);
      running = true;
    },
    async stop() {
      // -m fast: what a systemd stop or a failover does; open sessions are cut off (57P01).
      await runPostgresTool('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
      running = false;
    },
    async destroy() {
      if (running) await runPostgresTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(directory, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

async function postgresIds(): Promise<[number, number]> {
  const ids = await Promise.all(
    ['-u', '-g'].map(
      (flag) =>
        new Promise<number>((resolve, reject) => {
          const child = spawn('id', [flag, 'postgres'], { stdio: ['ignore', 'pipe', 'ignore'] });
          let output = '';
          child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
          child.on('error', reject);
          child.on('close', (code) =>
            code === 0 ? resolve(Number(output.trim())) : reject(new Error('there is no postgres user')),
          );
        }),
    ),
  );
  return [ids[0]!, ids[1]!];
}

interface PageSummary {
  id: string;
  slug: string;
  path: string;
}
interface BlockSummary {
  id: string;
  version: number;
  block_type: string;
  block_data: Record<string, unknown>;
}

async function getPage(server: ServerProcess, route: string) {
  const response = await fetch(`${server.url}${route}`);
  return {
    status: response.status,
    cache: response.headers.get('x-cache'),
    contentType: response.headers.get('content-type') ?? '',
    retryAfter: response.headers.get('retry-after'),
    html: await response.text(),
  };
}

/** A public page fetched until the page cache holds it (the second fetch of a page is a HIT). */
async function warm(server: ServerProcess, route: string): Promise<string> {
  for (let attempt = 0; attempt < 10; attempt++) {
    const page = await getPage(server, route);
    expect(page.status, `${route} while warming the cache`).toBe(200);
    if (page.cache === 'HIT') return page.html;
  }
  throw new Error(`${route} never came from the page cache`);
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(200);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

/** The live process is the one we started: no restart happened in between. */
function expectStillRunning(server: ServerProcess) {
  expect(server.child.exitCode, server.output().slice(-4000)).toBeNull();
  expect(server.child.signalCode).toBeNull();
}

const heroTitle = (blocks: BlockSummary[]) => blocks.find((block) => block.block_type === 'hero');

describe.runIf(postgresBin && postgresAdminUrl())('PostgreSQL stopped while serving, then started again', () => {
  const cleanups: Array<() => Promise<void>> = [];
  let cluster: PrivateCluster;
  let server: ServerProcess;
  let adminClient: ApiClient;
  /** Public pages read into the page cache before the database stops, with what they showed. */
  const warmed = new Map<string, string>();
  let uncachedRoute = '';
  let editablePage: PageSummary;
  /** A page outside the warmed set for the writes around the stop (a save drops a page from the cache). */
  let busyPage: PageSummary;

  beforeAll(async () => {
    cluster = await createPrivateCluster();
    cleanups.push(() => cluster.destroy());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-fault-pg-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    server = spawnServer({
      PORT: await availablePort(),
      DATA_DIR: dataDir,
      DATABASE_URL: cluster.url,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
    });
    cleanups.push(() => stopServers([server]));
    await waitForHealthy(server, 120_000);

    adminClient = new ApiClient(server.url);
    expect((await adminClient.signIn(admin.email, admin.password)).status).toBe(200);
    // Published pages only (what a visitor sees), in the site's order.
    const listed = await new ApiClient(server.url).get<{ pages: PageSummary[] }>('/api/v1/pages');
    expect(listed.status).toBe(200);
    const pages = listed.body.pages;
    expect(pages.length).toBeGreaterThan(7);
    for (const page of pages.slice(0, 4)) warmed.set(page.path, await warm(server, page.path));
    uncachedRoute = pages[5]!.path;
    // A cached page other than home (home is '/', its slug 'home').
    editablePage = pages[1]!;
    busyPage = pages[6]!;
  }, 180_000);

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('writes and reads in flight when the database stops fail with 503, never crash the process', async () => {
    const blocks = await adminClient.get<{ blocks: BlockSummary[] }>(`/api/v1/pages/${busyPage.id}/blocks`);
    expect(blocks.status).toBe(200);
    expect(blocks.body.blocks.length).toBeGreaterThan(0);
    const statuses: number[] = [];
    const networkErrors: string[] = [];
    let stopped = false;
    let requestsAfterStop = 0;

    // Each worker saves its own block again and again (a transaction of several statements), so
    // some transactions are open on pooled connections at the moment PostgreSQL cuts them off.
    const workers = blocks.body.blocks.slice(0, 3).map(async (block) => {
      let version = block.version;
      while (!stopped || requestsAfterStop < 12) {
        const wasStopped = stopped;
        try {
          // Re-saving the active flag is a full save: new version, page touched, search row rebuilt.
          const saved = await adminClient.request<{ block: BlockSummary }>('PATCH', `/api/v1/blocks/${block.id}`, {
            body: { version, is_active: true },
          });
          statuses.push(saved.status);
          if (saved.status === 200) version = saved.body.block.version;
          const read = await fetch(`${server.url}/api/v1/pages/${busyPage.id}/blocks`, {
            headers: { cookie: adminClient.cookieHeader() },
          });
          await read.text();
          statuses.push(read.status);
        } catch (error) {
          networkErrors.push(String(error));
        }
        if (wasStopped) requestsAfterStop += 1;
      }
    });
    await sleep(300);
    await cluster.stop();
    stopped = true;
    await Promise.all(workers);

    expect(networkErrors).toEqual([]);
    const unexpected = statuses.filter((status) => status !== 200 && status !== 503);
    expect(unexpected, `statuses seen: ${statuses.join(',')}`).toEqual([]);
    expect(statuses).toContain(200);
    expect(statuses).toContain(503);
    expectStillRunning(server);
  });

  it('serves every cached public page, unchanged, while the database is down', async () => {
    for (const [route, html] of warmed) {
      const page = await getPage(server, route);
      expect(page.status, route).toBe(200);
      expect(page.cache, route).toBe('HIT');
      expect(page.html, route).toBe(html);
    }
  });

  it('answers a page it has not cached with a 503 error page that says what is wrong', async () => {
    const page = await getPage(server, uncachedRoute);
    expect(page.status).toBe(503);
    expect(page.contentType).toMatch(/^text\/html/);
    expect(Number(page.retryAfter)).toBeGreaterThan(0);
    expect(page.html).toContain('<title>Temporarily unavailable | Cenote Atlas</title>');
    expect(page.html).toContain("the site's database is not reachable");
    // Never a stack trace or SQL text.
    expect(page.html).not.toMatch(/ECONNREFUSED|select |Failed query|at [\w.]+ \(/);
  });

  it('answers API calls with 503 database_unavailable and a clear message, and health with 503', async () => {
    const anonymous = new ApiClient(server.url);
    const calls = [
      await anonymous.get<ErrorBody>('/api/v1/pages'),
      await anonymous.get<ErrorBody>('/api/v1/search?q=dos'),
      await anonymous.signIn(admin.email, admin.password),
      await adminClient.get<ErrorBody>(`/api/v1/pages/${editablePage.id}/blocks`),
    ];
    for (const call of calls) {
      expect(call.status).toBe(503);
      expect(Number(call.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(call.body.error).toEqual({
        code: 'database_unavailable',
        message: 'The database is not reachable right now. Please try again shortly.',
      });
    }

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'unavailable', db: 'postgres' });
    expectStillRunning(server);
  });

  it('recovers by itself when PostgreSQL is back: API, sign-in, edits and cross-instance invalidation', async () => {
    await cluster.start();
    await waitFor('health to report ready again', async () => {
      const response = await fetch(`${server.url}/api/health`);
      return response.status === 200 ? true : undefined;
    });
    expectStillRunning(server);

    expect((await new ApiClient(server.url).get('/api/v1/pages')).status).toBe(200);
    const signedIn = new ApiClient(server.url);
    expect((await signedIn.signIn(admin.email, admin.password)).status).toBe(200);

    // An edit through this server, seen on its public page.
    const blocks = await signedIn.get<{ blocks: BlockSummary[] }>(`/api/v1/pages/${editablePage.id}/blocks`);
    expect(blocks.status).toBe(200);
    const hero = heroTitle(blocks.body.blocks);
    if (!hero) throw new Error(`${editablePage.path} has no hero block to edit`);
    const saved = await signedIn.request('PATCH', `/api/v1/blocks/${hero.id}`, {
      body: { version: hero.version, block_data: { ...hero.block_data, title: 'Back after the outage' } },
    });
    expect(saved.status).toBe(200);
    const draft = await signedIn.get<{ page: { version: number } }>(`/api/v1/pages/${editablePage.id}`);
    const published = await signedIn.request('POST', `/api/v1/pages/${editablePage.id}/publish`, {
      body: { version: draft.body.page.version },
    });
    expect(published.status).toBe(200);
    expect((await getPage(server, editablePage.path)).html).toContain('Back after the outage');

    // The LISTEN connection comes back on its own; it says so in the log once it has.
    await waitFor('the server to listen for content changes again', async () =>
      server.output().includes('listening for content changes again') ? true : undefined,
    );

    // Another instance's edit: a change committed straight into the database, then its NOTIFY.
    await warm(server, editablePage.path);
    const direct = new pg.Client({ connectionString: cluster.url });
    await direct.connect();
    try {
      // What a publish on another instance writes: the live copy of the page (published_pages).
      await direct.query(
        `update published_pages set blocks = (
           select jsonb_agg(case when block->>'id' = $2
             then jsonb_set(block, '{block_data,title}', to_jsonb($1::text)) else block end order by ordinality)
           from jsonb_array_elements(blocks) with ordinality as item(block, ordinality))
         where page_id = $3`,
        ['Edited by another instance', hero.id, editablePage.id],
      );
      const stale = await getPage(server, editablePage.path);
      expect(stale.cache, 'without a signal the cached page stays').toBe('HIT');
      expect(stale.html).toContain('Back after the outage');

      await direct.query('select pg_notify($1, $2)', [
        contentChangedChannel,
        JSON.stringify({ origin: 'another-instance', change: { pageId: editablePage.id, paths: [editablePage.path] } }),
      ]);
      const fresh = await waitFor('the signal to drop the cached page', async () => {
        const page = await getPage(server, editablePage.path);
        return page.html.includes('Edited by another instance') ? page : undefined;
      });
      expect(fresh.status).toBe(200);
    } finally {
      await direct.end();
    }
    expectStillRunning(server);
  }, 120_000);

  it('reports the database gone on the very next health check, though its completeness answer is kept in memory', async () => {
    const healthStatus = async () => (await fetch(`${server.url}/api/health`)).status;
    expect(await healthStatus()).toBe(200);
    expect(await healthStatus()).toBe(200);
    await cluster.stop();
    try {
      expect(await healthStatus()).toBe(503);
    } finally {
      await cluster.start();
    }
    await waitFor('health to report ready again', async () => ((await healthStatus()) === 200 ? true : undefined));
  });
});
