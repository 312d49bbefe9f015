import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client.server';

/** What `show <setting>` answers on the embedded database that `openDatabase` opened. */
async function settingsOf(dataDir: string, names: readonly string[]): Promise<Record<string, string>> {
  const handle = await openDatabase({ dataDir });
  try {
    const answers: Record<string, string> = {};
    for (const name of names) {
      // Both drivers answer execute() with { rows: [...] }; the handle's type does not say so.
      const result = (await handle.db.execute(sql.raw(`show ${name}`))) as unknown as {
        rows: Array<Record<string, unknown>>;
      };
      answers[name] = String(result.rows[0]?.[name]);
    }
    return answers;
  } finally {
    await handle.close();
  }
}

// The embedded database's memory settings (ADRs 053, 059, 060). PGlite rewrites postgresql.conf from
// what it is given each time it opens a folder; were it to stop doing so (an upgrade), PostgreSQL's
// defaults would quietly put ~30 MB more into the process.
describe('the embedded database runs with its small-memory settings', () => {
  const settings = ['shared_buffers', 'max_connections', 'wal_init_zero'] as const;
  const expected = { shared_buffers: '4MB', max_connections: '10', wal_init_zero: 'off' };
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-db-settings-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('on a new data folder', async () => {
    expect(await settingsOf(dataDir, settings)).toEqual(expected);
  }, 60_000);

  it('again when the folder is opened a second time (a restart)', async () => {
    expect(await settingsOf(dataDir, settings)).toEqual(expected);
  }, 60_000);
});
