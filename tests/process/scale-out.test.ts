import { readdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/auth';
import { createPostgresDatabase, postgresAdminUrl } from '../helpers/test-database';
import { testPicture } from '../helpers/test-images';
import {
  availablePort,
  spawnServer,
  startFakeS3,
  stopServers,
  waitForHealthy,
  type FakeS3,
  type ServerProcess,
} from '../helpers/server-process';

/**
 * The deployment architecture.md describes: stateless instances behind a load balancer on one
 * PostgreSQL database and one S3-compatible bucket. Two real server processes (src/server/main.ts)
 * share a fresh database and a bucket served by s3rver; each has its own DATA_DIR, so nothing can
 * pass between them through a local folder.
 */
const admin = { email: 'scale-admin@example.com', password: 'scale-admin-password' };
const cleanups: Array<() => Promise<void>> = [];
const dataDirs: string[] = [];
let a: ServerProcess;
let b: ServerProcess;
let s3: FakeS3;
let bucketClient: S3Client;

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

interface ImageDto {
  id: string;
  filename: string;
  original_url: string;
  webp_url: string | null;
  avif_url: string | null;
  thumbnail_url: string | null;
  medium_webp_url: string | null;
  medium_avif_url: string | null;
  width: number;
  height: number;
  file_size: number;
}

interface Fetched {
  status: number;
  contentType: string | null;
  bytes: Buffer;
}

async function fetchBytes(server: ServerProcess, url: string): Promise<Fetched> {
  const response = await fetch(`${server.url}${url}`);
  return {
    status: response.status,
    contentType: response.headers.get('content-type'),
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

/** Uploads like the admin's media library does: multipart, session cookie and CSRF header. */
async function uploadThrough(server: ServerProcess, client: ApiClient, data: Buffer, name: string) {
  if (!client.csrfToken) await client.session();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
  form.append('alt_text', 'A test picture uploaded through instance A');
  const response = await fetch(`${server.url}/api/v1/media`, {
    method: 'POST',
    headers: { cookie: client.cookieHeader(), 'x-csrf-token': client.csrfToken ?? '' },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as { images: ImageDto[] } };
}

async function bucketKeys(prefix: string): Promise<string[]> {
  const listed = await bucketClient.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
}

/** NOTIFY reaches the other instance asynchronously: poll its page for a while instead of once. */
async function pageOnceItContains(server: ServerProcess, route: string, needle: string): Promise<string> {
  let html = '';
  for (let attempt = 0; attempt < 100; attempt++) {
    html = await (await fetch(`${server.url}${route}`)).text();
    if (html.includes(needle)) return html;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return html;
}

/** Block saves go into the draft (decision 30); the publish is what visitors, and B, see. */
async function publishThrough(client: ApiClient, pageId: string): Promise<void> {
  const current = await client.get<{ page: { version: number } }>(`/api/v1/pages/${pageId}`);
  const published = await client.request('POST', `/api/v1/pages/${pageId}/publish`, {
    body: { version: current.body.page.version },
  });
  expect(published.status).toBe(200);
}

describe.runIf(postgresAdminUrl())('two instances on one PostgreSQL and one S3 bucket', () => {
  beforeAll(async () => {
    s3 = await startFakeS3();
    cleanups.push(() => s3.close());
    bucketClient = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    cleanups.push(async () => bucketClient.destroy());
    const database = await createPostgresDatabase();
    cleanups.push(database.drop);
    for (let index = 0; index < 2; index++) {
      const dataDir = await mkdtemp(path.join(tmpdir(), 'cenote-scale-'));
      dataDirs.push(dataDir);
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    }
    // Cleanups run in reverse: the servers stop before their folders and database go.
    const servers: ServerProcess[] = [];
    cleanups.push(() => stopServers(servers));
    for (const dataDir of dataDirs) {
      servers.push(
        spawnServer({
          PORT: await availablePort(),
          DATA_DIR: dataDir,
          DATABASE_URL: database.url,
          ADMIN_EMAIL: admin.email,
          ADMIN_PASSWORD: admin.password,
          ...s3.env,
        }),
      );
    }
    await Promise.all(servers.map((server) => waitForHealthy(server, 120_000)));
    [a, b] = servers as [ServerProcess, ServerProcess];
  }, 150_000);

  it('a session made on A works on B', async () => {
    const client = new ApiClient(a.url);
    expect((await client.signIn(admin.email, admin.password)).status).toBe(200);
    const onB = await fetch(`${b.url}/api/v1/auth/session`, { headers: { cookie: client.cookieHeader() } });
    const body = (await onB.json()) as { user: { email: string } | null };
    expect(body.user?.email).toBe(admin.email);
  });

  it('a CSRF token signed by A is accepted by B, and the one B issues at sign-out works on A', async () => {
    const onA = new ApiClient(a.url);
    expect((await onA.signIn(admin.email, admin.password)).status).toBe(200);
    const signedInToken = onA.csrfToken!;
    // The same browser, its next request reaching B: B reads the session and keeps A's token.
    const onB = new ApiClient(b.url);
    for (const [name, value] of onA.cookies) onB.cookies.set(name, value);
    onB.csrfToken = signedInToken;
    const session = await onB.get<{ user: { email: string } | null; csrfToken: string }>('/api/v1/auth/session');
    expect(session.body.user?.email).toBe(admin.email);
    expect(session.body.csrfToken).toBe(signedInToken);
    expect(session.setCookies.filter((line) => line.startsWith('ca_csrf='))).toEqual([]);

    const signOut = await onB.post('/api/v1/auth/sign-out');
    expect(signOut.status).toBe(204);
    expect(onB.csrfToken).not.toBe(signedInToken);
    // Back on A with B's new token: accepted (past the CSRF check, the malformed link token is
    // what is refused); A's signed-in token is not, its session is gone.
    const backOnA = new ApiClient(a.url);
    for (const [name, value] of onB.cookies) backOnA.cookies.set(name, value);
    backOnA.csrfToken = onB.csrfToken;
    expect((await backOnA.post('/api/v1/auth/verify', { token: 'not-a-token' })).status).toBe(400);
    backOnA.cookies.set('ca_csrf', signedInToken);
    backOnA.csrfToken = signedInToken;
    expect((await backOnA.post('/api/v1/auth/verify', { token: 'not-a-token' })).status).toBe(403);
  });

  it("an edit through A is on B's next response (B's cached page is invalidated)", async () => {
    await (await fetch(`${b.url}/cenote-el-pit`)).text();
    const cached = await fetch(`${b.url}/cenote-el-pit`);
    expect(cached.headers.get('x-cache')).toBe('HIT');
    await cached.text();

    const client = new ApiClient(a.url);
    await client.signIn(admin.email, admin.password);
    const page = await client.get<{ page: { id: string } }>('/api/v1/pages/by-slug/cenote-el-pit');
    const blocks = await client.get<{
      blocks: Array<{ id: string; version: number; block_type: string; block_data: Record<string, unknown> }>;
    }>(`/api/v1/pages/${page.body.page.id}/blocks`);
    const hero = blocks.body.blocks.find((block) => block.block_type === 'hero')!;
    const saved = await client.request('PATCH', `/api/v1/blocks/${hero.id}`, {
      body: { version: hero.version, block_data: { ...hero.block_data, title: 'Edited on instance A' } },
    });
    expect(saved.status).toBe(200);
    await publishThrough(client, page.body.page.id);

    // B's cache entry would otherwise live for the whole cache duration (a day), so only the
    // invalidation signal from A can make the edit appear on B within the polling window.
    expect(await pageOnceItContains(b, '/cenote-el-pit', 'Edited on instance A')).toContain('Edited on instance A');
  });

  it('the seed images went to the shared bucket once, and both instances serve them', async () => {
    // Only one instance ran the seed (start-up lock), yet both must serve its pictures.
    expect(await bucketKeys('seed/cenote-angelita')).toEqual([
      'seed/cenote-angelita-800.avif',
      'seed/cenote-angelita-800.webp',
      'seed/cenote-angelita-thumb.webp',
      'seed/cenote-angelita.avif',
      'seed/cenote-angelita.jpg',
      'seed/cenote-angelita.webp',
    ]);
    const fromA = await fetchBytes(a, '/media/seed/cenote-angelita.jpg');
    const fromB = await fetchBytes(b, '/media/seed/cenote-angelita.jpg');
    for (const fetched of [fromA, fromB]) {
      expect(fetched.status).toBe(200);
      expect(fetched.contentType).toBe('image/jpeg');
    }
    expect(fromB.bytes.equals(fromA.bytes)).toBe(true);
    expect((await sharp(fromB.bytes).metadata()).format).toBe('jpeg');
  });

  it('an image uploaded through A is served by B, listed by B, used on B’s pages, and deleted for B too', async () => {
    const onA = new ApiClient(a.url);
    expect((await onA.signIn(admin.email, admin.password)).status).toBe(200);
    const uploaded = await uploadThrough(a, onA, await testPicture(1600, 1000), 'scale-out-upload.jpg');
    expect(uploaded.status).toBe(201);
    const image = uploaded.body.images[0]!;
    const variants = [
      { url: image.original_url, type: 'image/jpeg', format: 'jpeg', width: image.width },
      { url: image.webp_url, type: 'image/webp', format: 'webp', width: image.width },
      { url: image.avif_url, type: 'image/avif', format: 'heif', width: image.width },
      { url: image.thumbnail_url, type: 'image/webp', format: 'webp', width: 400 },
      { url: image.medium_webp_url, type: 'image/webp', format: 'webp', width: 800 },
      { url: image.medium_avif_url, type: 'image/avif', format: 'heif', width: 800 },
    ];
    for (const variant of variants) expect(variant.url, variant.type).toMatch(new RegExp(`^/media/u/${image.id}`));
    const variantUrls = variants.map((variant) => variant.url!);
    expect(await bucketKeys(`u/${image.id}`)).toEqual(variantUrls.map((url) => url.replace('/media/', '')).sort());

    // Every variant from B: the same file A serves, of the right type and size.
    for (const variant of variants) {
      const fromA = await fetchBytes(a, variant.url!);
      const fromB = await fetchBytes(b, variant.url!);
      expect(fromA.status, variant.url!).toBe(200);
      expect(fromB.status, variant.url!).toBe(200);
      expect(fromB.contentType, variant.url!).toBe(variant.type);
      expect(fromB.bytes.equals(fromA.bytes), variant.url!).toBe(true);
      const metadata = await sharp(fromB.bytes).metadata();
      expect(metadata.format, variant.url!).toBe(variant.format);
      expect(metadata.width, variant.url!).toBe(variant.width);
    }
    expect((await fetchBytes(b, image.original_url)).bytes.length).toBe(image.file_size);

    // B's media library (admin API, B's own sign-in) lists the item A stored.
    const onB = new ApiClient(b.url);
    expect((await onB.signIn(admin.email, admin.password)).status).toBe(200);
    const listed = await onB.get<{ images: ImageDto[] }>('/api/v1/media');
    expect(listed.status).toBe(200);
    expect(listed.body.images.find((item) => item.id === image.id)).toMatchObject({
      filename: image.filename,
      original_url: image.original_url,
      width: image.width,
      height: image.height,
      file_size: image.file_size,
    });

    // The form the public site uses: a page's <picture> whose sources are the variant URLs.
    const page = await onA.get<{ page: { id: string } }>('/api/v1/pages/by-slug/cenote-angelita');
    const blocks = await onA.get<{
      blocks: Array<{ id: string; version: number; block_type: string; block_data: Record<string, unknown> }>;
    }>(`/api/v1/pages/${page.body.page.id}/blocks`);
    const hero = blocks.body.blocks.find((block) => block.block_type === 'hero')!;
    const saved = await onA.request('PATCH', `/api/v1/blocks/${hero.id}`, {
      body: { version: hero.version, block_data: { ...hero.block_data, backgroundImage: image.original_url } },
    });
    expect(saved.status).toBe(200);
    await publishThrough(onA, page.body.page.id);
    const html = await pageOnceItContains(b, '/cenote-angelita', `/media/u/${image.id}`);
    const onPage = [...new Set(html.match(new RegExp(`/media/u/${image.id}[a-z0-9.-]*`, 'g')) ?? [])].sort();
    expect(onPage).toEqual([...variantUrls].sort());
    for (const url of onPage) expect((await fetchBytes(b, url)).status, url).toBe(200);

    // Deleted through A: gone from the bucket, from B's responses and from B's library.
    const removed = await onA.request('DELETE', `/api/v1/media/${image.id}`);
    expect(removed.status).toBe(204);
    expect(await bucketKeys(`u/${image.id}`)).toEqual([]);
    for (const url of variantUrls) expect((await fetchBytes(b, url)).status, url).toBe(404);
    expect((await onB.get(`/api/v1/media/${image.id}`)).status).toBe(404);
    const after = await onB.get<{ images: ImageDto[] }>('/api/v1/media');
    expect(after.body.images.some((item) => item.id === image.id)).toBe(false);

    // Nothing went through a local folder: both instances kept their media in the bucket.
    for (const dataDir of dataDirs) {
      expect(await readdir(path.join(dataDir, 'media')).catch(() => [])).toEqual([]);
    }
  });

  it('rate limits are shared: attempts on A count on B', async () => {
    const email = 'nobody-here@example.com';
    const client = new ApiClient(a.url);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await client.signIn(email, 'wrong-password')).status).toBe(401);
    }
    const onB = new ApiClient(b.url);
    const limited = await onB.signIn(email, 'wrong-password');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
