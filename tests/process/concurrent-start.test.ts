import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, postgresAdminUrl } from '../helpers/test-database';
import { freePort, spawnServer, waitForHealthy, type ServerProcess } from '../helpers/server-process';

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe.runIf(postgresAdminUrl())('two instances on one empty PostgreSQL', () => {
  it('both come up and the migrations ran once', async () => {
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    const servers: ServerProcess[] = [];
    for (let index = 0; index < 2; index++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-concurrent-'));
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
      servers.push(spawnServer({ PORT: freePort(), DATA_DIR: dataDir, DATABASE_URL: database.url, SEED: 'false' }));
    }
    cleanups.push(async () => {
      for (const server of servers) {
        server.child.kill('SIGTERM');
        await server.exited;
      }
    });
    await Promise.all(servers.map((server) => waitForHealthy(server)));

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const applied = await client.query('select hash from drizzle.__drizzle_migrations');
    await client.end();
    const journal = (await import('../../db/migrations/meta/_journal.json', { with: { type: 'json' } })).default as {
      entries: unknown[];
    };
    expect(applied.rowCount).toBe(journal.entries.length);
  });
});
