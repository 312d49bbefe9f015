import * as argon2 from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions, users } from '../../src/features/auth/auth.table';
import { isKnownBrowser } from '../../src/features/auth/known-browsers.server';
import { sha256 } from '../../src/features/auth/tokens.server';
import {
  ApiClient,
  clearRateLimits,
  createUserWithRole,
  days,
  hours,
  latestTokenFor,
  mailsTo,
  minutes,
  signUpVerified,
  TestClock,
  uniqueEmail,
  type ErrorBody,
} from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

let server: TestApp;
const clock = new TestClock();

beforeAll(async () => {
  server = await startTestApp({ seed: false, clock, env: { PUBLIC_URL: 'http://atlas.test:8080' } });
});
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  await clearRateLimits(server);
});

type SessionBody = { user: { email: string; fullName: string; role: string; emailVerified: boolean } | null };

function cookieNamed(lines: string[], name: string): string | undefined {
  return lines.find((line) => line.startsWith(`${name}=`));
}

describe('sign-up, verification, sign-in and sign-out over HTTP', () => {
  it('runs the whole flow: sign up, read the e-mail, verify, sign in, session, sign out', async () => {
    const email = uniqueEmail('flow');
    const client = new ApiClient(server.url);

    const signUp = await client.post<{ message: string }>('/api/v1/auth/sign-up', {
      email: email.toUpperCase(),
      password: 'secret-enough',
      fullName: 'Ana Buceadora',
    });
    expect(signUp.status).toBe(201);
    expect(signUp.body.message).toBe('Please check your email to verify your account.');

    const [mail] = await mailsTo(server, email);
    expect(mail?.subject).toBe('Confirm Your Email');
    // Links are built from PUBLIC_URL, not from the address the request came to.
    const link = mail!.links.find((candidate) => candidate.includes('/auth/verify'))!;
    expect(link).toMatch(/^http:\/\/atlas\.test:8080\/auth\/verify\?token=[0-9a-f]{64}$/);

    const beforeVerify = await client.signIn(email, 'secret-enough');
    expect(beforeVerify.status).toBe(403);
    expect(beforeVerify.body.error.code).toBe('email_not_verified');
    expect(beforeVerify.body.error.message).toMatch(/check your inbox/i);
    expect(beforeVerify.body.error.message).toMatch(/send it again/i);

    const token = new URL(link).searchParams.get('token')!;
    const verify = await client.post<{ message: string }>('/api/v1/auth/verify', { token });
    expect(verify.status).toBe(200);
    expect(verify.body.message).toMatch(/verified/);

    const signIn = await client.signIn(email, 'secret-enough');
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ email, role: 'viewer' });

    const session = await client.get<SessionBody>('/api/v1/auth/session');
    expect(session.headers.get('cache-control')).toBe('no-store');
    expect(session.body.user).toMatchObject({
      email,
      fullName: 'Ana Buceadora',
      role: 'viewer',
      emailVerified: true,
    });

    const signOut = await client.post('/api/v1/auth/sign-out');
    expect(signOut.status).toBe(204);
    expect(cookieNamed(signOut.setCookies, 'ca_session')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect((await client.get<SessionBody>('/api/v1/auth/session')).body.user).toBeNull();
  });

  it('defaults the full name to the e-mail address and creates viewers only', async () => {
    const email = uniqueEmail('noname');
    const client = new ApiClient(server.url);
    expect(
      (await client.post('/api/v1/auth/sign-up', { email, password: 'secret-enough', role: 'admin' })).status,
    ).toBe(201);
    const [row] = await server.app.db.select().from(users).where(eq(users.email, email));
    expect(row).toMatchObject({ full_name: email, role: 'viewer', email_verified_at: null });
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a short password with the spec message and a taken e-mail with email_taken', async () => {
    const client = new ApiClient(server.url);
    const short = await client.post<ErrorBody>('/api/v1/auth/sign-up', { email: uniqueEmail(), password: '12345' });
    expect(short.status).toBe(400);
    expect(short.body.error).toEqual({
      code: 'weak_password',
      message: 'Password must be at least 6 characters long.',
      field: 'password',
    });
    const tooLong = await client.post<ErrorBody>('/api/v1/auth/sign-up', {
      email: uniqueEmail(),
      password: 'x'.repeat(1025),
    });
    expect(tooLong.status).toBe(400);
    const badEmail = await client.post<ErrorBody>('/api/v1/auth/sign-up', {
      email: 'not-an-email',
      password: '123456',
    });
    expect(badEmail.body.error).toMatchObject({ code: 'invalid_email', field: 'email' });

    const { email } = await createUserWithRole(server, 'viewer');
    const taken = await client.post<ErrorBody>('/api/v1/auth/sign-up', { email, password: 'secret-enough' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('email_taken');
  });

  it('answers wrong passwords and unknown accounts with the same 401', async () => {
    const { email } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    const wrong = await client.signIn(email, 'not-the-password');
    const unknown = await client.signIn(uniqueEmail('ghost'), 'not-the-password');
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: { code: 'invalid_credentials', message: 'Invalid email or password.' } });
      expect(cookieNamed(response.setCookies, 'ca_session')).toBeUndefined();
      // A failure changes nothing in the browser: no known-browser cookie, the same CSRF token.
      expect(cookieNamed(response.setCookies, 'ca_known')).toBeUndefined();
      expect(cookieNamed(response.setCookies, 'ca_csrf')).toBeUndefined();
      expect(response.headers.get('x-csrf-token')).toBeNull();
    }
  });

  it('re-hashes a password stored with older argon2 parameters at the next right sign-in, not at a wrong one', async () => {
    const { email, password, id } = await createUserWithRole(server, 'editor');
    // As every hash was made before ADR 057: the library's default, 19 MiB and 2 passes.
    const oldHash = await argon2.hash(password);
    expect(oldHash).toContain('$m=19456,t=2,p=1$');
    await server.app.db.update(users).set({ password_hash: oldHash }).where(eq(users.id, id));
    const storedHash = async () =>
      (await server.app.db.select({ hash: users.password_hash }).from(users).where(eq(users.id, id)))[0]!.hash;

    const client = new ApiClient(server.url);
    expect((await client.signIn(email, 'not-the-password')).status).toBe(401);
    expect(await storedHash()).toBe(oldHash);

    const signedIn = await client.signIn(email, password);
    expect(signedIn.status).toBe(200);
    const upgraded = await storedHash();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=7168,t=5,p=1\$/);
    // The known-browser cookie of this sign-in is signed with the new hash: it exempts the browser next time.
    const knownBrowser = cookieNamed(signedIn.setCookies, 'ca_known')!.split(';')[0]!;
    const user = (await server.app.db.select().from(users).where(eq(users.id, id)))[0]!;
    expect(await isKnownBrowser(server.app.db, user, knownBrowser.slice('ca_known='.length))).toBe(true);

    const again = new ApiClient(server.url);
    expect((await again.signIn(email, password)).status).toBe(200);
    expect(await storedHash()).toBe(upgraded);
    expect((await new ApiClient(server.url).signIn(email, 'not-the-password')).status).toBe(401);
  });

  it('resends the verification link, answering the same for unknown and verified accounts', async () => {
    const email = uniqueEmail('resend');
    const client = new ApiClient(server.url);
    await client.post('/api/v1/auth/sign-up', { email, password: 'secret-enough' });
    const first = await latestTokenFor(server, email, '/auth/verify');

    const resend = await client.post<{ message: string }>('/api/v1/auth/resend-verification', { email });
    const unknown = await client.post<{ message: string }>('/api/v1/auth/resend-verification', {
      email: uniqueEmail('nobody'),
    });
    expect(resend.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(unknown.body).toEqual(resend.body);

    const second = await latestTokenFor(server, email, '/auth/verify');
    expect(second).not.toBe(first);
    expect((await client.post('/api/v1/auth/verify', { token: second })).status).toBe(200);
    expect((await client.signIn(email, 'secret-enough')).status).toBe(200);
  });
});

describe('verification tokens', () => {
  it('are single use', async () => {
    const email = uniqueEmail('reuse');
    const client = new ApiClient(server.url);
    await client.post('/api/v1/auth/sign-up', { email, password: 'secret-enough' });
    const token = await latestTokenFor(server, email, '/auth/verify');
    expect((await client.post('/api/v1/auth/verify', { token })).status).toBe(200);
    const again = await client.post<ErrorBody>('/api/v1/auth/verify', { token });
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('invalid_token');
  });

  it('expire after 24 hours', async () => {
    const email = uniqueEmail('late');
    const client = new ApiClient(server.url);
    await client.post('/api/v1/auth/sign-up', { email, password: 'secret-enough' });
    const token = await latestTokenFor(server, email, '/auth/verify');
    clock.advance(hours(24) + minutes(1));
    const late = await client.post<ErrorBody>('/api/v1/auth/verify', { token });
    expect(late.status).toBe(400);
    expect(late.body.error.code).toBe('invalid_token');
    expect((await client.signIn(email, 'secret-enough')).status).toBe(403);
  });

  it('refuse a wrong, malformed or missing token', async () => {
    const client = new ApiClient(server.url);
    for (const token of ['a'.repeat(64), 'not-a-token']) {
      const response = await client.post<ErrorBody>('/api/v1/auth/verify', { token });
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_token', field: 'token' });
    }
    const missing = await client.post<ErrorBody>('/api/v1/auth/verify', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({
      code: 'invalid_token',
      message: 'No valid verification token found.',
      field: 'token',
    });
  });
});

describe('password reset', () => {
  it('resets with the e-mailed link, ends the old sessions and swaps the passwords', async () => {
    const { email, password } = await signUpVerified(server);
    const laptop = new ApiClient(server.url);
    const phone = new ApiClient(server.url);
    expect((await laptop.signIn(email, password)).status).toBe(200);
    expect((await phone.signIn(email, password)).status).toBe(200);

    const anonymous = new ApiClient(server.url);
    const request = await anonymous.post<{ message: string }>('/api/v1/auth/reset-request', { email });
    expect(request.status).toBe(202);
    expect(request.body.message).toBe('Check your email for password reset instructions.');

    const mails = await mailsTo(server, email);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe('Reset Your Password');
    const link = mail.links.find((candidate) => candidate.includes('/auth/reset-password'))!;
    expect(link).toMatch(/^http:\/\/atlas\.test:8080\/auth\/reset-password\?token=[0-9a-f]{64}$/);
    const token = new URL(link).searchParams.get('token')!;
    // Only the digest is stored.
    const [stored] = await server.app.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.token_hash, sha256(token)));
    expect(stored).toMatchObject({ email, used: false });
    expect(stored!.expires_at.getTime() - clock.now().getTime()).toBeGreaterThan(minutes(59));
    expect(stored!.expires_at.getTime() - clock.now().getTime()).toBeLessThanOrEqual(hours(1));

    const reset = await anonymous.post<{ message: string }>('/api/v1/auth/reset-password', {
      token,
      newPassword: 'a brand new secret',
    });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe(
      'Your password has been successfully updated. You can now sign in with your new password.',
    );
    // Not signed in by the reset.
    expect(cookieNamed(reset.setCookies, 'ca_session')).toBeUndefined();

    // The old sessions are gone: the old cookies no longer work.
    for (const client of [laptop, phone]) {
      expect((await client.get<SessionBody>('/api/v1/auth/session')).body.user).toBeNull();
    }
    expect((await anonymous.signIn(email, password)).status).toBe(401);
    const fresh = await anonymous.signIn(email, 'a brand new secret');
    expect(fresh.status).toBe(200);
  });

  it('answers an unknown e-mail exactly like a known one and sends nothing', async () => {
    const { email } = await createUserWithRole(server, 'viewer');
    const ghost = uniqueEmail('ghost');
    const client = new ApiClient(server.url);
    const known = await client.post('/api/v1/auth/reset-request', { email });
    const unknown = await client.post('/api/v1/auth/reset-request', { email: ghost });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(unknown.headers.get('content-type')).toBe(known.headers.get('content-type'));
    expect(await mailsTo(server, ghost)).toEqual([]);
    expect(await server.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.email, ghost))).toEqual(
      [],
    );
  });

  it('asks for an e-mail address when none is given (spec text)', async () => {
    const response = await new ApiClient(server.url).post<ErrorBody>('/api/v1/auth/reset-request', { email: ' ' });
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({
      code: 'email_required',
      message: 'Please enter your email address.',
      field: 'email',
    });
  });

  it('builds the link from PUBLIC_URL even when the Host header says otherwise', async () => {
    const { email } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    await client.session();
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/auth/reset-request',
      headers: {
        host: 'evil.example',
        cookie: client.cookieHeader(),
        'x-csrf-token': client.csrfToken!,
        'content-type': 'application/json',
      },
      payload: { email },
    });
    expect(response.statusCode).toBe(202);
    const [mail] = await mailsTo(server, email);
    expect(mail!.links.every((link) => link.startsWith('http://atlas.test:8080/'))).toBe(true);
    expect(mail!.content).not.toContain('evil.example');
  });

  it('refuses a reused, expired, wrong or missing token with the spec messages', async () => {
    const { email } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    const invalid = {
      code: 'invalid_token',
      message: 'Failed to update password. The reset link may be invalid or expired.',
      field: 'token',
    };

    await client.post('/api/v1/auth/reset-request', { email });
    const token = await latestTokenFor(server, email, '/auth/reset-password');
    expect((await client.post('/api/v1/auth/reset-password', { token, newPassword: 'first-new' })).status).toBe(200);
    const reused = await client.post<ErrorBody>('/api/v1/auth/reset-password', { token, newPassword: 'second-new' });
    expect(reused.status).toBe(400);
    expect(reused.body.error).toEqual(invalid);

    await client.post('/api/v1/auth/reset-request', { email });
    const late = await latestTokenFor(server, email, '/auth/reset-password');
    clock.advance(hours(1) + minutes(1));
    const expired = await client.post<ErrorBody>('/api/v1/auth/reset-password', {
      token: late,
      newPassword: 'x-new-1',
    });
    expect(expired.status).toBe(400);
    expect(expired.body.error).toEqual(invalid);

    const wrong = await client.post<ErrorBody>('/api/v1/auth/reset-password', {
      token: 'f'.repeat(64),
      newPassword: 'x-new-1',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error).toEqual(invalid);

    const missing = await client.post<ErrorBody>('/api/v1/auth/reset-password', { newPassword: 'x-new-1' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toEqual({
      code: 'invalid_token',
      message: 'No valid reset token found.',
      field: 'token',
    });

    expect((await client.signIn(email, 'first-new')).status).toBe(200);
  });

  it('checks the new password length', async () => {
    const { email } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    await client.post('/api/v1/auth/reset-request', { email });
    const token = await latestTokenFor(server, email, '/auth/reset-password');
    const short = await client.post<ErrorBody>('/api/v1/auth/reset-password', { token, newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.body.error).toEqual({
      code: 'weak_password',
      message: 'Password must be at least 6 characters long.',
      field: 'newPassword',
    });
    // The token was not spent by the refused attempt.
    expect((await client.post('/api/v1/auth/reset-password', { token, newPassword: '123456' })).status).toBe(200);
  });
});

describe('session cookies', () => {
  it('are HttpOnly, SameSite=Lax, Path=/ and not Secure on an http site; stored only hashed', async () => {
    const { email, password } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    const csrf = cookieNamed((await client.session()).setCookies, 'ca_csrf')!;
    expect(csrf).toMatch(/; HttpOnly/);
    expect(csrf).toMatch(/; SameSite=Lax/);
    expect(csrf).toMatch(/; Path=\//);
    expect(csrf).not.toMatch(/; Secure/);

    const signIn = await client.signIn(email, password);
    const cookie = cookieNamed(signIn.setCookies, 'ca_session')!;
    expect(cookie).toMatch(/^ca_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).toMatch(/; Max-Age=2592000/);
    expect(cookie).not.toMatch(/; Secure/);

    const raw = client.cookies.get('ca_session')!;
    const rows = await server.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id_hash, sha256(raw)));
    expect(rows).toHaveLength(1);
    expect(await server.app.db.select().from(sessions).where(eq(sessions.id_hash, raw))).toEqual([]);
  });

  it('get a new id at every sign-in, and the previous one stops working', async () => {
    const { email, password } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    await client.signIn(email, password);
    const first = client.cookies.get('ca_session')!;
    await client.signIn(email, password);
    const second = client.cookies.get('ca_session')!;
    expect(second).not.toBe(first);

    const stale = new ApiClient(server.url);
    stale.cookies.set('ca_session', first);
    expect((await stale.get<SessionBody>('/api/v1/auth/session')).body.user).toBeNull();
    expect((await client.get<SessionBody>('/api/v1/auth/session')).body.user?.email).toBe(email);
  });

  it('slide: used sessions live on, refreshed at most once an hour; idle ones expire after 30 days', async () => {
    const { email, password } = await createUserWithRole(server, 'viewer');
    const client = new ApiClient(server.url);
    await client.signIn(email, password);

    // Within the hour: no write, no new cookie.
    clock.advance(minutes(30));
    const soon = await client.get<SessionBody>('/api/v1/auth/session');
    expect(soon.body.user?.email).toBe(email);
    expect(cookieNamed(soon.setCookies, 'ca_session')).toBeUndefined();

    // 29 days later the session is still valid and its expiry moves forward.
    clock.advance(days(29));
    const later = await client.get<SessionBody>('/api/v1/auth/session');
    expect(later.body.user?.email).toBe(email);
    expect(cookieNamed(later.setCookies, 'ca_session')).toMatch(/Max-Age=2592000/);

    // Another 29 days: alive thanks to the last use.
    clock.advance(days(29));
    expect((await client.get<SessionBody>('/api/v1/auth/session')).body.user?.email).toBe(email);

    // 31 idle days: expired, the cookie is cleared and the row deleted.
    const raw = client.cookies.get('ca_session')!;
    clock.advance(days(31));
    const expired = await client.get<SessionBody>('/api/v1/auth/session');
    expect(expired.body.user).toBeNull();
    expect(cookieNamed(expired.setCookies, 'ca_session')).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(
      await server.app.db
        .select()
        .from(sessions)
        .where(eq(sessions.id_hash, sha256(raw))),
    ).toEqual([]);
  });
});

describe('Secure cookies on an https site', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await startTestApp({ seed: false, env: { PUBLIC_URL: 'https://cenoteatlas.example' } });
  });
  afterAll(async () => {
    await secure.close();
  });

  it('marks the session and CSRF cookies Secure', async () => {
    const { email, password } = await createUserWithRole(secure, 'viewer');
    const client = new ApiClient(secure.url);
    expect(cookieNamed((await client.session()).setCookies, 'ca_csrf')).toMatch(/; Secure/);
    const cookie = cookieNamed((await client.signIn(email, password)).setCookies, 'ca_session')!;
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
  });
});
