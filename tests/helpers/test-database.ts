import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { expect } from 'vitest';
import type { Database } from '../../src/platform/db/client.server';

export type TestDriver = 'pglite' | 'postgres';

export function testDriver(): TestDriver {
  return process.env['TEST_DB_DRIVER'] === 'postgres' ? 'postgres' : 'pglite';
}

export function postgresAdminUrl(): string | undefined {
  return process.env['TEST_DATABASE_URL'];
}

/** A fresh, empty PostgreSQL database for one test file; drop() removes it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = postgresAdminUrl();
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `cenote_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * Waits until every signal of writes committed so far has reached this memory. PostgreSQL delivers
 * notifications in commit order and a moment after the commit, so a late one could drop what a test
 * just read into memory; a signal of our own, once it arrives, means the earlier ones have.
 * The embedded database signals before a write returns: nothing is ever late there.
 */
export async function awaitDatabaseSignals(
  db: Database,
  channel: string,
  memory: { generation: () => number },
): Promise<void> {
  if (testDriver() === 'pglite') return;
  const before = memory.generation();
  await db.execute(sql`select pg_notify(${channel}, 'test fence')`);
  await expect.poll(() => memory.generation(), { timeout: 5_000 }).toBeGreaterThan(before);
}
