import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { connect } from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../src/features/media/media.dto';
import { images } from '../../src/features/media/media.table';
import { signedInClient, type ApiClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { testPicture } from '../helpers/test-images';

/*
 * Decision 46 / issue #24: uploads are read as streams. A request whose body is cut off (the
 * client closes before its Content-Length, or the closing boundary never comes) answers 400
 * invalid_upload, never 500, and leaves no temporary file; junk parts are refused after their
 * first bytes and the request goes on to the next part; stored file names lose bidirectional
 * and other invisible format characters.
 */

interface UploadBody {
  images: ImageDto[];
  errors?: Array<{ filename: string; code: string; message: string }>;
}

let server: TestApp;
let editor: ApiClient;

const cutOff = {
  code: 'invalid_upload',
  message: 'The upload was cut off before it finished. Please try again.',
  field: 'file',
};

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
  await editor.session();
});
afterAll(async () => {
  if (server) await server.close();
});

const spoolDir = () => path.join(server.config.dataDir, 'tmp', 'uploads');
const spooledFiles = () => readdir(spoolDir()).catch(() => [] as string[]);
const mediaFiles = async () =>
  (await readdir(path.join(server.config.dataDir, 'media'), { recursive: true }).catch(() => [] as string[])).sort();
const imageRows = async () => (await server.app.db.select({ id: images.id }).from(images)).length;

async function expectHealthy(): Promise<void> {
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  await health.arrayBuffer();
}

/** Polls until `check` passes (the server may still be cleaning up when the client has its answer). */
async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

const boundary = '----cenote-stream-test';
const partHead = (filename: string, type = 'image/jpeg', field = 'file') =>
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
const partEnd = Buffer.from('\r\n');
const closing = Buffer.from(`--${boundary}--\r\n`);

interface RawAnswer {
  status: number;
  body: (UploadBody & ErrorBody) | undefined;
}

/**
 * Sends an upload over a raw socket, so the test controls exactly what arrives: the announced
 * Content-Length, the bytes really sent, and how the client finishes ('end' closes its sending
 * side and waits for the answer, 'destroy' drops the connection, 'complete' just waits).
 * Resolves with the answer, or undefined when the connection closed without one.
 */
async function rawUpload(options: {
  contentLength: number;
  chunks: Buffer[];
  finish: 'end' | 'destroy' | 'complete';
  contentType?: string;
  /** Runs after the chunks are sent and before the client finishes. */
  beforeFinish?: () => Promise<void>;
}): Promise<RawAnswer | undefined> {
  const url = new URL(server.url);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  const closed = new Promise<void>((resolve) => {
    socket.on('close', () => resolve());
    // A reset after our own destroy() or the server's is an expected way to end here.
    socket.on('error', () => {});
  });
  const write = (data: Buffer | string) =>
    new Promise<void>((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve())));
  await write(
    [
      'POST /api/v1/media HTTP/1.1',
      `Host: ${url.host}`,
      `Content-Type: ${options.contentType ?? `multipart/form-data; boundary=${boundary}`}`,
      `Content-Length: ${options.contentLength}`,
      `Cookie: ${editor.cookieHeader()}`,
      `X-CSRF-Token: ${editor.csrfToken ?? ''}`,
      'Accept: application/json',
      'Connection: close',
      '',
      '',
    ].join('\r\n'),
  );
  for (const chunk of options.chunks) await write(chunk);
  await options.beforeFinish?.();
  if (options.finish === 'end') socket.end();
  if (options.finish === 'destroy') socket.destroy();
  await closed;
  const text = Buffer.concat(received).toString('utf8');
  if (!text) return undefined;
  const [head = '', ...rest] = text.split('\r\n\r\n');
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
  const body = rest.join('\r\n\r\n');
  return { status, body: body ? (JSON.parse(body) as UploadBody & ErrorBody) : undefined };
}

describe('a cut-off upload', () => {
  it('without its closing boundary answers 400 invalid_upload, stores nothing and leaves no temporary file', async () => {
    const before = { rows: await imageRows(), files: await mediaFiles() };
    // A whole, valid image: only the end of the form is missing.
    const chunks = [partHead('whole.jpg'), await testPicture(320, 200), partEnd];
    const answer = await rawUpload({
      contentLength: chunks.reduce((total, chunk) => total + chunk.length, 0),
      chunks,
      finish: 'complete',
    });
    expect(answer?.status).toBe(400);
    expect(answer?.body).toEqual({ error: cutOff });
    await eventually(async () => expect(await spooledFiles()).toEqual([]));
    expect(await imageRows()).toBe(before.rows);
    expect(await mediaFiles()).toEqual(before.files);
    await expectHealthy();
  });

  it('that stops before its Content-Length answers 400 invalid_upload and removes the file it was spooling', async () => {
    const before = { rows: await imageRows(), files: await mediaFiles() };
    const picture = await testPicture(640, 480);
    // A JPEG start followed by 3 MB: well past the first check, so it is being spooled to disk when cut.
    const sent = [partHead('cut.jpg'), picture, randomBytes(3 * 1024 * 1024)];
    let seenWhileSending: string[] = [];
    const answer = await rawUpload({
      contentLength: 10 * 1024 * 1024,
      chunks: sent,
      finish: 'end',
      beforeFinish: async () => {
        // The server really is spooling this upload to a temporary file before the cut.
        await eventually(async () => {
          seenWhileSending = await spooledFiles();
          expect(seenWhileSending).toHaveLength(1);
        });
      },
    });
    expect(seenWhileSending[0]).toMatch(/^upload-[0-9a-f-]{36}\.part$/);
    expect(answer?.status).toBe(400);
    expect(answer?.body).toEqual({ error: cutOff });
    await eventually(async () => expect(await spooledFiles()).toEqual([]));
    expect(await imageRows()).toBe(before.rows);
    expect(await mediaFiles()).toEqual(before.files);
    await expectHealthy();
  });

  it('whose client drops the connection mid-file leaves no temporary file and the server keeps working', async () => {
    const sent = [partHead('dropped.jpg'), await testPicture(640, 480), randomBytes(2 * 1024 * 1024)];
    const answer = await rawUpload({
      contentLength: 8 * 1024 * 1024,
      chunks: sent,
      finish: 'destroy',
      beforeFinish: () => eventually(async () => expect(await spooledFiles()).toHaveLength(1)),
    });
    expect(answer).toBeUndefined();
    await eventually(async () => expect(await spooledFiles()).toEqual([]));
    await expectHealthy();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await testPicture(200, 100))], { type: 'image/jpeg' }), 'after.jpg');
    const after = await fetch(`${server.url}/api/v1/media`, {
      method: 'POST',
      headers: { cookie: editor.cookieHeader(), 'x-csrf-token': editor.csrfToken ?? '' },
      body: form,
    });
    expect(after.status).toBe(201);
    await after.arrayBuffer();
  });

  it('that is not multipart at all (no boundary) answers 400 invalid_upload', async () => {
    const body = Buffer.concat([partHead('x.jpg'), await testPicture(64, 48), partEnd, closing]);
    const answer = await rawUpload({
      contentLength: body.length,
      chunks: [body],
      finish: 'complete',
      contentType: 'multipart/form-data',
    });
    expect(answer?.status).toBe(400);
    expect(answer?.body?.error.code).toBe('invalid_upload');
    expect(answer?.body?.error.message).toBe(
      'The upload could not be read: it is not valid multipart/form-data. Please try again.',
    );
    expect(await spooledFiles()).toEqual([]);
    await expectHealthy();
  });
});

describe('requests the HTTP parser gives up on', () => {
  /**
   * Raw bytes in, the raw answers out. The client closes its sending side after writing, or
   * with `closeAfterAnswer` only once a first answer has arrived.
   */
  async function rawExchange(request: string, closeAfterAnswer = false): Promise<string> {
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    const received: Buffer[] = [];
    const firstData = new Promise<void>((resolve) => socket.once('data', () => resolve()));
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    if (closeAfterAnswer) {
      socket.write(request);
      await firstData;
      socket.end();
    } else {
      socket.end(request);
    }
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    return Buffer.concat(received).toString('utf8');
  }
  const parse = (text: string) => {
    const [headers = '', body = ''] = text.split('\r\n\r\n');
    return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]), headers, body: JSON.parse(body) as unknown };
  };

  it('answers a cut-off JSON body and a broken request line in the API error shape', async () => {
    const body = '{"name":"Cut off';
    const cut = parse(
      await rawExchange(
        `POST /api/v1/media/folders HTTP/1.1\r\nHost: ${new URL(server.url).host}\r\n` +
          `Content-Type: application/json\r\nCookie: ${editor.cookieHeader()}\r\n` +
          `X-CSRF-Token: ${editor.csrfToken ?? ''}\r\nContent-Length: ${body.length + 100}\r\n\r\n${body}`,
      ),
    );
    expect(cut.status).toBe(400);
    expect(cut.headers).toMatch(/content-type: application\/json/i);
    expect(cut.body).toEqual({
      error: { code: 'incomplete_request', message: 'The request was cut off before it finished. Please try again.' },
    });
    const broken = parse(await rawExchange('NOT HTTP AT ALL\r\n\r\n'));
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: { code: 'bad_request', message: 'The request is not valid HTTP.' } });
    await expectHealthy();
  });

  it('adds nothing after an answer a hook already sent before the body came', async () => {
    // No CSRF token: refused with 403 before the body is read; then the body stops short.
    const text = await rawExchange(
      `POST /api/v1/media/folders HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n` +
        `Cookie: ${editor.cookieHeader()}\r\nContent-Length: 500\r\n\r\n{"name":"x`,
      true,
    );
    expect(text.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    const answer = parse(text);
    expect(answer.status).toBe(403);
    expect(answer.body).toMatchObject({ error: { code: 'csrf_failed' } });
  });
});

describe('reading parts as streams', () => {
  it('refuses a junk part after its first bytes and goes on to store the image after it', async () => {
    const picture = await testPicture(300, 200);
    const junk = Buffer.concat([Buffer.from('MZ\x90\x00 not an image'), randomBytes(15 * 1024 * 1024)]);
    const body = [
      partHead('setup.exe.jpg'),
      junk,
      partEnd,
      partHead('ignored.jpg', 'image/jpeg', 'other'),
      picture,
      partEnd,
      partHead('after-junk.jpg'),
      picture,
      partEnd,
      closing,
    ];
    const answer = await rawUpload({
      contentLength: body.reduce((total, chunk) => total + chunk.length, 0),
      chunks: body,
      finish: 'complete',
    });
    expect(answer?.status, JSON.stringify(answer?.body)).toBe(201);
    // The file in another field is read past, not stored.
    expect(answer?.body?.images.map((image) => image.filename)).toEqual(['after-junk.jpg']);
    expect(answer?.body?.errors).toEqual([
      { filename: 'setup.exe.jpg', code: 'invalid_file', message: 'Please select an image file.' },
    ]);
    expect(await spooledFiles()).toEqual([]);
  });

  it('refuses a file over 20 MB with 413 after reading at most one byte more, leaving no temporary file', async () => {
    const picture = await testPicture(64, 48);
    const size = 20 * 1024 * 1024 + 1;
    const body = [partHead('big.jpg'), picture, Buffer.alloc(size - picture.length), partEnd, closing];
    const answer = await rawUpload({
      contentLength: body.reduce((total, chunk) => total + chunk.length, 0),
      chunks: body,
      finish: 'complete',
    });
    expect(answer?.status).toBe(413);
    expect(answer?.body?.error.code).toBe('payload_too_large');
    expect(await spooledFiles()).toEqual([]);
  });
});

describe('file names', () => {
  it('stores names without bidirectional overrides, isolates, zero-width and other format characters', async () => {
    const picture = await testPicture(120, 80);
    const names: Array<[string, string]> = [
      // Shown reversed as "png.exe.png" in the media library before.
      ['\u202Egnp.exe.png', 'gnp.exe.png'],
      ['in\u2066vo\u2069ice\u202D\u202C\u202A\u202B.jpg', 'invoice.jpg'],
      ['zero\u200B\u200C\u200D\u200E\u200Fwidth\u061C\uFEFF.jpg', 'zerowidth.jpg'],
      // FormData escapes CR and LF itself; the other controls and separators arrive as they are.
      ['tab\there\u2028\u0085\u007F.jpg', 'tabhere.jpg'],
      ['Cenote Azul – día 2.jpg', 'Cenote Azul – día 2.jpg'],
      ['\u202E\u200B', 'image'],
    ];
    const form = new FormData();
    for (const [sent] of names) form.append('file', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), sent);
    const response = await fetch(`${server.url}/api/v1/media`, {
      method: 'POST',
      headers: { cookie: editor.cookieHeader(), 'x-csrf-token': editor.csrfToken ?? '', accept: 'application/json' },
      body: form,
    });
    const body = (await response.json()) as UploadBody;
    expect(response.status, JSON.stringify(body)).toBe(201);
    expect(body.images.map((image) => image.filename)).toEqual(names.map(([, stored]) => stored));
    // What the database holds, and what the library lists, is the cleaned name.
    const [row] = await server.app.db
      .select({ filename: images.filename })
      .from(images)
      .where(eq(images.id, body.images[0]!.id));
    expect(row?.filename).toBe('gnp.exe.png');
    const listed = await editor.get<{ images: ImageDto[] }>(`/api/v1/media?q=${encodeURIComponent('gnp.exe')}`);
    expect(listed.body.images.map((image) => image.filename)).toEqual(['gnp.exe.png']);
    for (const image of body.images) expect(image.filename).not.toMatch(/[\p{Cc}\p{Cf}\u2028\u2029]/u);
  });
});
