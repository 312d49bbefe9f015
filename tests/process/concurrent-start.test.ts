import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/auth';
import { projectRoot } from '../helpers/build-app';
import { createPostgresDatabase, postgresAdminUrl } from '../helpers/test-database';
import {
  availablePort,
  runCliProcess,
  spawnServer,
  stopServers,
  waitForHealthy,
  type ServerProcess,
} from '../helpers/server-process';

/**
 * Instances started at the same moment on one empty PostgreSQL database, with the seed on and
 * ADMIN_EMAIL/ADMIN_PASSWORD set: migrations, the seed and the first-admin path all race. The
 * start-up lock (src/platform/db/client.server.ts, used by src/server/startup.server.ts) and the
 * seed's own lock (src/features/seed) must make each happen exactly once. What "once" means is
 * read from content/ and the migration journal, never hard-coded.
 */
const admin = { email: 'first-admin@example.com', password: 'first-admin-password' };
const contentDir = path.join(projectRoot, 'content');

interface NavigationEntry {
  title: string;
  link_url: string;
  children?: NavigationEntry[];
}

/** One line per navigation item: menu, parent title, position, title and link. */
function flattenNavigation(menu: string, items: NavigationEntry[], parent: string | null): string[] {
  return items.flatMap((item, index) => [
    `${menu} | ${parent ?? '-'} | ${index + 1} | ${item.title} | ${item.link_url}`,
    ...flattenNavigation(menu, item.children ?? [], item.title),
  ]);
}

async function readJson<T>(...parts: string[]): Promise<T> {
  return JSON.parse(await readFile(path.join(contentDir, ...parts), 'utf8')) as T;
}

async function pageFiles(): Promise<string[]> {
  return (await readdir(path.join(contentDir, 'pages'))).filter((name) => name.endsWith('.json')).sort();
}

const slugOf = (file: string) => file.replace(/\.json$/, '');

async function seedImageNames(): Promise<string[]> {
  return (await readJson<Array<{ name: string }>>('images', 'manifest.json')).map((image) => image.name);
}

/** The Spanish translations (content/es/pages, named by the English slug) with their Spanish slugs. */
async function spanishPages(): Promise<Array<{ source: string; slug: string; blocks: unknown[] }>> {
  const files = (await readdir(path.join(contentDir, 'es', 'pages'))).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    files.map(async (file) => ({
      source: slugOf(file),
      ...(await readJson<{ slug: string; blocks: unknown[] }>('es', 'pages', file)),
    })),
  );
}

/** Every key the seed records: one per page and image in each language, plus settings and the menus. */
async function expectedSeedKeys(): Promise<string[]> {
  const spanishImages = await readJson<Array<{ name: string }>>('es', 'images.json');
  return [
    'settings',
    'navigation',
    'navigation:es',
    ...(await pageFiles()).map((file) => `page:${slugOf(file)}`),
    ...(await spanishPages()).map((page) => `page:es:${page.source}`),
    ...(await seedImageNames()).map((name) => `image:${name}`),
    ...spanishImages.map((image) => `image:es:${image.name}`),
  ].sort();
}

/** How many pages the seed makes: the English ones and their Spanish translations. */
async function seededPageCount(): Promise<number> {
  return (await pageFiles()).length + (await spanishPages()).length;
}

async function countRows(db: pg.Client, query: string, values: unknown[] = []): Promise<number> {
  return Number((await db.query<{ n: string }>(query, values)).rows[0]?.n);
}

async function expectMigrationsRanOnce(db: pg.Client): Promise<void> {
  const journal = (await import('../../db/migrations/meta/_journal.json', { with: { type: 'json' } })).default as {
    entries: unknown[];
  };
  expect(await countRows(db, 'select count(*) as n from drizzle.__drizzle_migrations')).toBe(journal.entries.length);
  expect(await countRows(db, 'select count(distinct hash) as n from drizzle.__drizzle_migrations')).toBe(
    journal.entries.length,
  );
}

async function expectPagesSeededOnce(db: pg.Client): Promise<void> {
  const files = await pageFiles();
  const spanish = await spanishPages();
  const rows = await db.query<{ locale: string; slug: string }>('select locale, slug from pages');
  const seeded = (locale: string) =>
    rows.rows
      .filter((row) => row.locale === locale)
      .map((row) => row.slug)
      .sort();
  expect(seeded('en')).toEqual(files.map(slugOf).sort());
  expect(seeded('es')).toEqual(spanish.map((page) => page.slug).sort());
  expect(rows.rows).toHaveLength(files.length + spanish.length);
  expect(
    await countRows(db, "select count(*) as n from pages where locale = 'es' and translation_of is not null"),
  ).toBe(spanish.length);
  let blockTotal = 0;
  for (const file of files) blockTotal += (await readJson<{ blocks: unknown[] }>('pages', file)).blocks.length;
  for (const page of spanish) blockTotal += page.blocks.length;
  expect(await countRows(db, 'select count(*) as n from content_blocks')).toBe(blockTotal);
  expect(await countRows(db, 'select count(*) as n from page_search')).toBe(files.length + spanish.length);
}

async function expectSeedRecordsOnce(db: pg.Client): Promise<void> {
  const rows = await db.query<{ key: string }>('select key from seed_records order by key');
  expect(rows.rows.map((row) => row.key)).toEqual(await expectedSeedKeys());
}

async function expectNavigationOnce(db: pg.Client): Promise<void> {
  type Menus = { header: NavigationEntry[]; footer: NavigationEntry[] };
  const english = await readJson<Menus>('navigation.json');
  const spanish = await readJson<Menus>('es', 'navigation.json');
  const expected = [
    ...flattenNavigation('en header', english.header, null),
    ...flattenNavigation('en footer', english.footer, null),
    ...flattenNavigation('es header', spanish.header, null),
    ...flattenNavigation('es footer', spanish.footer, null),
  ].sort();
  const rows = await db.query<{ line: string }>(
    `select item.locale || ' ' || item.menu_type || ' | ' || coalesce(parent.title, '-') || ' | '
            || item.display_order || ' | ' || item.title || ' | ' || item.link_url as line
       from navigation_items item left join navigation_items parent on parent.id = item.parent_id`,
  );
  expect(rows.rows.map((row) => row.line).sort()).toEqual(expected);
}

async function expectImagesOnce(db: pg.Client): Promise<void> {
  const rows = await db.query<{ storage_key: string }>('select storage_key from images order by storage_key');
  expect(rows.rows.map((row) => row.storage_key)).toEqual(
    (await seedImageNames()).map((name) => `seed/${name}.jpg`).sort(),
  );
  expect(await countRows(db, 'select count(*) as n from seo_settings')).toBe(1);
  expect(await countRows(db, 'select count(*) as n from performance_settings')).toBe(1);
}

async function expectOneAdmin(db: pg.Client): Promise<void> {
  const admins = await db.query<{ email: string; verified: boolean }>(
    "select email, email_verified_at is not null as verified from users where role = 'admin'",
  );
  expect(admins.rows).toEqual([{ email: admin.email, verified: true }]);
  expect(await countRows(db, 'select count(*) as n from users where lower(email) = $1', [admin.email])).toBe(1);
  expect(await countRows(db, 'select count(*) as n from setup_tokens')).toBe(0);
}

/** Items the server reported creating in its "seeded sample content" log line (0 when it found all done). */
function createdByServer(server: ServerProcess): number {
  const line = server
    .output()
    .split('\n')
    .find((candidate) => candidate.includes('seeded sample content'));
  return line ? Number(/"created":(\d+)/.exec(line)?.[1]) : 0;
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function emptyDatabase(): Promise<string> {
  const database = await createPostgresDatabase();
  cleanups.push(database.drop);
  return database.url;
}

async function dataDir(): Promise<string> {
  const directory = await mkdtemp(path.join(tmpdir(), 'cenote-concurrent-'));
  cleanups.push(() => rm(directory, { recursive: true, force: true }));
  return directory;
}

async function connect(databaseUrl: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

describe.runIf(postgresAdminUrl())('three instances started at once on one empty PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  let db: pg.Client;

  beforeAll(async () => {
    const databaseUrl = await emptyDatabase();
    const dirs = await Promise.all([dataDir(), dataDir(), dataDir()]);
    // Cleanups run in reverse: the servers stop before their folders and database go.
    cleanups.push(() => stopServers(servers));
    const ports = await Promise.all(dirs.map(() => availablePort()));
    // Spawned back to back, before any is waited for: they reach the database together.
    for (const [index, directory] of dirs.entries()) {
      servers.push(
        spawnServer({
          PORT: ports[index]!,
          DATA_DIR: directory,
          DATABASE_URL: databaseUrl,
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
        }),
      );
    }
    await Promise.all(servers.map((server) => waitForHealthy(server, 180_000)));
    db = await connect(databaseUrl);
  }, 240_000);

  it('all three become healthy and report the complete seeded site', async () => {
    const pageCount = await seededPageCount();
    for (const server of servers) {
      const response = await fetch(`${server.url}/api/health`);
      expect(response.status, server.url).toBe(200);
      expect(await response.json(), server.url).toMatchObject({
        status: 'ok',
        db: 'postgres',
        pages: pageCount,
        pagesWithoutBlocks: [],
        complete: true,
      });
    }
  });

  it('the migrations ran once: one row per journal entry', async () => {
    await expectMigrationsRanOnce(db);
  });

  it('the pages, their blocks and search rows were seeded once', async () => {
    await expectPagesSeededOnce(db);
  });

  it('seed_records has one row per seeded item', async () => {
    await expectSeedRecordsOnce(db);
  });

  it('the navigation from content/navigation.json exists once, with no duplicate items', async () => {
    await expectNavigationOnce(db);
  });

  it('the seed images and settings were recorded once each', async () => {
    await expectImagesOnce(db);
  });

  it('exactly one admin exists, the one from ADMIN_EMAIL, and it signs in on every instance', async () => {
    await expectOneAdmin(db);
    for (const server of servers) {
      const signedIn = await new ApiClient(server.url).signIn(admin.email, admin.password);
      expect(signedIn.status, server.url).toBe(200);
      expect(signedIn.body.user.role, server.url).toBe('admin');
    }
  });

  it('exactly one instance did the seeding and created the admin; the others found it done', async () => {
    const seeding = servers.filter((server) => server.output().includes('seeded sample content'));
    expect(seeding).toHaveLength(1);
    expect(createdByServer(seeding[0]!)).toBe((await expectedSeedKeys()).length);
    const creatingAdmin = servers.filter((server) =>
      server.output().includes('created the first admin account from ADMIN_EMAIL'),
    );
    expect(creatingAdmin).toHaveLength(1);
  });
});

describe.runIf(postgresAdminUrl())('`cli seed` run twice while an instance starts on an empty database', () => {
  it('every run succeeds and each item is created once, by exactly one of them', async () => {
    const databaseUrl = await emptyDatabase();
    const env = { DATABASE_URL: databaseUrl, ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password };
    const [serverDir, firstCliDir, secondCliDir] = await Promise.all([dataDir(), dataDir(), dataDir()]);
    const port = await availablePort();
    const server = spawnServer({ ...env, PORT: port, DATA_DIR: serverDir });
    cleanups.push(() => stopServers([server]));
    // `cli seed` migrates under the start-up lock but seeds after releasing it, so these seeds
    // overlap with each other and possibly with the server's.
    const cliRuns = await Promise.all([
      runCliProcess(['seed'], { ...env, DATA_DIR: firstCliDir }),
      runCliProcess(['seed'], { ...env, DATA_DIR: secondCliDir }),
    ]);
    await waitForHealthy(server, 180_000);

    const created: number[] = [createdByServer(server)];
    for (const run of cliRuns) {
      expect(run.code, run.output).toBe(0);
      const report = /Seed: (\d+) created, (\d+) already seeded\./.exec(run.output);
      expect(report, run.output).not.toBeNull();
      created.push(Number(report![1]));
    }
    const keys = await expectedSeedKeys();
    // Each item counted as created by one runner only: nobody wrote what another had written.
    expect(created.reduce((sum, count) => sum + count, 0)).toBe(keys.length);

    const db = await connect(databaseUrl);
    await expectMigrationsRanOnce(db);
    await expectPagesSeededOnce(db);
    await expectSeedRecordsOnce(db);
    await expectNavigationOnce(db);
    await expectImagesOnce(db);
    await expectOneAdmin(db);
  }, 240_000);
});
