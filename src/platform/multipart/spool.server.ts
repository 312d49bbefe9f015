import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * Streams one uploaded file (a multipart part, a request body, ...) to a temporary file, so the
 * server never holds a whole upload in memory (decision 46). The first bytes are checked before
 * anything is written; a refused or oversize stream is drained (read to its end and discarded,
 * so the parser can go on to the next part and the request can still be answered) and leaves no
 * file behind. A failing source (a cut-off request) also leaves no file behind.
 */

export interface SpoolOptions {
  /** The folder for the temporary file; created when missing. */
  directory: string;
  /** The most bytes accepted; a longer stream is refused with `tooLarge()`. */
  maxBytes: number;
  /** How many leading bytes `inspect` is given (fewer only when the stream is shorter). Default 512. */
  headBytes?: number;
  /** Looks at the first bytes before anything is written; throwing refuses the stream. */
  inspect?: (head: Buffer) => void | Promise<void>;
  /** The error a stream longer than maxBytes is refused with (default SpoolLimitError). */
  tooLarge?: () => Error;
  /** Start of the temporary file's name, e.g. 'upload-'. */
  prefix?: string;
}

export interface SpooledFile {
  /** The temporary file: readable until cleanup() (its name is random; its contents are the stream's). */
  path: string;
  size: number;
  /** The first bytes (at most headBytes), as `inspect` saw them. */
  head: Buffer;
  /** Removes the file; safe to call more than once. */
  cleanup: () => Promise<void>;
}

/** A stream was longer than maxBytes. */
export class SpoolLimitError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The file is larger than ${maxBytes} bytes.`);
    this.name = 'SpoolLimitError';
  }
}

/**
 * The source stream failed before it ended (for a request: the client went away or sent a
 * cut-off body). `cause` is the stream's own error. Write failures (a full disk) are not wrapped.
 */
export class SpoolSourceError extends Error {
  constructor(cause: unknown) {
    super(`The upload stream failed: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'SpoolSourceError';
  }
}

const defaultHeadBytes = 512;

/** Reads a stream to its end, discarding the bytes; a stream error becomes a SpoolSourceError. */
export async function drain(source: Readable): Promise<void> {
  try {
    for await (const chunk of source.iterator({ destroyOnReturn: false })) void chunk;
  } catch (error) {
    throw new SpoolSourceError(error);
  }
}

export async function spoolToFile(source: Readable, options: SpoolOptions): Promise<SpooledFile> {
  const headBytes = options.headBytes ?? defaultHeadBytes;
  const tooLarge = options.tooLarge ?? (() => new SpoolLimitError(options.maxBytes));
  // Not destroyed when we stop early: the rest is drained so the caller's parser can move on.
  const chunks = source.iterator({ destroyOnReturn: false });
  const next = async (): Promise<Buffer | undefined> => {
    try {
      const { value, done } = await chunks.next();
      return done ? undefined : (value as Buffer);
    } catch (error) {
      throw new SpoolSourceError(error);
    }
  };
  // The rest of a refused stream is read through the same iterator (a second reader would miss data).
  const refuse = async (reason: unknown): Promise<never> => {
    while (await next());
    throw reason;
  };

  // The head, before anything touches the disk.
  const headParts: Buffer[] = [];
  let headLength = 0;
  let ended = false;
  while (headLength < headBytes) {
    const chunk = await next();
    if (!chunk) {
      ended = true;
      break;
    }
    headParts.push(chunk);
    headLength += chunk.length;
  }
  const buffered = Buffer.concat(headParts);
  const head = Buffer.from(buffered.subarray(0, headBytes));
  if (options.inspect) {
    try {
      await options.inspect(head);
    } catch (reason) {
      return refuse(reason);
    }
  }
  if (buffered.length > options.maxBytes) return refuse(tooLarge());

  const file = path.join(options.directory, `${options.prefix ?? 'spool-'}${randomUUID()}.part`);
  let handle: FileHandle | undefined;
  const cleanup = async () => {
    await rm(file, { force: true });
  };
  try {
    await mkdir(options.directory, { recursive: true });
    handle = await open(file, 'wx', 0o600);
    let size = 0;
    const write = async (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.maxBytes) throw tooLarge();
      for (let offset = 0; offset < chunk.length;) {
        offset += (await handle!.write(chunk, offset, chunk.length - offset)).bytesWritten;
      }
    };
    await write(buffered);
    if (!ended) {
      for (let chunk = await next(); chunk; chunk = await next()) await write(chunk);
    }
    await handle.close();
    handle = undefined;
    return { path: file, size, head, cleanup };
  } catch (error) {
    await handle?.close().catch(() => {});
    await cleanup();
    if (error instanceof SpoolSourceError) throw error;
    // Refused (too large) or the disk failed: the rest of the stream is still read and discarded.
    return refuse(error);
  }
}

/**
 * Removes temporary files a previous process left behind (it was killed mid-upload). Only files
 * untouched for `olderThanMs`, so another process sharing the folder keeps its uploads in flight.
 */
export async function removeStaleSpoolFiles(directory: string, olderThanMs: number, now = Date.now()): Promise<number> {
  const names = await readdir(directory).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(directory, name);
    try {
      const info = await stat(file);
      if (info.isFile() && now - info.mtimeMs > olderThanMs) {
        await rm(file, { force: true });
        removed++;
      }
    } catch {
      // gone meanwhile
    }
  }
  return removed;
}
