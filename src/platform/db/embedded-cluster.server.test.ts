import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureClusterTemplate, initializeEmbeddedCluster } from './embedded-cluster.server';

/** PostgreSQL's control file: it carries the cluster's identity, set once when initdb makes it. */
const controlFile = (cluster: string) => readFile(path.join(cluster, 'global', 'pg_control'));

async function tableNames(cluster: string): Promise<string[]> {
  const db = await PGlite.create(cluster);
  try {
    const result = await db.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    );
    return result.rows.map((row) => row.tablename);
  } finally {
    await db.close();
  }
}

describe('embedded clusters start as copies of a template (ADR 049)', () => {
  let workspace: string;
  let templateRoot: string;
  let template: string;

  beforeAll(async () => {
    workspace = await mkdtemp(path.join(tmpdir(), 'cenote-cluster-'));
    templateRoot = path.join(workspace, 'templates');
    await mkdir(path.join(templateRoot, 'pglite-0.0.1'), { recursive: true });
    await writeFile(path.join(templateRoot, 'pglite-0.0.1', 'PG_VERSION'), '16\n');
    // Two callers needing the template at once (as test files starting together do) each make one;
    // both end up with the same template and no half-made folder stays behind.
    const [first, second] = await Promise.all([
      ensureClusterTemplate(templateRoot),
      ensureClusterTemplate(templateRoot),
    ]);
    expect(second).toBe(first);
    template = first;
  }, 60_000);

  afterAll(async () => {
    await rm(workspace, { recursive: true, force: true });
  });

  it('keeps one template, of the installed PGlite, and removes those of other versions', async () => {
    const entries = await readdir(templateRoot);
    expect(entries).toEqual([path.basename(template)]);
    expect(path.basename(template)).toMatch(/^pglite-\d+\.\d+\.\d+/);
    expect(path.basename(template)).not.toBe('pglite-0.0.1');
  });

  it('gives each new data folder its own copy, which the template never sees written', async () => {
    const templateControl = await controlFile(template);
    const first = path.join(workspace, 'site-a', 'db');
    const second = path.join(workspace, 'site-b', 'db');
    await initializeEmbeddedCluster(first, templateRoot);
    await initializeEmbeddedCluster(second, templateRoot);
    // Copied, not made anew: initdb would have given each a new identity.
    expect((await controlFile(first)).equals(templateControl)).toBe(true);

    const db = await PGlite.create(first);
    await db.exec('create table dives (name text); insert into dives values ($$Dos Ojos$$);');
    await db.close();

    expect(await tableNames(first)).toEqual(['dives']);
    expect(await tableNames(second)).toEqual([]);
    expect(await tableNames(template)).toEqual([]);
  }, 60_000);

  it('leaves an existing database alone', async () => {
    const cluster = path.join(workspace, 'site-c', 'db');
    await initializeEmbeddedCluster(cluster, templateRoot);
    const db = await PGlite.create(cluster);
    await db.exec('create table sinkholes (name text);');
    await db.close();
    await initializeEmbeddedCluster(cluster, templateRoot);
    expect(await tableNames(cluster)).toEqual(['sinkholes']);
  }, 60_000);

  it('finishes a copy that was cut short', async () => {
    const cluster = path.join(workspace, 'site-d', 'db');
    await initializeEmbeddedCluster(cluster, templateRoot);
    // What a crash part way leaves: some files, and no PG_VERSION (it is copied last).
    await rm(path.join(cluster, 'PG_VERSION'));
    await rm(path.join(cluster, 'global'), { recursive: true });
    await initializeEmbeddedCluster(cluster, templateRoot);
    expect(await tableNames(cluster)).toEqual([]);
  }, 60_000);

  it('makes the cluster in place when the template cannot be written (a read-only install)', async () => {
    const unwritable = path.join(workspace, 'not-a-folder');
    await writeFile(unwritable, 'a file where the template folder would go');
    const cluster = path.join(workspace, 'site-e', 'db');
    await initializeEmbeddedCluster(cluster, unwritable);
    expect((await controlFile(cluster)).equals(await controlFile(template))).toBe(false);
    expect(await tableNames(cluster)).toEqual([]);
  }, 60_000);
});
