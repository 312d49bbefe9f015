import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packArchive, type ArchiveEntry } from '../../../tests/helpers/backup-archive';
import {
  backupVersion,
  defaultBackupLimits,
  tableNames,
  tablesBeforeDrafts,
  type ArchiveVisitor,
  type BackupLimits,
} from './backup-archive.server';
import { readBackupFile } from './backup-archive-reader.server';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), 'cenote-archive-test-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

const manifest = (tables: Record<string, number> = {}, version = backupVersion) => ({
  name: 'manifest.json',
  data: Buffer.from(
    JSON.stringify({
      format: 'cenote-atlas-backup',
      version,
      created_at: '2026-11-25T10:00:00.000Z',
      source: { site_title: 'Cenote Atlas', url: 'https://cenote.example' },
      tables: Object.fromEntries(
        (version >= 3 ? tableNames : tablesBeforeDrafts).map((table) => [table, tables[table] ?? 0]),
      ),
    }),
  ),
});
const emptyTables = (except: string[] = [], tables: readonly string[] = tableNames) =>
  tables
    .filter((table) => !except.includes(table))
    .map((table) => ({ name: `tables/${table}.ndjson`, data: Buffer.alloc(0) }));
const end = (files: Buffer[] = []) => ({
  name: 'end.json',
  data: Buffer.from(
    JSON.stringify({ files: files.length, file_bytes: files.reduce((total, file) => total + file.length, 0) }),
  ),
});

let counter = 0;
async function fileOf(data: Buffer): Promise<string> {
  const file = path.join(directory, `archive-${counter++}.tar.gz`);
  await writeFile(file, data);
  return file;
}

/** Reads an archive, collecting what the visitor was handed. */
async function read(data: Buffer, limits: Partial<BackupLimits> = {}) {
  const seen = { rows: [] as Array<[string, unknown]>, media: [] as Array<[string, number]>, manifest: 0 };
  const visitor: ArchiveVisitor = {
    manifest: () => void seen.manifest++,
    row: (table, value) => void seen.rows.push([table, value]),
    async media(key, body) {
      let size = 0;
      for await (const chunk of body) size += chunk.length;
      seen.media.push([key, size]);
    },
  };
  const result = await readBackupFile(await fileOf(data), visitor, { ...defaultBackupLimits, ...limits });
  return { ...result, ...seen };
}

const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);

describe('reading a backup archive', () => {
  it('hands on the manifest, every row and every media file of a well-formed archive', async () => {
    const entries: ArchiveEntry[] = [
      manifest({ pages: 2 }),
      ...emptyTables(['pages']),
      { name: 'tables/pages.ndjson', data: Buffer.from('{"slug":"a"}\n{"slug":"b"}\n') },
      { name: 'media/u/x.jpg', data: jpeg },
      end([jpeg]),
    ];
    const result = await read(await packArchive(entries));
    expect(result).toMatchObject({ version: 3, manifest: 1, media: [['u/x.jpg', jpeg.length]] });
    expect(result.rows).toEqual([
      ['pages', { slug: 'a' }],
      ['pages', { slug: 'b' }],
    ]);
  });

  it('reads version 2 (before live copies and revisions) without those tables, and refuses them there', async () => {
    const older = [manifest({}, 2), ...emptyTables([], tablesBeforeDrafts), end()];
    expect(await read(await packArchive(older))).toMatchObject({ version: 2, rows: [] });
    // Version 3 must hold them.
    await expect(read(await packArchive([manifest(), ...emptyTables(['page_revisions']), end()]))).rejects.toThrow(
      'tables/page_revisions.ndjson is missing',
    );
    const stray = { name: 'tables/page_revisions.ndjson', data: Buffer.alloc(0) };
    await expect(
      read(await packArchive([manifest({}, 2), ...emptyTables([], tablesBeforeDrafts), stray, end()])),
    ).rejects.toThrow('unknown table file "tables/page_revisions.ndjson"');
    await expect(read(await packArchive([manifest({}, 4), ...emptyTables(), end()]))).rejects.toThrow(
      'Unsupported backup version 4; this version of Cenote Atlas reads versions 1 to 3.',
    );
  });

  it('refuses a row longer than the line limit without reading on (a table of zeros)', async () => {
    const zeros = Buffer.alloc(4 * 1024 * 1024);
    const entries = [manifest({ pages: 1 }), { name: 'tables/pages.ndjson', data: zeros }, ...emptyTables(['pages'])];
    await expect(read(await packArchive(entries), { maxLineBytes: 64 * 1024 })).rejects.toThrow(
      'tables/pages.ndjson line 1 is longer than 64 KB, the most one row may take; nothing was changed.',
    );
  });

  it('stops decompressing at the inflated-size limit', async () => {
    const big = Buffer.concat([jpeg, Buffer.alloc(3 * 1024 * 1024)]);
    const entries = [manifest(), ...emptyTables(), { name: 'media/u/big.jpg', data: big }, end([big])];
    await expect(read(await packArchive(entries), { maxInflatedBytes: 1024 * 1024 })).rejects.toThrow(
      'The backup archive unpacks to more than 1 MB, the most a restore reads; nothing was changed.',
    );
  });

  it('refuses a media file over its limit from its header, and one gzip of zeros as not a backup', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024);
    const entries = [manifest(), ...emptyTables(), { name: 'media/u/big.jpg', data: big }, end([big])];
    await expect(read(await packArchive(entries), { maxMediaFileBytes: 1024 * 1024 })).rejects.toThrow(
      /^The backup's media file u\/big\.jpg is 2 MB; a restore takes files of at most 1 MB\.$/,
    );
    await expect(read(gzipSync(Buffer.alloc(8 * 1024 * 1024)))).rejects.toThrow(
      /^The file is not a Cenote Atlas backup/,
    );
  });

  it('checks the bookkeeping: row counts, every table, end.json last and matching', async () => {
    const rows = { name: 'tables/pages.ndjson', data: Buffer.from('{"slug":"a"}\n') };
    await expect(
      read(await packArchive([manifest({ pages: 2 }), rows, ...emptyTables(['pages']), end()])),
    ).rejects.toThrow('tables/pages.ndjson holds 1 rows, manifest.json lists 2');
    await expect(read(await packArchive([manifest({ pages: 1 }), rows, end()]))).rejects.toThrow(
      'tables/media_folders.ndjson is missing',
    );
    await expect(read(await packArchive([manifest({ pages: 1 }), rows, ...emptyTables(['pages'])]))).rejects.toThrow(
      'end.json is missing: the archive ends too early',
    );
    await expect(
      read(await packArchive([manifest({ pages: 1 }), rows, ...emptyTables(['pages']), end([jpeg])])),
    ).rejects.toThrow('end.json lists 1 media files of 2004 bytes, the archive holds 0 of 0 bytes');
    await expect(
      read(await packArchive([rows, manifest({ pages: 1 }), ...emptyTables(['pages']), end()])),
    ).rejects.toThrow(/^The file is not a Cenote Atlas backup/);
    await expect(
      read(
        await packArchive([
          manifest({ pages: 1 }),
          { name: 'tables/pages.ndjson', data: Buffer.from('{"slug":"a"}\n{"slug":"b"}\n') },
          ...emptyTables(['pages']),
          end(),
        ]),
      ),
    ).rejects.toThrow('tables/pages.ndjson holds more rows than manifest.json lists');
  });

  it('reads a small version-1 document and refuses a large one with a way out', async () => {
    const document = {
      format: 'cenote-atlas-backup',
      version: 1,
      createdAt: '2026-01-01T00:00:00.000Z',
      tables: Object.fromEntries(tablesBeforeDrafts.map((table) => [table, table === 'pages' ? [{ slug: 'a' }] : []])),
      media: { 'u/x.jpg': jpeg.toString('base64') },
    };
    const result = await read(gzipSync(JSON.stringify(document)));
    expect(result).toMatchObject({ version: 1, rows: [['pages', { slug: 'a' }]], media: [['u/x.jpg', jpeg.length]] });
    await expect(read(gzipSync(JSON.stringify(document)), { maxVersion1Bytes: 1024 })).rejects.toThrow(
      /^This is a version-1 backup \(one JSON document\) larger than 1 KB, which the server does not read/,
    );
  });
});
