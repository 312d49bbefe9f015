import { randomBytes } from 'node:crypto';
import pg from 'pg';

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
