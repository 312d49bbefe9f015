import { createHmac, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverSecrets } from '../../src/features/auth/auth.table';
import type { RouteAccess } from '../../src/features/auth/access.server';
import { ApiClient, createUserWithRole, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

let server: TestApp;
const publicUrl = 'https://atlas.example';

beforeAll(async () => {
  server = await startTestApp({ seed: false, env: { PUBLIC_URL: publicUrl } });
});
afterAll(async () => {
  await server.close();
});

/** `<nonce>.<HMAC>`, both 256 bits in base64url. */
const tokenShape = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/;

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
    expect(first.body.csrfToken).toMatch(tokenShape);
    expect(first.setCookies.some((line) => line.startsWith('ca_csrf='))).toBe(true);
    expect(first.setCookies.some((line) => line.startsWith('ca_visitor='))).toBe(true);
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

describe('CSRF tokens are bound to the session (signed double submit)', () => {
  /**
   * A write that needs the token, changes nothing and is not rate limited: a verification with a
   * malformed token. Past the CSRF check it answers 400 invalid_token; refused by it, 403.
   */
  async function probe(client: ApiClient, token = client.csrfToken) {
    return client.post<ErrorBody>(
      '/api/v1/auth/verify',
      { token: 'not-a-token' },
      { csrf: false, headers: { 'x-csrf-token': token ?? '' } },
    );
  }
  const passed = 400;

  async function signedIn(): Promise<ApiClient> {
    const { email, password } = await createUserWithRole(server, 'editor');
    const client = new ApiClient(server.url);
    expect((await client.signIn(email, password)).status).toBe(200);
    return client;
  }

  it("refuses one session's token, cookie and header both, in another session", async () => {
    const alice = await signedIn();
    const bob = await signedIn();
    await alice.session();
    await bob.session();
    expect((await probe(alice)).status).toBe(passed);
    expect((await probe(bob)).status).toBe(passed);

    // Bob's browser sends Alice's token as cookie and header: equal, well formed, signed by
    // this server, but for another session.
    bob.cookies.set('ca_csrf', alice.csrfToken!);
    const crossed = await probe(bob, alice.csrfToken);
    expect(crossed.status).toBe(403);
    expect(crossed.body.error).toEqual(csrfFailed);
  });

  it("refuses one anonymous visitor's token in another visitor's browser", async () => {
    const first = new ApiClient(server.url);
    const second = new ApiClient(server.url);
    await first.session();
    await second.session();
    expect(first.cookies.get('ca_visitor')).not.toBe(second.cookies.get('ca_visitor'));
    second.cookies.set('ca_csrf', first.csrfToken!);
    expect((await probe(second, first.csrfToken)).status).toBe(403);
    expect((await probe(first)).status).toBe(passed);
  });

  it('changes the token at sign-in; the token from before no longer works', async () => {
    const { email, password } = await createUserWithRole(server, 'editor');
    const client = new ApiClient(server.url);
    const before = (await client.session()).body.csrfToken;
    const signIn = await client.signIn(email, password);
    expect(signIn.status).toBe(200);

    // The new token comes in the response header and the cookie, and is what the session reports.
    const fromHeader = signIn.headers.get('x-csrf-token');
    expect(fromHeader).toMatch(tokenShape);
    expect(fromHeader).not.toBe(before);
    expect(client.cookies.get('ca_csrf')).toBe(fromHeader);
    const session = await client.session();
    expect(session.body.csrfToken).toBe(fromHeader);
    expect(session.setCookies).toEqual([]);

    // A page still holding the old token (cookie and header as it had them) is refused.
    const stale = new ApiClient(server.url);
    for (const [name, value] of client.cookies) stale.cookies.set(name, value);
    stale.cookies.set('ca_csrf', before);
    expect((await probe(stale, before)).status).toBe(403);
    expect((await probe(client, before)).status).toBe(403);
    expect((await probe(client)).status).toBe(passed);
  });

  it('changes the token at sign-out; the signed-in token no longer works', async () => {
    const client = await signedIn();
    const whileSignedIn = (await client.session()).body.csrfToken;
    const visitorBefore = client.cookies.get('ca_visitor');
    const signOut = await client.post('/api/v1/auth/sign-out');
    expect(signOut.status).toBe(204);
    const fromHeader = signOut.headers.get('x-csrf-token');
    expect(fromHeader).toMatch(tokenShape);
    expect(fromHeader).not.toBe(whileSignedIn);
    expect(client.cookies.get('ca_csrf')).toBe(fromHeader);
    expect(client.cookies.get('ca_visitor')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(client.cookies.get('ca_visitor')).not.toBe(visitorBefore);
    expect((await client.session()).body).toEqual({ user: null, csrfToken: fromHeader });

    const stale = new ApiClient(server.url);
    for (const [name, value] of client.cookies) stale.cookies.set(name, value);
    stale.cookies.set('ca_csrf', whileSignedIn);
    expect((await probe(stale, whileSignedIn)).status).toBe(403);
    expect((await probe(client)).status).toBe(passed);
  });

  it('refuses tokens the server did not sign, even when cookie and header agree', async () => {
    const client = await signedIn();
    await client.session();
    const [nonce] = client.csrfToken!.split('.');
    const forgeries = {
      'an unsigned random value (plain double submit)': randomBytes(32).toString('base64url'),
      'a nonce with a made-up signature': `${randomBytes(32).toString('base64url')}.${randomBytes(32).toString('base64url')}`,
      "the browser's own nonce re-signed with a guessed key": `${nonce}.${createHmac('sha256', 'secret').update(nonce!).digest('base64url')}`,
      'a truncated token': client.csrfToken!.slice(0, -1),
    };
    for (const [what, forged] of Object.entries(forgeries)) {
      const attacker = new ApiClient(server.url);
      for (const [name, value] of client.cookies) attacker.cookies.set(name, value);
      attacker.cookies.set('ca_csrf', forged);
      const response = await probe(attacker, forged);
      expect(response.status, what).toBe(403);
      expect(response.body.error, what).toEqual(csrfFailed);
    }
    expect((await probe(client)).status).toBe(passed);
  });

  it('signs with one key kept in the database, created once', async () => {
    const rows = await server.app.db.select().from(serverSecrets);
    expect(rows.map((row) => row.name)).toEqual(['signing-key']);
    expect(Buffer.from(rows[0]!.value, 'base64url')).toHaveLength(32);
  });
});
