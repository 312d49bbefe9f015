import { createReadStream } from 'node:fs';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import tar from 'tar-stream';
import { z } from 'zod';
import { isValidMediaKey } from '../media/storage.server';
import {
  BackupError,
  backupFormat,
  backupMessages,
  backupVersion,
  defaultBackupLimits,
  endEntry,
  endSchema,
  manifestEntry,
  manifestSchema,
  sizeText,
  tableEntry,
  tableNames,
  tablesBeforeDrafts,
  tablesOfVersion,
  unsupportedVersion,
  type ArchiveVisitor,
  type BackupLimits,
  type BackupManifest,
  type BackupTable,
  type TableBeforeDrafts,
} from './backup-archive.server';

/*
 * Reading a backup archive (the format is described in backup-archive.server.ts) as a stream,
 * bounded in what it inflates and holds, checking the archive's own bookkeeping as it goes.
 */

type Sniffed = 'tar' | 'json';

/**
 * Counts the decompressed bytes and stops the stream at the limit, so an archive that inflates
 * without end (a "zip bomb") is refused after reading no more than the limit. It also looks at the
 * first 512 bytes to tell a tar (versions 2 and 3) from a JSON document (version 1) from anything else.
 */
class InflateGuard extends Transform {
  total = 0;
  sniffed: Sniffed | undefined;
  private head: Buffer[] = [];
  private headBytes = 0;
  private limit: number;
  private limitMessage: string;

  constructor(private readonly limits: BackupLimits) {
    super();
    this.limit = limits.maxInflatedBytes;
    this.limitMessage = backupMessages.inflatedTooLarge(limits.maxInflatedBytes);
  }

  /** After end.json only the tar's end blocks and padding may follow. */
  endSeen(): void {
    this.limit = this.total + 64 * 1024;
    this.limitMessage = backupMessages.damaged('unexpected data after the end of the archive');
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.total += chunk.length;
    if (this.total > this.limit) {
      callback(new BackupError(this.limitMessage));
      return;
    }
    if (this.sniffed) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < 512) {
      callback();
      return;
    }
    this.releaseHead(callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.sniffed || this.headBytes === 0) {
      if (!this.sniffed) callback(new BackupError(backupMessages.notABackup));
      else callback();
      return;
    }
    this.releaseHead(callback);
  }

  private releaseHead(callback: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    const text = head.subarray(0, 64).toString('latin1').trimStart();
    if (text.startsWith('{')) {
      this.sniffed = 'json';
      // The whole document is parsed in memory: its own, much lower limit applies.
      this.limit = Math.min(this.limit, this.limits.maxVersion1Bytes);
      this.limitMessage = backupMessages.version1TooLarge(this.limits.maxVersion1Bytes);
      if (this.total > this.limit) {
        callback(new BackupError(this.limitMessage));
        return;
      }
    } else if (head.length >= 512 && head.subarray(257, 262).toString('latin1') === 'ustar') {
      this.sniffed = 'tar';
    } else {
      callback(new BackupError(backupMessages.notABackup));
      return;
    }
    this.emit('sniffed', this.sniffed);
    callback(null, head);
  }
}

/** Turns stream failures (zlib, tar, our own limits) into a BackupError with a readable message. */
function explain(error: unknown, inflated: number): Error {
  if (error instanceof BackupError) return error;
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'Z_DATA_ERROR' && inflated === 0) return new BackupError(backupMessages.notGzip);
  if (code === 'Z_BUF_ERROR' || /unexpected end/i.test(message)) {
    return new BackupError(backupMessages.damaged('it ends too early'));
  }
  if (typeof code === 'string' && code.startsWith('Z_')) {
    return new BackupError(backupMessages.damaged(`the compressed data is corrupt: ${message}`));
  }
  if (/tar header|header exceeds|invalid header/i.test(message)) {
    return new BackupError(backupMessages.damaged('an entry header is corrupt'));
  }
  return error instanceof Error ? error : new Error(message);
}

async function readSmall(body: AsyncIterable<Buffer>, name: string, max: number): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) throw new BackupError(backupMessages.lineTooLong(name, 1, max));
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BackupError(backupMessages.damaged(`${name} is not valid JSON`));
  }
}

/**
 * Splits an entry into lines without ever holding more than one line (at most maxLineBytes) and
 * hands each parsed line on, waiting for the handler before reading further.
 */
async function readLines(
  body: AsyncIterable<Buffer>,
  name: string,
  maxLineBytes: number,
  onLine: (value: unknown, line: number) => void | Promise<void>,
): Promise<number> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let line = 0;
  const finishLine = async (parts: Buffer[]) => {
    line++;
    const text = Buffer.concat(parts).toString('utf8');
    if (text.trim() === '') throw new BackupError(backupMessages.damaged(`${name} line ${line} is empty`));
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BackupError(backupMessages.damaged(`${name} line ${line} is not valid JSON`));
    }
    await onLine(value, line);
  };
  for await (const chunk of body) {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(10, start);
      const end = newline === -1 ? chunk.length : newline;
      pendingBytes += end - start;
      if (pendingBytes > maxLineBytes) {
        throw new BackupError(backupMessages.lineTooLong(name, line + 1, maxLineBytes));
      }
      if (end > start) pending.push(chunk.subarray(start, end));
      if (newline === -1) break;
      const parts = pending;
      pending = [];
      pendingBytes = 0;
      await finishLine(parts);
      start = newline + 1;
    }
  }
  if (pendingBytes > 0) throw new BackupError(backupMessages.damaged(`${name} does not end with a line break`));
  return line;
}

function parseWith<S extends z.ZodType>(schema: S, value: unknown, what: string): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.map(String).join('.');
  throw new BackupError(backupMessages.damaged(`${what}: ${field ? `${field}: ` : ''}${issue?.message ?? 'invalid'}`));
}

function isBackupTable(name: string): name is BackupTable {
  return (tableNames as readonly string[]).includes(name);
}

/** Reads a tar (version 2 or 3) entry by entry, checking the archive's own bookkeeping as it goes. */
async function readTar(
  extract: tar.Extract,
  guard: InflateGuard,
  limits: BackupLimits,
  visitor: ArchiveVisitor,
): Promise<number> {
  let manifest: BackupManifest | undefined;
  let tables: readonly BackupTable[] = tableNames;
  let ended = false;
  const rowsSeen = new Map<BackupTable, number>();
  let files = 0;
  let fileBytes = 0;
  for await (const source of extract) {
    const { name, type } = source.header;
    const size = source.header.size;
    const entry = source as unknown as AsyncIterable<Buffer>;
    if (!manifest && name !== manifestEntry) throw new BackupError(backupMessages.notABackup);
    if (ended) throw new BackupError(backupMessages.damaged(`an entry "${name}" follows ${endEntry}`));
    if (type !== 'file') throw new BackupError(backupMessages.damaged(`"${name}" is not a plain file`));
    if (name === manifestEntry) {
      if (manifest) throw new BackupError(backupMessages.damaged(`${manifestEntry} appears twice`));
      const raw = await readSmall(entry, name, limits.maxLineBytes);
      const format = (raw as { format?: unknown } | null)?.format;
      if (format !== backupFormat) {
        throw new BackupError(
          `The file is not a Cenote Atlas backup (format is ${JSON.stringify(format ?? null)}, expected "${backupFormat}").`,
        );
      }
      manifest = parseWith(manifestSchema, raw, manifestEntry);
      if (manifest.version < 2 || manifest.version > backupVersion) {
        throw new BackupError(unsupportedVersion(manifest.version));
      }
      tables = tablesOfVersion(manifest.version);
      for (const table of tables) {
        const count = manifest.tables[table];
        if (count === undefined) throw new BackupError(backupMessages.damaged(`${manifestEntry} lists no "${table}"`));
        if (count > limits.maxRowsPerTable) {
          throw new BackupError(
            `The backup lists ${count} ${table} rows; a restore reads at most ${limits.maxRowsPerTable} per table.`,
          );
        }
      }
      await visitor.manifest(manifest);
    } else if (name.startsWith('tables/') && name.endsWith('.ndjson')) {
      const table = name.slice('tables/'.length, -'.ndjson'.length);
      if (!isBackupTable(table) || !tables.includes(table)) {
        throw new BackupError(backupMessages.damaged(`unknown table file "${name}"`));
      }
      if (rowsSeen.has(table)) throw new BackupError(backupMessages.damaged(`${name} appears twice`));
      const expected = manifest?.tables[table] ?? 0;
      const count = await readLines(entry, name, limits.maxLineBytes, async (value, line) => {
        if (line > expected) {
          throw new BackupError(backupMessages.damaged(`${name} holds more rows than ${manifestEntry} lists`));
        }
        await visitor.row(table, value, line);
      });
      if (count !== expected) {
        throw new BackupError(
          backupMessages.damaged(`${name} holds ${count} rows, ${manifestEntry} lists ${expected}`),
        );
      }
      rowsSeen.set(table, count);
    } else if (name.startsWith('media/')) {
      const key = name.slice('media/'.length);
      if (!isValidMediaKey(key)) throw new BackupError(backupMessages.damaged(`"${name}" is not a valid media name`));
      if (size > limits.maxMediaFileBytes) {
        throw new BackupError(
          `The backup's media file ${key} is ${sizeText(size)}; a restore takes files of at most ${sizeText(limits.maxMediaFileBytes)}.`,
        );
      }
      await visitor.media(key, entry, size);
      files++;
      fileBytes += size;
    } else if (name === endEntry) {
      const end = parseWith(endSchema, await readSmall(entry, name, limits.maxLineBytes), endEntry);
      if (end.files !== files || end.file_bytes !== fileBytes) {
        throw new BackupError(
          backupMessages.damaged(
            `${endEntry} lists ${end.files} media files of ${end.file_bytes} bytes, the archive holds ${files} of ${fileBytes} bytes`,
          ),
        );
      }
      ended = true;
      guard.endSeen();
    } else {
      throw new BackupError(backupMessages.damaged(`unexpected entry "${name}"`));
    }
  }
  if (!manifest) throw new BackupError(backupMessages.notABackup);
  for (const table of tables) {
    if (!rowsSeen.has(table)) throw new BackupError(backupMessages.damaged(`${tableEntry(table)} is missing`));
  }
  if (!ended) throw new BackupError(backupMessages.damaged(`${endEntry} is missing: the archive ends too early`));
  return manifest.version;
}

const version1Schema = z.object({
  format: z.literal(backupFormat),
  version: z.literal(1),
  createdAt: z.iso.datetime({ offset: true }),
  tables: z.object(
    Object.fromEntries(tablesBeforeDrafts.map((table) => [table, z.array(z.unknown())])) as {
      [T in TableBeforeDrafts]: z.ZodArray<z.ZodUnknown>;
    },
  ),
  media: z.record(z.string(), z.string()),
});

/** A version-1 archive (one JSON document, media as base64), handed on as if it were version 2. */
async function readVersion1(body: AsyncIterable<Buffer>, visitor: ArchiveVisitor): Promise<void> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  let document: unknown;
  try {
    document = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BackupError(backupMessages.damaged('the JSON document is incomplete or invalid'));
  }
  chunks.length = 0;
  const format = (document as { format?: unknown } | null)?.format;
  if (format !== backupFormat) {
    throw new BackupError(
      `The file is not a Cenote Atlas backup (format is ${JSON.stringify(format ?? null)}, expected "${backupFormat}").`,
    );
  }
  const version = (document as { version?: unknown }).version;
  if (version !== 1) throw new BackupError(unsupportedVersion(version));
  const parsed = parseWith(version1Schema, document, 'the version-1 document');
  const seo = parsed.tables.seo_settings[0] as { site_title?: unknown } | undefined;
  await visitor.manifest({
    format: backupFormat,
    version: 1,
    created_at: parsed.createdAt,
    source: { site_title: typeof seo?.site_title === 'string' ? seo.site_title : null, url: null },
    tables: Object.fromEntries(tablesBeforeDrafts.map((table) => [table, parsed.tables[table].length])),
  });
  for (const table of tablesBeforeDrafts) {
    for (const [index, row] of parsed.tables[table].entries()) await visitor.row(table, row, index + 1);
  }
  for (const [key, base64] of Object.entries(parsed.media)) {
    if (!isValidMediaKey(key)) throw new BackupError(backupMessages.damaged(`"${key}" is not a valid media name`));
    const data = Buffer.from(base64, 'base64');
    await visitor.media(key, Readable.from([data]), data.length);
  }
}

/**
 * Reads a backup file (either version) as a stream: decompression is bounded by
 * limits.maxInflatedBytes, a row by limits.maxLineBytes, and nothing is held beyond one row or
 * one chunk of a media file at a time. Every problem is a BackupError.
 */
export async function readBackupFile(
  file: string,
  visitor: ArchiveVisitor,
  limits: BackupLimits = defaultBackupLimits,
): Promise<{ version: number }> {
  const source = createReadStream(file);
  const gunzip = createGunzip();
  const guard = new InflateGuard(limits);
  let failure: Error | undefined;
  const streams: Array<NodeJS.ReadableStream & { destroy(error?: Error): void }> = [source, gunzip, guard];
  const fail = (error: unknown) => {
    failure ??= explain(error, guard.total);
    for (const stream of streams) stream.destroy();
  };
  for (const stream of streams) stream.on('error', fail);
  source.pipe(gunzip).pipe(guard);
  try {
    const sniffed = await new Promise<Sniffed>((resolve, reject) => {
      guard.once('sniffed', resolve);
      guard.once('close', () => reject(failure ?? new BackupError(backupMessages.notABackup)));
    });
    if (sniffed === 'json') {
      await readVersion1(guard, visitor);
      if (failure) throw failure;
      return { version: 1 };
    }
    const extract = tar.extract();
    const onStreamError = (error: unknown) => extract.destroy(failure ?? explain(error, guard.total));
    for (const stream of streams) stream.on('error', onStreamError);
    guard.on('close', () => {
      if (failure) extract.destroy(failure);
    });
    guard.pipe(extract);
    let version: number;
    try {
      version = await readTar(extract, guard, limits, visitor);
    } catch (error) {
      extract.destroy();
      throw failure ?? explain(error, guard.total);
    }
    if (failure) throw failure;
    return { version };
  } catch (error) {
    throw failure ?? explain(error, guard.total);
  } finally {
    for (const stream of streams) stream.destroy();
  }
}
