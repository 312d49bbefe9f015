import { gunzipSync, gzipSync } from 'node:zlib';
import tar from 'tar-stream';
import type { ApiClient } from './auth';

/** One entry of a (small, test-sized) backup archive. */
export interface ArchiveEntry {
  name: string;
  data: Buffer;
}

/** Every entry of a .tar.gz, in order (tests only: it holds the whole archive in memory). */
export async function unpackArchive(archive: Buffer): Promise<ArchiveEntry[]> {
  const extract = tar.extract();
  const entries: ArchiveEntry[] = [];
  const done = (async () => {
    for await (const entry of extract) {
      const chunks: Buffer[] = [];
      for await (const chunk of entry) chunks.push(chunk as Buffer);
      entries.push({ name: entry.header.name, data: Buffer.concat(chunks) });
    }
  })();
  extract.end(gunzipSync(archive));
  await done;
  return entries;
}

/** Packs entries into a .tar.gz the way the server writes one. */
export async function packArchive(entries: ArchiveEntry[]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  const collected = (async () => {
    for await (const chunk of pack) chunks.push(chunk as Buffer);
  })();
  for (const entry of entries) {
    await new Promise<void>((resolve, reject) =>
      pack.entry({ name: entry.name, size: entry.data.length }, entry.data, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
  }
  pack.finalize();
  await collected;
  return gzipSync(Buffer.concat(chunks));
}

/** The rows of one table file. */
export function rowsOf(entries: ArchiveEntry[], table: string): Array<Record<string, unknown>> {
  const entry = entries.find((candidate) => candidate.name === `tables/${table}.ndjson`);
  if (!entry) throw new Error(`no ${table} in the archive`);
  return entry.data
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** The same archive with one table's rows changed (the manifest's counts follow). */
export async function withRows(
  entries: ArchiveEntry[],
  table: string,
  change: (rows: Array<Record<string, unknown>>) => Array<Record<string, unknown>>,
): Promise<Buffer> {
  const rows = change(rowsOf(entries, table).map((row) => structuredClone(row)));
  const next = entries.map((entry) => {
    if (entry.name === `tables/${table}.ndjson`) {
      return { name: entry.name, data: Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join('')) };
    }
    if (entry.name === 'manifest.json') {
      const manifest = JSON.parse(entry.data.toString('utf8')) as { tables: Record<string, number> };
      manifest.tables[table] = rows.length;
      return { name: entry.name, data: Buffer.from(JSON.stringify(manifest)) };
    }
    return entry;
  });
  return packArchive(next);
}

/** The columns pages gained with drafts, scheduling and Trash (migration 0004). */
export const draftPageColumns = ['has_unpublished_changes', 'published_at', 'publish_at', 'unpublish_at', 'deleted_at'];

/**
 * The same content as an archive made before drafts existed (format version 2): no live copies,
 * no revisions, and pages without the columns drafts added.
 */
export async function beforeDrafts(entries: ArchiveEntry[]): Promise<Buffer> {
  const dropped = ['tables/published_pages.ndjson', 'tables/page_revisions.ndjson'];
  const next = entries
    .filter((entry) => !dropped.includes(entry.name))
    .map((entry) => {
      if (entry.name === 'manifest.json') {
        const manifest = JSON.parse(entry.data.toString('utf8')) as { version: number; tables: Record<string, number> };
        delete manifest.tables['published_pages'];
        delete manifest.tables['page_revisions'];
        return { name: entry.name, data: Buffer.from(JSON.stringify({ ...manifest, version: 2 })) };
      }
      if (entry.name === 'tables/pages.ndjson') {
        const rows = rowsOf(entries, 'pages').map((row) =>
          Object.fromEntries(Object.entries(row).filter(([column]) => !draftPageColumns.includes(column))),
        );
        return { name: entry.name, data: Buffer.from(rows.map((row) => `${JSON.stringify(row)}\n`).join('')) };
      }
      return entry;
    });
  return packArchive(next);
}

export interface RestoreAnswer {
  status: number;
  body: {
    summary?: Record<string, unknown> & { warnings: string[] };
    restored?: boolean;
    error?: { code: string; message: string; field?: string };
  };
}

/** POST /api/v1/backup/restore with the archive as the multipart field "file". */
export async function uploadBackup(
  client: ApiClient,
  archive: Buffer,
  options: { dryRun?: boolean; filename?: string } = {},
): Promise<RestoreAnswer> {
  if (!client.csrfToken) await client.session();
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(archive)], { type: 'application/gzip' }),
    options.filename ?? 'site.tar.gz',
  );
  const response = await fetch(`${client.baseUrl}/api/v1/backup/restore${options.dryRun ? '?dry_run=true' : ''}`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), 'x-csrf-token': client.csrfToken ?? '', accept: 'application/json' },
    body: form,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as RestoreAnswer['body']) : {} };
}

/** GET /api/v1/backup as this client: the archive bytes and the response headers. */
export async function downloadBackup(
  client: ApiClient,
): Promise<{ status: number; archive: Buffer; headers: Headers }> {
  const response = await fetch(`${client.baseUrl}/api/v1/backup`, { headers: { cookie: client.cookieHeader() } });
  return { status: response.status, archive: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}
