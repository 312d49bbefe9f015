import { z } from 'zod';

/** What a backup archive holds, as the restore route (dry run or not) and the admin report it. */
export const backupSummarySchema = z.object({
  format_version: z
    .number()
    .int()
    .describe('1: the old single-JSON archive; 2: the streamed .tar.gz; 3: the .tar.gz with live copies and revisions'),
  created_at: z.string().describe('When the backup was made (ISO 8601)'),
  source: z.object({
    site_title: z.string().nullable().describe('The site title of the site that was backed up'),
    url: z.string().nullable().describe('The public address (origin) of the site that was backed up'),
  }),
  pages: z.number().int().describe('Pages (their drafts), Trash included'),
  published_pages: z
    .number()
    .int()
    .describe(
      'Pages visitors see after the restore: the live copies, or for an archive before version 3 its published pages',
    ),
  revisions: z
    .number()
    .int()
    .describe('Page revisions in the archive (none before version 3: each page then starts with one)'),
  blocks: z.number().int().describe('Content blocks of the drafts'),
  navigation_items: z.number().int(),
  media_folders: z.number().int(),
  images: z.number().int(),
  files: z.number().int().describe('Stored image files (every variant counts)'),
  file_bytes: z.number().int().describe('Bytes of all stored image files'),
  seo_settings: z.boolean().describe('The archive carries SEO settings (otherwise the defaults apply)'),
  performance_settings: z.boolean(),
  seed_records: z.number().int(),
  warnings: z
    .array(z.string())
    .describe(
      'Things the restore tolerates, as the API would: rich text cleaned, image files missing from the archive',
    ),
});

export type BackupSummary = z.output<typeof backupSummarySchema>;

export const restoreResponseSchema = z.object({
  summary: backupSummarySchema,
  restored: z.boolean().describe('false for a dry run (nothing changed)'),
});

export type RestoreResponse = z.output<typeof restoreResponseSchema>;

/** The size of an upload the restore route accepts; the admin checks it before sending. */
export const maxBackupUploadBytes = 2 * 1024 ** 3;
