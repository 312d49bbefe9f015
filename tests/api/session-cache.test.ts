import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { securitySettings, sessions, users } from '../../src/features/auth/auth.table';
import { sessionsChangedChannel } from '../../src/features/auth/session-cache.server';
import { sessionCookieName } from '../../src/features/auth/session.plugin.server';
import { ApiClient, createUserWithRole, days, hours, signedInClient, TestClock } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { awaitDatabaseSignals, testDriver } from '../helpers/test-database';

/**
 * ADR 046: who a session cookie belongs to is answered from memory until sessions, accounts or the
 * sign-in policy change. Every way a session ends or an account changes must show in the very
 * next request on this server, and writes from elsewhere (the CLI, another instance: straight
 * into the database here) must show too.
 */

type SessionBody = {
  user: { id: string; role: string; two_factor_setup_required?: boolean } | null;
};

const clock = new TestClock();
let server: TestApp;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestApp({ seed: false, clock });
  admin = await signedInClient(server, 'admin');
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** A second browser holding the same session cookie (what a stolen or shared cookie would be). */
function sameCookie(client: ApiClient, base = server.url): ApiClient {
  const copy = new ApiClient(base);
  copy.cookies.set(sessionCookieName, client.cookies.get(sessionCookieName)!);
  return copy;
}

async function whoIs(client: ApiClient): Promise<SessionBody['user']> {
  const response = await client.get<SessionBody>('/api/v1/auth/session');
  expect(response.status).toBe(200);
  return response.body.user;
}

/** On the embedded database the very next request sees a write; a server signals a moment later. */
async function expectSoon<T>(read: () => Promise<T>, expected: T): Promise<void> {
  if (testDriver() === 'pglite') expect(await read()).toEqual(expected);
  else await expect.poll(read, { timeout: 5_000 }).toEqual(expected);
}

describe('signed-in requests, answered from memory', () => {
  it('reads a session from the database once, then from memory', async () => {
    const editor = await signedInClient(server, 'editor');
    await awaitDatabaseSignals(server.app.db, sessionsChangedChannel, server.app.sessionCache);
    server.app.sessionCache.invalidate();
    const first = await whoIs(editor);
    expect(first?.role).toBe('editor');
    expect(server.app.sessionCache.size).toBe(1);
    expect(await whoIs(editor)).toEqual(first);
    expect(server.app.sessionCache.size).toBe(1);
    // An unknown cookie is never kept.
    const stranger = new ApiClient(server.url);
    stranger.cookies.set(sessionCookieName, 'a'.repeat(43));
    expect(await whoIs(stranger)).toBeNull();
    expect(server.app.sessionCache.size).toBe(1);
  });

  it('ends a session at sign-out for every holder of the cookie, at once', async () => {
    const editor = await signedInClient(server, 'editor');
    const otherTab = sameCookie(editor);
    expect((await whoIs(otherTab))?.role).toBe('editor');
    expect((await editor.post('/api/v1/auth/sign-out')).status).toBe(204);
    expect(await whoIs(otherTab)).toBeNull();
  });

  it('applies an admin’s change of role, disabling and sign-out everywhere to the next request', async () => {
    const account = await createUserWithRole(server, 'editor');
    const editor = new ApiClient(server.url);
    expect((await editor.signIn(account.email, account.password)).status).toBe(200);
    expect((await whoIs(editor))?.role).toBe('editor');

    expect((await admin.patch(`/api/v1/users/${account.id}`, { role: 'viewer' })).status).toBe(200);
    expect((await whoIs(editor))?.role).toBe('viewer');

    expect((await admin.post(`/api/v1/users/${account.id}/sign-out-everywhere`)).status).toBe(204);
    expect(await whoIs(editor)).toBeNull();

    const again = new ApiClient(server.url);
    expect((await again.signIn(account.email, account.password)).status).toBe(200);
    expect((await whoIs(again))?.role).toBe('viewer');
    expect((await admin.patch(`/api/v1/users/${account.id}`, { disabled: true })).status).toBe(200);
    expect(await whoIs(again)).toBeNull();
  });

  it('shows writes made outside this server’s requests (the CLI, another instance)', async () => {
    const editor = await signedInClient(server, 'editor');
    const { id } = (await whoIs(editor))!;
    expect((await whoIs(editor))?.role).toBe('editor');

    await server.app.db.update(users).set({ role: 'admin' }).where(eq(users.id, id));
    await expectSoon(async () => (await whoIs(editor))?.role, 'admin');
    expect((await editor.get('/api/v1/users')).status).toBe(200);

    await server.app.db
      .insert(securitySettings)
      .values({ id: 1, require_two_factor: true })
      .onConflictDoUpdate({ target: securitySettings.id, set: { require_two_factor: true } });
    await expectSoon(async () => (await whoIs(editor))?.two_factor_setup_required, true);
    await server.app.db.update(securitySettings).set({ require_two_factor: false });
    await expectSoon(async () => (await whoIs(editor))?.two_factor_setup_required, false);

    await server.app.db.delete(sessions).where(eq(sessions.user_id, id));
    await expectSoon(() => whoIs(editor), null);

    // An account disabled straight in the database: its sessions stop, though their rows remain.
    const other = await signedInClient(server, 'editor');
    const otherId = (await whoIs(other))!.id;
    await server.app.db.update(users).set({ disabled_at: clock.now() }).where(eq(users.id, otherId));
    await expectSoon(() => whoIs(sameCookie(other)), null);
  });

  it('pushes a session’s expiry forward once an hour, not on every request from memory', async () => {
    const editor = await signedInClient(server, 'editor');
    expect((await editor.get('/api/v1/auth/session')).setCookies).toEqual([]);
    clock.advance(hours(2));
    try {
      const refreshed = await editor.get('/api/v1/auth/session');
      expect(refreshed.setCookies.some((line) => line.startsWith(`${sessionCookieName}=`))).toBe(true);
      // The write that pushed it forward dropped what memory held: the next request knows the new
      // expiry and writes nothing.
      const next = await editor.get('/api/v1/auth/session');
      expect(next.setCookies).toEqual([]);
      expect((await whoIs(editor))?.role).toBe('editor');
    } finally {
      clock.advance(-hours(2));
    }
  });

  it('ends a session held in memory when it expires, and deletes it', async () => {
    const editor = await signedInClient(server, 'editor');
    const { id } = (await whoIs(editor))!;
    clock.advance(days(31));
    try {
      expect(await whoIs(editor)).toBeNull();
      expect(await server.app.db.select().from(sessions).where(eq(sessions.user_id, id))).toEqual([]);
    } finally {
      clock.advance(-days(31));
    }
  });

  if (testDriver() === 'postgres') {
    it('ends a session signed out on another instance of the same database', async () => {
      const other = await startTestApp({ seed: false, data: server.data, clock });
      try {
        const editor = await signedInClient(server, 'editor');
        const onOther = sameCookie(editor, other.url);
        expect((await whoIs(onOther))?.role).toBe('editor');
        expect((await editor.post('/api/v1/auth/sign-out')).status).toBe(204);
        await expect.poll(() => whoIs(onOther), { timeout: 5_000 }).toBeNull();
      } finally {
        await other.close({ keepData: true });
      }
    });
  }
});
