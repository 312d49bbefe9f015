import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { contentBlocks } from '../blocks/blocks.table';
import { storedKeysOf } from '../media/media.service.server';
import { images, mediaFolders } from '../media/media.table';
import { contentTypeForKey, type MediaStore } from '../media/storage.server';
import { navigationItems } from '../navigation/navigation.table';
import { pages } from '../pages/pages.table';
import { pageRevisions, publishedPages } from '../publishing/publishing.table';
import { rebuildPageJobs } from '../publishing/schedule.server';
import { refreshAllPageSearch } from '../search/search.service.server';
import { seedRecords } from '../seed/seed.table';
import { performanceSettings, seoSettings } from '../settings/settings.table';
import {
  BackupError,
  carriesDrafts,
  defaultBackupLimits,
  tableNames,
  type BackupLimits,
  type BackupManifest,
  type BackupTable,
} from './backup-archive.server';
import type { BackupSummary } from './backup.dto';
import { readBackupFile } from './backup-archive-reader.server';
import { insertPageTables, publishFromDrafts, stagedRows } from './backup-restore-pages.server';
import { BackupRowChecker } from './backup-rows.server';
import { makeBackupTempDir, removeTempDir } from './backup-temp.server';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface RestoreDeps {
  db: Database;
  media: MediaStore;
  dataDir: string;
  log: { warn(object: object, message: string): void; error(object: object, message: string): void };
  limits?: BackupLimits;
}

interface StagedFile {
  path: string;
  size: number;
  sha256: string;
}

/** A fully read and checked archive, waiting in a temporary folder to be applied (or thrown away). */
export interface StagedBackup {
  directory: string;
  summary: BackupSummary;
  tableFiles: Record<BackupTable, string>;
  files: Map<string, StagedFile>;
  /** The staged files an image row of the backup names: the ones the restore writes. */
  keepFiles: Set<string>;
  /** The archive holds live copies and revisions (version 3 on); otherwise the restore makes them. */
  liveCopies: boolean;
}

export const notEmptyMessage =
  'The target site already has content; import needs an empty site (start it with SEED=false) or --replace.';

/** The first bytes each stored image type starts with (the files are served with this type). */
function looksLike(key: string, head: Buffer): boolean {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString('latin1');
  switch (path.extname(key).toLowerCase()) {
    case '.jpg':
    case '.jpeg':
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case '.png':
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case '.webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
    case '.avif':
      return ascii(4, 8) === 'ftyp' && ['avif', 'avis', 'mif1', 'msf1'].includes(ascii(8, 12));
    case '.gif':
      return ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a';
    default:
      return false;
  }
}

/** Waits for each write, so a failing disk refuses the restore instead of hanging it. */
function writeLine(stream: WriteStream, data: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => stream.write(data, (error) => (error ? reject(error) : resolve())));
}

async function closeWriter(stream: WriteStream): Promise<void> {
  if (stream.closed) return;
  await new Promise<void>((resolve, reject) =>
    stream.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
}

const maxListedWarnings = 20;

/**
 * Reads the whole archive into a temporary folder: every row checked (backup-rows.server.ts) and
 * written out normalized, every media file spooled to disk with its hash. Nothing in the site
 * changes. Throws BackupError naming the first problem (and removes the folder).
 */
export async function stageBackup(file: string, deps: Pick<RestoreDeps, 'dataDir' | 'limits'>): Promise<StagedBackup> {
  const directory = await makeBackupTempDir(deps.dataDir, 'restore');
  const writers = new Map<BackupTable, WriteStream>();
  try {
    await mkdir(path.join(directory, 'media'));
    const tableFiles = Object.fromEntries(
      tableNames.map((table) => [table, path.join(directory, `${table}.ndjson`)]),
    ) as Record<BackupTable, string>;
    for (const table of tableNames) {
      const writer = createWriteStream(tableFiles[table]);
      // A failure is seen by the write that awaits it; late ones after a refusal do not matter.
      writer.on('error', () => {});
      writers.set(table, writer);
    }
    const files = new Map<string, StagedFile>();
    let manifest: BackupManifest | undefined;
    const checker = new BackupRowChecker((table, row) => writeLine(writers.get(table)!, `${JSON.stringify(row)}\n`));

    const { version } = await readBackupFile(
      file,
      {
        manifest(value) {
          manifest = value;
        },
        row: (table, value, line) => checker.add(table, value, line),
        async media(key, body, size) {
          if (files.has(key))
            throw new BackupError(`The backup holds the media file ${key} twice; nothing was changed.`);
          if (size === 0) throw new BackupError(`The backup's media file ${key} is empty; nothing was changed.`);
          const target = path.join(directory, 'media', `${files.size}.bin`);
          const out = createWriteStream(target);
          const hash = createHash('sha256');
          let head = Buffer.alloc(0);
          try {
            for await (const chunk of body) {
              if (head.length < 16) {
                head = Buffer.concat([head, chunk.subarray(0, 16 - head.length)]);
                if ((head.length >= 16 || head.length === size) && !looksLike(key, head)) {
                  throw new BackupError(
                    `The backup's media file ${key} is not the image its name says (${path.extname(key) || 'no extension'}); nothing was changed.`,
                  );
                }
              }
              hash.update(chunk);
              await writeLine(out, chunk);
            }
          } finally {
            await closeWriter(out);
          }
          files.set(key, { path: target, size, sha256: hash.digest('hex') });
        },
      },
      deps.limits ?? defaultBackupLimits,
    );
    for (const writer of writers.values()) await closeWriter(writer);
    const liveCopies = carriesDrafts(version);
    const { keepFiles } = checker.finish(new Set(files.keys()), { liveCopies });
    const kept = [...keepFiles].map((key) => files.get(key)!);
    const warnings = checker.warnings.slice(0, maxListedWarnings);
    if (checker.warnings.length > maxListedWarnings) {
      warnings.push(`… and ${checker.warnings.length - maxListedWarnings} more.`);
    }
    const summary: BackupSummary = {
      format_version: version,
      created_at: manifest!.created_at,
      source: manifest!.source,
      pages: checker.counts.pages,
      published_pages: liveCopies ? checker.counts.published_pages : checker.publishedPageCount,
      revisions: checker.counts.page_revisions,
      blocks: checker.counts.content_blocks,
      navigation_items: checker.counts.navigation_items,
      media_folders: checker.counts.media_folders,
      images: checker.counts.images,
      files: kept.length,
      file_bytes: kept.reduce((total, entry) => total + entry.size, 0),
      seo_settings: checker.counts.seo_settings > 0,
      performance_settings: checker.counts.performance_settings > 0,
      seed_records: checker.counts.seed_records,
      warnings,
    };
    return { directory, summary, tableFiles, files, keepFiles, liveCopies };
  } catch (error) {
    for (const writer of writers.values()) await closeWriter(writer).catch(() => {});
    await removeTempDir(directory);
    throw error;
  }
}

async function hashOfStored(media: MediaStore, key: string): Promise<string | undefined> {
  const stored = await media.get(key);
  if (!stored) return undefined;
  const hash = createHash('sha256');
  for await (const chunk of stored.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function insertTables(tx: Transaction, staged: StagedBackup): Promise<Set<string>> {
  const newKeys = new Set<string>();
  const withParents: Array<{ table: 'folders' | 'navigation'; id: string; parentId: string }> = [];
  // Parents are set in a second pass, so rows can go in in any order.
  for await (const batch of stagedRows(staged.tableFiles.media_folders, 'media_folders', 500)) {
    for (const row of batch) {
      if (row['parent_id'])
        withParents.push({ table: 'folders', id: row['id'] as string, parentId: row['parent_id'] as string });
    }
    await tx
      .insert(mediaFolders)
      .values(batch.map((row) => ({ ...row, parent_id: null })) as Array<typeof mediaFolders.$inferInsert>);
  }
  for await (const batch of stagedRows(staged.tableFiles.images, 'images', 500)) {
    for (const row of batch) for (const key of storedKeysOf(row as typeof images.$inferSelect)) newKeys.add(key);
    await tx.insert(images).values(batch as Array<typeof images.$inferInsert>);
  }
  await insertPageTables(tx, staged.tableFiles);
  if (!staged.liveCopies) await publishFromDrafts(tx);
  for await (const batch of stagedRows(staged.tableFiles.navigation_items, 'navigation_items', 500)) {
    for (const row of batch) {
      if (row['parent_id'])
        withParents.push({ table: 'navigation', id: row['id'] as string, parentId: row['parent_id'] as string });
    }
    await tx
      .insert(navigationItems)
      .values(batch.map((row) => ({ ...row, parent_id: null })) as Array<typeof navigationItems.$inferInsert>);
  }
  for (const link of withParents) {
    if (link.table === 'folders') {
      await tx.update(mediaFolders).set({ parent_id: link.parentId }).where(eq(mediaFolders.id, link.id));
    } else {
      await tx.update(navigationItems).set({ parent_id: link.parentId }).where(eq(navigationItems.id, link.id));
    }
  }
  for await (const batch of stagedRows(staged.tableFiles.seo_settings, 'seo_settings', 10)) {
    await tx.insert(seoSettings).values(batch as Array<typeof seoSettings.$inferInsert>);
  }
  for await (const batch of stagedRows(staged.tableFiles.performance_settings, 'performance_settings', 10)) {
    await tx.insert(performanceSettings).values(batch as Array<typeof performanceSettings.$inferInsert>);
  }
  for await (const batch of stagedRows(staged.tableFiles.seed_records, 'seed_records', 500)) {
    await tx.insert(seedRecords).values(batch as Array<typeof seedRecords.$inferInsert>);
  }
  return newKeys;
}

/**
 * Replaces the site's content and media with a staged archive. Accounts, sessions and tokens are
 * not touched. Order: new media files are written first (a file the live site also has with other
 * bytes waits), then every row is replaced in one transaction (the live site keeps serving the old
 * content until it commits), then the waiting files are written and files only the old content
 * used are deleted. A failure before the commit removes the files it added and changes nothing.
 */
export async function applyStagedBackup(
  staged: StagedBackup,
  deps: RestoreDeps,
  options: { requireEmpty?: boolean; onApplied?: RestoreHook } = {},
): Promise<void> {
  const added: string[] = [];
  const afterCommit: string[] = [];
  const write = async (key: string) => {
    const entry = staged.files.get(key)!;
    await deps.media.put(key, await readFile(entry.path), contentTypeForKey(key));
  };
  let oldKeys: Set<string>;
  let newKeys: Set<string>;
  try {
    for (const key of staged.keepFiles) {
      const existing = await hashOfStored(deps.media, key);
      if (existing === undefined) {
        await write(key);
        added.push(key);
      } else if (existing !== staged.files.get(key)!.sha256) {
        afterCommit.push(key);
      }
    }
    ({ oldKeys, newKeys } = await deps.db.transaction(async (tx) => {
      // Writers wait until the restore commits; readers go on seeing the old content meanwhile.
      // The same lock makes two restores (on any instance) run one after the other.
      await tx.execute(
        sql`lock table ${pages}, ${contentBlocks}, ${publishedPages}, ${pageRevisions}, ${navigationItems}, ${images}, ${mediaFolders}, ${seoSettings}, ${performanceSettings}, ${seedRecords} in exclusive mode`,
      );
      if (options.requireEmpty) {
        const [anyPage] = await tx.select({ id: pages.id }).from(pages).limit(1);
        const [anyItem] = await tx.select({ id: navigationItems.id }).from(navigationItems).limit(1);
        const [anyImage] = await tx.select({ id: images.id }).from(images).limit(1);
        if (anyPage || anyItem || anyImage) throw new BackupError(notEmptyMessage, 409, 'site_not_empty');
      }
      const old = new Set<string>();
      for (const row of await tx.select().from(images)) for (const key of storedKeysOf(row)) old.add(key);
      await tx.delete(navigationItems);
      await tx.delete(contentBlocks);
      await tx.delete(publishedPages);
      await tx.delete(pageRevisions);
      await tx.delete(pages);
      await tx.delete(images);
      await tx.delete(mediaFolders);
      await tx.delete(seoSettings);
      await tx.delete(performanceSettings);
      await tx.delete(seedRecords);
      const fresh = await insertTables(tx, staged);
      // The index holds the live copies (published_pages), now all in place.
      await refreshAllPageSearch(tx);
      await rebuildPageJobs(tx);
      await options.onApplied?.(tx, staged.summary);
      return { oldKeys: old, newKeys: fresh };
    }));
  } catch (error) {
    for (const key of added) {
      await deps.media.delete(key).catch((cause: unknown) => {
        deps.log.error({ err: cause, key }, 'removing a media file of a failed restore failed');
      });
    }
    throw error;
  }
  for (const key of afterCommit) await write(key);
  for (const key of oldKeys) {
    if (newKeys.has(key)) continue;
    await deps.media.delete(key).catch((error: unknown) => {
      deps.log.warn({ err: error, key }, 'a media file the restored site no longer uses could not be deleted');
    });
  }
}

/**
 * Runs inside the restore's transaction once every row is in place (the audit entry): it commits
 * with the restore or not at all. A dry run never calls it.
 */
export type RestoreHook = (tx: Transaction, summary: BackupSummary) => Promise<void>;

/** Databases with a restore in progress in this process (another one is refused with 409). */
const restoring = new WeakSet<Database>();

/**
 * Reads, checks and (unless `dryRun`) applies a backup file. The summary describes what the
 * archive holds; with `dryRun` nothing changes.
 */
export async function restoreBackupFile(
  file: string,
  deps: RestoreDeps,
  options: { dryRun?: boolean; requireEmpty?: boolean; onApplied?: RestoreHook } = {},
): Promise<BackupSummary> {
  if (!options.dryRun) {
    if (restoring.has(deps.db)) {
      throw new BackupError(
        'A restore is already running. Wait for it to finish, then try again.',
        409,
        'restore_running',
      );
    }
    restoring.add(deps.db);
  }
  try {
    const staged = await stageBackup(file, deps);
    try {
      if (!options.dryRun) {
        await applyStagedBackup(staged, deps, {
          requireEmpty: options.requireEmpty ?? false,
          ...(options.onApplied ? { onApplied: options.onApplied } : {}),
        });
      }
      return staged.summary;
    } finally {
      await removeTempDir(staged.directory);
    }
  } finally {
    if (!options.dryRun) restoring.delete(deps.db);
  }
}
