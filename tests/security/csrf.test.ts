import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteAccess } from '../../src/server/plugins/access.server';
import { ApiClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

let server: TestApp;
const publicUrl = 'https://atlas.example';

beforeAll(async () => {
  server = await startTestApp({ seed: false, env: { PUBLIC_URL: publicUrl } });
});
afterAll(async () => {
  await server.close();
});

const csrfFailed = {
  code: 'csrf_failed',
  message: 'This request did not come from the Cenote Atlas site. Reload the page and try again.',
};

function mutatingApiRoutes(): RouteAccess[] {
  return server.app.routeAccess.filter(
    (route) => route.url.startsWith('/api/') && !['GET', 'HEAD', 'OPTIONS'].includes(route.method),
  );
}

function concretePath(url: string): string {
  return url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x');
}

describe('CSRF protection', () => {
  it('covers the auth and setup writes', () => {
    const urls = mutatingApiRoutes().map((route) => `${route.method} ${route.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'POST /api/v1/auth/sign-in',
        'POST /api/v1/auth/sign-up',
        'POST /api/v1/auth/sign-out',
        'POST /api/v1/auth/reset-request',
        'POST /api/v1/auth/reset-password',
        'POST /api/v1/auth/verify',
        'POST /api/v1/auth/resend-verification',
        'POST /api/v1/setup',
      ]),
    );
  });

  it('refuses every mutating API route without the token, with a wrong one, and cross-origin even with it', async () => {
    const client = new ApiClient(server.url);
    await client.session();
    const token = client.csrfToken!;
    const attempts: Array<[string, Record<string, string>, boolean]> = [
      ['no header', {}, false],
      ['a wrong token', { 'x-csrf-token': 'A'.repeat(43) }, false],
      ['a foreign Origin', { 'x-csrf-token': token, origin: 'https://evil.example' }, false],
      ['Sec-Fetch-Site: cross-site', { 'x-csrf-token': token, 'sec-fetch-site': 'cross-site' }, false],
      ['Sec-Fetch-Site: same-site', { 'x-csrf-token': token, 'sec-fetch-site': 'same-site' }, false],
      ['Origin: null', { 'x-csrf-token': token, origin: 'null' }, false],
    ];
    const failures: string[] = [];
    for (const route of mutatingApiRoutes()) {
      for (const [what, headers] of attempts) {
        const response = await client.request<ErrorBody>(route.method, concretePath(route.url), {
          body: {},
          csrf: false,
          headers,
        });
        if (response.status !== 403 || response.body.error?.code !== 'csrf_failed') {
          failures.push(`${route.method} ${route.url} with ${what}: ${response.status}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses the header without the cookie', async () => {
    const client = new ApiClient(server.url);
    await client.session();
    client.cookies.delete('ca_csrf');
    const response = await client.post<ErrorBody>('/api/v1/auth/reset-request', { email: 'a@example.com' });
    expect(response.status).toBe(403);
    expect(response.body.error).toEqual(csrfFailed);
  });

  it('accepts the token from this site: no Origin, the public origin, its own host, same-origin fetches', async () => {
    const client = new ApiClient(server.url);
    const allowed: Array<Record<string, string>> = [
      {},
      { origin: publicUrl },
      { origin: server.url },
      { 'sec-fetch-site': 'same-origin', origin: publicUrl },
      { 'sec-fetch-site': 'none' },
    ];
    for (const headers of allowed) {
      const response = await client.request('POST', '/api/v1/auth/sign-out', { body: {}, headers });
      expect(response.status, JSON.stringify(headers)).toBe(204);
    }
  });

  it('hands out one token per browser and never blocks reads', async () => {
    const client = new ApiClient(server.url);
    const first = await client.session();
    expect(first.body.csrfToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.setCookies.some((line) => line.startsWith('ca_csrf='))).toBe(true);
    const second = await client.session();
    expect(second.body.csrfToken).toBe(first.body.csrfToken);
    expect(second.setCookies).toEqual([]);

    const read = await client.get('/api/v1/pages', {
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
    expect((await client.request('HEAD', '/api/health', { headers: { origin: 'https://evil.example' } })).status).toBe(
      200,
    );
  });
});
