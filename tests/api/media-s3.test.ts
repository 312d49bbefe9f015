import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type ServiceInputTypes,
} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, immutableCacheControl, S3MediaStore } from '../../src/features/media/s3-storage.server';
import { createMediaStore } from '../../src/features/media/create-media-store.server';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { testPicture } from '../helpers/test-images';

/**
 * The same upload/serve/delete path as media.test.ts, on S3-compatible storage: s3rver (an
 * in-process fake S3 server from npm) listens on 127.0.0.1 and the app is configured with
 * S3_BUCKET/S3_ENDPOINT like any deployment.
 */
const bucket = 'cenote-media';
const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3: S3rver;
let s3Dir: string;
let endpoint: string;
let client: S3Client;
let server: TestApp;
let editor: ApiClient;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'cenote-s3-'));
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials });
  server = await startTestApp({
    seed: false,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
    },
  });
  editor = await signedInClient(server, 'editor');
});
afterAll(async () => {
  await server?.close();
  client?.destroy();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

async function head(key: string) {
  try {
    return await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return undefined;
    throw error;
  }
}

async function upload(data: Buffer, name: string) {
  if (!editor.csrfToken) await editor.session();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
  const response = await fetch(`${server.url}/api/v1/media`, {
    method: 'POST',
    headers: { cookie: editor.cookieHeader(), 'x-csrf-token': editor.csrfToken ?? '' },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      images: {
        id: string;
        original_url: string;
        webp_url: string;
        avif_url: string;
        thumbnail_url: string;
        file_size: number;
      }[];
    },
  };
}

describe('media on S3-compatible storage', () => {
  it('selects the S3 store when S3_BUCKET is set', () => {
    expect(server.app.media.kind).toBe('s3');
    expect(createMediaStore(server.config)).toBeInstanceOf(S3MediaStore);
  });

  it('uploads every variant with its content type and an immutable cache header, serves and deletes them', async () => {
    const response = await upload(await testPicture(2400, 1600), 'cenote-on-s3.jpg');
    expect(response.status).toBe(201);
    const [image] = response.body.images;
    const id = image!.id;
    const keys = {
      [`u/${id}.jpg`]: 'image/jpeg',
      [`u/${id}.webp`]: 'image/webp',
      [`u/${id}.avif`]: 'image/avif',
      [`u/${id}-thumb.webp`]: 'image/webp',
    };
    for (const [key, type] of Object.entries(keys)) {
      const object = await head(key);
      expect(object, key).toBeDefined();
      expect(object?.ContentType, key).toBe(type);
      expect(object?.CacheControl, key).toBe(immutableCacheControl);
    }
    expect((await head(`u/${id}.jpg`))?.ContentLength).toBe(image!.file_size);
    // Nothing went to the local folder.
    expect(await readdir(path.join(server.config.dataDir, 'media')).catch(() => [])).toEqual([]);

    const served = await fetch(`${server.url}${image!.original_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe(immutableCacheControl);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.length).toBe(image!.file_size);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 1280 });

    const removed = await fetch(`${server.url}/api/v1/media/${id}`, {
      method: 'DELETE',
      headers: { cookie: editor.cookieHeader(), 'x-csrf-token': editor.csrfToken ?? '' },
    });
    expect(removed.status).toBe(204);
    for (const key of Object.keys(keys)) expect(await head(key), key).toBeUndefined();
    expect((await fetch(`${server.url}${image!.original_url}`)).status).toBe(404);
  });

  it('answers missing objects as missing and streams stored ones', async () => {
    const store = new S3MediaStore({ bucket, endpoint, region: 'us-east-1', ...credentials });
    expect(await store.get('u/none.jpg')).toBeUndefined();
    expect(await store.exists('u/none.jpg')).toBe(false);
    expect(await store.get('../etc/passwd')).toBeUndefined();
    await store.put('seed/sample.webp', Buffer.from('RIFF....WEBP'), '');
    expect(await store.exists('seed/sample.webp')).toBe(true);
    const object = await store.get('seed/sample.webp');
    expect(object).toMatchObject({ size: 12, contentType: 'image/webp' });
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('RIFF....WEBP');
    const direct = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'seed/sample.webp' }));
    expect(direct.CacheControl).toBe(immutableCacheControl);
    await store.delete('seed/sample.webp');
    await store.delete('seed/sample.webp');
    expect(await store.exists('seed/sample.webp')).toBe(false);
  });
});

describe('S3 client settings', () => {
  it('uses path-style addressing on a custom endpoint, virtual hosts on AWS', async () => {
    const custom = await createS3Client({
      bucket,
      endpoint: 'https://minio.example.test:9000',
      region: 'eu-west-1',
      ...credentials,
    });
    expect(custom.config.forcePathStyle).toBe(true);
    expect((await custom.config.endpoint?.())?.hostname).toBe('minio.example.test');
    const aws = await createS3Client({ bucket, endpoint: undefined, region: 'eu-west-1', ...credentials });
    expect(aws.config.forcePathStyle).not.toBe(true);
    expect(await aws.config.region()).toBe('eu-west-1');
  });

  it('builds PutObject with the bucket, key, content type and cache header', async () => {
    const sent: ServiceInputTypes[] = [];
    const stub = { send: async (command: { input: ServiceInputTypes }) => void sent.push(command.input) };
    const store = new S3MediaStore(
      { bucket: 'b', endpoint: undefined, region: 'us-east-1', ...credentials },
      stub as unknown as S3Client,
    );
    await store.put('u/x.avif', Buffer.from('abc'), 'image/avif');
    await expect(store.put('../x.jpg', Buffer.from('abc'), 'image/jpeg')).rejects.toThrow(/Invalid media key/);
    expect(sent).toEqual([
      {
        Bucket: 'b',
        Key: 'u/x.avif',
        Body: Buffer.from('abc'),
        ContentLength: 3,
        ContentType: 'image/avif',
        CacheControl: 'public, max-age=31536000, immutable',
      },
    ]);
    expect(new PutObjectCommand(sent[0] as never).input).toMatchObject({ Key: 'u/x.avif' });
  });
});
