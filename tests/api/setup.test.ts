import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupTokens, users } from '../../src/features/auth/auth.table';
import { prepareFirstAdmin } from '../../src/features/auth/setup.service.server';
import { sha256 } from '../../src/features/auth/tokens.server';
import { ApiClient, hours, TestClock, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

/** The setup link the server logged (the last one). */
function loggedSetupToken(server: TestApp): string {
  const lines = server.logs().filter((line) => line.includes('/setup?token='));
  const match = /\/setup\?token=([0-9a-f]{64})/.exec(lines.at(-1) ?? '');
  if (!match?.[1]) throw new Error(`no setup link in the log:\n${server.logs().join('')}`);
  return match[1];
}

describe('first-run setup with the logged link', () => {
  let server: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    server = await startTestApp({
      seed: false,
      clock,
      captureLogs: true,
      env: { PUBLIC_URL: 'https://atlas.example' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('logs one info line with the link built from PUBLIC_URL and stores only the digest', async () => {
    const lines = server.logs().filter((line) => line.includes('/setup?token='));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { level: number; msg: string };
    expect(entry.level).toBe(30);
    expect(entry.msg).toMatch(/https:\/\/atlas\.example\/setup\?token=[0-9a-f]{64} /);
    const token = loggedSetupToken(server);
    const rows = await server.app.db.select().from(setupTokens);
    expect(rows.map((row) => row.token_hash)).toEqual([sha256(token)]);
  });

  it('says setup is needed while the user table has no admin', async () => {
    const client = new ApiClient(server.url);
    const response = await client.get<{ needed: boolean }>('/api/v1/setup');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ needed: true });
  });

  it('refuses a wrong, missing or expired token', async () => {
    const client = new ApiClient(server.url);
    const input = { email: 'chief@example.com', password: 'admin-secret', fullName: 'Chief Diver' };
    const wrong = await client.post<ErrorBody>('/api/v1/setup', { ...input, token: 'e'.repeat(64) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_token');
    const missing = await client.post<ErrorBody>('/api/v1/setup', input);
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('invalid_token');

    const token = loggedSetupToken(server);
    clock.advance(hours(24) + 1000);
    const expired = await client.post<ErrorBody>('/api/v1/setup', { ...input, token });
    expect(expired.status).toBe(400);
    expect(expired.body.error.code).toBe('invalid_token');
    expect(await server.app.db.select().from(users)).toEqual([]);
  });

  it('creates the first admin (verified, signed in) with a valid token, then is done', async () => {
    // A restart logs a fresh link.
    await prepareFirstAdmin({ db: server.app.db, now: () => clock.now(), config: server.config, log: server.app.log });
    const token = loggedSetupToken(server);
    const client = new ApiClient(server.url);
    const tokenBefore = (await client.session()).body.csrfToken;
    const created = await client.post<{ user: { email: string; role: string; emailVerified: boolean } }>(
      '/api/v1/setup',
      { token, email: 'Chief@Example.com', password: 'admin-secret', fullName: 'Chief Diver' },
    );
    expect(created.status).toBe(201);
    expect(created.body.user).toMatchObject({ email: 'chief@example.com', role: 'admin', emailVerified: true });
    expect(created.setCookies.some((line) => line.startsWith('ca_session=') && line.includes('Secure'))).toBe(true);

    const session = await client.get<{ user: { role: string; fullName: string }; csrfToken: string }>(
      '/api/v1/auth/session',
    );
    expect(session.body.user).toMatchObject({ role: 'admin', fullName: 'Chief Diver' });
    // Signed in by the setup: the CSRF token was replaced by one bound to the new session.
    const tokenAfter = created.headers.get('x-csrf-token');
    expect(tokenAfter).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(tokenAfter).not.toBe(tokenBefore);
    expect(session.body.csrfToken).toBe(tokenAfter);

    expect((await client.get<{ needed: boolean }>('/api/v1/setup')).body).toEqual({ needed: false });
    const again = await new ApiClient(server.url).post<ErrorBody>('/api/v1/setup', {
      token,
      email: 'second@example.com',
      password: 'admin-secret',
    });
    expect(again.status).toBe(410);
    expect(again.body.error.code).toBe('setup_done');
    expect(await server.app.db.select().from(setupTokens)).toEqual([]);

    // The admin can sign in with the chosen password.
    expect((await new ApiClient(server.url).signIn('chief@example.com', 'admin-secret')).status).toBe(200);
  });

  it('logs no new link once an admin exists', async () => {
    const before = server.logs().length;
    await prepareFirstAdmin({ db: server.app.db, now: () => clock.now(), config: server.config, log: server.app.log });
    expect(
      server
        .logs()
        .slice(before)
        .filter((line) => line.includes('/setup?token=')),
    ).toEqual([]);
  });
});

describe('first admin from ADMIN_EMAIL and ADMIN_PASSWORD', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp({
      seed: false,
      captureLogs: true,
      env: { ADMIN_EMAIL: 'Boss@Example.com', ADMIN_PASSWORD: 'from-the-environment' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a verified admin at start and logs no setup link', async () => {
    const client = new ApiClient(server.url);
    expect((await client.get<{ needed: boolean }>('/api/v1/setup')).body).toEqual({ needed: false });
    const signIn = await client.signIn('boss@example.com', 'from-the-environment');
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.role).toBe('admin');
    expect(server.logs().some((line) => line.includes('/setup?token='))).toBe(false);
    expect((await client.post<ErrorBody>('/api/v1/setup', {})).status).toBe(410);
  });
});
