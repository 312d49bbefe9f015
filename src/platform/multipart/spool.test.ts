import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drain, removeStaleSpoolFiles, SpoolLimitError, SpoolSourceError, spoolToFile } from './spool.server';

let root: string;
let directory: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cenote-spool-'));
  directory = path.join(root, 'tmp', 'uploads');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const files = () => readdir(directory).catch(() => [] as string[]);

/** A stream of `chunks`, counting how many of them were read. */
function counted(chunks: Buffer[]) {
  let read = 0;
  const stream = Readable.from(
    (function* () {
      for (const chunk of chunks) {
        read++;
        yield chunk;
      }
    })(),
    { objectMode: false },
  );
  return { stream, read: () => read };
}

const chunksOf = (data: Buffer, size: number) =>
  Array.from({ length: Math.ceil(data.length / size) }, (_, index) => data.subarray(index * size, (index + 1) * size));

class Refused extends Error {}

describe('spoolToFile', () => {
  it('writes the stream to a new file in the folder (creating it) and cleans it up', async () => {
    const data = randomBytes(300_000);
    const spooled = await spoolToFile(Readable.from(chunksOf(data, 16_384)), {
      directory,
      maxBytes: 1_000_000,
      prefix: 'upload-',
    });
    expect(path.dirname(spooled.path)).toBe(directory);
    expect(path.basename(spooled.path)).toMatch(/^upload-[0-9a-f-]{36}\.part$/);
    expect(spooled.size).toBe(data.length);
    expect(spooled.head.equals(data.subarray(0, 512))).toBe(true);
    expect((await readFile(spooled.path)).equals(data)).toBe(true);
    await spooled.cleanup();
    await spooled.cleanup();
    expect(await files()).toEqual([]);
  });

  it('gives inspect the first headBytes, gathered from small chunks, before anything is written', async () => {
    const data = randomBytes(10_000);
    const seen: Array<{ head: Buffer; filesThen: string[] }> = [];
    const spooled = await spoolToFile(Readable.from(chunksOf(data, 7)), {
      directory,
      maxBytes: 20_000,
      headBytes: 100,
      inspect: async (head) => {
        seen.push({ head, filesThen: await files() });
      },
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.head.equals(data.subarray(0, 100))).toBe(true);
    expect(seen[0]!.filesThen).toEqual([]);
    expect((await readFile(spooled.path)).equals(data)).toBe(true);
    await spooled.cleanup();
  });

  it('gives inspect the whole stream when it is shorter than headBytes (and nothing for an empty one)', async () => {
    const heads: Buffer[] = [];
    const inspect = (head: Buffer) => void heads.push(head);
    const short = await spoolToFile(Readable.from([Buffer.from('GIF89a')]), { directory, maxBytes: 100, inspect });
    const empty = await spoolToFile(Readable.from([]), { directory, maxBytes: 100, inspect });
    expect(heads.map((head) => head.toString())).toEqual(['GIF89a', '']);
    expect(short.size).toBe(6);
    expect(empty.size).toBe(0);
    await short.cleanup();
    await empty.cleanup();
  });

  it('refuses on the first bytes without writing a file, and reads the rest to its end without keeping it', async () => {
    const chunks = chunksOf(randomBytes(5_000_000), 65_536);
    const source = counted(chunks);
    const refusal = new Refused('not an image');
    const error = await spoolToFile(source.stream, {
      directory,
      maxBytes: 20_000_000,
      inspect: () => {
        throw refusal;
      },
    }).catch((caught: unknown) => caught);
    expect(error).toBe(refusal);
    // Drained: a multipart parser can go on to the next part.
    expect(source.read()).toBe(chunks.length);
    expect(source.stream.readableEnded).toBe(true);
    expect(await files()).toEqual([]);
  });

  it('accepts exactly maxBytes and refuses one byte more with tooLarge, removing the partial file', async () => {
    const exact = await spoolToFile(Readable.from(chunksOf(randomBytes(4096), 1000)), { directory, maxBytes: 4096 });
    expect(exact.size).toBe(4096);
    await exact.cleanup();

    const over = counted([...chunksOf(randomBytes(4097), 1000), randomBytes(50_000)]);
    const error = await spoolToFile(over.stream, { directory, maxBytes: 4096 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpoolLimitError);
    expect(over.stream.readableEnded).toBe(true);
    expect(await files()).toEqual([]);

    const custom = new Refused('too big');
    const small = await spoolToFile(Readable.from([randomBytes(600)]), {
      directory,
      maxBytes: 100,
      tooLarge: () => custom,
    }).catch((caught: unknown) => caught);
    expect(small).toBe(custom);
    expect(await files()).toEqual([]);
  });

  it('removes the partial file and reports a SpoolSourceError when the source fails midway', async () => {
    const source = new PassThrough();
    const spooling = spoolToFile(source, { directory, maxBytes: 10_000_000 }).catch((caught: unknown) => caught);
    source.write(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
    source.write(randomBytes(1_000_000));
    // The file exists while the stream is being spooled…
    for (let attempt = 0; attempt < 100 && (await files()).length === 0; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(await files()).toHaveLength(1);
    // …and is gone once the client is.
    source.destroy(new Error('aborted'));
    const error = await spooling;
    expect(error).toBeInstanceOf(SpoolSourceError);
    expect((error as SpoolSourceError).cause).toMatchObject({ message: 'aborted' });
    expect(await files()).toEqual([]);
  });

  it('reports a source destroyed without an error as a SpoolSourceError too', async () => {
    const source = new PassThrough();
    const spooling = spoolToFile(source, { directory, maxBytes: 1000 }).catch((caught: unknown) => caught);
    source.write(randomBytes(600));
    setTimeout(() => source.destroy(), 20);
    expect(await spooling).toBeInstanceOf(SpoolSourceError);
    expect(await files()).toEqual([]);
  });

  it('reports a source failing while a refused stream is drained', async () => {
    const source = new PassThrough();
    const spooling = spoolToFile(source, {
      directory,
      maxBytes: 1000,
      headBytes: 4,
      inspect: () => {
        throw new Refused('junk');
      },
    }).catch((caught: unknown) => caught);
    source.write(Buffer.from('junk and more'));
    setTimeout(() => source.destroy(new Error('aborted')), 20);
    expect(await spooling).toBeInstanceOf(SpoolSourceError);
    expect(await files()).toEqual([]);
  });
});

describe('drain', () => {
  it('reads a stream to its end, and wraps its failure', async () => {
    const source = counted(chunksOf(randomBytes(100_000), 1000));
    await drain(source.stream);
    expect(source.read()).toBe(100);
    const failing = new PassThrough();
    setTimeout(() => failing.destroy(new Error('reset')), 10);
    await expect(drain(failing)).rejects.toBeInstanceOf(SpoolSourceError);
  });
});

describe('removeStaleSpoolFiles', () => {
  it('removes only files untouched for longer than the given age', async () => {
    await mkdir(directory, { recursive: true });
    const now = Date.now();
    const old = path.join(directory, 'upload-old.part');
    const fresh = path.join(directory, 'upload-fresh.part');
    await writeFile(old, 'left by a killed process');
    await writeFile(fresh, 'an upload in flight');
    const twoHoursAgo = new Date(now - 2 * 60 * 60 * 1000);
    await utimes(old, twoHoursAgo, twoHoursAgo);
    expect(await removeStaleSpoolFiles(directory, 60 * 60 * 1000, now)).toBe(1);
    expect(await files()).toEqual(['upload-fresh.part']);
    expect(await removeStaleSpoolFiles(path.join(root, 'missing'), 1000, now)).toBe(0);
  });
});
