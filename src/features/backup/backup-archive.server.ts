import tar from 'tar-stream';
import { z } from 'zod';

/*
 * The backup archive (format version 3): a gzip-compressed tar, read and written as streams.
 *
 *   manifest.json            format, version, created_at, source site, row count per table
 *   tables/<table>.ndjson    one JSON object per line, one file per table, in tableNames order
 *   media/<key>              every stored image file, byte for byte
 *   end.json                 the number and bytes of media files: an archive without it is incomplete
 *
 * Version 3 added the live copies (published_pages) and the revisions (page_revisions) of drafts
 * (decisions 30, 31). Version 2 is the same tar without them; such an archive is restored as the
 * migration to drafts did it: every published page is published from its draft.
 * Version 1 was one gzip-compressed JSON document with the media as base64; it is still read when
 * it is small enough to parse in memory (limits.maxVersion1Bytes).
 * Reading an archive: backup-archive-reader.server.ts.
 */
export const backupFormat = 'cenote-atlas-backup';
export const backupVersion = 3;
export const manifestEntry = 'manifest.json';
export const endEntry = 'end.json';
export const tableEntry = (table: BackupTable) => `tables/${table}.ndjson`;
export const mediaEntry = (key: string) => `media/${key}`;

/**
 * Every table a backup holds, parents before children (the order of the archive). The live copies
 * come before the revisions so that reading the revisions can check the ones the live copies name.
 */
export const tableNames = [
  'media_folders',
  'images',
  'pages',
  'content_blocks',
  'published_pages',
  'page_revisions',
  'navigation_items',
  'seo_settings',
  'performance_settings',
  'seed_records',
] as const;
export type BackupTable = (typeof tableNames)[number];

type DraftTable = 'published_pages' | 'page_revisions';
export type TableBeforeDrafts = Exclude<BackupTable, DraftTable>;

/** The tables of archives made before drafts existed (versions 1 and 2). */
export const tablesBeforeDrafts = tableNames.filter(
  (table): table is TableBeforeDrafts => table !== 'published_pages' && table !== 'page_revisions',
);

/** The tables an archive of this format version holds. */
export function tablesOfVersion(version: number): readonly BackupTable[] {
  return version >= 3 ? tableNames : tablesBeforeDrafts;
}

/** Archives before version 3 hold no live copies or revisions: the restore makes them from the drafts. */
export const carriesDrafts = (version: number) => version >= 3;

export const unsupportedVersion = (version: unknown) =>
  `Unsupported backup version ${JSON.stringify(version ?? null)}; this version of Cenote Atlas reads versions 1 to ${backupVersion}.`;

const MB = 1024 * 1024;

/** What reading an archive may cost; every limit refuses the archive with a message that names it. */
export interface BackupLimits {
  /** Bytes after decompression, all entries together. */
  maxInflatedBytes: number;
  /** One NDJSON row, manifest.json or end.json. */
  maxLineBytes: number;
  /** One media file. */
  maxMediaFileBytes: number;
  /** Rows of one table. */
  maxRowsPerTable: number;
  /** A version-1 archive is one JSON document parsed in memory. */
  maxVersion1Bytes: number;
}

export const defaultBackupLimits: BackupLimits = {
  maxInflatedBytes: 4 * 1024 * MB,
  maxLineBytes: 8 * MB,
  maxMediaFileBytes: 64 * MB,
  maxRowsPerTable: 1_000_000,
  maxVersion1Bytes: 8 * MB,
};

export const sizeText = (bytes: number) =>
  bytes >= 1024 * MB
    ? `${Math.round(bytes / (1024 * MB))} GB`
    : bytes >= MB
      ? `${Math.round(bytes / MB)} MB`
      : `${Math.round(bytes / 1024)} KB`;

/** A refused archive (400) or upload (413): the message is meant for the person restoring. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly statusCode = 400,
    readonly code = 'invalid_backup',
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

export const backupMessages = {
  notABackup: 'The file is not a Cenote Atlas backup (expected a .tar.gz archive made by Settings → Backups).',
  notGzip: 'The file is not a Cenote Atlas backup (it is not gzip-compressed).',
  damaged: (detail: string) =>
    `The backup archive is damaged or incomplete (${detail}). Download a new backup and try again; nothing was changed.`,
  inflatedTooLarge: (max: number) =>
    `The backup archive unpacks to more than ${sizeText(max)}, the most a restore reads; nothing was changed.`,
  lineTooLong: (entry: string, line: number, max: number) =>
    `${entry} line ${line} is longer than ${sizeText(max)}, the most one row may take; nothing was changed.`,
  version1TooLarge: (max: number) =>
    `This is a version-1 backup (one JSON document) larger than ${sizeText(max)}, which the server does not read. Restore it with the command line instead: npm run cli -- import --in FILE --replace.`,
} as const;

export const manifestSchema = z.object({
  format: z.literal(backupFormat),
  version: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  source: z.object({
    site_title: z.string().max(500).nullable(),
    url: z.string().max(2048).nullable(),
  }),
  tables: z.record(z.string(), z.number().int().min(0)),
});
export type BackupManifest = z.output<typeof manifestSchema>;

export const endSchema = z.object({ files: z.number().int().min(0), file_bytes: z.number().int().min(0) });
export type BackupEnd = z.output<typeof endSchema>;

/** What a reader hands on, entry by entry; any throw refuses the archive. */
export interface ArchiveVisitor {
  manifest(manifest: BackupManifest): void | Promise<void>;
  /** One parsed row; `line` counts from 1 within its table. */
  row(table: BackupTable, value: unknown, line: number): void | Promise<void>;
  /** One media file; `body` must be read to its end. */
  media(key: string, body: AsyncIterable<Buffer>, size: number): Promise<void>;
}

/** The header of one archive entry (tar-stream fills in the rest). */
export function entryHeader(name: string, size: number, mtime = new Date()): Partial<tar.Header> & { name: string } {
  return { name, size, mtime, mode: 0o644, type: 'file' };
}

export { tar };
