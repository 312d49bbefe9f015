import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ApiClient,
  clearRateLimits,
  createUserWithRole,
  signedInClient,
  TestClock,
  type ErrorBody,
} from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

// Small limits so the test can reach them; production defaults are 240 per session and 600 per
// address a minute (env.server.ts).
const perSession = 5;
const perAddress = 8;

let server: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  server = await startTestApp({
    seed: false,
    clock,
    env: { WRITE_LIMIT_PER_SESSION: String(perSession), WRITE_LIMIT_PER_ADDRESS: String(perAddress) },
  });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await clearRateLimits(server);
  clock.advance(61_000);
});

let pageNumber = 0;
const createPage = (client: ApiClient) => {
  pageNumber++;
  return client.post<ErrorBody>('/api/v1/pages', {
    title: `Limit page ${pageNumber}`,
    slug: `limit-page-${pageNumber}`,
  });
};

function expectWriteLimited(response: { status: number; body: ErrorBody; headers: Headers }) {
  expect(response.status).toBe(429);
  expect(response.body.error.code).toBe('rate_limited');
  expect(response.body.error.message).toMatch(
    /^Too many changes in a short time\. Please wait \d+ (seconds?|minute) and try again\.$/,
  );
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('rate limits on every API write', () => {
  it('limits one session per minute, leaves reads alone, and recovers when the window ends', async () => {
    const editor = await signedInClient(server, 'editor');
    // Signing in was a write from this address but not yet from the session.
    await clearRateLimits(server);
    for (let write = 1; write <= perSession; write++) expect((await createPage(editor)).status).toBe(201);
    const limited = await createPage(editor);
    expectWriteLimited(limited);
    // Nothing was created by the refused write.
    const list = await editor.get<{ pages: Array<{ slug: string }> }>('/api/v1/pages');
    expect(list.status).toBe(200);
    expect(list.body.pages.some((page) => page.slug === `limit-page-${pageNumber}`)).toBe(false);
    // Reads never count.
    for (let read = 0; read < perAddress + 2; read++) expect((await editor.get('/api/v1/pages')).status).toBe(200);

    clock.advance(61_000);
    expect((await createPage(editor)).status).toBe(201);
  });

  it('a second session from the same address has its own session count but shares the address count', async () => {
    const first = await signedInClient(server, 'editor');
    const second = await signedInClient(server, 'editor');
    await clearRateLimits(server);
    for (let write = 1; write <= perSession; write++) expect((await createPage(first)).status).toBe(201);
    expectWriteLimited(await createPage(first));
    // The refused write counted for the address too (6 so far): the second session may make 2 more.
    expect((await createPage(second)).status).toBe(201);
    expect((await createPage(second)).status).toBe(201);
    expectWriteLimited(await createPage(second));
  });

  it('counts anonymous writes per address, refused ones included, so dropping the cookie does not help', async () => {
    const anonymous = new ApiClient(server.url);
    for (let write = 1; write <= perAddress; write++) {
      expect((await anonymous.post('/api/v1/pages', { title: 'x', slug: `anon-${write}` })).status).toBe(401);
    }
    expectWriteLimited(await anonymous.post<ErrorBody>('/api/v1/pages', { title: 'x', slug: 'anon-last' }));
    // The limit is the address's: a signed-in editor from the same address is limited as well.
    const { email, password } = await createUserWithRole(server, 'editor');
    const editor = new ApiClient(server.url);
    expectWriteLimited(await editor.signIn(email, password));
  });
});
