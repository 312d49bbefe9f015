import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, TestClock, type ApiClient } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { firstBlockOf } from '../helpers/publish';
import { rawGet, type RawResponse } from '../helpers/raw-http';

/**
 * Issue #21: anonymous cache hits are answered before Fastify, from headers and bodies built once
 * per cached page. They must be indistinguishable from what the full pipeline sends, and must
 * never reach anyone who may be signed in.
 */

let server: TestApp;
let admin: ApiClient;
const clock = new TestClock();
/** Requests that went through Fastify's hooks, by path: the cache-hit path adds none. */
const throughFastify: string[] = [];

beforeAll(async () => {
  server = await startTestApp({
    clock,
    extraRoutes: (app) => {
      app.addHook('onRequest', async (request) => {
        throughFastify.push(request.url);
      });
    },
  });
  admin = await signedInClient(server, 'admin');
});
afterAll(async () => {
  await server.close();
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  rawGet(`${server.url}${path}`, headers, method);
/** An empty session cookie: the pipeline treats it as anonymous, the hit path leaves it to the pipeline. */
const viaPipeline = { cookie: 'ca_session=' };

/** How often a path went through Fastify while `run` ran. */
async function pipelineCount(path: string, run: () => Promise<unknown>): Promise<number> {
  const before = throughFastify.filter((url) => url === path).length;
  await run();
  return throughFastify.filter((url) => url === path).length - before;
}

/** The headers that differ by the moment or the connection, not by what was sent. */
function comparable(response: RawResponse): Record<string, string | undefined> {
  const { date: _date, ...rest } = response.headers;
  return rest;
}

describe('the cache-hit path', () => {
  it('answers a repeated anonymous page view without Fastify, with the pipeline’s own headers and bytes', async () => {
    const codings = ['br', 'gzip', 'identity'];
    expect(await pipelineCount('/cenote-angelita', () => get('/cenote-angelita'))).toBe(1);
    for (const coding of codings) {
      const headers = { 'accept-encoding': coding };
      let fast: RawResponse | undefined;
      expect(await pipelineCount('/cenote-angelita', async () => (fast = await get('/cenote-angelita', headers)))).toBe(
        0,
      );
      const full = await get('/cenote-angelita', { ...headers, ...viaPipeline });
      expect(fast!.status).toBe(200);
      expect(fast!.headers['x-cache']).toBe('HIT');
      expect(comparable(fast!), coding).toEqual(comparable(full));
      expect(fast!.body.equals(full.body), coding).toBe(true);
      // The security headers the pipeline adds as a response goes out are there too.
      expect(fast!.headers['content-security-policy']).toContain("default-src 'self'");
      expect(fast!.headers['x-frame-options']).toBe('DENY');
      expect(fast!.text).toContain('Angelita');
    }
  });

  it('answers a matching If-None-Match with the same 304, and HEAD with the same headers and no body', async () => {
    const first = await get('/cenote-carwash', { 'accept-encoding': 'gzip' });
    const etag = first.headers['etag']!;
    const conditional = { 'accept-encoding': 'gzip', 'if-none-match': etag };
    let fast: RawResponse | undefined;
    expect(await pipelineCount('/cenote-carwash', async () => (fast = await get('/cenote-carwash', conditional)))).toBe(
      0,
    );
    const full = await get('/cenote-carwash', { ...conditional, ...viaPipeline });
    expect(fast!.status).toBe(304);
    expect(fast!.body.length).toBe(0);
    expect(comparable(fast!)).toEqual(comparable(full));

    const head = await get('/cenote-carwash', { 'accept-encoding': 'gzip' }, 'HEAD');
    const fullHead = await get('/cenote-carwash', { 'accept-encoding': 'gzip', ...viaPipeline }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(comparable(head)).toEqual(comparable(fullHead));
    expect(head.headers['content-length']).toBe(String(first.body.length));
  });

  it('serves the cached page whatever the query string, as the pipeline does', async () => {
    const plain = await get('/cenote-el-pit', { 'accept-encoding': 'br' });
    let tagged: RawResponse | undefined;
    expect(
      await pipelineCount('/cenote-el-pit?utm_source=newsletter', async () => {
        tagged = await get('/cenote-el-pit?utm_source=newsletter', { 'accept-encoding': 'br' });
      }),
    ).toBe(0);
    expect(tagged!.headers['x-cache']).toBe('HIT');
    expect(tagged!.body.equals(plain.body)).toBe(true);
  });

  it('leaves signed-in editors, credentials and other methods to the pipeline', async () => {
    await get('/cenote-dos-ojos');
    const editorView = await admin.request('GET', '/cenote-dos-ojos');
    expect(editorView.status).toBe(200);
    expect(editorView.headers.get('x-cache')).toBeNull();
    expect(editorView.headers.get('cache-control')).toBe('no-store');

    const maybeSignedIn: Array<Record<string, string>> = [
      { authorization: 'Bearer not-a-token' },
      { cookie: 'theme=dark; ca_session=abc' },
    ];
    for (const headers of maybeSignedIn) {
      expect(await pipelineCount('/cenote-dos-ojos', () => get('/cenote-dos-ojos', headers))).toBe(1);
    }
    // Other cookies do not make a visitor someone.
    expect(await pipelineCount('/cenote-dos-ojos', () => get('/cenote-dos-ojos', { cookie: 'theme=dark' }))).toBe(0);
    const post = await get('/cenote-dos-ojos', {}, 'POST');
    expect(post.status).toBe(404);
  });

  it('shows a published edit at once, and stops when caching is switched off or the entry is older than allowed', async () => {
    await get('/cenote-dreamgate');
    expect((await get('/cenote-dreamgate')).headers['x-cache']).toBe('HIT');
    const { page, block } = await firstBlockOf(server.app, 'cenote-dreamgate');
    const saved = await admin.request('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, block_data: { ...block.block_data, title: 'Dreamgate after the rain' } },
    });
    expect(saved.status).toBe(200);
    const published = await admin.request('POST', `/api/v1/pages/${page.id}/publish`, {
      body: { version: page.version },
    });
    expect(published.status).toBe(200);
    const after = await get('/cenote-dreamgate');
    expect(after.headers['x-cache']).toBe('MISS');
    expect(after.text).toContain('Dreamgate after the rain');

    // Older than the cache duration (24 h by default): rendered again.
    expect((await get('/cenote-dreamgate')).headers['x-cache']).toBe('HIT');
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect((await get('/cenote-dreamgate')).headers['x-cache']).toBe('MISS');

    const current = await admin.get<{ settings: Record<string, unknown> }>('/api/v1/settings/performance');
    const off = await admin.request('PUT', '/api/v1/settings/performance', {
      body: { ...current.body.settings, enable_caching: false },
    });
    expect(off.status).toBe(200);
    await get('/cenote-dreamgate');
    const uncached = await get('/cenote-dreamgate');
    expect(uncached.status).toBe(200);
    expect(uncached.headers['x-cache']).toBeUndefined();
  });
});

describe('log lines of cache hits (ADR 036)', () => {
  /** Parsed JSON log lines of a server started with `captureLogs`. */
  const parsed = (app: TestApp) =>
    app.logs().map(
      (line) =>
        JSON.parse(line) as {
          msg: string;
          req?: { url?: string };
          res?: { statusCode?: number };
          cacheHits?: number;
        },
    );

  it('writes one "request completed" line per hit with LOG_CACHE_HITS=each', async () => {
    const logged = await startTestApp({ captureLogs: true, env: { LOG_CACHE_HITS: 'each' } });
    try {
      await rawGet(`${logged.url}/cenote-angelita`);
      const hit = await rawGet(`${logged.url}/cenote-angelita?from=feed`);
      expect(hit.headers['x-cache']).toBe('HIT');
      const lines = parsed(logged).filter((line) => line.req?.url === '/cenote-angelita?from=feed');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
    } finally {
      await logged.close();
    }
  });

  it('sums hits up by default in JSON logs, with 304s and the busiest paths, at the latest when the server stops', async () => {
    const logged = await startTestApp({ captureLogs: true });
    try {
      const first = await rawGet(`${logged.url}/cenote-angelita`);
      await rawGet(`${logged.url}/cenote-angelita`);
      await rawGet(`${logged.url}/cenote-angelita`, { 'if-none-match': first.headers['etag']! });
      await rawGet(`${logged.url}/`);
      await rawGet(`${logged.url}/`);
      expect(parsed(logged).filter((line) => line.req?.url === '/cenote-angelita')).toHaveLength(1);
    } finally {
      await logged.close();
    }
    const summaries = parsed(logged).filter((line) => line.msg === 'served cached pages');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({
      cacheHits: 3,
      notModified: 1,
      paths: [
        { path: '/cenote-angelita', hits: 2 },
        { path: '/', hits: 1 },
      ],
    });
  });
});
