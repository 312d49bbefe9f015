import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiTokenDto, CreatedApiToken } from '../../src/features/api-tokens/api-tokens.dto';
import { auditLog } from '../../src/features/audit/audit.table';
import { apiTokens, rateLimits, users } from '../../src/features/auth/auth.table';
import { sha256 } from '../../src/features/auth/tokens.server';
import { invalidTokenMessage } from '../../src/features/api-tokens/api-token-auth.server';
import { startTestApp, type TestApp } from '../helpers/build-app';
import {
  ApiClient,
  createUserWithRole,
  minutes,
  signedInClient,
  TestClock,
  uniqueEmail,
  type ErrorBody,
} from '../helpers/auth';

interface Page {
  id: string;
  slug: string;
  title: string;
  version: number;
}

const clock = new TestClock();
let server: TestApp;
let admin: ApiClient;
let adminId: string;
/** Every token this file saw in full: none may appear in a log line. */
const issuedTokens: string[] = [];

beforeAll(async () => {
  server = await startTestApp({
    clock,
    captureLogs: true,
    extraRoutes: (app) => {
      // Stands for the own-account routes (password, two-factor), which are 'signed-in'.
      app.get('/api/v1/test/own-account', { config: { access: 'signed-in' } }, async () => ({ ok: true }));
    },
  });
  const account = await createUserWithRole(server, 'admin');
  adminId = account.id;
  admin = new ApiClient(server.url);
  expect((await admin.signIn(account.email, account.password)).status).toBe(200);
});

afterAll(async () => {
  await server?.close();
});

/** A request as a script sends it: the token and nothing else (no cookies, no CSRF header). */
async function withToken<T = unknown>(
  token: string,
  method: string,
  route: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${server.url}${route}`, {
    method,
    headers: {
      accept: 'application/json',
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
}

async function createToken(input: { name: string; role: 'editor' | 'admin'; expires_at?: string | null }) {
  const response = await admin.post<CreatedApiToken & ErrorBody>('/api/v1/api-tokens', input);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  issuedTokens.push(response.body.token);
  return response.body;
}

async function listTokens(client: ApiClient = admin) {
  const response = await client.get<{ items: ApiTokenDto[]; next_cursor: string | null }>('/api/v1/api-tokens');
  expect(response.status).toBe(200);
  return response.body;
}

const auditEntriesFor = (action: string, targetId: string) =>
  server.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target_id, targetId)));

function expectInvalidToken(response: { status: number; body: unknown; headers: Headers }) {
  expect(response.status).toBe(401);
  expect(response.body).toEqual({ error: { code: 'invalid_token', message: invalidTokenMessage } });
  expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
}

describe('creating and listing tokens (admins only)', () => {
  it('shows the token once, stores only its SHA-256 and writes one audit entry', async () => {
    const created = await createToken({ name: '  Deploy script  ', role: 'editor' });
    expect(created.token).toMatch(/^cat_[A-Za-z0-9_-]{43}$/);
    expect(created.api_token).toMatchObject({
      name: 'Deploy script',
      role: 'editor',
      token_prefix: created.token.slice(4, 12),
      created_by: { id: adminId, disabled: false },
      expires_at: null,
      last_used_at: null,
      revoked_at: null,
      status: 'active',
    });

    const [row] = await server.app.db.select().from(apiTokens).where(eq(apiTokens.id, created.api_token.id));
    expect(row!.token_hash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect(JSON.stringify(row)).not.toContain(created.token.slice(4));

    const list = await listTokens();
    expect(list.items.map((item) => item.id)).toContain(created.api_token.id);
    const listed = JSON.stringify(list);
    expect(listed).not.toContain(created.token);
    expect(listed).not.toContain(row!.token_hash);
    expect(list.items[0]).not.toHaveProperty('token');
    expect(list.items[0]).not.toHaveProperty('token_hash');

    const entries = await auditEntriesFor('api_token.created', created.api_token.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_type: 'user', actor_id: adminId, target_label: 'Deploy script' });
    expect(entries[0]!.summary).not.toContain(created.token);
  });

  it('refuses editors (403), also through a session', async () => {
    const editor = await signedInClient(server, 'editor');
    const create = await editor.post<ErrorBody>('/api/v1/api-tokens', { name: 'Mine', role: 'editor' });
    expect(create.status).toBe(403);
    expect((await editor.get('/api/v1/api-tokens')).status).toBe(403);
    const before = await server.app.db.select().from(apiTokens).where(eq(apiTokens.name, 'Mine'));
    expect(before).toEqual([]);
  });

  it('names the field at fault', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '   ', role: 'editor' }, 'name'],
      [{ name: 'x'.repeat(101), role: 'editor' }, 'name'],
      [{ role: 'editor' }, 'name'],
      [{ name: 'Viewer token', role: 'viewer' }, 'role'],
      [
        { name: 'Past', role: 'editor', expires_at: new Date(clock.now().getTime() - 1000).toISOString() },
        'expires_at',
      ],
      [{ name: 'No offset', role: 'editor', expires_at: '2099-01-01T00:00:00' }, 'expires_at'],
      [{ name: 'Not a date', role: 'editor', expires_at: 'next week' }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post<ErrorBody>('/api/v1/api-tokens', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.field, JSON.stringify(body)).toBe(field);
    }
    expect((await createToken({ name: 'x'.repeat(100), role: 'admin' })).api_token.name).toHaveLength(100);
  });

  it('pages the list with a cursor, newest first', async () => {
    await createToken({ name: 'Paging one', role: 'editor' });
    await createToken({ name: 'Paging two', role: 'editor' });
    const first = await admin.get<{ items: ApiTokenDto[]; next_cursor: string | null }>('/api/v1/api-tokens?limit=1');
    expect(first.body.items.map((item) => item.name)).toEqual(['Paging two']);
    const second = await admin.get<{ items: ApiTokenDto[]; next_cursor: string | null }>(
      `/api/v1/api-tokens?limit=1&cursor=${first.body.next_cursor}`,
    );
    expect(second.body.items.map((item) => item.name)).toEqual(['Paging one']);
  });
});

describe('using a token (Authorization: Bearer)', () => {
  it('writes with the token’s role, with no cookies and no CSRF header', async () => {
    const { token } = await createToken({ name: 'Content sync', role: 'editor' });
    const created = await withToken<{ page: Page }>(token, 'POST', '/api/v1/pages', {
      title: 'Written by a script',
      slug: 'written-by-a-script',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const patched = await withToken<{ page: Page }>(token, 'PATCH', `/api/v1/pages/${created.body.page.id}`, {
      title: 'Changed by a script',
      version: created.body.page.version,
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body.page.title).toBe('Changed by a script');

    // Editor routes yes, admin routes no.
    expect((await withToken(token, 'GET', '/api/v1/trash')).status).toBe(200);
    expect((await withToken<ErrorBody>(token, 'GET', '/api/v1/api-tokens')).status).toBe(403);
    expect((await withToken(token, 'GET', '/api/v1/backup')).status).toBe(403);
    expect((await withToken(token, 'POST', '/api/v1/api-tokens', { name: 'Escalate', role: 'admin' })).status).toBe(
      403,
    );
  });

  it('an admin token reaches admin routes', async () => {
    const { token } = await createToken({ name: 'Ops', role: 'admin' });
    const list = await withToken<{ items: ApiTokenDto[] }>(token, 'GET', '/api/v1/api-tokens');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(token);
  });

  it('says who it is: the creator’s account with the token’s role and name', async () => {
    const { token } = await createToken({ name: 'Whoami', role: 'editor' });
    const session = await withToken<{ user: { id: string; fullName: string; role: string } }>(
      token,
      'GET',
      '/api/v1/auth/session',
    );
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: adminId, fullName: 'Whoami (API token)', role: 'editor' });
  });

  it('attributes an audited action to the token', async () => {
    const { token, api_token } = await createToken({ name: 'Publisher bot', role: 'editor' });
    const created = await withToken<{ page: Page }>(token, 'POST', '/api/v1/pages', {
      title: 'Published by a bot',
      slug: 'published-by-a-bot',
    });
    const published = await withToken(token, 'POST', `/api/v1/pages/${created.body.page.id}/publish`, {
      version: created.body.page.version,
    });
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const entries = await auditEntriesFor('page.published', created.body.page.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor_type: 'token',
      actor_id: adminId,
      actor_label: 'Publisher bot',
      token_id: api_token.id,
    });
  });

  it('notes when it was last used, at most once a minute', async () => {
    const { token, api_token } = await createToken({ name: 'Heartbeat', role: 'editor' });
    const lastUsed = async () =>
      (await server.app.db.select().from(apiTokens).where(eq(apiTokens.id, api_token.id)))[0]!.last_used_at;
    expect(await lastUsed()).toBeNull();
    expect((await withToken(token, 'GET', '/api/v1/trash')).status).toBe(200);
    const first = await lastUsed();
    expect(first).not.toBeNull();
    clock.advance(30 * 1000);
    await withToken(token, 'GET', '/api/v1/trash');
    expect((await lastUsed())!.getTime()).toBe(first!.getTime());
    clock.advance(minutes(1));
    await withToken(token, 'GET', '/api/v1/trash');
    expect((await lastUsed())!.getTime()).toBeGreaterThan(first!.getTime());
    const listed = (await listTokens()).items.find((item) => item.id === api_token.id);
    expect(listed!.last_used_at).not.toBeNull();
  });

  it('counts its writes against the write rate limit by token', async () => {
    const { token, api_token } = await createToken({ name: 'Counted', role: 'editor' });
    await withToken(token, 'POST', '/api/v1/pages', { title: 'Counted page', slug: 'counted-page' });
    const [row] = await server.app.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `write:token:${api_token.id}`));
    expect(row?.count).toBe(1);
  });

  it('cannot act on an account (own-account routes answer 403)', async () => {
    const { token } = await createToken({ name: 'Not for accounts', role: 'admin' });
    const response = await withToken<ErrorBody>(token, 'GET', '/api/v1/test/own-account');
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('token_not_allowed');
  });
});

describe('refused tokens (401 invalid_token)', () => {
  it('stops working once revoked; the row stays, marked revoked, with one audit entry', async () => {
    const { token, api_token } = await createToken({ name: 'Short-lived', role: 'editor' });
    expect((await withToken(token, 'GET', '/api/v1/trash')).status).toBe(200);
    const revoke = await admin.request('DELETE', `/api/v1/api-tokens/${api_token.id}`);
    expect(revoke.status).toBe(204);
    expectInvalidToken(await withToken(token, 'GET', '/api/v1/trash'));
    expectInvalidToken(await withToken(token, 'POST', '/api/v1/pages', { title: 'Too late', slug: 'too-late' }));

    const listed = (await listTokens()).items.find((item) => item.id === api_token.id);
    expect(listed).toMatchObject({ status: 'revoked', revoked_at: expect.any(String) });
    // Revoking again changes nothing and writes no second entry.
    expect((await admin.request('DELETE', `/api/v1/api-tokens/${api_token.id}`)).status).toBe(204);
    expect(await auditEntriesFor('api_token.revoked', api_token.id)).toHaveLength(1);
    const unknown = await admin.request<ErrorBody>('DELETE', '/api/v1/api-tokens/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
  });

  it('stops working once expired', async () => {
    const expiresAt = new Date(clock.now().getTime() + minutes(5)).toISOString();
    const { token, api_token } = await createToken({ name: 'Expiring', role: 'editor', expires_at: expiresAt });
    expect(api_token.expires_at).toBe(expiresAt);
    expect((await withToken(token, 'GET', '/api/v1/trash')).status).toBe(200);
    clock.advance(minutes(6));
    expectInvalidToken(await withToken(token, 'GET', '/api/v1/trash'));
    const listed = (await listTokens()).items.find((item) => item.id === api_token.id);
    expect(listed!.status).toBe('expired');
  });

  it('stops working while its creator is disabled, and the list says so', async () => {
    const creator = await createUserWithRole(server, 'admin', { email: uniqueEmail('token-maker') });
    const client = new ApiClient(server.url);
    await client.signIn(creator.email, creator.password);
    const created = await client.post<CreatedApiToken>('/api/v1/api-tokens', { name: 'Orphan', role: 'editor' });
    expect(created.status).toBe(201);
    issuedTokens.push(created.body.token);
    expect((await withToken(created.body.token, 'GET', '/api/v1/trash')).status).toBe(200);
    await server.app.db.update(users).set({ disabled_at: clock.now() }).where(eq(users.id, creator.id));
    expectInvalidToken(await withToken(created.body.token, 'GET', '/api/v1/trash'));
    const listed = (await listTokens()).items.find((item) => item.id === created.body.api_token.id);
    expect(listed!.created_by).toMatchObject({ id: creator.id, disabled: true });
    await server.app.db.update(users).set({ disabled_at: null }).where(eq(users.id, creator.id));
    expect((await withToken(created.body.token, 'GET', '/api/v1/trash')).status).toBe(200);
  });

  it('refuses unknown and malformed tokens and never falls back to the cookie session', async () => {
    const { token } = await createToken({ name: 'Genuine', role: 'admin' });
    const lastChar = token.at(-1) === 'A' ? 'B' : 'A';
    const wrong = `${token.slice(0, -1)}${lastChar}`;
    expectInvalidToken(await withToken(wrong, 'GET', '/api/v1/trash'));
    expectInvalidToken(await withToken('not-a-token', 'GET', '/api/v1/trash'));
    expectInvalidToken(await withToken(token.slice(4), 'GET', '/api/v1/trash'));

    for (const header of ['Bearer', 'Bearer ', `Bearer ${token} extra`, `Token ${token}`, token, '']) {
      const response = await fetch(`${server.url}/api/v1/trash`, { headers: { authorization: header } });
      expect(response.status, `Authorization: "${header}"`).toBe(401);
      expect(((await response.json()) as ErrorBody).error.code).toBe('invalid_token');
    }

    // The admin's own session cookie and CSRF pair do not rescue a bad token.
    const withCookie = await admin.get<ErrorBody>('/api/v1/api-tokens', {
      headers: { authorization: `Bearer ${wrong}` },
    });
    expectInvalidToken(withCookie);
    const write = await admin.post<ErrorBody>(
      '/api/v1/api-tokens',
      { name: 'Via cookie', role: 'editor' },
      { headers: { authorization: `Bearer ${wrong}` } },
    );
    expectInvalidToken(write);

    // The scheme is case-insensitive (RFC 6750); a proxy's Basic credentials are left to the cookie.
    expect((await fetch(`${server.url}/api/v1/trash`, { headers: { authorization: `bearer ${token}` } })).status).toBe(
      200,
    );
    const basic = await admin.get('/api/v1/api-tokens', { headers: { authorization: 'Basic c3RhZ2luZzpzZWNyZXQ=' } });
    expect(basic.status).toBe(200);
  });

  it('a Bearer header off the API is not checked (the site does not use tokens)', async () => {
    const response = await fetch(`${server.url}/`, { headers: { authorization: 'Bearer nonsense' } });
    expect(response.status).toBe(200);
  });
});

describe('secrecy', () => {
  it('never writes a token to the log', () => {
    const log = server.logs().join('\n');
    expect(log.length).toBeGreaterThan(0);
    expect(issuedTokens.length).toBeGreaterThan(5);
    for (const token of issuedTokens) expect(log).not.toContain(token.slice(4));
  });
});
