import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { rateLimits } from '../../src/features/auth/auth.table';
import {
  addressSubject,
  emailSubject,
  hitRateLimit,
  rateLimitRules,
  takeRateLimitSlot,
} from '../../src/features/auth/rate-limits.server';
import {
  ApiClient,
  clearRateLimits,
  createUserWithRole,
  hours,
  latestTokenFor,
  mailsTo,
  minutes,
  TestClock,
  uniqueEmail,
  type ErrorBody,
} from '../helpers/auth';
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

/** What the sign-in counters hold now: all of the account's address pairs, 127.0.0.1's, and the account-wide one. */
async function countsFor(email: string): Promise<{ pair: number; address: number; account: number }> {
  const subject = emailSubject(email);
  const rows = await server.app.db.select().from(rateLimits).where(like(rateLimits.key, 'sign-in:%'));
  const count = (key: string) =>
    rows
      .filter((row) => (key.endsWith(':%') ? row.key.startsWith(key.slice(0, -1)) : row.key === key))
      .reduce((sum, row) => sum + row.count, 0);
  return {
    pair: count(`sign-in:email+ip:${subject}:%`),
    address: count('sign-in:ip:127.0.0.1'),
    account: count(`sign-in:email:${subject}`),
  };
}

function expectLimited(response: { status: number; body: ErrorBody; headers: Headers }, maxSeconds: number) {
  expect(response.status).toBe(429);
  expect(response.body.error.code).toBe('rate_limited');
  expect(response.body.error.message).toMatch(
    /^Too many attempts\. Please wait \d+ (minutes?|seconds?|hours?) and try again\.$/,
  );
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

const fifteenMinutes = 'Too many attempts. Please wait 15 minutes and try again.';

/** A client whose requests leave from this loopback address (the server sees it as request.ip). */
const from = (address: string) => new ApiClient(server.url, { localAddress: address });

describe('sign-in limits (decision 47)', () => {
  it('the server sees each loopback source address as its own client', async () => {
    const ips: string[] = [];
    for (const address of ['127.0.0.1', '127.0.0.2', '127.0.0.3']) {
      // One wrong password each, then the per-address counters say who the server saw.
      await from(address).signIn(uniqueEmail('probe'), 'wrong-password');
    }
    const rows = await server.app.db.select().from(rateLimits);
    for (const row of rows) if (row.key.startsWith('sign-in:ip:')) ips.push(row.key.slice('sign-in:ip:'.length));
    expect(ips.sort()).toEqual(['127.0.0.1', '127.0.0.2', '127.0.0.3']);
  });

  it('ten wrong passwords from one address do not lock the owner out elsewhere; that pair stays limited', async () => {
    const { email, password } = await createUserWithRole(server, 'viewer');
    const attacker = from('127.0.0.1');
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await attacker.signIn(email, 'wrong-password')).status).toBe(401);
    }
    // The pair (account, 127.0.0.1) is full: even the right password is refused, untested.
    const wrongAgain = await attacker.signIn(email, 'wrong-password');
    expectLimited(wrongAgain, 15 * 60);
    expect(wrongAgain.body.error.message).toBe(fifteenMinutes);
    const rightOnLimitedPair = await attacker.signIn(email, password);
    expectLimited(rightOnLimitedPair, 15 * 60);
    expect(rightOnLimitedPair.body.error.message).toBe(fifteenMinutes);
    expect(rightOnLimitedPair.setCookies.some((line) => line.startsWith('ca_session='))).toBe(false);

    // The owner, from another address, with the right password: signed in.
    const owner = from('127.0.0.2');
    const signIn = await owner.signIn(email, password);
    expect(signIn.status).toBe(200);
    expect((await owner.session()).body.user?.email).toBe(email);

    // The owner's success did not lift the limit of the other pair.
    expectLimited(await attacker.signIn(email, password), 15 * 60);
    // Another account from the limited address is unaffected (10 failures are far from 30).
    const other = await createUserWithRole(server, 'viewer');
    expect((await attacker.signIn(other.email, other.password)).status).toBe(200);

    clock.advance(minutes(15) + 1000);
    expect((await from('127.0.0.1').signIn(email, password)).status).toBe(200);
  });

  it('refused attempts do not count: a limited pair does not push the account towards its limit', async () => {
    const { email } = await createUserWithRole(server, 'viewer');
    const attacker = from('127.0.0.1');
    for (let attempt = 1; attempt <= 10; attempt++) await attacker.signIn(email, 'wrong-password');
    for (let attempt = 1; attempt <= 20; attempt++) {
      expect((await attacker.signIn(email, 'wrong-password')).status).toBe(429);
    }
    const counts = await countsFor(email);
    expect(counts).toEqual({ pair: 10, address: 10, account: 10 });
  });

  it('a successful sign-in never counts, and starts the account+address count again', async () => {
    const { email, password } = await createUserWithRole(server, 'viewer');
    const client = from('127.0.0.1');
    for (let attempt = 1; attempt <= 9; attempt++) {
      expect((await client.signIn(email, 'wrong-password')).status).toBe(401);
    }
    for (let attempt = 1; attempt <= 5; attempt++) expect((await client.signIn(email, password)).status).toBe(200);
    expect(await countsFor(email)).toEqual({ pair: 0, address: 9, account: 9 });
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await client.signIn(email, 'wrong-password')).status).toBe(401);
    }
    expectLimited(await client.signIn(email, 'wrong-password'), 15 * 60);
  });

  it('the right password of an unverified account is not a failure either', async () => {
    const email = uniqueEmail('unverified');
    const client = from('127.0.0.1');
    expect((await client.post('/api/v1/auth/sign-up', { email, password: 'secret-enough' })).status).toBe(201);
    for (let attempt = 1; attempt <= 12; attempt++) {
      expect((await client.signIn(email, 'secret-enough')).status).toBe(403);
    }
    expect(await countsFor(email)).toEqual({ pair: 0, address: 0, account: 0 });
  });

  it('allows 30 failures per address in 15 minutes across accounts; successes do not count', async () => {
    const { email, password } = await createUserWithRole(server, 'viewer');
    const sprayer = from('127.0.0.1');
    for (let attempt = 1; attempt <= 25; attempt++) {
      expect((await sprayer.signIn(uniqueEmail('spray'), 'wrong-password')).status).toBe(401);
    }
    for (let attempt = 1; attempt <= 8; attempt++) expect((await sprayer.signIn(email, password)).status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await sprayer.signIn(uniqueEmail('spray'), 'wrong-password')).status).toBe(401);
    }
    expectLimited(await sprayer.signIn(uniqueEmail('spray'), 'wrong-password'), 15 * 60);
    // The address is full for every account, including the right password of a real one...
    expectLimited(await sprayer.signIn(email, password), 15 * 60);
    // ...and only for this address.
    expect((await from('127.0.0.2').signIn(uniqueEmail('spray'), 'wrong-password')).status).toBe(401);
    expect((await from('127.0.0.2').signIn(email, password)).status).toBe(200);

    clock.advance(minutes(16));
    expect((await sprayer.signIn(uniqueEmail('spray'), 'wrong-password')).status).toBe(401);
  });

  it('parallel guesses cannot overrun a limit: each takes its place before the password is checked', async () => {
    const { email } = await createUserWithRole(server, 'viewer');
    const client = from('127.0.0.1');
    await client.session();
    const statuses = await Promise.all(
      Array.from({ length: 24 }, () => client.signIn(email, 'wrong-password').then((response) => response.status)),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
    expect(await countsFor(email)).toEqual({ pair: 10, address: 10, account: 10 });
  });

  describe('failures from many addresses', () => {
    const attackers = ['127.0.0.11', '127.0.0.12', '127.0.0.13', '127.0.0.14', '127.0.0.15'];

    /** 10 failures from each of the five addresses: 50, the account-wide limit. */
    async function fiftyFailures(email: string): Promise<void> {
      for (const address of attackers) {
        const attacker = from(address);
        for (let attempt = 1; attempt <= 10; attempt++) {
          expect((await attacker.signIn(email, `guess-${attempt}`)).status, address).toBe(401);
        }
      }
    }

    it('are limited at 50 per account, and the owner is e-mailed exactly once per window', async () => {
      const { email, password } = await createUserWithRole(server, 'editor');
      await fiftyFailures(email);

      // Any browser that has not signed in to the account before is now refused, right password or not.
      const stranger = from('127.0.0.16');
      const refused = await stranger.signIn(email, password);
      expectLimited(refused, 15 * 60);
      expect(refused.body.error.message).toBe(fifteenMinutes);
      for (const address of ['127.0.0.17', '127.0.0.18']) {
        expectLimited(await from(address).signIn(email, 'another-guess'), 15 * 60);
      }

      const mails = await mailsTo(server, email);
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.subject).toBe('Someone Is Trying to Sign In to Your Account');
      expect(mail!.content).toMatch(
        /Someone is trying to sign in to your Cenote Atlas account: 50 sign-ins with a wrong password within 15 minutes, from several different addresses\. None of them got in\./,
      );
      expect(mail!.content).toMatch(/If it was not you, you do not need to do anything\./);
      expect(mail!.content).toMatch(/Your account is protected\. For the next 15 minutes/);
      const resetLink = mail!.links.find((link) => new URL(link).pathname === '/auth/reset-password');
      expect(resetLink).toMatch(/\/auth\/reset-password\?token=[0-9a-f]{64}$/);

      // More failures in the same window (from addresses still allowed per pair) send nothing more.
      clock.advance(minutes(5));
      expectLimited(await from('127.0.0.19').signIn(email, 'yet-another-guess'), 10 * 60);
      expect(await mailsTo(server, email)).toHaveLength(1);

      // The next window starts clean: strangers may try again, and a new wave warns again.
      clock.advance(minutes(10) + 1000);
      expect((await stranger.signIn(email, password)).status).toBe(200);
      await fiftyFailures(email);
      expect(await mailsTo(server, email)).toHaveLength(2);
    });

    it('a browser that signed in before is still let in while strangers are refused', async () => {
      const { email, password } = await createUserWithRole(server, 'editor');
      const ownersLaptop = from('127.0.0.21');
      expect((await ownersLaptop.signIn(email, password)).status).toBe(200);
      expect(ownersLaptop.cookies.get('ca_known')).toMatch(/^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
      expect((await ownersLaptop.post('/api/v1/auth/sign-out')).status).toBe(204);

      await fiftyFailures(email);
      expectLimited(await from('127.0.0.22').signIn(email, password), 15 * 60);
      expect((await ownersLaptop.signIn(email, password)).status).toBe(200);
      expect((await ownersLaptop.session()).body.user?.email).toBe(email);

      // The cookie only vouches for the account it was issued for, and cannot be made up.
      const other = await createUserWithRole(server, 'editor');
      await fiftyFailures(other.email);
      const borrowed = from('127.0.0.23');
      borrowed.cookies.set('ca_known', ownersLaptop.cookies.get('ca_known')!);
      expectLimited(await borrowed.signIn(other.email, other.password), 15 * 60);
      const forged = from('127.0.0.23');
      forged.cookies.set('ca_known', `${'A'.repeat(43)}.${'B'.repeat(43)}`);
      expectLimited(await forged.signIn(email, password), 15 * 60);
    });

    it('the reset link in the e-mail lifts the pause, and voids the old known-browser cookies', async () => {
      const { email, password } = await createUserWithRole(server, 'editor');
      const ownersLaptop = from('127.0.0.21');
      expect((await ownersLaptop.signIn(email, password)).status).toBe(200);
      await fiftyFailures(email);
      const token = await latestTokenFor(server, email, '/auth/reset-password');

      const phone = from('127.0.0.24');
      expectLimited(await phone.signIn(email, password), 15 * 60);
      expect(
        (await phone.post('/api/v1/auth/reset-password', { token, newPassword: 'a new password after the attack' }))
          .status,
      ).toBe(200);
      expect((await phone.signIn(email, 'a new password after the attack')).status).toBe(200);
      // The five attacking addresses start from zero too (their pairs were cleared by the reset).
      expect(await countsFor(email)).toEqual({ pair: 0, address: 0, account: 0 });

      // A new wave: the cookie issued with the old password no longer vouches for the browser.
      await fiftyFailures(email);
      // The reset ended the laptop's session, and with it its CSRF token: the page reloads first.
      expect((await ownersLaptop.session()).body.user).toBeNull();
      expectLimited(await ownersLaptop.signIn(email, 'a new password after the attack'), 15 * 60);
      expect((await phone.signIn(email, 'a new password after the attack')).status).toBe(200);
    });
  });
});

describe('sign-up and e-mail request limits', () => {
  it('allows 5 sign-ups per address per hour', async () => {
    const client = new ApiClient(server.url);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(
        (await client.post('/api/v1/auth/sign-up', { email: uniqueEmail(), password: 'secret-enough' })).status,
      ).toBe(201);
    }
    const limited = await client.post<ErrorBody>('/api/v1/auth/sign-up', {
      email: uniqueEmail(),
      password: 'secret-enough',
    });
    expectLimited(limited, 3600);
    clock.advance(hours(1));
    expect(
      (await client.post('/api/v1/auth/sign-up', { email: uniqueEmail(), password: 'secret-enough' })).status,
    ).toBe(201);
  });

  for (const route of ['/api/v1/auth/reset-request', '/api/v1/auth/resend-verification']) {
    it(`${route}: 3 per e-mail and 5 per address per hour`, async () => {
      const client = new ApiClient(server.url);
      const email = uniqueEmail('limited');
      for (let attempt = 1; attempt <= 3; attempt++) {
        expect((await client.post(route, { email })).status).toBe(202);
      }
      expectLimited(await client.post<ErrorBody>(route, { email }), 3600);
      // Other e-mails still work until the per-address limit: 5 requests in all, the refused one counted.
      expect((await client.post(route, { email: uniqueEmail() })).status).toBe(202);
      expectLimited(await client.post<ErrorBody>(route, { email: uniqueEmail() }), 3600);
      clock.advance(hours(1) + 1000);
      for (let attempt = 1; attempt <= 5; attempt++) {
        expect((await client.post(route, { email: uniqueEmail() })).status).toBe(202);
      }
      expectLimited(await client.post<ErrorBody>(route, { email: uniqueEmail() }), 3600);
    });
  }
});

describe('the counter', () => {
  it('counts concurrent hits atomically (one upsert per hit)', async () => {
    const now = clock.now();
    const hits = await Promise.all(
      Array.from({ length: 5 }, () => hitRateLimit(server.app.db, rateLimitRules.signUpIp, '198.51.100.7', now)),
    );
    expect(hits.map((hit) => hit.count).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5]);
    expect(hits.filter((hit) => hit.limited)).toHaveLength(0);
    const over = await Promise.all(
      Array.from({ length: 10 }, () => hitRateLimit(server.app.db, rateLimitRules.signUpIp, '198.51.100.7', now)),
    );
    expect(over.filter((hit) => hit.limited)).toHaveLength(10);
    expect(new Set(over.map((hit) => hit.resetAt.getTime())).size).toBe(1);
  });

  it('hands out exactly as many slots as the limit to concurrent takers, then restarts the window', async () => {
    const now = clock.now();
    const rule = rateLimitRules.signInAddress;
    const outcomes = await Promise.all(
      Array.from({ length: 45 }, () => takeRateLimitSlot(server.app.db, rule, '198.51.100.8', now)),
    );
    const taken = outcomes.flatMap((outcome) => (outcome.taken ? [outcome.slot.count] : []));
    expect(taken.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
    for (const outcome of outcomes) if (!outcome.taken) expect(outcome.retryAfterSeconds).toBe(15 * 60);
    const later = await takeRateLimitSlot(server.app.db, rule, '198.51.100.8', new Date(now.getTime() + minutes(15)));
    expect(later.taken && later.slot.count).toBe(1);
  });

  it('counts an IPv6 client by its /64 and an IPv4-mapped one as IPv4', () => {
    expect(addressSubject('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(addressSubject('2001:db8:aa:bb::ffff')).toBe('2001:db8:aa:bb::/64');
    expect(addressSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressSubject('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressSubject('203.0.113.9')).toBe('203.0.113.9');
  });
});
