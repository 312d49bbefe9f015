import { gunzipSync, gzipSync } from 'node:zlib';
import { asc } from 'drizzle-orm';
import type { Database } from '../../server/db/client.server';
import { contentBlocks } from '../blocks/blocks.table';
import { images, mediaFolders } from '../media/media.table';
import { storedKeysOf } from '../media/media.service.server';
import type { MediaStore } from '../media/storage.server';
import { contentTypeForKey, isValidMediaKey } from '../media/storage.server';
import { navigationItems } from '../navigation/navigation.table';
import { pages } from '../pages/pages.table';
import { refreshAllPageSearch } from '../search/search.service.server';
import { seedRecords } from '../seed/seed.table';
import { performanceSettings, seoSettings } from '../settings/settings.table';

/**
 * Site backup: a gzip of one JSON document with every content table and every stored image file.
 * Accounts (users, sessions, tokens) stay with the instance; the search index is rebuilt on import.
 */
export const backupFormat = 'cenote-atlas-backup';
export const backupVersion = 1;

export class BackupError extends Error {}

export const notEmptyMessage =
  'The target site already has content; import needs an empty site (start it with SEED=false).';

type Row = Record<string, unknown>;

interface BackupTables {
  pages: Row[];
  content_blocks: Row[];
  navigation_items: Row[];
  media_folders: Row[];
  images: Row[];
  seo_settings: Row[];
  performance_settings: Row[];
  seed_records: Row[];
}

export interface BackupDocument {
  format: typeof backupFormat;
  version: typeof backupVersion;
  createdAt: string;
  tables: BackupTables;
  media: Record<string, string>;
}

const tableNames = [
  'pages',
  'content_blocks',
  'navigation_items',
  'media_folders',
  'images',
  'seo_settings',
  'performance_settings',
  'seed_records',
] as const satisfies ReadonlyArray<keyof BackupTables>;

/** Timestamp columns per table, turned back into Date objects on import. */
const dateColumns: Record<keyof BackupTables, string[]> = {
  pages: ['created_at', 'updated_at'],
  content_blocks: ['created_at', 'updated_at'],
  navigation_items: ['created_at', 'updated_at'],
  media_folders: ['created_at'],
  images: ['created_at', 'updated_at'],
  seo_settings: ['updated_at'],
  performance_settings: ['updated_at'],
  seed_records: ['seeded_at'],
};

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string));
  return Buffer.concat(chunks);
}

export async function exportSite(db: Database, media: MediaStore, now = new Date()): Promise<Buffer> {
  const tables: BackupTables = {
    pages: await db.select().from(pages).orderBy(asc(pages.id)),
    content_blocks: await db.select().from(contentBlocks).orderBy(asc(contentBlocks.id)),
    navigation_items: await db.select().from(navigationItems).orderBy(asc(navigationItems.id)),
    media_folders: await db.select().from(mediaFolders).orderBy(asc(mediaFolders.id)),
    images: await db.select().from(images).orderBy(asc(images.id)),
    seo_settings: await db.select().from(seoSettings),
    performance_settings: await db.select().from(performanceSettings),
    seed_records: await db.select().from(seedRecords).orderBy(asc(seedRecords.key)),
  };
  const files: Record<string, string> = {};
  for (const image of tables.images as Array<typeof images.$inferSelect>) {
    for (const key of storedKeysOf(image)) {
      if (key in files) continue;
      const stored = await media.get(key);
      // Variants the storage key implies but the image never had (e.g. no AVIF) are skipped.
      if (!stored) continue;
      files[key] = (await readAll(stored.body)).toString('base64');
    }
  }
  const document: BackupDocument = {
    format: backupFormat,
    version: backupVersion,
    createdAt: now.toISOString(),
    tables,
    media: files,
  };
  // JSON.stringify writes Date objects as ISO strings.
  return gzipSync(Buffer.from(JSON.stringify(document), 'utf8'));
}

/** Reads and checks an archive; throws BackupError with a readable message when it is not one. */
export function parseBackup(buffer: Buffer): BackupDocument {
  let parsed: unknown;
  try {
    parsed = JSON.parse(gunzipSync(buffer).toString('utf8'));
  } catch {
    throw new BackupError('The file is not a Cenote Atlas backup (it is not a gzip-compressed JSON archive).');
  }
  if (!parsed || typeof parsed !== 'object') throw new BackupError('The backup archive is not a JSON object.');
  const document = parsed as Partial<BackupDocument>;
  if (document.format !== backupFormat) {
    throw new BackupError(
      `The file is not a Cenote Atlas backup (format is ${JSON.stringify(document.format ?? null)}, expected "${backupFormat}").`,
    );
  }
  if (document.version !== backupVersion) {
    throw new BackupError(
      `Unsupported backup version ${JSON.stringify(document.version ?? null)}; this version of Cenote Atlas reads version ${backupVersion}.`,
    );
  }
  const tables = document.tables as Partial<BackupTables> | undefined;
  if (!tables || typeof tables !== 'object') throw new BackupError('The backup archive has no "tables".');
  for (const name of tableNames) {
    if (!Array.isArray(tables[name])) throw new BackupError(`The backup archive has no "${name}" table.`);
  }
  const files = document.media;
  if (!files || typeof files !== 'object') throw new BackupError('The backup archive has no "media".');
  for (const [key, value] of Object.entries(files)) {
    if (!isValidMediaKey(key) || typeof value !== 'string') {
      throw new BackupError(`The backup archive has an invalid media entry: ${key}`);
    }
  }
  return document as BackupDocument;
}

function withDates<T>(table: keyof BackupTables, rows: Row[]): T[] {
  const columns = dateColumns[table];
  return rows.map((row) => {
    const copy: Row = { ...row };
    for (const column of columns) {
      const value = copy[column];
      if (typeof value === 'string') copy[column] = new Date(value);
    }
    return copy as T;
  });
}

/** Parents before children (rows whose parent is not in the set go first). */
function parentsFirst<T extends { id: string; parent_id: string | null }>(rows: T[]): T[] {
  const ordered: T[] = [];
  const placed = new Set<string>();
  let remaining = rows;
  while (remaining.length > 0) {
    const ids = new Set(remaining.map((row) => row.id));
    const ready = remaining.filter((row) => !row.parent_id || placed.has(row.parent_id) || !ids.has(row.parent_id));
    if (ready.length === 0) throw new BackupError('The backup archive has a cycle of parent references.');
    for (const row of ready) {
      ordered.push(row);
      placed.add(row.id);
    }
    remaining = remaining.filter((row) => !placed.has(row.id));
  }
  return ordered;
}

async function insertInChunks(run: (chunk: Row[]) => Promise<unknown>, rows: Row[], size = 200): Promise<void> {
  for (let start = 0; start < rows.length; start += size) await run(rows.slice(start, start + size));
}

export interface ImportReport {
  pages: number;
  blocks: number;
  navigationItems: number;
  images: number;
  files: number;
}

/** Restores an archive into an empty site: rows in one transaction, then media files, then search. */
export async function importSite(db: Database, media: MediaStore, buffer: Buffer): Promise<ImportReport> {
  const document = parseBackup(buffer);
  const { tables } = document;

  const [anyPage] = await db.select({ id: pages.id }).from(pages).limit(1);
  const [anyItem] = await db.select({ id: navigationItems.id }).from(navigationItems).limit(1);
  const [anyImage] = await db.select({ id: images.id }).from(images).limit(1);
  if (anyPage || anyItem || anyImage) throw new BackupError(notEmptyMessage);

  const folderRows = parentsFirst(
    withDates<typeof mediaFolders.$inferInsert & { id: string; parent_id: string | null }>(
      'media_folders',
      tables.media_folders,
    ),
  );
  const imageRows = withDates<typeof images.$inferInsert>('images', tables.images);
  const pageRows = withDates<typeof pages.$inferInsert>('pages', tables.pages);
  const blockRows = withDates<typeof contentBlocks.$inferInsert>('content_blocks', tables.content_blocks);
  const navigationRows = parentsFirst(
    withDates<typeof navigationItems.$inferInsert & { id: string; parent_id: string | null }>(
      'navigation_items',
      tables.navigation_items,
    ),
  );
  const seoRows = withDates<typeof seoSettings.$inferInsert>('seo_settings', tables.seo_settings);
  const performanceRows = withDates<typeof performanceSettings.$inferInsert>(
    'performance_settings',
    tables.performance_settings,
  );
  const seedRows = withDates<typeof seedRecords.$inferInsert>('seed_records', tables.seed_records);

  await db.transaction(async (tx) => {
    // Checked again inside the transaction, so two imports at once cannot both pass.
    const [racedPage] = await tx.select({ id: pages.id }).from(pages).limit(1);
    if (racedPage) throw new BackupError(notEmptyMessage);
    await insertInChunks((chunk) => tx.insert(mediaFolders).values(chunk as typeof folderRows), folderRows);
    await insertInChunks((chunk) => tx.insert(images).values(chunk as typeof imageRows), imageRows);
    await insertInChunks((chunk) => tx.insert(pages).values(chunk as typeof pageRows), pageRows);
    await insertInChunks((chunk) => tx.insert(contentBlocks).values(chunk as typeof blockRows), blockRows);
    // Children follow their parents; one row at a time keeps the self-reference satisfied.
    for (const row of navigationRows) await tx.insert(navigationItems).values(row);
    for (const row of seoRows) {
      await tx.insert(seoSettings).values(row).onConflictDoUpdate({ target: seoSettings.id, set: row });
    }
    for (const row of performanceRows) {
      await tx.insert(performanceSettings).values(row).onConflictDoUpdate({ target: performanceSettings.id, set: row });
    }
    for (const row of seedRows) {
      await tx.insert(seedRecords).values(row).onConflictDoUpdate({ target: seedRecords.key, set: row });
    }
  });

  let files = 0;
  for (const [key, base64] of Object.entries(document.media)) {
    await media.put(key, Buffer.from(base64, 'base64'), contentTypeForKey(key));
    files++;
  }
  await refreshAllPageSearch(db);
  return {
    pages: pageRows.length,
    blocks: blockRows.length,
    navigationItems: navigationRows.length,
    images: imageRows.length,
    files,
  };
}
