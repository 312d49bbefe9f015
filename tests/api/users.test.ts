import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/features/audit/audit.table';
import { invitations, sessions, users } from '../../src/features/auth/auth.table';
import { createSession } from '../../src/features/auth/sessions.server';
import { changeRoleByEmail } from '../../src/features/users/users-admin.service.server';
import {
  ApiClient,
  clearRateLimits,
  createUserWithRole,
  days,
  latestTokenFor,
  mailsTo,
  TestClock,
  uniqueEmail,
  type ErrorBody,
} from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

interface UserItem {
  id: string;
  email: string;
  full_name: string;
  role: string;
  status: string;
  two_factor: boolean;
  last_sign_in_at: string | null;
  created_at: string;
}
interface InvitationItem {
  id: string;
  email: string;
  role: string;
  invited_by: string | null;
  expires_at: string;
  created_at: string;
  status: 'pending' | 'expired';
}
interface List<T> {
  items: T[];
  next_cursor: string | null;
}

const clock = new TestClock();
let server: TestApp;
let pageId: string;

interface Person {
  client: ApiClient;
  id: string;
  email: string;
  password: string;
}

/** A fresh account of this role, signed in from its own client. */
async function person(role: 'viewer' | 'editor' | 'admin'): Promise<Person> {
  const account = await createUserWithRole(server, role);
  const client = new ApiClient(server.url);
  const signIn = await client.signIn(account.email, account.password);
  expect(signIn.status).toBe(200);
  return { client, ...account };
}

async function auditOf(action: string, targetId: string) {
  return server.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target_id, targetId)));
}

async function userRow(id: string) {
  const [row] = await server.app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function invite(admin: ApiClient, role = 'editor', email = uniqueEmail('invitee')) {
  const response = await admin.post<InvitationItem & ErrorBody>('/api/v1/invitations', { email, role });
  expect(response.status).toBe(201);
  return { invitation: response.body, email, token: await latestTokenFor(server, email, '/auth/invitation') };
}

const invalidLink = 'This invitation link is no longer valid. Ask for a new one.';

beforeAll(async () => {
  server = await startTestApp({ seed: false, clock });
  const editor = await person('editor');
  const created = await editor.client.post<{ page: { id: string } }>('/api/v1/pages', {
    title: 'Dos Ojos',
    slug: 'dos-ojos',
  });
  expect(created.status).toBe(201);
  pageId = created.body.page.id;
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  clock.offsetMs = 0;
  await clearRateLimits(server);
});

describe('invitations', () => {
  it('an invited editor accepts the e-mailed link once, is signed in with the role and can edit but not manage people', async () => {
    const admin = await person('admin');
    const { invitation, email, token } = await invite(admin.client, 'editor');
    expect(invitation).toMatchObject({ email, role: 'editor', status: 'pending', invited_by: admin.email });
    expect(new Date(invitation.expires_at).getTime() - new Date(invitation.created_at).getTime()).toBe(days(7));

    const [mail] = await mailsTo(server, email);
    expect(mail?.subject).toBe("You're invited to edit Cenote Atlas");
    expect(mail?.links).toContain(`${server.config.publicUrl}/auth/invitation?token=${token}`);
    const stored = await server.app.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]?.token_hash).not.toBe(token);

    const listed = await admin.client.get<List<InvitationItem>>('/api/v1/invitations');
    expect(listed.body.items.map((item) => item.id)).toContain(invitation.id);

    const invitee = new ApiClient(server.url);
    const described = await invitee.get(`/api/v1/auth/invitation?token=${token}`);
    expect(described).toMatchObject({ status: 200, body: { email, role: 'editor' } });

    const accepted = await invitee.post<{ user: { id: string; role: string; email: string; fullName: string } }>(
      '/api/v1/auth/accept-invitation',
      { token, fullName: 'Ana Torres', password: 'stalactite-42' },
    );
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toMatchObject({ email, role: 'editor', fullName: 'Ana Torres', emailVerified: true });
    const newId = accepted.body.user.id;

    expect((await invitee.session()).body.user?.role).toBe('editor');
    expect((await invitee.get(`/api/v1/pages/${pageId}`)).status).toBe(200);
    expect((await invitee.get('/api/v1/users')).status).toBe(403);

    const again = await new ApiClient(server.url).post<ErrorBody>('/api/v1/auth/accept-invitation', {
      token,
      fullName: 'Someone Else',
      password: 'another-pass',
    });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ code: 'invalid_token', message: invalidLink });
    expect((await invitee.get(`/api/v1/auth/invitation?token=${token}`)).status).toBe(400);

    const after = await admin.client.get<List<InvitationItem>>('/api/v1/invitations');
    expect(after.body.items.map((item) => item.id)).not.toContain(invitation.id);

    // A later sign-in works with the chosen password and role.
    const later = new ApiClient(server.url);
    expect((await later.signIn(email, 'stalactite-42')).body.user.role).toBe('editor');

    const created = await auditOf('invitation.created', invitation.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ actor_id: admin.id, actor_type: 'user', target_label: email });
    const acceptedEntries = await auditOf('invitation.accepted', invitation.id);
    expect(acceptedEntries).toHaveLength(1);
    expect(acceptedEntries[0]?.actor_id).toBe(newId);
    expect(await auditOf('auth.sign_in', newId)).toHaveLength(2);
    expect((await userRow(newId)).last_sign_in_at).not.toBeNull();
  });

  it('an expired link fails and is listed as expired', async () => {
    const admin = await person('admin');
    const { invitation, token } = await invite(admin.client, 'viewer');
    clock.advance(days(7) + 60_000);
    const listed = await admin.client.get<List<InvitationItem>>('/api/v1/invitations');
    expect(listed.body.items.find((item) => item.id === invitation.id)?.status).toBe('expired');
    const accepted = await new ApiClient(server.url).post<ErrorBody>('/api/v1/auth/accept-invitation', {
      token,
      fullName: 'Late Diver',
      password: 'stalactite-42',
    });
    expect(accepted.status).toBe(400);
    expect(accepted.body.error.message).toBe(invalidLink);
  });

  it('revoking makes the link fail; resending makes the old link fail and the new one work', async () => {
    const admin = await person('admin');
    const revoked = await invite(admin.client);
    expect((await admin.client.request('DELETE', `/api/v1/invitations/${revoked.invitation.id}`)).status).toBe(204);
    expect((await admin.client.request('DELETE', `/api/v1/invitations/${revoked.invitation.id}`)).status).toBe(404);
    const afterRevoke = await new ApiClient(server.url).post('/api/v1/auth/accept-invitation', {
      token: revoked.token,
      fullName: 'Revoked Diver',
      password: 'stalactite-42',
    });
    expect(afterRevoke.status).toBe(400);
    expect(await auditOf('invitation.revoked', revoked.invitation.id)).toHaveLength(1);

    const resent = await invite(admin.client, 'admin');
    clock.advance(days(3));
    const answer = await admin.client.post<InvitationItem>(`/api/v1/invitations/${resent.invitation.id}/resend`);
    expect(answer.status).toBe(200);
    expect(Math.abs(new Date(answer.body.expires_at).getTime() - (clock.now().getTime() + days(7)))).toBeLessThan(
      10_000,
    );
    const newToken = await latestTokenFor(server, resent.email, '/auth/invitation');
    expect(newToken).not.toBe(resent.token);
    expect(await mailsTo(server, resent.email)).toHaveLength(2);
    const old = await new ApiClient(server.url).post('/api/v1/auth/accept-invitation', {
      token: resent.token,
      fullName: 'Old Link',
      password: 'stalactite-42',
    });
    expect(old.status).toBe(400);
    const fresh = await new ApiClient(server.url).post<{ user: { role: string } }>('/api/v1/auth/accept-invitation', {
      token: newToken,
      fullName: 'New Link',
      password: 'stalactite-42',
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.user.role).toBe('admin');
    expect(await auditOf('invitation.resent', resent.invitation.id)).toHaveLength(1);
  });

  it('inviting an address again replaces its link; an address with an account is refused', async () => {
    const admin = await person('admin');
    const first = await invite(admin.client);
    const second = await invite(admin.client, 'viewer', first.email);
    const listed = await admin.client.get<List<InvitationItem>>('/api/v1/invitations?limit=100');
    expect(listed.body.items.filter((item) => item.email === first.email)).toHaveLength(1);
    expect((await new ApiClient(server.url).get(`/api/v1/auth/invitation?token=${first.token}`)).status).toBe(400);
    expect((await new ApiClient(server.url).get(`/api/v1/auth/invitation?token=${second.token}`)).body).toEqual({
      email: first.email,
      role: 'viewer',
    });

    const taken = await admin.client.post<ErrorBody>('/api/v1/invitations', { email: admin.email, role: 'editor' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'email_taken', field: 'email' });
    const bad = await admin.client.post<ErrorBody>('/api/v1/invitations', { email: 'not-an-address', role: 'editor' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('email');
  });

  it('accepting needs a name and a valid password, and keeps the link when it refuses', async () => {
    const admin = await person('admin');
    const { token } = await invite(admin.client);
    const client = new ApiClient(server.url);
    const noName = await client.post<ErrorBody>('/api/v1/auth/accept-invitation', { token, password: 'long-enough' });
    expect(noName.status).toBe(400);
    expect(noName.body.error.field).toBe('fullName');
    const short = await client.post<ErrorBody>('/api/v1/auth/accept-invitation', {
      token,
      fullName: 'Short',
      password: '12345',
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatchObject({ code: 'weak_password', field: 'password' });
    const ok = await client.post('/api/v1/auth/accept-invitation', {
      token,
      fullName: 'Finally',
      password: '123456',
    });
    expect(ok.status).toBe(201);
  });
});

describe('who may manage people', () => {
  it('editors are refused users, invitations, settings and backups, and allowed pages', async () => {
    const editor = await person('editor');
    const someone = await createUserWithRole(server, 'viewer');
    expect((await editor.client.get('/api/v1/users')).status).toBe(403);
    expect(
      (await editor.client.request('PATCH', `/api/v1/users/${someone.id}`, { body: { role: 'admin' } })).status,
    ).toBe(403);
    expect((await editor.client.post(`/api/v1/users/${someone.id}/sign-out-everywhere`)).status).toBe(403);
    expect((await editor.client.get('/api/v1/invitations')).status).toBe(403);
    expect((await editor.client.post('/api/v1/invitations', { email: uniqueEmail(), role: 'admin' })).status).toBe(403);
    expect((await editor.client.request('PUT', '/api/v1/settings/seo', { body: { site_title: 'Mine' } })).status).toBe(
      403,
    );
    expect((await editor.client.get('/api/v1/backup')).status).toBe(403);
    expect((await editor.client.get(`/api/v1/pages/${pageId}`)).status).toBe(200);
    expect((await userRow(someone.id)).role).toBe('viewer');
  });
});

describe('users', () => {
  it('lists accounts by name, searches name and e-mail, filters by role, pages with a cursor', async () => {
    const admin = await person('admin');
    const tag = `grotto${Date.now()}`;
    const a = await createUserWithRole(server, 'editor', { email: `zz-${tag}@example.com` });
    const b = await createUserWithRole(server, 'viewer', { email: `aa-${tag}@example.com` });
    await server.app.db.update(users).set({ full_name: 'Beatriz Cano' }).where(eq(users.id, a.id));
    await server.app.db
      .update(users)
      .set({ full_name: 'Alma Cruz', totp_enabled_at: new Date() })
      .where(eq(users.id, b.id));

    const found = await admin.client.get<List<UserItem>>(`/api/v1/users?q=${tag.toUpperCase()}`);
    expect(found.status).toBe(200);
    expect(found.body.items.map((item) => item.full_name)).toEqual(['Alma Cruz', 'Beatriz Cano']);
    expect(found.body.items[0]).toMatchObject({ role: 'viewer', status: 'active', two_factor: true });
    expect(found.body.items[1]).toMatchObject({ role: 'editor', two_factor: false, last_sign_in_at: null });

    const byName = await admin.client.get<List<UserItem>>('/api/v1/users?q=beatriz');
    expect(byName.body.items.map((item) => item.id)).toEqual([a.id]);
    const editors = await admin.client.get<List<UserItem>>(`/api/v1/users?q=${tag}&role=editor`);
    expect(editors.body.items.map((item) => item.id)).toEqual([a.id]);
    const percent = await admin.client.get<List<UserItem>>('/api/v1/users?q=%25');
    expect(percent.body.items).toEqual([]);

    const first = await admin.client.get<List<UserItem>>(`/api/v1/users?q=${tag}&limit=1`);
    expect(first.body.items.map((item) => item.id)).toEqual([b.id]);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await admin.client.get<List<UserItem>>(
      `/api/v1/users?q=${tag}&limit=1&cursor=${encodeURIComponent(first.body.next_cursor ?? '')}`,
    );
    expect(second.body.items.map((item) => item.id)).toEqual([a.id]);
    expect(second.body.next_cursor).toBeNull();
    expect((await admin.client.get('/api/v1/users?cursor=nonsense')).status).toBe(400);

    const me = await admin.client.get<List<UserItem>>(`/api/v1/users?q=${encodeURIComponent(admin.email)}`);
    expect(me.body.items[0]?.last_sign_in_at).not.toBeNull();
    const signIns = await auditOf('auth.sign_in', admin.id);
    expect(signIns).toHaveLength(1);
    expect(signIns[0]).toMatchObject({ actor_id: admin.id, actor_label: admin.email, summary: 'Signed in.' });
    expect(signIns[0]?.ip).toBeTruthy();
  });

  it('changes a role with one audit entry', async () => {
    const admin = await person('admin');
    const target = await person('editor');
    const changed = await admin.client.request<{ user: UserItem }>('PATCH', `/api/v1/users/${target.id}`, {
      body: { role: 'admin' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user.role).toBe('admin');
    expect((await target.client.get('/api/v1/users')).status).toBe(200);
    const entries = await auditOf('user.role_changed', target.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: admin.id, target_label: target.email });
    expect(entries[0]?.summary).toBe(`Changed the role of ${target.email} from editor to admin.`);
    // Asking for the role it already has changes nothing and records nothing.
    await admin.client.request('PATCH', `/api/v1/users/${target.id}`, { body: { role: 'admin' } });
    expect(await auditOf('user.role_changed', target.id)).toHaveLength(1);
    expect((await admin.client.request('PATCH', `/api/v1/users/${crypto.randomUUID()}`, { body: {} })).status).toBe(
      404,
    );
  });

  it('disabling ends the sessions at once and refuses sign-in, even after a password reset; enabling lets them in', async () => {
    const admin = await person('admin');
    const target = await person('editor');
    const secondBrowser = new ApiClient(server.url);
    expect((await secondBrowser.signIn(target.email, target.password)).status).toBe(200);

    const disabled = await admin.client.request<{ user: UserItem }>('PATCH', `/api/v1/users/${target.id}`, {
      body: { disabled: true },
    });
    expect(disabled.status).toBe(200);
    expect(disabled.body.user.status).toBe('disabled');
    expect((await target.client.get(`/api/v1/pages/${pageId}`)).status).toBe(401);
    expect((await secondBrowser.get(`/api/v1/pages/${pageId}`)).status).toBe(401);
    expect(await server.app.db.select().from(sessions).where(eq(sessions.user_id, target.id))).toHaveLength(0);

    // A session that somehow outlived the change is refused too.
    const leftover = await createSession(server.app.db, target.id, clock.now());
    const stale = new ApiClient(server.url);
    stale.cookies.set('ca_session', leftover.token);
    expect((await stale.session()).body.user).toBeNull();

    const refused = await new ApiClient(server.url).signIn(target.email, target.password);
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: 'account_disabled',
      message: 'This account is disabled. Ask an admin of this site to enable it.',
    });
    const wrong = await new ApiClient(server.url).signIn(target.email, 'not-the-password');
    expect(wrong.status).toBe(401);

    const anonymous = new ApiClient(server.url);
    expect((await anonymous.post('/api/v1/auth/reset-request', { email: target.email })).status).toBe(202);
    const resetToken = await latestTokenFor(server, target.email, '/auth/reset-password');
    expect(
      (await anonymous.post('/api/v1/auth/reset-password', { token: resetToken, newPassword: 'new-password-1' }))
        .status,
    ).toBe(200);
    expect((await new ApiClient(server.url).signIn(target.email, 'new-password-1')).body.error?.code).toBe(
      'account_disabled',
    );
    expect((await userRow(target.id)).disabled_at).not.toBeNull();

    const enabled = await admin.client.request<{ user: UserItem }>('PATCH', `/api/v1/users/${target.id}`, {
      body: { disabled: false },
    });
    expect(enabled.body.user.status).toBe('active');
    expect((await new ApiClient(server.url).signIn(target.email, 'new-password-1')).status).toBe(200);

    for (const action of ['user.disabled', 'user.enabled']) {
      const entries = await auditOf(action, target.id);
      expect(entries).toHaveLength(1);
      expect(entries[0]?.actor_id).toBe(admin.id);
    }
  });

  it('signing someone out everywhere ends all their sessions', async () => {
    const admin = await person('admin');
    const target = await person('viewer');
    const other = new ApiClient(server.url);
    await other.signIn(target.email, target.password);
    const answer = await admin.client.post(`/api/v1/users/${target.id}/sign-out-everywhere`);
    expect(answer.status).toBe(204);
    expect((await target.client.session()).body.user).toBeNull();
    expect((await other.session()).body.user).toBeNull();
    expect((await admin.client.session()).body.user?.id).toBe(admin.id);
    const entries = await auditOf('user.signed_out_everywhere', target.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_id: admin.id, target_label: target.email });
    expect((await admin.client.post(`/api/v1/users/${crypto.randomUUID()}/sign-out-everywhere`)).status).toBe(404);
  });
});

describe('the last active admin', () => {
  it('cannot be demoted or disabled; with two admins both work, and nobody disables themself', async () => {
    const only = await person('admin');
    // Every other admin of this file's earlier tests becomes an editor.
    await server.app.db
      .update(users)
      .set({ role: 'editor' })
      .where(and(eq(users.role, 'admin'), ne(users.id, only.id)));

    for (const body of [{ role: 'editor' }, { disabled: true }]) {
      const refused = await only.client.request<ErrorBody>('PATCH', `/api/v1/users/${only.id}`, { body });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'last_admin',
        message: 'Cenote Atlas needs at least one active admin. Make someone else an admin first.',
      });
    }
    // The command line's `user role` goes through the same rule.
    await expect(
      changeRoleByEmail(server.app.db, new Date(), only.email, 'viewer', {
        actor: { type: 'system', label: 'Command line' },
        ip: null,
      }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'last_admin' });
    const unchanged = await userRow(only.id);
    expect(unchanged.role).toBe('admin');
    expect(unchanged.disabled_at).toBeNull();
    expect(await auditOf('user.role_changed', only.id)).toHaveLength(0);
    expect(await auditOf('user.disabled', only.id)).toHaveLength(0);

    // A disabled admin does not count as one.
    const dormant = await createUserWithRole(server, 'admin');
    await server.app.db.update(users).set({ disabled_at: new Date() }).where(eq(users.id, dormant.id));
    expect((await only.client.request('PATCH', `/api/v1/users/${only.id}`, { body: { role: 'editor' } })).status).toBe(
      409,
    );

    const second = await person('admin');
    const self = await only.client.request<ErrorBody>('PATCH', `/api/v1/users/${only.id}`, {
      body: { disabled: true },
    });
    expect(self.status).toBe(409);
    expect(self.body.error.code).toBe('own_account');

    expect(
      (await only.client.request('PATCH', `/api/v1/users/${second.id}`, { body: { disabled: true } })).status,
    ).toBe(200);
    expect(
      (await only.client.request('PATCH', `/api/v1/users/${second.id}`, { body: { disabled: false } })).status,
    ).toBe(200);
    const secondAgain = new ApiClient(server.url);
    await secondAgain.signIn(second.email, second.password);

    // Both demote the other at the same moment: exactly one wins, one admin stays. The loser is
    // refused as the last admin, or (when the winner's change landed before its request began) as
    // no admin any more.
    const [a, b] = await Promise.all([
      only.client.request('PATCH', `/api/v1/users/${second.id}`, { body: { role: 'viewer' } }),
      secondAgain.request('PATCH', `/api/v1/users/${only.id}`, { body: { role: 'viewer' } }),
    ]);
    const [winner, loser] = [a.status, b.status].sort();
    expect(winner).toBe(200);
    expect([403, 409]).toContain(loser);
    const admins = await server.app.db.select().from(users).where(eq(users.role, 'admin'));
    expect(admins.filter((row) => row.disabled_at === null)).toHaveLength(1);
  });
});
