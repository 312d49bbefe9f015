import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hitRateLimit, rateLimitRules } from '../../src/features/auth/rate-limits.server';
import {
  ApiClient,
  clearRateLimits,
  createUserWithRole,
  hours,
  minutes,
  TestClock,
  uniqueEmail,
  type ErrorBody,
} from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

let server: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  server = await startTestApp({ seed: false, clock });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await clearRateLimits(server);
});

function expectLimited(response: { status: number; body: ErrorBody; headers: Headers }, maxSeconds: number) {
  expect(response.status).toBe(429);
  expect(response.body.error.code).toBe('rate_limited');
  expect(response.body.error.message).toMatch(
    /^Too many attempts\. Please wait \d+ (minutes?|seconds?|hours?) and try again\.$/,
  );
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('sign-in limits', () => {
  it('allows 10 attempts per account in 15 minutes, then 429 with Retry-After, and recovers', async () => {
    const { email, password } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await client.signIn(email, 'wrong-password')).status).toBe(401);
    }
    const limited = await client.signIn(email, password);
    expectLimited(limited, 15 * 60);
    expect(limited.body.error.message).toBe('Too many attempts. Please wait 15 minutes and try again.');

    clock.advance(minutes(15) + 1000);
    expect((await client.signIn(email, password)).status).toBe(200);
  });

  it('a successful sign-in starts the account count again', async () => {
    const { email, password } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    for (let attempt = 1; attempt <= 9; attempt++) await client.signIn(email, 'wrong-password');
    expect((await client.signIn(email, password)).status).toBe(200);
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await client.signIn(email, 'wrong-password')).status).toBe(401);
    }
  });

  it('allows 30 attempts per address in 15 minutes across accounts', async () => {
    const client = new ApiClient(server.url);
    for (let attempt = 1; attempt <= 30; attempt++) {
      expect((await client.signIn(uniqueEmail('spray'), 'wrong-password')).status).toBe(401);
    }
    expectLimited(await client.signIn(uniqueEmail('spray'), 'wrong-password'), 15 * 60);
    clock.advance(minutes(16));
    expect((await client.signIn(uniqueEmail('spray'), 'wrong-password')).status).toBe(401);
  });
});

describe('sign-up and e-mail request limits', () => {
  it('allows 5 sign-ups per address per hour', async () => {
    const client = new ApiClient(server.url);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(
        (await client.post('/api/v1/auth/sign-up', { email: uniqueEmail(), password: 'secret-enough' })).status,
      ).toBe(201);
    }
    const limited = await client.post<ErrorBody>('/api/v1/auth/sign-up', {
      email: uniqueEmail(),
      password: 'secret-enough',
    });
    expectLimited(limited, 3600);
    clock.advance(hours(1));
    expect(
      (await client.post('/api/v1/auth/sign-up', { email: uniqueEmail(), password: 'secret-enough' })).status,
    ).toBe(201);
  });

  for (const route of ['/api/v1/auth/reset-request', '/api/v1/auth/resend-verification']) {
    it(`${route}: 3 per e-mail and 5 per address per hour`, async () => {
      const client = new ApiClient(server.url);
      const email = uniqueEmail('limited');
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect((await client.post(route, { email })).status).toBe(202);
      }
      expectLimited(await client.post<ErrorBody>(route, { email }), 3600);
      // Other e-mails still work until the per-address limit: 5 requests in all, the refused one counted.
      expect((await client.post(route, { email: uniqueEmail() })).status).toBe(202);
      expectLimited(await client.post<ErrorBody>(route, { email: uniqueEmail() }), 3600);
      clock.advance(hours(1) + 1000);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await client.post(route, { email: uniqueEmail() })).status).toBe(202);
      }
      expectLimited(await client.post<ErrorBody>(route, { email: uniqueEmail() }), 3600);
    });
  }
});

describe('the counter', () => {
  it('counts concurrent hits atomically (one upsert per hit)', async () => {
    const now = clock.now();
    const hits = await Promise.all(
      Array.from({ length: 25 }, () => hitRateLimit(server.app.db, rateLimitRules.signInIp, '198.51.100.7', now)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(hits.filter((hit) => hit.limited)).toHaveLength(0);
    const over = await Promise.all(
      Array.from({ length: 10 }, () => hitRateLimit(server.app.db, rateLimitRules.signInIp, '198.51.100.7', now)),
    );
    expect(over.filter((hit) => hit.limited)).toHaveLength(5);
    expect(new Set(over.map((hit) => hit.resetAt.getTime())).size).toBe(1);
  });
});
