import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { asc, gt } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { contentBlocks } from '../blocks/blocks.table';
import { storedKeysOf } from '../media/media.service.server';
import { images, mediaFolders, type ImageRow } from '../media/media.table';
import type { MediaStore } from '../media/storage.server';
import { navigationItems } from '../navigation/navigation.table';
import { pages } from '../pages/pages.table';
import { pageRevisions, publishedPages } from '../publishing/publishing.table';
import { seedRecords } from '../seed/seed.table';
import { performanceSettings, seoSettings } from '../settings/settings.table';
import {
  backupFormat,
  backupVersion,
  endEntry,
  entryHeader,
  manifestEntry,
  mediaEntry,
  tableEntry,
  tableNames,
  tar,
  type BackupManifest,
  type BackupTable,
} from './backup-archive.server';
import { makeBackupTempDir, removeTempDir } from './backup-temp.server';

/*
 * Site backup (decision 46): pages (their drafts, live copies and revisions), blocks, navigation,
 * media folders, images with every stored file, SEO and performance settings and the seed's
 * records, as one streamed .tar.gz (the format
 * is described in backup-archive.server.ts). Accounts (users, sessions, tokens) stay with the
 * instance; the search index is rebuilt on restore.
 */
export {
  BackupError,
  backupFormat,
  backupVersion,
  defaultBackupLimits,
  type BackupLimits,
} from './backup-archive.server';
export { notEmptyMessage, restoreBackupFile, type RestoreDeps } from './backup-restore.server';

export interface ExportDeps {
  db: Database;
  media: MediaStore;
  dataDir: string;
  /** PUBLIC_URL: its origin names the source site in the manifest. */
  publicUrl: string;
  log: { error(object: object, message: string): void };
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Row = Record<string, unknown>;

/**
 * Rows per query while dumping a table. Blocks and pages can be large (block data up to 256 KB),
 * so they come in smaller pages; the heap holds one page at a time.
 */
const pageSizes: Record<BackupTable, number> = {
  media_folders: 500,
  images: 500,
  pages: 50,
  content_blocks: 50,
  // A live copy or a revision holds a whole page with all its blocks.
  published_pages: 10,
  page_revisions: 10,
  navigation_items: 500,
  seo_settings: 10,
  performance_settings: 10,
  seed_records: 500,
};

/** The column a table is paged by (its primary key). */
function keyOf(table: BackupTable, row: Row): string {
  return String(table === 'seed_records' ? row['key'] : table === 'published_pages' ? row['page_id'] : row['id']);
}

/** One page of a table after `after` (its key), in key order. */
function fetchPage(tx: Transaction, table: BackupTable, after: string | undefined, limit: number): Promise<Row[]> {
  switch (table) {
    case 'media_folders':
      return tx
        .select()
        .from(mediaFolders)
        .where(after ? gt(mediaFolders.id, after) : undefined)
        .orderBy(asc(mediaFolders.id))
        .limit(limit);
    case 'images':
      return tx
        .select()
        .from(images)
        .where(after ? gt(images.id, after) : undefined)
        .orderBy(asc(images.id))
        .limit(limit);
    case 'pages':
      return tx
        .select()
        .from(pages)
        .where(after ? gt(pages.id, after) : undefined)
        .orderBy(asc(pages.id))
        .limit(limit);
    case 'content_blocks':
      return tx
        .select()
        .from(contentBlocks)
        .where(after ? gt(contentBlocks.id, after) : undefined)
        .orderBy(asc(contentBlocks.id))
        .limit(limit);
    case 'published_pages':
      return tx
        .select()
        .from(publishedPages)
        .where(after ? gt(publishedPages.page_id, after) : undefined)
        .orderBy(asc(publishedPages.page_id))
        .limit(limit);
    case 'page_revisions':
      return tx
        .select()
        .from(pageRevisions)
        .where(after ? gt(pageRevisions.id, after) : undefined)
        .orderBy(asc(pageRevisions.id))
        .limit(limit);
    case 'navigation_items':
      return tx
        .select()
        .from(navigationItems)
        .where(after ? gt(navigationItems.id, after) : undefined)
        .orderBy(asc(navigationItems.id))
        .limit(limit);
    case 'seo_settings':
      return after ? Promise.resolve([]) : tx.select().from(seoSettings).limit(limit);
    case 'performance_settings':
      return after ? Promise.resolve([]) : tx.select().from(performanceSettings).limit(limit);
    case 'seed_records':
      return tx
        .select()
        .from(seedRecords)
        .where(after ? gt(seedRecords.key, after) : undefined)
        .orderBy(asc(seedRecords.key))
        .limit(limit);
  }
}

interface Snapshot {
  counts: Record<BackupTable, number>;
  files: Record<BackupTable, string>;
  mediaKeys: string[];
  siteTitle: string | null;
}

/**
 * Dumps every table to an NDJSON file in `directory`, page by page, inside one read-only
 * repeatable-read transaction: the rows are one consistent state of the site. Writing to local
 * files is quick, so the transaction (and, on the embedded database, its only connection) is held
 * briefly, never for as long as a slow download takes.
 */
async function snapshotTables(db: Database, directory: string): Promise<Snapshot> {
  return db.transaction(
    async (tx) => {
      const counts = {} as Record<BackupTable, number>;
      const files = {} as Record<BackupTable, string>;
      const mediaKeys = new Set<string>();
      let siteTitle: string | null = null;
      for (const table of tableNames) {
        const file = path.join(directory, `${table}.ndjson`);
        const handle = await open(file, 'w');
        let count = 0;
        try {
          let after: string | undefined;
          for (;;) {
            const rows = await fetchPage(tx, table, after, pageSizes[table]);
            if (rows.length === 0) break;
            // JSON.stringify writes Date objects as ISO 8601 strings.
            await handle.write(rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
            count += rows.length;
            const last = rows[rows.length - 1]!;
            after = keyOf(table, last);
            if (table === 'images')
              for (const row of rows) for (const key of storedKeysOf(row as ImageRow)) mediaKeys.add(key);
            if (table === 'seo_settings') siteTitle = String(rows[0]!['site_title'] ?? '') || null;
            if (rows.length < pageSizes[table]) break;
          }
        } finally {
          await handle.close();
        }
        counts[table] = count;
        files[table] = file;
      }
      return { counts, files, mediaKeys: [...mediaKeys].sort(), siteTitle };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** "cenote-atlas-backup-2026-11-25T11-46-49Z.tar.gz" */
export function backupFileName(createdAt: Date): string {
  return `cenote-atlas-backup-${createdAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

/** Adds one entry from a stream of exactly `size` bytes, respecting the pack's back-pressure. */
function addEntry(pack: tar.Pack, name: string, size: number, body: Readable | Buffer): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    // A download closed midway destroys the pack: the entry being written then never finishes.
    const onClose = () => reject(new Error('The backup archive was closed before it was complete.'));
    pack.once('close', onClose);
    const settle = (error?: Error | null) => {
      pack.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    if (Buffer.isBuffer(body)) {
      pack.entry(entryHeader(name, size), body, settle);
      return;
    }
    const sink = pack.entry(entryHeader(name, size), settle);
    body.once('error', (error) => {
      sink.destroy(error);
      settle(error);
    });
    body.pipe(sink);
  });
}

export interface BackupStream {
  /** The .tar.gz bytes; ends when the archive is complete, fails (is destroyed) if it cannot be. */
  stream: Readable;
  filename: string;
  createdAt: Date;
  /** Resolves when the archive was written completely (rejects if it was cut short). */
  done: Promise<{ files: number; fileBytes: number }>;
}

/**
 * Streams a backup of the site: rows are snapshotted to temporary NDJSON files first (see
 * snapshotTables), then the archive is produced as the reader takes it — manifest, tables, each
 * stored media file piped from the store, end.json — so memory holds one chunk at a time however
 * large the media library is. The temporary folder is removed when the stream closes.
 */
export async function createBackupStream(deps: ExportDeps, now = new Date()): Promise<BackupStream> {
  const directory = await makeBackupTempDir(deps.dataDir, 'export');
  let snapshot: Snapshot;
  try {
    snapshot = await snapshotTables(deps.db, directory);
  } catch (error) {
    await removeTempDir(directory);
    throw error;
  }
  const manifest: BackupManifest = {
    format: backupFormat,
    version: backupVersion,
    created_at: now.toISOString(),
    source: { site_title: snapshot.siteTitle, url: originOf(deps.publicUrl) },
    tables: snapshot.counts,
  };
  const pack = tar.pack();
  // Level 4: the media (most of the bytes) is already compressed; the rows still shrink well.
  const gzip = createGzip({ level: 4 });
  let closed = false;
  let current: Readable | undefined;
  gzip.once('close', () => {
    closed = true;
    current?.destroy();
    pack.destroy();
    void removeTempDir(directory);
  });
  pack.once('error', (error: Error) => gzip.destroy(error));
  pack.pipe(gzip);

  const produce = async () => {
    const manifestBytes = Buffer.from(JSON.stringify(manifest));
    await addEntry(pack, manifestEntry, manifestBytes.length, manifestBytes);
    for (const table of tableNames) {
      if (closed) return { files: 0, fileBytes: 0 };
      const file = snapshot.files[table];
      const { size } = await stat(file);
      current = createReadStream(file);
      await addEntry(pack, tableEntry(table), size, current);
    }
    let files = 0;
    let fileBytes = 0;
    for (const key of snapshot.mediaKeys) {
      if (closed) return { files, fileBytes };
      const stored = await deps.media.get(key);
      // Variants a storage key implies but the image never had (no AVIF, say) are not there.
      if (!stored) continue;
      current = stored.body;
      await addEntry(pack, mediaEntry(key), stored.size, stored.body);
      files++;
      fileBytes += stored.size;
    }
    const end = Buffer.from(JSON.stringify({ files, file_bytes: fileBytes }));
    await addEntry(pack, endEntry, end.length, end);
    pack.finalize();
    return { files, fileBytes };
  };
  const done = produce().then(
    async (result) => {
      if (closed) throw new Error('The backup download was closed before it was complete.');
      return result;
    },
    (error: unknown) => {
      if (!closed) {
        deps.log.error({ err: error }, 'writing a backup archive failed');
        gzip.destroy(error instanceof Error ? error : new Error(String(error)));
      }
      throw error;
    },
  );
  // Observed by the caller when it wants to; a cut-short download is not an unhandled rejection.
  done.catch(() => {});
  return { stream: gzip, filename: backupFileName(now), createdAt: now, done };
}
