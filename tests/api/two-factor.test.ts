import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/features/audit/audit.table';
import { recoveryCodes, users } from '../../src/features/auth/auth.table';
import type { AuditAction } from '../../src/features/audit/audit.server';
import { ApiClient, clearRateLimits, createUserWithRole, minutes, TestClock, type ErrorBody } from '../helpers/auth';
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

const stepMs = 30_000;
const invalidCodeMessage = 'That code is not right. Check the time on your phone and try the newest code.';
const codeUsedMessage = 'That code was just used. Wait for the next one.';
const expiredMessage = 'Your sign-in took too long. Sign in again.';

/** The code an authenticator app would show `steps` time steps from the server's now. */
function codeFor(secret: string, steps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: clock.now().getTime() + steps * stepMs });
}

/** A 6-digit code that is none of the three the server accepts right now. */
function wrongCode(secret: string): string {
  const valid = new Set([codeFor(secret, -1), codeFor(secret), codeFor(secret, 1)]);
  for (let candidate = 0; ; candidate++) {
    const code = String(candidate).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}

/** Each accepted code uses up its time step: the next use needs the next step. */
const nextStep = () => clock.advance(stepMs);

interface Account {
  id: string;
  email: string;
  password: string;
  secret: string;
  recoveryCodes: string[];
  client: ApiClient;
}

type SignInBody = { two_factor_required?: true; user?: { email: string } } & Partial<ErrorBody>;
type UserBody = { user: { email: string } } & Partial<ErrorBody>;

async function signedIn(role: 'viewer' | 'editor' | 'admin', from?: string) {
  const account = await createUserWithRole(server, role);
  const client = new ApiClient(server.url, from ? { localAddress: from } : {});
  expect((await client.signIn(account.email, account.password)).status).toBe(200);
  return { ...account, client };
}

/** A signed-in account that has turned on two-factor through the API. */
async function withTwoFactor(role: 'viewer' | 'editor' | 'admin' = 'editor'): Promise<Account> {
  const account = await signedIn(role);
  const setup = await account.client.post<{ secret: string }>('/api/v1/auth/2fa/setup');
  expect(setup.status).toBe(200);
  const enable = await account.client.post<{ recovery_codes: string[] }>('/api/v1/auth/2fa/enable', {
    code: codeFor(setup.body.secret),
  });
  expect(enable.status).toBe(200);
  nextStep();
  return { ...account, secret: setup.body.secret, recoveryCodes: enable.body.recovery_codes };
}

/** A fresh browser that has given the right password and now owes a code. */
async function passwordStep(account: { email: string; password: string }, from?: string): Promise<ApiClient> {
  const client = new ApiClient(server.url, from ? { localAddress: from } : {});
  const response = await client.post<SignInBody>('/api/v1/auth/sign-in', {
    email: account.email,
    password: account.password,
  });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ two_factor_required: true });
  return client;
}

const verify = (client: ApiClient, code: string) => client.post<UserBody>('/api/v1/auth/2fa/verify', { code });

async function auditEntries(action: AuditAction, targetId: string) {
  return server.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.target_id, targetId)));
}

async function userRow(id: string) {
  const [row] = await server.app.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error('no such user');
  return row;
}

describe('turning two-factor on (decision 39)', () => {
  it('setup, enable with a code, then signing in takes the password and a code, with no session between', async () => {
    const account = await signedIn('editor');
    const setup = await account.client.post<{ secret: string; otpauth_url: string; qr_svg: string }>(
      '/api/v1/auth/2fa/setup',
    );
    expect(setup.status).toBe(200);
    const { secret, otpauth_url: url, qr_svg: svg } = setup.body;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsedUrl = new URL(url);
    expect(parsedUrl.protocol).toBe('otpauth:');
    expect(parsedUrl.host).toBe('totp');
    expect(decodeURIComponent(parsedUrl.pathname)).toBe(`/Cenote Atlas:${account.email}`);
    expect(parsedUrl.searchParams.get('issuer')).toBe('Cenote Atlas');
    expect(parsedUrl.searchParams.get('secret')).toBe(secret);
    expect(svg.trimStart()).toMatch(/^<svg[\s>]/);
    expect(svg).not.toContain(secret);

    const pending = await userRow(account.id);
    expect(pending.totp_pending_secret).toMatch(/^v1\./);
    expect(pending.totp_pending_secret).not.toContain(secret);
    expect(pending.totp_enabled_at).toBeNull();

    const wrong = await account.client.post<ErrorBody>('/api/v1/auth/2fa/enable', { code: wrongCode(secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual({ code: 'invalid_code', message: invalidCodeMessage, field: 'code' });

    const enable = await account.client.post<{ recovery_codes: string[] }>('/api/v1/auth/2fa/enable', {
      code: codeFor(secret),
    });
    expect(enable.status).toBe(200);
    const codes = enable.body.recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9a-hjkmnp-tv-z]{4}-[2-9a-hjkmnp-tv-z]{4}$/);

    const stored = await userRow(account.id);
    expect(stored.totp_secret).toBe(pending.totp_pending_secret);
    expect(stored.totp_secret).not.toContain(secret);
    expect(stored.totp_pending_secret).toBeNull();
    expect(stored.totp_enabled_at).not.toBeNull();
    const stepNow = Math.floor(clock.now().getTime() / stepMs);
    expect([stepNow - 1, stepNow]).toContain(stored.totp_last_step);
    const hashes = await server.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, account.id));
    expect(hashes).toHaveLength(10);
    for (const row of hashes) {
      expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(codes.some((code) => row.code_hash.includes(code.replace('-', '')))).toBe(false);
    }
    expect(await auditEntries('two_factor.enabled', account.id)).toHaveLength(1);

    const session = await account.client.session();
    expect(session.body.user).toMatchObject({ two_factor_enabled: true, two_factor_setup_required: false });
    const again = await account.client.post<ErrorBody>('/api/v1/auth/2fa/setup');
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('two_factor_on');

    expect((await account.client.post('/api/v1/auth/sign-out')).status).toBe(204);
    const signIn = await account.client.post<SignInBody>('/api/v1/auth/sign-in', {
      email: account.email,
      password: account.password,
    });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toEqual({ two_factor_required: true });
    expect(signIn.setCookies.some((line) => line.startsWith('ca_session='))).toBe(false);
    const challengeCookie = signIn.setCookies.find((line) => line.startsWith('ca_2fa='));
    expect(challengeCookie).toMatch(/HttpOnly/i);
    expect(challengeCookie).toMatch(/SameSite=Lax/i);
    expect(challengeCookie).toMatch(/Max-Age=600/);
    expect((await account.client.session()).body.user).toBeNull();

    nextStep();
    const verified = await verify(account.client, codeFor(secret));
    expect(verified.status).toBe(200);
    expect(verified.body.user.email).toBe(account.email);
    expect(verified.setCookies.some((line) => line.startsWith('ca_session='))).toBe(true);
    expect((await account.client.session()).body.user?.email).toBe(account.email);
    expect(await auditEntries('two_factor.enabled', account.id)).toHaveLength(1);
  });

  it('a code is accepted once: the same code for a new sign-in is refused as used', async () => {
    const account = await withTwoFactor();
    const code = codeFor(account.secret);
    expect((await verify(await passwordStep(account), code)).status).toBe(200);
    const replay = await verify(await passwordStep(account), code);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toEqual({ code: 'code_used', message: codeUsedMessage, field: 'code' });
  });

  it('a code from one step before or after works; two steps away does not', async () => {
    const account = await withTwoFactor();
    // Clear of the step the enabling code used, so the step before now is unused too.
    clock.advance(3 * stepMs);
    const client = await passwordStep(account);
    for (const steps of [-2, 2]) {
      const response = await verify(client, codeFor(account.secret, steps));
      expect(response.status).toBe(400);
      expect(response.body.error?.code).toBe('invalid_code');
    }
    expect((await verify(client, codeFor(account.secret, -1))).status).toBe(200);
    expect((await verify(await passwordStep(account), codeFor(account.secret, 1))).status).toBe(200);
    // The step after the current one is used up now; so is everything before it.
    const used = await verify(await passwordStep(account), codeFor(account.secret));
    expect(used.body.error?.code).toBe('code_used');
  });

  it('a recovery code signs in once, written as typed in any case; the second time it fails', async () => {
    const account = await withTwoFactor();
    const recovery = account.recoveryCodes[3] ?? '';
    const first = await verify(await passwordStep(account), ` ${recovery.toUpperCase()} `);
    expect(first.status).toBe(200);
    expect(first.body.user.email).toBe(account.email);
    const entries = await auditEntries('two_factor.recovery_code_used', account.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_type: 'user', actor_id: account.id, ip: '127.0.0.1' });
    expect(entries[0]?.summary).toContain('9 of 10 left');

    const second = await verify(await passwordStep(account), recovery);
    expect(second.status).toBe(400);
    expect(second.body.error?.code).toBe('invalid_code');
    expect(await auditEntries('two_factor.recovery_code_used', account.id)).toHaveLength(1);
  });

  it('five wrong codes end the challenge: the password must be given again', async () => {
    const account = await withTwoFactor();
    const client = await passwordStep(account);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const response = await verify(client, wrongCode(account.secret));
      expect(response.status).toBe(400);
      expect(response.body.error).toEqual({ code: 'invalid_code', message: invalidCodeMessage, field: 'code' });
    }
    const fifth = await verify(client, wrongCode(account.secret));
    expect(fifth.status).toBe(401);
    expect(fifth.body.error?.code).toBe('two_factor_expired');
    expect(fifth.body.error?.message).toBe('Too many wrong codes. Sign in again.');
    expect(client.cookies.has('ca_2fa')).toBe(false);
    const right = await verify(client, codeFor(account.secret));
    expect(right.status).toBe(401);
    expect(right.body.error).toEqual({ code: 'two_factor_expired', message: expiredMessage });
    expect((await client.session()).body.user).toBeNull();

    const failures = await auditEntries('two_factor.failed', account.id);
    expect(failures).toHaveLength(5);
    expect(failures[0]).toMatchObject({ actor_type: 'anonymous', actor_label: account.email, ip: '127.0.0.1' });
  });

  it('wrong codes are rate limited per account and address (429 with Retry-After); another address still gets in', async () => {
    const account = await withTwoFactor();
    for (let challenge = 0; challenge < 2; challenge++) {
      const client = await passwordStep(account);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect([400, 401]).toContain((await verify(client, wrongCode(account.secret))).status);
      }
    }
    const limited = await verify(await passwordStep(account), codeFor(account.secret));
    expect(limited.status).toBe(429);
    expect(limited.body.error?.code).toBe('rate_limited');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    const elsewhere = await verify(await passwordStep(account, '127.0.0.2'), codeFor(account.secret));
    expect(elsewhere.status).toBe(200);
  });

  it('no challenge, or one older than 10 minutes, is two_factor_expired', async () => {
    const account = await withTwoFactor();
    const none = await verify(new ApiClient(server.url), codeFor(account.secret));
    expect(none.status).toBe(401);
    expect(none.body.error).toEqual({ code: 'two_factor_expired', message: expiredMessage });

    const client = await passwordStep(account);
    clock.advance(minutes(10) + 1000);
    const late = await verify(client, codeFor(account.secret));
    expect(late.status).toBe(401);
    expect(late.body.error?.code).toBe('two_factor_expired');
  });

  it('a disabled account never passes the second step', async () => {
    const account = await withTwoFactor();
    const client = await passwordStep(account);
    await server.app.db.update(users).set({ disabled_at: clock.now() }).where(eq(users.id, account.id));
    try {
      const response = await verify(client, codeFor(account.secret));
      expect(response.status).toBe(403);
      expect(response.body.error?.code).toBe('account_disabled');
      expect((await client.session()).body.user).toBeNull();
    } finally {
      await server.app.db.update(users).set({ disabled_at: null }).where(eq(users.id, account.id));
    }
  });
});

describe('turning two-factor off and new recovery codes', () => {
  it('turning it off needs a valid code; afterwards the password alone signs in', async () => {
    const account = await withTwoFactor();
    const empty = await account.client.post<ErrorBody>('/api/v1/auth/2fa/disable', {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toMatchObject({ code: 'code_required', field: 'code' });
    const wrong = await account.client.post<ErrorBody>('/api/v1/auth/2fa/disable', { code: wrongCode(account.secret) });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_code');
    expect((await userRow(account.id)).totp_enabled_at).not.toBeNull();

    const off = await account.client.post('/api/v1/auth/2fa/disable', { code: codeFor(account.secret) });
    expect(off.status).toBe(204);
    const row = await userRow(account.id);
    expect(row).toMatchObject({ totp_secret: null, totp_pending_secret: null, totp_enabled_at: null });
    expect(await server.app.db.select().from(recoveryCodes).where(eq(recoveryCodes.user_id, account.id))).toEqual([]);
    expect(await auditEntries('two_factor.disabled', account.id)).toHaveLength(1);

    const again = new ApiClient(server.url);
    const signIn = await again.signIn(account.email, account.password);
    expect(signIn.status).toBe(200);
    expect(signIn.body.user.id).toBe(account.id);
  });

  it('a recovery code can turn it off too', async () => {
    const account = await withTwoFactor();
    const off = await account.client.post('/api/v1/auth/2fa/disable', { code: account.recoveryCodes[0] });
    expect(off.status).toBe(204);
    expect((await userRow(account.id)).totp_enabled_at).toBeNull();
  });

  it('new recovery codes replace the old ones', async () => {
    const account = await withTwoFactor();
    const renewed = await account.client.post<{ recovery_codes: string[] }>('/api/v1/auth/2fa/recovery-codes', {
      code: codeFor(account.secret),
    });
    expect(renewed.status).toBe(200);
    expect(renewed.body.recovery_codes).toHaveLength(10);
    expect(renewed.body.recovery_codes).not.toContain(account.recoveryCodes[0]);
    const old = await verify(await passwordStep(account), account.recoveryCodes[0] ?? '');
    expect(old.body.error?.code).toBe('invalid_code');
    expect((await verify(await passwordStep(account), renewed.body.recovery_codes[0] ?? '')).status).toBe(200);
    expect(await auditEntries('two_factor.recovery_codes_replaced', account.id)).toHaveLength(1);
    expect(await auditEntries('two_factor.enabled', account.id)).toHaveLength(1);
  });
});

describe('audit of sign-in failures', () => {
  it('a wrong password is one auth.sign_in_failed entry, for a known or an unknown address', async () => {
    const known = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    expect((await client.signIn(known.email, 'not-the-password')).status).toBe(401);
    const entries = await auditEntries('auth.sign_in_failed', known.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_type: 'anonymous', actor_label: known.email, ip: '127.0.0.1' });

    const unknown = `nobody-${randomUUID()}@example.com`;
    expect((await client.signIn(unknown, 'whatever-it-is')).status).toBe(401);
    const unknownEntries = await server.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.sign_in_failed'), eq(auditLog.actor_label, unknown)));
    expect(unknownEntries).toHaveLength(1);
    expect(unknownEntries[0]).toMatchObject({ actor_type: 'anonymous', target_id: null, ip: '127.0.0.1' });
  });
});

describe('requiring two-factor for editors and admins', () => {
  type Settings = { settings: { require_two_factor: boolean; version: number } };

  it('an editor without it is held to setting it up; viewers are not affected', async () => {
    const admin = await withTwoFactor('admin');
    const read = await admin.client.get<Settings>('/api/v1/settings/security');
    expect(read.status).toBe(200);
    const { version } = read.body.settings;

    // An admin who has not turned it on cannot require it of others first.
    const plainAdmin = await signedIn('admin');
    const refused = await plainAdmin.client.request<ErrorBody>('PUT', '/api/v1/settings/security', {
      body: { require_two_factor: true, version },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'two_factor_off', field: 'require_two_factor' });

    const saved = await admin.client.request<Settings>('PUT', '/api/v1/settings/security', {
      body: { require_two_factor: true, version },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toMatchObject({ require_two_factor: true, version: version + 1 });
    try {
      const stale = await admin.client.request<ErrorBody>('PUT', '/api/v1/settings/security', {
        body: { require_two_factor: false, version },
      });
      expect(stale.status).toBe(409);
      expect(stale.body.error.code).toBe('version_conflict');
      const settingsEntries = await server.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'settings.updated'), eq(auditLog.actor_id, admin.id)));
      expect(settingsEntries).toHaveLength(1);

      // The editor signs in with the password alone and gets a session, held at the door.
      const editor = await signedIn('editor');
      const session = await editor.client.session();
      expect(session.body.user).toMatchObject({ two_factor_enabled: false, two_factor_setup_required: true });
      const pageId = randomUUID();
      for (const route of [`/api/v1/pages/${pageId}`, '/api/v1/pages', `/api/v1/pages/${pageId}/revisions`]) {
        const held = await editor.client.get<ErrorBody>(route);
        expect(held.status).toBe(403);
        expect(held.body.error).toEqual({
          code: 'two_factor_setup_required',
          message: 'Turn on two-factor sign-in to continue.',
        });
      }
      // The plain admin is held as well, even from the policy they may not read now.
      expect((await plainAdmin.client.get<ErrorBody>('/api/v1/settings/security')).body.error?.code).toBe(
        'two_factor_setup_required',
      );

      // Setting it up is still possible, and afterwards the editor works normally.
      const setup = await editor.client.post<{ secret: string }>('/api/v1/auth/2fa/setup');
      expect(setup.status).toBe(200);
      const enable = await editor.client.post('/api/v1/auth/2fa/enable', { code: codeFor(setup.body.secret) });
      expect(enable.status).toBe(200);
      expect((await editor.client.session()).body.user).toMatchObject({
        two_factor_enabled: true,
        two_factor_setup_required: false,
      });
      expect((await editor.client.get(`/api/v1/pages/${pageId}`)).status).toBe(404);

      const viewer = await signedIn('viewer');
      expect((await viewer.client.session()).body.user).toMatchObject({ two_factor_setup_required: false });
      expect((await viewer.client.post('/api/v1/auth/sign-out')).status).toBe(204);
    } finally {
      const current = await admin.client.get<Settings>('/api/v1/settings/security');
      const reset = await admin.client.request('PUT', '/api/v1/settings/security', {
        body: { require_two_factor: false, version: current.body.settings.version },
      });
      expect(reset.status).toBe(200);
    }
  });
});
