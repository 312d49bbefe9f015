import { randomBytes } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeNext } from '../../src/shared/lib/api-client';
import {
  ApiClient,
  clearRateLimits,
  createUserWithRole,
  latestTokenFor,
  mailsTo,
  signedInClient,
  uniqueEmail,
  type ErrorBody,
} from '../helpers/auth';
import { projectRoot, startTestApp, type TestApp } from '../helpers/build-app';
import { testPicture } from '../helpers/test-images';

/*
 * Hostile input against the real server over HTTP: open redirects, Host header poisoning,
 * session fixation, cookie flags, oversized/malformed/deep/prototype-polluting bodies, SQL
 * metacharacters in every kind of parameter, path traversal in media and assets, and slugs.
 */

const publicUrl = 'http://atlas.test:8080';
const publicOrigin = new URL(publicUrl).origin;
const hostileHost = 'evil.example';

/** The key every prototype-pollution payload tries to plant; the probe route reports it. */
const pollutionKey = 'pollutedByCenoteTest';

let server: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestApp({
    seed: true,
    env: { PUBLIC_URL: publicUrl },
    extraRoutes: (app) => {
      // Runs inside the server: did any request plant a property on the built-in prototypes?
      app.get('/test-only/prototype-probe', { config: { access: 'public' } }, async () => ({
        object: ({} as Record<string, unknown>)[pollutionKey] ?? null,
        array: ([] as unknown as Record<string, unknown>)[pollutionKey] ?? null,
        fn: ((() => {}) as unknown as Record<string, unknown>)[pollutionKey] ?? null,
        objectOwnKeys: Object.getOwnPropertyNames(Object.prototype).filter((key) => key === pollutionKey),
      }));
    },
  });
  admin = await signedInClient(server, 'admin');
  await admin.session();
});
afterAll(async () => {
  if (server) await server.close();
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request exactly as written: fetch() would normalise `..`, backslashes and the Host header
 * away, so traversal and Host poisoning go through node:http instead.
 */
function rawRequest(input: {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}): Promise<RawResponse> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: hostname, port, method: input.method ?? 'GET', path: input.path, headers: input.headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    request.on('error', reject);
    request.setTimeout(60_000, () => request.destroy(new Error(`no answer for ${input.path}`)));
    request.end(input.body);
  });
}

/** The headers a browser session of `client` sends with a write (cookies and CSRF token). */
async function writeHeaders(client: ApiClient, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  if (!client.csrfToken) await client.session();
  return {
    cookie: client.cookieHeader(),
    'x-csrf-token': client.csrfToken ?? '',
    'content-type': 'application/json',
    accept: 'application/json',
    ...extra,
  };
}

/** Sends a body byte for byte as given (malformed, huge or deeply nested JSON). */
async function sendRawJson(client: ApiClient, method: string, route: string, body: string | Buffer) {
  const response = await rawRequest({ method, path: route, headers: await writeHeaders(client), body });
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(response.body);
  } catch {
    // not JSON: left undefined so the assertion on the error shape fails with the status shown
  }
  return { status: response.status, body: parsed as ErrorBody, raw: response.body };
}

async function expectServerHealthy(): Promise<void> {
  const health = await fetch(`${server.url}/api/health`);
  expect(health.status).toBe(200);
  await health.arrayBuffer();
  const pages = await admin.get<{ pages: unknown[] }>('/api/v1/pages');
  expect(pages.status).toBe(200);
  expect(pages.body.pages.length).toBeGreaterThan(20);
}

async function expectNoPrototypePollution(): Promise<void> {
  const probe = await fetch(`${server.url}/test-only/prototype-probe`);
  expect(probe.status).toBe(200);
  expect(await probe.json()).toEqual({ object: null, array: null, fn: null, objectOwnKeys: [] });
}

interface PageDto {
  id: string;
  slug: string;
  title: string;
  version: number;
  is_published: boolean;
  structured_data: Record<string, unknown> | null;
}

let pageCounter = 0;
/** A fresh slug for pages these tests create. */
function freshSlug(prefix = 'hardening'): string {
  pageCounter += 1;
  return `${prefix}-${pageCounter}-${randomBytes(3).toString('hex')}`;
}

async function createPage(input: Record<string, unknown>): Promise<PageDto> {
  const response = await admin.post<{ page: PageDto } & ErrorBody>('/api/v1/pages', {
    title: 'Hardening page',
    slug: freshSlug(),
    ...input,
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.page;
}

describe('open redirects', () => {
  /**
   * Return addresses an attacker would plant. `home`: the only safe answer is the home page;
   * `local`: a path on this site that merely looks odd (the browser stays on the site).
   */
  const hostileTargets: Array<[string, 'home' | 'local']> = [
    [`https://${hostileHost}/`, 'home'],
    [`http://${hostileHost}/admin`, 'home'],
    [`HTTPS://${hostileHost.toUpperCase()}`, 'home'],
    [`https:${hostileHost}`, 'home'],
    [`//${hostileHost}`, 'home'],
    [`//${hostileHost}/admin`, 'home'],
    [`///${hostileHost}`, 'home'],
    [`/\\${hostileHost}`, 'home'],
    [`\\\\${hostileHost}`, 'home'],
    [`/\t/${hostileHost}`, 'home'],
    [`/\n/${hostileHost}`, 'home'],
    ['javascript:alert(document.domain)', 'home'],
    ['JaVaScRiPt:alert(1)', 'home'],
    [' javascript:alert(1)', 'home'],
    ['data:text/html,<script>alert(1)</script>', 'home'],
    [hostileHost, 'home'],
    [`%2F%2F${hostileHost}`, 'home'],
    [`%2f%2f${hostileHost}`, 'home'],
    [`/auth?next=//${hostileHost}`, 'home'],
    // Dot segments that normalise into '//host' (the browser would leave the site).
    [`/admin/..//${hostileHost}`, 'home'],
    [`/.//${hostileHost}`, 'home'],
    [`/%2e%2e//${hostileHost}`, 'home'],
    [`/a/b/../..//${hostileHost}/x?y=1#z`, 'home'],
    [`/%2F%2F${hostileHost}`, 'local'],
    [`/%5C${hostileHost}`, 'local'],
    [`/%5C%5C${hostileHost}`, 'local'],
    [`/https://${hostileHost}`, 'local'],
  ];
  const returnParameters = ['next', 'redirect_to', 'returnTo'];

  /** Where the account screen sends a signed-in visitor for this `next` value (its own guard). */
  function destinationOf(next: string | null): URL {
    return new URL(safeNext(next), publicUrl);
  }

  it.each(hostileTargets)('the sign-in screen never leaves the site for next=%j', (target, expected) => {
    const destination = destinationOf(target);
    expect(destination.origin).toBe(publicOrigin);
    expect(destination.pathname.startsWith('//')).toBe(false);
    expect(destination.pathname === '/auth' || destination.pathname.startsWith('/auth/')).toBe(false);
    if (expected === 'home') expect(safeNext(target)).toBe('/');
  });

  it.each(hostileTargets)('pages that take a return address neither redirect nor reflect it: %j', async (target) => {
    const value = encodeURIComponent(target);
    const query = returnParameters.map((name) => `${name}=${value}`).join('&');
    for (const route of [
      `/auth?${query}`,
      `/auth/reset-password?token=${'a'.repeat(64)}&${query}`,
      `/auth/verify?token=${'b'.repeat(64)}&${query}`,
      `/setup?token=${'c'.repeat(64)}&${query}`,
      `/?${query}`,
      `/search?q=dos&${query}`,
    ]) {
      const response = await rawRequest({ path: route });
      expect(response.status, route).toBe(200);
      expect(response.headers.location, route).toBeUndefined();
      expect(response.body, route).not.toContain(hostileHost);
      expect(response.body.toLowerCase(), route).not.toContain('javascript:');
    }
  });

  it.each(hostileTargets)('no auth answer echoes or follows a return address: %j', async (target) => {
    await clearRateLimits(server);
    const { email, password } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    const extra = Object.fromEntries(returnParameters.map((name) => [name, target]));
    const query = `?${returnParameters.map((name) => `${name}=${encodeURIComponent(target)}`).join('&')}`;
    const answers = [
      await client.get(`/api/v1/auth/session${query}`),
      await client.post(`/api/v1/auth/sign-in${query}`, { email, password, ...extra }),
      await client.get(`/api/v1/auth/session${query}`),
      await client.post(`/api/v1/auth/reset-request${query}`, { email, ...extra }),
      await client.post(`/api/v1/auth/resend-verification${query}`, { email, ...extra }),
      await client.post(`/api/v1/auth/sign-out${query}`, extra),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 202, 202, 204]);
    for (const answer of answers) {
      expect(answer.headers.get('location')).toBeNull();
      const text = JSON.stringify(answer.body ?? '');
      expect(text).not.toContain(hostileHost);
      expect(text.toLowerCase()).not.toContain('javascript:');
    }
    // The reset e-mail goes to this site whatever the request asked for.
    const [mail] = await mailsTo(server, email);
    expect(mail).toBeDefined();
    expect(mail!.links.length).toBeGreaterThan(0);
    for (const link of mail!.links) expect(new URL(link).origin).toBe(publicOrigin);
    expect(mail!.content).not.toContain(hostileHost);
  });

  it('sign-up ignores a redirect_to (the verification link always returns to this site)', async () => {
    await clearRateLimits(server);
    const email = uniqueEmail('redirect');
    const client = new ApiClient(server.url);
    const signUp = await client.post(
      `/api/v1/auth/sign-up?redirect_to=${encodeURIComponent(`https://${hostileHost}`)}`,
      {
        email,
        password: 'correct horse battery',
        redirect_to: `https://${hostileHost}/welcome`,
        returnTo: `//${hostileHost}`,
        next: 'javascript:alert(1)',
      },
    );
    expect(signUp.status).toBe(201);
    expect(JSON.stringify(signUp.body)).not.toContain(hostileHost);
    const [mail] = await mailsTo(server, email);
    expect(mail!.links.map((link) => `${new URL(link).origin}${new URL(link).pathname}`)).toEqual([
      `${publicOrigin}/auth/verify`,
    ]);
    expect(mail!.content).not.toContain(hostileHost);
    const token = await latestTokenFor(server, email, '/auth/verify');
    const verify = await client.post('/api/v1/auth/verify', { token, redirect_to: `https://${hostileHost}` });
    expect(verify.status).toBe(200);
    expect(verify.headers.get('location')).toBeNull();
    expect(JSON.stringify(verify.body)).not.toContain(hostileHost);
  });

  /** Paths under /admin an attacker could send a signed-out visitor to, exactly as written. */
  const adminGuardPaths = [
    '/admin',
    '/admin/pages?status=draft',
    `/admin//${hostileHost}`,
    `/admin///${hostileHost}`,
    `/admin/\\${hostileHost}`,
    `/admin/%2F%2F${hostileHost}`,
    `/admin/%5C%5C${hostileHost}`,
    `/admin/..%2F..%2F%2F${hostileHost}`,
    `/admin/../../${hostileHost}`,
    `/admin/..//${hostileHost}`,
    `/admin/../..//${hostileHost}`,
    `/admin/%2e%2e//${hostileHost}`,
    `/admin/%0D%0ALocation:%20https://${hostileHost}`,
    `/admin/%E2%80%AE${hostileHost}`,
    `/admin?next=https://${hostileHost}&redirect_to=//${hostileHost}&returnTo=javascript:alert(1)`,
  ];

  it.each(adminGuardPaths)(
    'the /admin guard sends a signed-out visitor to /auth on this site only: %s',
    async (adminPath) => {
      const headerSets: Array<Record<string, string>> = [
        {},
        { host: hostileHost },
        { 'x-forwarded-host': hostileHost, 'x-forwarded-proto': 'https' },
        { forwarded: `host=${hostileHost};proto=https` },
      ];
      for (const headers of headerSets) {
        const response = await rawRequest({ path: adminPath, headers });
        const label = `${adminPath} ${JSON.stringify(headers)}`;
        expect(response.status, label).toBe(302);
        const location = response.headers.location;
        expect(typeof location, label).toBe('string');
        // Relative to this site, no scheme, no host, nothing that could split the header.
        expect(location!, label).toMatch(/^\/auth\?next=[A-Za-z0-9%._~-]*$/);
        const next = new URL(location!, publicUrl).searchParams.get('next');
        expect(next, label).toMatch(/^\/admin(\/|$)/);
        // What the sign-in screen does with it: stays on the site (under /admin unless dot
        // segments climbed out of it, which still lands on a path of this site).
        const destination = destinationOf(next);
        expect(destination.origin, label).toBe(publicOrigin);
        expect(destination.pathname.startsWith('//'), label).toBe(false);
        if (!/\.\.|%2e%2e/i.test(adminPath)) expect(destination.pathname, label).toMatch(/^\/admin(\/|$)/);
        expect(response.headers['set-cookie'] ?? [], label).toEqual([]);
      }
    },
  );

  it('a signed-in visitor without a staff role gets the no-access screen, not a redirect', async () => {
    const viewer = await signedInClient(server, 'viewer');
    const response = await viewer.get<string>(`/admin?next=https://${hostileHost}`);
    expect(response.status).toBe(403);
    expect(response.headers.get('location')).toBeNull();
    expect(response.body).toContain('access to the admin area');
    expect(response.body).not.toContain(hostileHost);
  });

  it('no path outside /admin redirects anywhere, however it is spelled', async () => {
    for (const hostilePath of [
      `//${hostileHost}`,
      `//${hostileHost}/%2e%2e`,
      `/\\${hostileHost}`,
      `/%2F%2F${hostileHost}`,
      `/%5C${hostileHost}`,
      `/auth/`,
      `/auth//${hostileHost}`,
      `/search/`,
      `/cenote-angelita/`,
      `/admin-x`,
    ]) {
      const response = await rawRequest({ path: hostilePath, headers: { host: hostileHost } });
      expect(response.status, hostilePath).toBeLessThan(500);
      expect(response.status === 301 || response.status === 302 || response.status === 307, hostilePath).toBe(false);
      expect(response.headers.location, hostilePath).toBeUndefined();
    }
  });
});

describe('Host header poisoning', () => {
  const poisonedHeaders: Array<[string, Record<string, string>]> = [
    ['Host', { host: hostileHost }],
    ['X-Forwarded-Host', { 'x-forwarded-host': hostileHost, 'x-forwarded-proto': 'https' }],
    [
      'Host and X-Forwarded-Host',
      { host: hostileHost, 'x-forwarded-host': `${hostileHost}:443`, 'x-forwarded-port': '443' },
    ],
    ['Forwarded', { forwarded: `for=203.0.113.9;host=${hostileHost};proto=https` }],
    [
      'X-Original-Host and X-Host',
      { 'x-original-host': hostileHost, 'x-host': hostileHost, 'x-forwarded-server': hostileHost },
    ],
  ];

  /** POSTs JSON over node:http with these extra headers (a real request, Host as given). */
  async function poisonedPost(route: string, body: unknown, headers: Record<string, string>) {
    const client = new ApiClient(server.url);
    return rawRequest({
      method: 'POST',
      path: route,
      headers: await writeHeaders(client, headers),
      body: JSON.stringify(body),
    });
  }

  function expectLinksToThisSite(links: string[], content: string) {
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      expect(link.startsWith(`${publicUrl}/`), link).toBe(true);
      expect(new URL(link).origin).toBe(publicOrigin);
    }
    expect(content).not.toContain(hostileHost);
  }

  it.each(poisonedHeaders)('the verification e-mail links to PUBLIC_URL despite %s', async (_name, headers) => {
    await clearRateLimits(server);
    const email = uniqueEmail('host-signup');
    const response = await poisonedPost('/api/v1/auth/sign-up', { email, password: 'correct horse battery' }, headers);
    expect(response.status, response.body).toBe(201);
    const mails = await mailsTo(server, email);
    expect(mails).toHaveLength(1);
    expectLinksToThisSite(mails[0]!.links, mails[0]!.content);
    expect(mails[0]!.links.some((link) => new URL(link).pathname === '/auth/verify')).toBe(true);

    // Asking for the link again, poisoned the same way.
    const resend = await poisonedPost('/api/v1/auth/resend-verification', { email }, headers);
    expect(resend.status, resend.body).toBe(202);
    const again = await mailsTo(server, email);
    expect(again).toHaveLength(2);
    expectLinksToThisSite(again[1]!.links, again[1]!.content);
  });

  it.each(poisonedHeaders)('the password reset e-mail links to PUBLIC_URL despite %s', async (_name, headers) => {
    await clearRateLimits(server);
    const { email } = await createUserWithRole(server, 'viewer');
    const response = await poisonedPost('/api/v1/auth/reset-request', { email }, headers);
    expect(response.status, response.body).toBe(202);
    const mails = await mailsTo(server, email);
    expect(mails).toHaveLength(1);
    expectLinksToThisSite(mails[0]!.links, mails[0]!.content);
    expect(mails[0]!.links.some((link) => new URL(link).pathname === '/auth/reset-password')).toBe(true);
  });

  it.each(poisonedHeaders)(
    'pages, the sitemap and robots.txt use PUBLIC_URL despite %s, and the page cache keeps no poisoned copy',
    async (_name, headers) => {
      for (const route of ['/', '/cenote-angelita', '/sitemap.xml', '/robots.txt', '/no-such-page']) {
        const poisoned = await rawRequest({ path: route, headers });
        expect(poisoned.status, route).toBeLessThan(500);
        expect(poisoned.body, route).not.toContain(hostileHost);
        const clean = await rawRequest({ path: route });
        expect(clean.body, route).not.toContain(hostileHost);
      }
      const sitemap = await rawRequest({ path: '/sitemap.xml', headers });
      const locations = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!);
      expect(locations.length).toBeGreaterThan(20);
      for (const location of locations) expect(location.startsWith(`${publicUrl}/`), location).toBe(true);
      const robots = await rawRequest({ path: '/robots.txt', headers });
      expect(robots.body).toContain(`Sitemap: ${publicUrl}/sitemap.xml`);
      const home = await rawRequest({ path: '/', headers });
      expect(home.body).toContain(`content="${publicUrl}/"`);
    },
  );
});

describe('session fixation', () => {
  interface SessionBody {
    user: { email: string } | null;
  }

  it('a session id chosen before sign-in is never the signed-in session', async () => {
    const { email, password } = await createUserWithRole(server, 'editor');
    const planted = randomBytes(32).toString('base64url');
    const victim = new ApiClient(server.url);
    victim.cookies.set('ca_session', planted);
    expect((await victim.session()).body.user).toBeNull();
    // The unknown id was cleared, so plant it again right before signing in.
    victim.cookies.set('ca_session', planted);
    const signIn = await victim.signIn(email, password);
    expect(signIn.status).toBe(200);
    const issued = victim.cookies.get('ca_session');
    expect(issued).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(issued).not.toBe(planted);
    expect(JSON.stringify(signIn.body)).not.toContain(issued!);

    const attacker = new ApiClient(server.url);
    attacker.cookies.set('ca_session', planted);
    expect((await attacker.get<SessionBody>('/api/v1/auth/session')).body.user).toBeNull();
    expect((await attacker.get('/api/v1/pages/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await victim.get<SessionBody>('/api/v1/auth/session')).body.user?.email).toBe(email);
  });

  it("an attacker's own valid session planted in the victim's browser is replaced and ended at sign-in", async () => {
    const attackerAccount = await createUserWithRole(server, 'viewer');
    const attacker = new ApiClient(server.url);
    await attacker.signIn(attackerAccount.email, attackerAccount.password);
    const attackerSession = attacker.cookies.get('ca_session')!;

    const victimAccount = await createUserWithRole(server, 'admin');
    const victim = new ApiClient(server.url);
    victim.cookies.set('ca_session', attackerSession);
    // The CSRF token the planted session hands out, which the attacker can read for themselves too.
    const plantedToken = (await victim.session()).body.csrfToken;
    const signIn = await victim.signIn(victimAccount.email, victimAccount.password);
    expect(signIn.status).toBe(200);
    expect(victim.cookies.get('ca_session')).not.toBe(attackerSession);
    // The token changed with the session: the one known to the attacker does not work for the victim.
    expect(victim.csrfToken).not.toBe(plantedToken);
    const replay = new ApiClient(server.url);
    for (const [name, value] of victim.cookies) replay.cookies.set(name, value);
    replay.cookies.set('ca_csrf', plantedToken);
    const withPlantedToken = await replay.post(
      '/api/v1/pages',
      { title: 'Planted', slug: freshSlug() },
      { csrf: false, headers: { 'x-csrf-token': plantedToken } },
    );
    expect(withPlantedToken.status).toBe(403);
    expect((await victim.post('/api/v1/pages', { title: 'Victim', slug: freshSlug() })).status).toBe(201);

    // The planted id no longer works for anyone, and never became the victim's admin session.
    expect((await attacker.get<SessionBody>('/api/v1/auth/session')).body.user).toBeNull();
    expect((await attacker.get('/api/v1/settings/performance')).status).toBe(401);
    expect((await victim.get<SessionBody>('/api/v1/auth/session')).body.user?.email).toBe(victimAccount.email);
  });

  it('sign-out ends the session on the server: a copy of the old cookie no longer works', async () => {
    const client = await signedInClient(server, 'admin');
    const copied = client.cookies.get('ca_session')!;
    const signOut = await client.post('/api/v1/auth/sign-out');
    expect(signOut.status).toBe(204);
    const cleared = signOut.setCookies.find((line) => line.startsWith('ca_session='));
    expect(cleared).toMatch(/^ca_session=;/);

    const replay = new ApiClient(server.url);
    replay.cookies.set('ca_session', copied);
    expect((await replay.get<SessionBody>('/api/v1/auth/session')).body.user).toBeNull();
    expect((await replay.get('/api/v1/settings/performance')).status).toBe(401);
    const write = await replay.post('/api/v1/pages', { title: 'After sign-out', slug: freshSlug() });
    expect(write.status).toBe(401);
  });

  it('a password reset ends every session of the account (decision 10)', async () => {
    await clearRateLimits(server);
    const { email, password } = await createUserWithRole(server, 'editor');
    const laptop = new ApiClient(server.url);
    const phone = new ApiClient(server.url);
    await laptop.signIn(email, password);
    await phone.signIn(email, password);
    const copies = [laptop.cookies.get('ca_session')!, phone.cookies.get('ca_session')!];

    const stranger = new ApiClient(server.url);
    expect((await stranger.post('/api/v1/auth/reset-request', { email })).status).toBe(202);
    const token = await latestTokenFor(server, email, '/auth/reset-password');
    const reset = await stranger.post('/api/v1/auth/reset-password', { token, newPassword: 'a brand new password' });
    expect(reset.status).toBe(200);
    expect(reset.setCookies.some((line) => line.startsWith('ca_session=') && !line.startsWith('ca_session=;'))).toBe(
      false,
    );

    for (const copy of copies) {
      const replay = new ApiClient(server.url);
      replay.cookies.set('ca_session', copy);
      expect((await replay.get<SessionBody>('/api/v1/auth/session')).body.user).toBeNull();
    }
    expect((await laptop.get('/api/v1/pages/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    expect((await new ApiClient(server.url).signIn(email, password)).status).toBe(401);
    expect((await new ApiClient(server.url).signIn(email, 'a brand new password')).status).toBe(200);
  });

  it.each(["' OR '1'='1", "x'; DELETE FROM sessions; --", '%', '../../etc/passwd', 'A'.repeat(4000), 'ñandú-🐢'])(
    'a forged session cookie %j is anonymous and cleared',
    async (forged) => {
      const response = await rawRequest({
        path: '/api/v1/auth/session',
        headers: { cookie: `ca_session=${encodeURIComponent(forged)}` },
      });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.body)).toMatchObject({ user: null });
      const setCookies = response.headers['set-cookie'] ?? [];
      expect(setCookies.some((line) => line.startsWith('ca_session=;'))).toBe(true);
    },
  );
});

describe('cookie flags', () => {
  function cookieNamed(lines: string[], name: string): string {
    const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
    expect(line, `${name} in ${JSON.stringify(lines)}`).toBeDefined();
    return line!;
  }

  function attributesOf(line: string): Map<string, string> {
    const attributes = new Map<string, string>();
    for (const part of line.split(';').slice(1)) {
      const [key = '', value = ''] = part.trim().split('=');
      attributes.set(key.toLowerCase(), value);
    }
    return attributes;
  }

  function expectBrowserOnlyCookie(line: string, secure: boolean) {
    const attributes = attributesOf(line);
    expect(attributes.has('httponly'), line).toBe(true);
    expect(['lax', 'strict']).toContain(attributes.get('samesite')?.toLowerCase());
    expect(attributes.get('path'), line).toBe('/');
    // A host-only cookie: no Domain attribute that would share it with sibling hosts.
    expect(attributes.has('domain'), line).toBe(false);
    expect(attributes.has('secure'), line).toBe(secure);
  }

  async function checkFlags(target: TestApp, secure: boolean) {
    const { email, password } = await createUserWithRole(target, 'viewer');
    const client = new ApiClient(target.url);
    const session = await client.session();
    expectBrowserOnlyCookie(cookieNamed(session.setCookies, 'ca_csrf'), secure);
    expectBrowserOnlyCookie(cookieNamed(session.setCookies, 'ca_visitor'), secure);
    const signIn = await client.signIn(email, password);
    const sessionCookie = cookieNamed(signIn.setCookies, 'ca_session');
    expectBrowserOnlyCookie(sessionCookie, secure);
    expect(attributesOf(sessionCookie).get('max-age')).toBe(String(30 * 24 * 60 * 60));
    // The CSRF token bound to the new session, and the known-browser cookie (decision 47).
    expectBrowserOnlyCookie(cookieNamed(signIn.setCookies, 'ca_csrf'), secure);
    const known = cookieNamed(signIn.setCookies, 'ca_known');
    expectBrowserOnlyCookie(known, secure);
    expect(attributesOf(known).get('max-age')).toBe(String(365 * 24 * 60 * 60));
    const signOut = await client.post('/api/v1/auth/sign-out');
    const cleared = cookieNamed(signOut.setCookies, 'ca_session');
    expectBrowserOnlyCookie(cleared, secure);
    expect(cleared).toMatch(/^ca_session=;/);
    expectBrowserOnlyCookie(cookieNamed(signOut.setCookies, 'ca_csrf'), secure);
    expectBrowserOnlyCookie(cookieNamed(signOut.setCookies, 'ca_visitor'), secure);
  }

  it('session, CSRF, visitor and known-browser cookies are HttpOnly, SameSite=Lax, Path=/, host-only and not Secure on an http site', async () => {
    await checkFlags(server, false);
  });

  it('all are Secure when PUBLIC_URL is https', async () => {
    const secureServer = await startTestApp({ seed: false, env: { PUBLIC_URL: 'https://atlas.example' } });
    try {
      await checkFlags(secureServer, true);
    } finally {
      await secureServer.close();
    }
  });
});

describe('request bodies', () => {
  const payloadTooLarge = { code: 'payload_too_large', message: 'The request is too large.' };
  const malformedJson = { code: 'malformed_json', message: 'The request body is not valid JSON.' };

  it.each([
    ['POST', '/api/v1/pages'],
    ['PUT', '/api/v1/settings/seo'],
    ['POST', '/api/v1/navigation'],
    ['POST', '/api/v1/media/folders'],
    ['POST', '/api/v1/auth/sign-in'],
  ])('%s %s refuses a JSON body over 1 MB with 413 and the error shape', async (method, route) => {
    const body = JSON.stringify({ title: 'x'.repeat(1024 * 1024 + 10), slug: 'too-big' });
    const response = await sendRawJson(admin, method, route, body);
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ error: payloadTooLarge });
    await expectServerHealthy();
  });

  it('refuses block data over 256 KB with 413 naming block_data, on create and on change', async () => {
    const page = await createPage({});
    const blockData = { quote: 'q'.repeat(300 * 1024), author: 'Someone' };
    const create = await admin.post<ErrorBody>(`/api/v1/pages/${page.id}/blocks`, {
      block_type: 'quote',
      block_data: blockData,
    });
    expect(create.status).toBe(413);
    expect(create.body).toEqual({
      error: { code: 'payload_too_large', message: 'Block data can be at most 256 KB.', field: 'block_data' },
    });
    const block = await admin.post<{ block: { id: string; version: number } }>(`/api/v1/pages/${page.id}/blocks`, {
      block_type: 'quote',
      block_data: { quote: 'Small', author: 'Someone' },
    });
    expect(block.status).toBe(201);
    const change = await admin.request<ErrorBody>('PATCH', `/api/v1/blocks/${block.body.block.id}`, {
      body: { version: block.body.block.version, block_data: blockData },
    });
    expect(change.status).toBe(413);
    expect(change.body.error).toMatchObject({ code: 'payload_too_large', field: 'block_data' });
  });

  const malformedBodies: Array<[string, string | Buffer]> = [
    ['an unfinished object', '{"title": "x",'],
    ['a missing value', '{"title":}'],
    ['a trailing comma', '{"title":"x","slug":"y",}'],
    ['single quotes', "{'title':'x'}"],
    ['NaN', '{"sort_order": NaN}'],
    ['undefined', 'undefined'],
    ['two documents', '{"a":1}{"b":2}'],
    ['an extra brace', '{"a":1}}'],
    ['a raw control character in a string', '{"title":"a\u0001b"}'],
    ['a comment', '{"title":"x" /* note */}'],
    ['only whitespace', '   '],
    ['an unclosed string', '{"title":"x'],
    ['a lone surrogate escape pair broken', '{"title":"\\ud800\\u"}'],
  ];

  it.each(malformedBodies)('malformed JSON (%s) is a 400 with a clear message', async (_what, body) => {
    const response = await sendRawJson(admin, 'POST', '/api/v1/pages', body);
    expect(response.status, response.raw).toBe(400);
    expect(response.body).toEqual({ error: malformedJson });
  });

  it('invalid UTF-8 is decoded with replacement characters, then validated like any body (400, never 500)', async () => {
    // {"t":"\xC3(" } — a broken two-byte sequence inside a string.
    const body = Buffer.from([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]);
    const response = await sendRawJson(admin, 'POST', '/api/v1/pages', body);
    expect(response.status, response.raw).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'invalid_input', field: 'title' });
    const titled = Buffer.concat([
      Buffer.from(`{"slug":"${freshSlug('utf8')}","title":"caf`),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}'),
    ]);
    const created = await sendRawJson(admin, 'POST', '/api/v1/pages', titled);
    expect(created.status, created.raw).toBe(201);
    expect((created.body as unknown as { page: PageDto }).page.title).toBe('caf\ufffd(');
  });

  it('an empty body with a JSON content type is malformed JSON; other content types are refused', async () => {
    const empty = await sendRawJson(admin, 'POST', '/api/v1/pages', '');
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ error: malformedJson });
    for (const contentType of ['application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data']) {
      const other = await rawRequest({
        method: 'POST',
        path: '/api/v1/pages',
        headers: { ...(await writeHeaders(admin)), 'content-type': contentType },
        body: JSON.stringify({ title: 'x', slug: freshSlug() }),
      });
      expect(other.status, contentType).toBe(415);
      expect(JSON.parse(other.body), contentType).toEqual({
        error: { code: 'unsupported_media_type', message: 'Send JSON with Content-Type: application/json.' },
      });
    }
    // Plain text is read as a string, which is not the object a page is.
    const text = await rawRequest({
      method: 'POST',
      path: '/api/v1/pages',
      headers: { ...(await writeHeaders(admin)), 'content-type': 'text/plain' },
      body: JSON.stringify({ title: 'x', slug: freshSlug() }),
    });
    expect(text.status).toBe(400);
    expect(JSON.parse(text.body).error.code).toBe('invalid_input');
  });

  const deepBodies: Array<[string, (levels: number) => string]> = [
    ['arrays', (levels) => `${'['.repeat(levels)}${']'.repeat(levels)}`],
    ['objects', (levels) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`],
  ];

  it.each(deepBodies)(
    '10 000 levels of %s as the whole body are a 400, and the server stays up',
    async (_what, nest) => {
      for (const [method, route] of [
        ['POST', '/api/v1/pages'],
        ['POST', '/api/v1/navigation'],
        ['PUT', '/api/v1/settings/performance'],
        ['POST', '/api/v1/auth/sign-in'],
      ] as const) {
        const response = await sendRawJson(admin, method, route, nest(10_000));
        expect(response.status, `${method} ${route}`).toBe(400);
        expect(['invalid_input', 'malformed_json', 'email_required']).toContain(response.body.error.code);
      }
      await expectServerHealthy();
    },
  );

  it.each([
    ['arrays', 10_000],
    ['objects', 10_000],
    ['arrays', 100_000],
    ['objects', 100_000],
  ] as const)(
    '%s nested %i levels inside structured_data and block_data are a 400 naming the field',
    async (what, levels) => {
      const nest = deepBodies.find(([name]) => name === what)![1];
      const slug = freshSlug('deep');
      const page = await sendRawJson(
        admin,
        'POST',
        '/api/v1/pages',
        `{"title":"Deep","slug":"${slug}","structured_data":{"@graph":${nest(levels)}}}`,
      );
      expect(page.status, page.raw).toBe(400);
      expect(page.body).toEqual({
        error: {
          code: 'invalid_input',
          message: 'structured_data: Structured data can be nested at most 32 levels deep',
          field: 'structured_data',
        },
      });
      expect((await admin.get(`/api/v1/pages/by-slug/${slug}`)).status).toBe(404);

      const target = await createPage({});
      const block = await sendRawJson(
        admin,
        'POST',
        `/api/v1/pages/${target.id}/blocks`,
        `{"block_type":"quote","block_data":{"quote":"q","nested":${nest(levels)}}}`,
      );
      expect(block.status, block.raw).toBe(400);
      expect(block.body).toEqual({
        error: {
          code: 'invalid_input',
          message: 'Block data can be nested at most 32 levels deep.',
          field: 'block_data',
        },
      });
      await expectServerHealthy();
    },
  );

  it('structured data nested 32 levels is stored and rendered; 33 levels are refused', async () => {
    const nested = (levels: number) => {
      let value: unknown = 'leaf';
      for (let level = 0; level < levels; level++) value = { child: value };
      return value;
    };
    const ok = await createPage({ is_published: true, structured_data: nested(32) as Record<string, unknown> });
    expect(ok.structured_data).toEqual(nested(32));
    const page = await fetch(`${server.url}/${ok.slug}`);
    expect(page.status).toBe(200);
    await page.arrayBuffer();
    const refused = await admin.post<ErrorBody>('/api/v1/pages', {
      title: 'Too deep',
      slug: freshSlug(),
      structured_data: nested(33),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.field).toBe('structured_data');
  });

  describe('prototype keys', () => {
    let page: PageDto;
    let block: { id: string; version: number };
    let navigationId: string;

    beforeAll(async () => {
      page = await createPage({});
      const created = await admin.post<{ block: { id: string; version: number } }>(`/api/v1/pages/${page.id}/blocks`, {
        block_type: 'quote',
        block_data: { quote: 'Original', author: 'A diver' },
      });
      block = created.body.block;
      const item = await admin.post<{ item: { id: string } }>('/api/v1/navigation', {
        title: 'Prototype test',
        link_url: '/prototype-test',
        menu_type: 'footer',
      });
      expect(item.status, JSON.stringify(item.body)).toBe(201);
      navigationId = item.body.item.id;
    });

    const poison = `{"${pollutionKey}":"yes"}`;
    /** Bodies that smuggle __proto__ / constructor.prototype: the JSON parser must refuse them. */
    const refusedShapes: Array<[string, (valid: string) => string]> = [
      ['__proto__ at the top', (valid) => `{"__proto__":${poison},${valid.slice(1)}`],
      ['__proto__ spelled with escapes', (valid) => `{"\\u005f\\u005fproto\\u005f\\u005f":${poison},${valid.slice(1)}`],
      ['__proto__ nested', (valid) => `{"nested":{"deeper":{"__proto__":${poison}}},${valid.slice(1)}`],
      ['constructor.prototype', (valid) => `{"constructor":{"prototype":${poison}},${valid.slice(1)}`],
      ['__proto__ inside an array', (valid) => `{"list":[{"__proto__":${poison}}],${valid.slice(1)}`],
    ];

    function targets(): Array<[string, string, string]> {
      return [
        ['POST', '/api/v1/pages', JSON.stringify({ title: 'Proto', slug: freshSlug('proto') })],
        ['PATCH', `/api/v1/pages/${page.id}`, JSON.stringify({ version: page.version, excerpt: 'x' })],
        [
          'POST',
          `/api/v1/pages/${page.id}/blocks`,
          JSON.stringify({ block_type: 'quote', block_data: { quote: 'q' } }),
        ],
        ['PATCH', `/api/v1/blocks/${block.id}`, JSON.stringify({ version: block.version, is_active: true })],
        ['PUT', '/api/v1/settings/seo', JSON.stringify({ site_title: 'Cenote Atlas' })],
        [
          'PUT',
          '/api/v1/settings/performance',
          JSON.stringify({ enable_caching: true, enable_webp: true, enable_avif: true, lazy_loading: true }),
        ],
        ['POST', '/api/v1/navigation', JSON.stringify({ title: 'P', link_url: '/p', menu_type: 'footer' })],
        ['PATCH', `/api/v1/navigation/${navigationId}`, JSON.stringify({ version: 1, title: 'P' })],
        ['POST', '/api/v1/media/folders', JSON.stringify({ name: `Proto ${freshSlug()}` })],
        ['POST', '/api/v1/auth/sign-in', JSON.stringify({ email: 'nobody@example.com', password: 'x' })],
        ['POST', '/api/v1/auth/reset-request', JSON.stringify({ email: 'nobody@example.com' })],
      ];
    }

    it.each(refusedShapes)('%s is refused with 400 on every write route', async (_what, shape) => {
      await clearRateLimits(server);
      for (const [method, route, valid] of targets()) {
        const response = await sendRawJson(admin, method, route, shape(valid));
        expect(response.status, `${method} ${route}: ${response.raw}`).toBe(400);
        expect(response.body).toEqual({ error: malformedJson });
      }
      await expectNoPrototypePollution();
      await expectServerHealthy();
    });

    it('inside structured data and block data, __proto__ is refused too', async () => {
      const structured = await sendRawJson(
        admin,
        'POST',
        '/api/v1/pages',
        `{"title":"P","slug":"${freshSlug()}","structured_data":{"@context":"https://schema.org","__proto__":${poison}}}`,
      );
      expect(structured.status).toBe(400);
      const blockData = await sendRawJson(
        admin,
        'POST',
        `/api/v1/pages/${page.id}/blocks`,
        `{"block_type":"quote","block_data":{"quote":"q","__proto__":${poison}}}`,
      );
      expect(blockData.status).toBe(400);
      await expectNoPrototypePollution();
    });

    it('plain "constructor" and "prototype" keys are stripped from entity bodies and kept as data only in free-form JSON', async () => {
      const slug = freshSlug('ctor');
      const created = await sendRawJson(
        admin,
        'POST',
        '/api/v1/pages',
        `{"title":"Ctor","slug":"${slug}","constructor":${poison},"prototype":${poison},` +
          `"structured_data":{"constructor":${poison},"prototype":${poison},"toString":"x","hasOwnProperty":"y"}}`,
      );
      expect(created.status, created.raw).toBe(201);
      const stored = (created.body as unknown as { page: PageDto & Record<string, unknown> }).page;
      expect(Object.keys(stored)).not.toContain('constructor');
      expect(Object.keys(stored)).not.toContain('prototype');
      expect(stored.structured_data).toEqual({
        constructor: { [pollutionKey]: 'yes' },
        prototype: { [pollutionKey]: 'yes' },
        toString: 'x',
        hasOwnProperty: 'y',
      });
      // The page still reads and renders normally with those keys in its data.
      expect((await admin.get(`/api/v1/pages/by-slug/${slug}`)).status).toBe(200);

      const blockResponse = await sendRawJson(
        admin,
        'POST',
        `/api/v1/pages/${page.id}/blocks`,
        `{"block_type":"quote","block_data":{"quote":"Kept","author":"A","constructor":${poison},"prototype":${poison}}}`,
      );
      expect(blockResponse.status, blockResponse.raw).toBe(201);
      const storedBlock = (blockResponse.body as unknown as { block: { block_data: Record<string, unknown> } }).block;
      expect(storedBlock.block_data).toEqual({ quote: 'Kept', author: 'A' });

      const seo = await admin.get<{ settings: { version: number } }>('/api/v1/settings/seo/admin');
      const settings = await sendRawJson(
        admin,
        'PUT',
        '/api/v1/settings/seo',
        `{"version":${seo.body.settings.version},"site_title":"Cenote Atlas","constructor":${poison},"prototype":${poison}}`,
      );
      expect(settings.status, settings.raw).toBe(200);
      expect(settings.raw).not.toContain(pollutionKey);
      await expectNoPrototypePollution();
      await expectServerHealthy();
    });

    it('query strings, cookies and multipart field names cannot reach the prototypes either', async () => {
      for (const route of [
        `/api/v1/pages?__proto__[${pollutionKey}]=yes&constructor[prototype][${pollutionKey}]=yes`,
        `/api/v1/search?q=dos&__proto__.${pollutionKey}=yes&__proto__=x`,
        `/api/v1/media?q=x&__proto__[${pollutionKey}]=yes`,
        `/search?q=dos&constructor.prototype.${pollutionKey}=yes`,
      ]) {
        const response = await rawRequest({ path: route, headers: { cookie: admin.cookieHeader() } });
        expect(response.status, route).toBe(200);
      }
      const cookies = await rawRequest({
        path: '/api/v1/auth/session',
        headers: { cookie: `__proto__=${pollutionKey}; constructor=x; ${admin.cookieHeader()}` },
      });
      expect(cookies.status).toBe(200);
      expect(JSON.parse(cookies.body).user).not.toBeNull();

      // The multipart parser refuses field names that are Object.prototype properties.
      for (const fieldName of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
        const form = new FormData();
        form.append(fieldName, pollutionKey);
        form.append(
          'file',
          new Blob([new Uint8Array(await testPicture(64, 48))], { type: 'image/jpeg' }),
          `${fieldName}.jpg`,
        );
        const upload = await fetch(`${server.url}/api/v1/media`, {
          method: 'POST',
          headers: { cookie: admin.cookieHeader(), 'x-csrf-token': admin.csrfToken!, accept: 'application/json' },
          body: form,
        });
        expect(upload.status, fieldName).toBe(400);
        expect(await upload.json()).toEqual({
          error: { code: 'bad_request', message: 'prototype property is not allowed as field name' },
        });
      }
      await expectNoPrototypePollution();
    });
  });
});

describe('SQL metacharacters', () => {
  const payloads = [
    "'",
    '"',
    ';',
    '--',
    '/*',
    '*/',
    '\\',
    '%',
    '_',
    '%%',
    "' OR '1'='1",
    "' OR 1=1 --",
    "'; DROP TABLE pages; --",
    '" OR ""="',
    "1' AND pg_sleep(5)--",
    '$1',
    '::text',
    'a\u0000b',
    '\u0000',
    'ñandú 🐢',
    '\u202ecenote',
    'cenote\u200bdos',
  ];
  const nulMessage = 'Text cannot contain the NUL character (\\u0000).';
  const containsNul = (value: string) => value.includes('\u0000');

  let publishedLiteral: PageDto;
  let draftLiteral: PageDto;
  let allPages: PageDto[];
  interface ImageDto {
    id: string;
    filename: string;
    alt_text: string | null;
    caption: string | null;
  }
  let allImages: ImageDto[];

  beforeAll(async () => {
    // Titles made of the metacharacters themselves, so literal matching has something to find.
    const literalTitle = `Literal 100% pure_water 'single' "double" back\\slash semi;colon -- dash /* star */ $1 ::text`;
    publishedLiteral = await createPage({ title: literalTitle, is_published: true });
    draftLiteral = await createPage({ title: `Draft ${literalTitle}`, is_published: false });
    allPages = (await admin.get<{ pages: PageDto[] }>('/api/v1/pages')).body.pages;

    for (const [filename, alt, caption] of [
      ['100%_pure.jpg', `quote ' and "double"`, 'back\\slash; -- /* */'],
      ['plain-photo.jpg', 'A plain photo', null],
      ['ñandú-🐢.jpg', 'Unicode name', 'cenote'],
    ] as const) {
      const form = new FormData();
      form.append('alt_text', alt);
      if (caption) form.append('caption', caption);
      form.append('file', new Blob([new Uint8Array(await testPicture(80, 60))], { type: 'image/jpeg' }), filename);
      const response = await fetch(`${server.url}/api/v1/media`, {
        method: 'POST',
        headers: { cookie: admin.cookieHeader(), 'x-csrf-token': admin.csrfToken!, accept: 'application/json' },
        body: form,
      });
      expect(response.status).toBe(201);
      await response.arrayBuffer();
    }
    allImages = (await admin.get<{ images: ImageDto[] }>('/api/v1/media')).body.images;
  });

  it.each(payloads)('path parameters: %j is a 400 or 404, never a 500 or a row', async (payload) => {
    const segment = encodeURIComponent(payload);
    const apiAnswers = [
      await admin.get<ErrorBody>(`/api/v1/pages/by-slug/${segment}`),
      await new ApiClient(server.url).get<ErrorBody>(`/api/v1/pages/by-slug/${segment}`),
      await admin.get<ErrorBody>(`/api/v1/pages/${segment}`),
      await admin.get<ErrorBody>(`/api/v1/pages/${segment}/blocks`),
      await admin.request<ErrorBody>('PATCH', `/api/v1/blocks/${segment}`, { body: { version: 1 } }),
      await admin.request<ErrorBody>('DELETE', `/api/v1/navigation/${segment}`),
      await admin.get<ErrorBody>(`/api/v1/media/${segment}`),
      await admin.request<ErrorBody>('DELETE', `/api/v1/media/folders/${segment}`),
    ];
    for (const answer of apiAnswers) {
      expect([400, 404], JSON.stringify(answer.body)).toContain(answer.status);
      expect(answer.body.error.code).toMatch(/^(invalid_input|not_found|bad_url)$/);
      expect(JSON.stringify(answer.body)).not.toMatch(/select |insert |syntax error|stack/i);
    }
    // Every id parameter is a UUID: anything else is refused before a query runs.
    expect(apiAnswers[2]!.body.error).toEqual({ code: 'invalid_input', message: 'id: Invalid UUID', field: 'id' });

    const site = await fetch(`${server.url}/${segment}`);
    expect([400, 404]).toContain(site.status);
    await site.arrayBuffer();
    const media = await fetch(`${server.url}/media/${segment}`);
    expect(media.status).toBe(404);
    await media.arrayBuffer();
  });

  it.each([
    ['/api/v1/pages/by-slug/%', 400, 'bad_url'],
    ['/api/v1/pages/by-slug/%zz', 400, 'bad_url'],
    ['/api/v1/pages/%c0%af', 400, 'bad_url'],
    ['/api/v1/media/%E0%A4%A', 400, 'bad_url'],
    [`/api/v1/pages/by-slug/${'a'.repeat(400)}`, 414, 'url_too_long'],
    ['/%', 400, 'bad_url'],
    [`/${'a'.repeat(400)}`, 414, 'url_too_long'],
  ] as const)(
    'an address the router cannot decode (%s) answers %i in the API error shape',
    async (route, status, code) => {
      const response = await rawRequest({ path: route });
      expect(response.status).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const body = JSON.parse(response.body) as ErrorBody;
      expect(Object.keys(body)).toEqual(['error']);
      expect(body.error.code).toBe(code);
      expect(body.error.message).toBe(status === 414 ? 'This address is too long.' : 'This address is not valid.');
    },
  );

  it.each(payloads)('site search for %j answers literally and never shows a draft', async (payload) => {
    const response = await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent(payload)}&limit=20`);
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as { results: Array<{ slug: string }> };
    const published = new Set(allPages.filter((page) => page.is_published).map((page) => page.slug));
    for (const result of results) expect(published.has(result.slug), result.slug).toBe(true);
    expect(results.map((result) => result.slug)).not.toContain(draftLiteral.slug);
    // A query of metacharacters only (no letters or digits) matches titles containing it literally.
    if (!/[\p{L}\p{N}]/u.test(payload)) {
      const query = payload
        .replace(/\p{Cc}/gu, ' ')
        .trim()
        .toLowerCase();
      const expected = query
        ? allPages
            .filter((page) => page.is_published && page.title.toLowerCase().includes(query))
            .map((page) => page.slug)
            .sort()
        : [];
      expect(results.map((result) => result.slug).sort()).toEqual(expected);
    }
    const page = await fetch(`${server.url}/search?q=${encodeURIComponent(payload)}`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain(`/${draftLiteral.slug}`);
  });

  it('a search for "%" or "_" finds only the page whose title contains it, not everything', async () => {
    for (const query of ['%', '_', '\\']) {
      const response = await fetch(`${server.url}/api/v1/search?q=${encodeURIComponent(query)}&limit=20`);
      const { results } = (await response.json()) as { results: Array<{ slug: string }> };
      expect(
        results.map((result) => result.slug),
        query,
      ).toEqual([publishedLiteral.slug]);
    }
  });

  it.each(payloads)('the admin page list filter treats %j literally', async (payload) => {
    const response = await admin.get<{ pages: PageDto[] } & ErrorBody>(
      `/api/v1/pages?q=${encodeURIComponent(payload)}`,
    );
    // The filter runs in SQL (issue 20), where text cannot hold U+0000: refused like the media search.
    if (containsNul(payload)) {
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_input', message: nulMessage });
      return;
    }
    expect(response.status).toBe(200);
    const query = payload.trim().toLowerCase();
    const expected = allPages
      .filter((page) => !query || page.title.toLowerCase().includes(query) || page.slug.includes(query))
      .map((page) => page.id);
    expect(response.body.pages.map((page) => page.id)).toEqual(expected);
    // Anonymous visitors asking the same never see drafts.
    const anonymous = await new ApiClient(server.url).get<{ pages: PageDto[] }>(
      `/api/v1/pages?status=draft&q=${encodeURIComponent(payload)}`,
    );
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.pages).toEqual([]);
  });

  it.each(payloads)('the media library search treats %j literally', async (payload) => {
    const response = await admin.get<{ images: ImageDto[] } & ErrorBody>(
      `/api/v1/media?q=${encodeURIComponent(payload)}`,
    );
    if (containsNul(payload)) {
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_input', message: nulMessage });
      return;
    }
    expect(response.status).toBe(200);
    const query = payload.trim().toLowerCase();
    const expected = allImages
      .filter(
        (image) =>
          !query ||
          [image.filename, image.alt_text ?? '', image.caption ?? ''].some((text) =>
            text.toLowerCase().includes(query),
          ),
      )
      .map((image) => image.id);
    expect(response.body.images.map((image) => image.id)).toEqual(expected);
  });

  it.each(payloads)('filters and pagination refuse %j with a 400 naming the parameter', async (payload) => {
    const value = encodeURIComponent(payload);
    const checks: Array<[string, string]> = [
      [`/api/v1/search?q=dos&limit=${value}`, 'limit'],
      [`/api/v1/pages?status=${value}`, 'status'],
      [`/api/v1/pages?include=${value}`, 'include'],
      [`/api/v1/media?folder=${value}`, 'folder'],
      [`/api/v1/navigation?menu=${value}`, 'menu'],
      [`/api/v1/navigation/admin?menu=${value}`, 'menu'],
    ];
    for (const [route, field] of checks) {
      const response = await admin.get<ErrorBody>(route);
      expect(response.status, route).toBe(400);
      expect(response.body.error.code, route).toBe('invalid_input');
      expect(response.body.error.field, route).toBe(field);
    }
  });

  it.each(payloads)('body fields store %j literally (or refuse a NUL with 400)', async (payload) => {
    const title = `Meta ${payload} end`;
    const page = await admin.post<{ page: PageDto } & ErrorBody>('/api/v1/pages', {
      title,
      slug: freshSlug('meta'),
      excerpt: payload,
    });
    const navigation = await admin.post<{ item: { id: string; title: string } } & ErrorBody>('/api/v1/navigation', {
      title,
      link_url: '/safety-guidelines',
      description: payload,
      menu_type: 'footer',
    });
    const folder = await admin.post<{ folder: { id: string; name: string } } & ErrorBody>('/api/v1/media/folders', {
      name: `${title} ${randomBytes(2).toString('hex')}`.slice(0, 100),
    });
    if (containsNul(payload)) {
      for (const answer of [page, navigation, folder]) {
        expect(answer.status).toBe(400);
        expect(answer.body.error).toEqual({ code: 'invalid_input', message: nulMessage });
      }
      return;
    }
    expect(page.status, JSON.stringify(page.body)).toBe(201);
    const read = await admin.get<{ page: PageDto & { excerpt: string } }>(`/api/v1/pages/${page.body.page.id}`);
    expect(read.body.page.title).toBe(title);
    expect(read.body.page.excerpt).toBe(payload.trim());
    expect(navigation.status, JSON.stringify(navigation.body)).toBe(201);
    expect(navigation.body.item.title).toBe(title);
    expect(folder.status, JSON.stringify(folder.body)).toBe(201);
    expect(folder.body.folder.name.startsWith(title.slice(0, 60))).toBe(true);
  });

  it.each(payloads)('sign-in with %j as e-mail or password signs nobody in', async (payload) => {
    await clearRateLimits(server);
    const { email } = await createUserWithRole(server, 'admin');
    const client = new ApiClient(server.url);
    const asEmail = await client.signIn(payload, payload);
    expect([400, 401]).toContain(asEmail.status);
    const asPassword = await client.signIn(email, payload);
    expect(asPassword.status).toBe(401);
    expect(asPassword.body.error).toEqual({ code: 'invalid_credentials', message: 'Invalid email or password.' });
    const withSuffix = await client.signIn(`${email}${payload}`, payload);
    expect([400, 401]).toContain(withSuffix.status);
    expect((await client.session()).body.user).toBeNull();
  });

  it('nothing was dropped or emptied along the way', async () => {
    const pages = await admin.get<{ pages: PageDto[] }>('/api/v1/pages');
    expect(pages.status).toBe(200);
    expect(pages.body.pages.length).toBeGreaterThanOrEqual(allPages.length);
    expect((await fetch(`${server.url}/cenote-angelita`)).status).toBe(200);
  });
});

describe('path traversal', () => {
  interface UploadedImage {
    id: string;
    filename: string;
    original_url: string;
    thumbnail_url: string | null;
    webp_url: string | null;
    avif_url: string | null;
  }
  const secretMarker = `cenote-secret-${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    // Decoys next to and above the media folder: serving any of them would be a traversal.
    await writeFile(path.join(server.config.dataDir, 'secret.txt'), secretMarker);
  });

  /** A multipart body written by hand, so the file name reaches the server byte for byte. */
  function multipart(filenameParameter: string, data: Buffer): { body: Buffer; contentType: string } {
    const boundary = `----cenote-${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; ${filenameParameter}\r\nContent-Type: image/jpeg\r\n\r\n`;
    return {
      body: Buffer.concat([Buffer.from(head, 'utf8'), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      contentType: `multipart/form-data; boundary=${boundary}`,
    };
  }

  async function uploadNamed(filenameParameter: string) {
    const { body, contentType } = multipart(filenameParameter, await testPicture(120, 80));
    const response = await rawRequest({
      method: 'POST',
      path: '/api/v1/media',
      headers: { ...(await writeHeaders(admin)), 'content-type': contentType },
      body,
    });
    return { status: response.status, body: JSON.parse(response.body) as { images: UploadedImage[] } & ErrorBody };
  }

  const keyPattern =
    /^\/media\/u\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(\.jpg|\.webp|\.avif|-thumb\.webp)$/;

  const uploadNames: Array<[string, string, string | null]> = [
    ['../../etc/passwd.jpg', 'filename="../../etc/passwd.jpg"', 'passwd.jpg'],
    ['/etc/passwd.jpg', 'filename="/etc/passwd.jpg"', 'passwd.jpg'],
    ['..\\..\\x.png (escaped)', 'filename="..\\\\..\\\\x.png"', 'x.png'],
    ['..\\..\\x.png (raw)', 'filename="..\\..\\x.png"', null],
    ['C:\\Windows\\win.ini.jpg', 'filename="C:\\\\Windows\\\\win.ini.jpg"', 'win.ini.jpg'],
    ['..', 'filename=".."', 'image'],
    ['a/..', 'filename="a/.."', 'image'],
    ['NUL inside', 'filename="shell.php\u0000.jpg"', 'shell.php.jpg'],
    ['control characters', 'filename="a\u0001b\u007fc.jpg"', 'abc.jpg'],
    ['very long', `filename="${'a'.repeat(1000)}.jpg"`, 'a'.repeat(255)],
    ['unicode', 'filename="cenote-ñandú-🐢.jpg"', 'cenote-ñandú-🐢.jpg'],
    ['percent-encoded traversal', 'filename="%2e%2e%2f%2e%2e%2fpasswd.jpg"', '%2e%2e%2f%2e%2e%2fpasswd.jpg'],
    ['RFC 5987 filename*', "filename*=UTF-8''..%2F..%2Fstar.jpg", null],
    ['quotes and angle brackets', 'filename="x\\"><img src=x onerror=alert(1)>.jpg"', null],
    ['.htaccess', 'filename=".htaccess"', '.htaccess'],
  ];

  it.each(uploadNames)(
    'an upload named %s is stored under a generated key with a harmless name',
    async (_what, parameter, expectedName) => {
      const { status, body } = await uploadNamed(parameter);
      expect(status, JSON.stringify(body)).toBe(201);
      const [image] = body.images;
      expect(image).toBeDefined();
      for (const url of [image!.original_url, image!.thumbnail_url, image!.webp_url, image!.avif_url]) {
        expect(url).toMatch(keyPattern);
        const served = await fetch(`${server.url}${url!}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toMatch(/^image\/(jpeg|webp|avif)$/);
        await served.arrayBuffer();
      }
      const name = image!.filename;
      expect(name.length).toBeGreaterThan(0);
      expect(name.length).toBeLessThanOrEqual(255);
      expect(name).not.toMatch(/[/\\]/);
      expect(name).not.toMatch(/\p{Cc}/u);
      expect(['.', '..']).not.toContain(name);
      if (expectedName !== null) expect(name).toBe(expectedName);
    },
  );

  it('stores nothing outside the media folder, whatever the names said', async () => {
    const mediaRoot = path.join(server.config.dataDir, 'media');
    const files = await readdir(mediaRoot, { recursive: true, withFileTypes: true });
    for (const entry of files.filter((file) => file.isFile())) {
      const relative = path.relative(mediaRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      expect(relative).toMatch(/^(u\/[0-9a-f-]{36}(\.jpg|\.webp|\.avif|-thumb\.webp)|seed\/[a-z0-9-]+\.[a-z0-9]+)$/);
    }
    const topLevel = await readdir(server.config.dataDir);
    expect(topLevel.filter((name) => /passwd|x\.png|win\.ini|htaccess/.test(name))).toEqual([]);
    expect(
      await readdir(path.join(server.config.dataDir, '..')).then((names) =>
        names.filter((name) => name === 'passwd.jpg'),
      ),
    ).toEqual([]);
  });

  const traversalPaths = [
    '/media/../secret.txt',
    '/media/../../package.json',
    '/media/seed/../../secret.txt',
    '/media/%2e%2e/secret.txt',
    '/media/%2e%2e/%2e%2e/package.json',
    '/media/..%2fsecret.txt',
    '/media/..%2f..%2fpackage.json',
    '/media/..%2F..%2Fpackage.json',
    '/media/%2e%2e%2f%2e%2e%2fpackage.json',
    '/media/%252e%252e/secret.txt',
    '/media/..\\secret.txt',
    '/media/..%5csecret.txt',
    '/media/....//secret.txt',
    '/media/.%2e/secret.txt',
    '/media//etc/passwd',
    '/media/%2fetc%2fpasswd',
    '/media/seed/%00../../secret.txt',
    '/media/u/..%c0%afsecret.txt',
    '/media/%c0%ae%c0%ae/secret.txt',
    '/media/db/../../secret.txt',
    '/assets/../manifest.json',
    '/assets/../../package.json',
    '/assets/../../../package.json',
    '/assets/%2e%2e/manifest.json',
    '/assets/%2e%2e/%2e%2e/%2e%2e/package.json',
    '/assets/..%2fmanifest.json',
    '/assets/..%2f..%2f..%2fpackage.json',
    '/assets/..%5c..%5cmanifest.json',
    '/assets/..\\..\\..\\package.json',
    '/assets/....//....//package.json',
    '/assets//etc/passwd',
    '/assets/%2fetc%2fpasswd',
    '/assets/%00../manifest.json',
    '/favicon.svg/../package.json',
    '/../package.json',
    '/%2e%2e/package.json',
    '/..%2fpackage.json',
  ];

  it.each(traversalPaths)('GET %s serves no file from outside the stores', async (traversal) => {
    const packageJson = await readFile(path.join(projectRoot, 'package.json'), 'utf8');
    const response = await rawRequest({ path: traversal });
    expect([400, 403, 404], `${response.status} ${response.body.slice(0, 200)}`).toContain(response.status);
    expect(response.body).not.toContain(secretMarker);
    expect(response.body).not.toContain('"name": "cenote-atlas"');
    expect(response.body).not.toContain(packageJson.slice(0, 60));
    expect(response.body).not.toMatch(/root:.*:0:0:/);
    expect(response.body).not.toContain('"siteJs"');
  });

  it('the same stores do serve their own files (so the refusals above are meaningful)', async () => {
    const seeded = await rawRequest({ path: '/media/seed/cenote-angelita.jpg' });
    expect(seeded.status).toBe(200);
    expect(seeded.headers['content-type']).toBe('image/jpeg');
    const home = await (await fetch(`${server.url}/`)).text();
    const asset = /\/assets\/[A-Za-z0-9._-]+\.(?:js|css)/.exec(home)?.[0];
    expect(asset).toBeDefined();
    expect((await rawRequest({ path: asset! })).status).toBe(200);
  });
});

describe('slugs', () => {
  const patternMessage = 'slug: Use lowercase letters, digits and single hyphens only (for example cenote-dos-ojos)';
  const invalidSlug = (message: string) => ({ error: { code: 'invalid_input', message, field: 'slug' } });

  const refused: Array<[string, string, string]> = [
    ['unicode letters', 'cenote-ñandú', patternMessage],
    ['an emoji', 'cenote-🐢', patternMessage],
    ['a homoglyph (Cyrillic с)', 'сenote-dos-ojos', patternMessage],
    ['full-width letters', 'ｃｅｎｏｔｅ', patternMessage],
    ['a zero-width space', 'cenote\u200bdos', patternMessage],
    ['..', '..', patternMessage],
    ['.', '.', patternMessage],
    ['a/b', 'a/b', patternMessage],
    ['a\\b', 'a\\b', patternMessage],
    ['a leading slash', '/cenote', patternMessage],
    ['a leading dash', '-cenote', patternMessage],
    ['a trailing dash', 'cenote-', patternMessage],
    ['a double dash', 'cenote--dos', patternMessage],
    ['uppercase', 'Cenote-Dos-Ojos', patternMessage],
    ['a space inside', 'cenote dos', patternMessage],
    ['an underscore', 'cenote_dos', patternMessage],
    ['a dot', 'cenote.html', patternMessage],
    ['a query', 'cenote?x=1', patternMessage],
    ['SQL', "x' OR '1'='1", patternMessage],
    ['a NUL byte', 'cenote\u0000dos', patternMessage],
    ['percent-encoding', 'cenote%2fdos', patternMessage],
    ['300 characters', 'a'.repeat(300), 'slug: A slug can be at most 100 characters'],
    ['101 characters', 'a'.repeat(101), 'slug: A slug can be at most 100 characters'],
    ['empty', '', 'slug: Enter a slug'],
    ['only spaces', '   ', 'slug: Enter a slug'],
    ['reserved: admin', 'admin', 'slug: That slug is reserved for the site itself; choose another'],
    ['reserved: api', 'api', 'slug: That slug is reserved for the site itself; choose another'],
    ['reserved: media', 'media', 'slug: That slug is reserved for the site itself; choose another'],
    ['reserved: assets', 'assets', 'slug: That slug is reserved for the site itself; choose another'],
    ['reserved: auth', 'auth', 'slug: That slug is reserved for the site itself; choose another'],
  ];

  let existing: PageDto;
  beforeAll(async () => {
    existing = await createPage({ title: 'Slug owner', slug: freshSlug('slug-owner') });
  });

  it.each(refused)(
    '%s (%j) is refused on create and on change with the exact message',
    async (_what, slug, message) => {
      const create = await admin.post<ErrorBody>('/api/v1/pages', { title: 'Slug test', slug });
      expect(create.status).toBe(400);
      expect(create.body).toEqual(invalidSlug(message));
      const current = await admin.get<{ page: PageDto }>(`/api/v1/pages/${existing.id}`);
      const change = await admin.request<ErrorBody>('PATCH', `/api/v1/pages/${existing.id}`, {
        body: { version: current.body.page.version, slug },
      });
      expect(change.status).toBe(400);
      expect(change.body).toEqual(invalidSlug(message));
      const after = await admin.get<{ page: PageDto }>(`/api/v1/pages/${existing.id}`);
      expect(after.body.page.slug).toBe(existing.slug);
      // Nor can it be looked up: the public read refuses or does not find it.
      const lookup = await rawRequest({ path: `/api/v1/pages/by-slug/${encodeURIComponent(slug)}` });
      expect([400, 404], lookup.body).toContain(lookup.status);
      expect(JSON.parse(lookup.body).error.code).toMatch(/^(invalid_input|not_found)$/);
    },
  );

  it.each([
    ['100 characters', 'a'.repeat(90) + randomBytes(5).toString('hex'), null],
    ['digits only', String(Date.now()), null],
    ['surrounding spaces (trimmed)', `  padded-${randomBytes(3).toString('hex')}  `, 'trim'],
  ] as const)('%s is accepted', async (_what, slug, transform) => {
    const response = await admin.post<{ page: PageDto } & ErrorBody>('/api/v1/pages', { title: 'Good slug', slug });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.page.slug).toBe(transform === 'trim' ? slug.trim() : slug);
    expect(response.body.page.slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('a taken slug is a 409 naming the page that has it, on create and on change', async () => {
    const owner = await createPage({ title: 'The "Original" Owner', slug: freshSlug('dup') });
    const create = await admin.post<ErrorBody>('/api/v1/pages', { title: 'Copycat', slug: owner.slug });
    expect(create.status).toBe(409);
    expect(create.body).toEqual({
      error: { code: 'slug_taken', message: 'That slug is already used by "The "Original" Owner".', field: 'slug' },
    });
    const other = await createPage({ title: 'Another page' });
    const change = await admin.request<ErrorBody>('PATCH', `/api/v1/pages/${other.id}`, {
      body: { version: other.version, slug: owner.slug },
    });
    expect(change.status).toBe(409);
    expect(change.body.error).toMatchObject({ code: 'slug_taken', field: 'slug' });
    // The seeded home page owns 'home'.
    const home = await admin.get<{ page: PageDto }>('/api/v1/pages/by-slug/home');
    const homeCopy = await admin.post<ErrorBody>('/api/v1/pages', { title: 'Second home', slug: 'home' });
    expect(homeCopy.status).toBe(409);
    expect(homeCopy.body.error.message).toBe(`That slug is already used by "${home.body.page.title}".`);
    // Keeping its own slug is not a conflict; a differently cased copy is a format error, not a 409.
    const same = await admin.request('PATCH', `/api/v1/pages/${owner.id}`, {
      body: { version: owner.version, slug: owner.slug },
    });
    expect(same.status).toBe(200);
    const upper = await admin.post<ErrorBody>('/api/v1/pages', { title: 'Upper', slug: owner.slug.toUpperCase() });
    expect(upper.status).toBe(400);
    expect(upper.body).toEqual(invalidSlug(patternMessage));
  });

  it('two creates racing for one slug: exactly one wins, the other gets 409', async () => {
    const slug = freshSlug('race');
    const answers = await Promise.all(
      [1, 2, 3].map((index) => admin.post<ErrorBody>('/api/v1/pages', { title: `Racer ${index}`, slug })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409]);
    for (const answer of answers.filter((candidate) => candidate.status === 409)) {
      expect(answer.body.error).toMatchObject({ code: 'slug_taken', field: 'slug' });
    }
  });

  it.each(['cenote-ñandú', 'cenote-%F0%9F%90%A2', '..', '.', 'a%2Fb', 'UPPER', '-x-'])(
    'the public page for %s is the not-found screen',
    async (slug) => {
      const response = await rawRequest({ path: `/${slug === 'cenote-ñandú' ? encodeURIComponent(slug) : slug}` });
      expect(response.status).toBe(404);
      expect(response.body).toContain('Oops! Page not found');
    },
  );
});
