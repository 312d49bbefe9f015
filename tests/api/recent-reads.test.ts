import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../src/features/auth/auth.table';
import { changeRoleByEmail } from '../../src/features/users/users-admin.service.server';
import { recentReadsTtlMs } from '../../src/server/plugins/recent-reads.server';
import { ApiClient, createUserWithRole } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

/**
 * A signed-in request's session is remembered for at most a second (ADR 038). Writes through this
 * server take effect on the very next request (tests/api/users.test.ts, auth-sessions); these are
 * the changes it cannot hear of, made by another instance or the CLI straight in the database.
 */
let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});
afterAll(async () => {
  await server.close();
});

async function signedIn(role: 'editor' | 'admin') {
  const person = await createUserWithRole(server, role);
  const client = new ApiClient(server.url);
  expect((await client.signIn(person.email, person.password)).status).toBe(200);
  return { ...person, client };
}

async function sessionUser(client: ApiClient) {
  return (await client.get<{ user: { email: string } | null }>('/api/v1/auth/session')).body.user;
}

const pastTheMemory = () => new Promise((resolve) => setTimeout(resolve, recentReadsTtlMs + 100));

describe('sessions changed outside this server', () => {
  it('a session deleted in the database (signed out elsewhere) is refused once its second is up', async () => {
    const editor = await signedIn('editor');
    expect((await sessionUser(editor.client))?.email).toBe(editor.email);
    await server.app.db.delete(sessions).where(eq(sessions.user_id, editor.id));
    await pastTheMemory();
    expect(await sessionUser(editor.client)).toBeNull();
  });

  it('a role changed by the CLI applies once its second is up', async () => {
    await createUserWithRole(server, 'admin'); // the last active admin would keep the role
    const admin = await signedIn('admin');
    expect((await admin.client.get('/api/v1/users')).status).toBe(200);
    const changed = await changeRoleByEmail(server.app.db, new Date(), admin.email, 'editor', {
      actor: { type: 'system', label: 'Command line' },
      ip: null,
    });
    expect(changed?.role).toBe('editor');
    await pastTheMemory();
    expect((await admin.client.get('/api/v1/users')).status).toBe(403);
  });

  it('a sign-out through this server refuses the old cookie on the very next request', async () => {
    const editor = await signedIn('editor');
    const cookie = editor.client.cookieHeader();
    expect((await sessionUser(editor.client))?.email).toBe(editor.email);
    expect((await editor.client.post('/api/v1/auth/sign-out', {})).status).toBe(204);
    const replay = await fetch(`${server.url}/api/v1/auth/session`, { headers: { cookie } });
    expect(((await replay.json()) as { user: unknown }).user).toBeNull();
  });
});
