import { randomInt } from 'node:crypto';
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { HOTP, Secret, TOTP } from 'otpauth';
import type { Database } from '../../platform/db/client.server';
import type { Transaction } from '../../platform/jobs/job-queue.server';
import { AppError, badRequest, conflict } from '../../platform/http/app-error.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { recoveryCodes, twoFactorChallenges, users, type UserRow } from './auth.table';
import { isKnownBrowser } from './known-browsers.server';
import {
  addressSubject,
  clearRateLimit,
  rateLimitRules,
  releaseRateLimitSlot,
  takeRateLimitSlots,
  type RateLimitRule,
  type RateLimitSlot,
} from './rate-limits.server';
import { openSealedSecret, sealSecret } from './sealed-secrets.server';
import { createSession, type NewSession } from './sessions.server';
import { newOpaqueToken, opaqueTokenPattern, safeEqual, sha256 } from './tokens.server';

export const twoFactorMessages = {
  codeRequired: 'Enter the code from your authenticator app.',
  invalidCode: 'That code is not right. Check the time on your phone and try the newest code.',
  codeUsed: 'That code was just used. Wait for the next one.',
  expired: 'Your sign-in took too long. Sign in again.',
  tooManyWrongCodes: 'Too many wrong codes. Sign in again.',
  alreadyOn: 'Two-factor sign-in is already on for your account.',
  notStarted: 'Start the setup again: no QR code is waiting for its first code.',
  notOn: 'Two-factor sign-in is not on for your account.',
  setupRequired: 'Turn on two-factor sign-in to continue.',
  accountDisabled: 'This account has been disabled. Ask an admin to turn it back on.',
} as const;

/** What authenticator apps show above the codes. */
export const totpIssuer = 'Cenote Atlas';
const totpPeriodSeconds = 30;
const totpDigits = 6;
/** Codes one step before or after the current one still count: phones' clocks drift. */
const totpWindow = 1;

export const challengeLifetimeMs = 10 * 60 * 1000;
/** The wrong code that reaches this number ends the challenge: the password must be given again. */
export const maxWrongCodesPerChallenge = 5;
export const recoveryCodeCount = 10;

/** Who acts and from where, for the audit entries these use cases write. */
export interface AuditContext {
  actor: AuditActor;
  ip: string;
}

const userActor = (user: UserRow): AuditActor => ({ type: 'user', id: user.id, label: user.email });
const userTarget = (user: UserRow) => ({ type: 'user', id: user.id, label: user.email });

// --- The secret at rest -------------------------------------------------------------------------

/** The secret at rest: sealed for the user (src/features/auth/sealed-secrets.server.ts). */
const sealTotpSecret = (db: Database, userId: string, base32: string) => sealSecret(db, 'totp-secret', userId, base32);
const openTotpSecret = (db: Database, userId: string, sealed: string) =>
  openSealedSecret(db, 'totp-secret', userId, sealed);

// --- Codes --------------------------------------------------------------------------------------

/** Without 0/o, 1/i/l and u, so a code read aloud or copied by hand comes out right. */
const recoveryAlphabet = '23456789abcdefghjkmnpqrstvwxyz';
const recoveryCodePattern = new RegExp(`^[${recoveryAlphabet}]{8}$`);

/** `xxxx-xxxx`: 8 characters from a 30-letter alphabet (about 39 random bits each). */
function newRecoveryCode(): string {
  const characters = Array.from({ length: 8 }, () => recoveryAlphabet[randomInt(recoveryAlphabet.length)]);
  return `${characters.slice(0, 4).join('')}-${characters.slice(4).join('')}`;
}

/** Case, spaces and the hyphen do not matter; the stored hash is of the 8 bare characters. */
const recoveryCodeHash = (bare: string) => sha256(bare);

type ParsedCode = { kind: 'totp'; code: string } | { kind: 'recovery'; hash: string };

/** A 6-digit code from the app, or (where allowed) a recovery code; anything else is a wrong code. */
function parseCode(raw: string | undefined, allowRecovery: boolean): ParsedCode {
  const compact = (raw ?? '').replace(/[\s-]/g, '').toLowerCase();
  if (compact === '') throw badRequest('code_required', twoFactorMessages.codeRequired, 'code');
  if (/^\d{6}$/.test(compact)) return { kind: 'totp', code: compact };
  if (allowRecovery && recoveryCodePattern.test(compact)) return { kind: 'recovery', hash: recoveryCodeHash(compact) };
  throw invalidCode();
}

const invalidCode = () => badRequest('invalid_code', twoFactorMessages.invalidCode, 'code');
const codeUsed = () => badRequest('code_used', twoFactorMessages.codeUsed, 'code');
const challengeExpired = (message: string = twoFactorMessages.expired) =>
  new AppError(401, 'two_factor_expired', message);

/** The 30-second time step a moment falls in (RFC 6238's T). */
export function totpStep(now: Date): number {
  return TOTP.counter({ period: totpPeriodSeconds, timestamp: now.getTime() });
}

/** Every step within the window whose code is this one (almost always none or one). */
function matchingSteps(base32: string, code: string, now: Date): number[] {
  const secret = Secret.fromBase32(base32);
  const current = totpStep(now);
  const steps: number[] = [];
  for (let step = current - totpWindow; step <= current + totpWindow; step++) {
    if (safeEqual(HOTP.generate({ secret, counter: step, digits: totpDigits, algorithm: 'SHA1' }), code)) {
      steps.push(step);
    }
  }
  return steps;
}

type TotpCheck = { ok: true; step: number } | { ok: false; reason: 'wrong' | 'used' };

/** A code is refused as used when its step is not after the last accepted one: one code, one use. */
function checkTotp(base32: string, code: string, lastStep: number | null, now: Date): TotpCheck {
  const steps = matchingSteps(base32, code, now);
  if (steps.length === 0) return { ok: false, reason: 'wrong' };
  const fresh = steps.filter((step) => lastStep === null || step > lastStep);
  const step = fresh.at(-1);
  return step === undefined ? { ok: false, reason: 'used' } : { ok: true, step };
}

/**
 * Moves totp_last_step forward to `step` in one conditional statement, so two requests with the
 * same code at the same moment cannot both be accepted.
 */
async function claimStep(db: Database | Transaction, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totp_last_step: step })
    .where(and(eq(users.id, userId), or(isNull(users.totp_last_step), lt(users.totp_last_step, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Marks an unused recovery code of the user used; false when there is no such code. */
async function useRecoveryCode(db: Database | Transaction, userId: string, hash: string, now: Date) {
  const used = await db
    .update(recoveryCodes)
    .set({ used_at: now })
    .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, hash), isNull(recoveryCodes.used_at)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

async function unusedRecoveryCodes(db: Database | Transaction, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.user_id, userId), isNull(recoveryCodes.used_at)));
  return row?.count ?? 0;
}

/** Replaces the user's recovery codes with 10 new ones and answers them (only their hashes are kept). */
async function replaceRecoveryCodes(tx: Transaction, userId: string, now: Date): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  await tx
    .insert(recoveryCodes)
    .values(
      codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(code.replace('-', '')), created_at: now })),
    );
  return codes;
}

async function releaseSlots(db: Database, slots: RateLimitSlot[]): Promise<void> {
  for (const slot of slots) await releaseRateLimitSlot(db, slot);
}

async function loadUser(db: Database, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError(401, 'unauthenticated', 'Please sign in to continue.');
  return user;
}

// --- Turning it on and off ----------------------------------------------------------------------

export interface TwoFactorSetup {
  secret: string;
  otpauth_url: string;
  /** The otpauth URL as a QR code, an SVG document made on the server (no third-party service sees the secret). */
  qr_svg: string;
}

/**
 * A new secret waits in totp_pending_secret until a code made from it arrives (enable). Asking
 * again replaces it, so only the QR code shown last works.
 */
export async function beginTwoFactorSetup(db: Database, userId: string): Promise<TwoFactorSetup> {
  const user = await loadUser(db, userId);
  if (user.totp_enabled_at !== null) throw conflict('two_factor_on', twoFactorMessages.alreadyOn);
  const secret = new Secret({ size: 20 });
  const totp = new TOTP({
    issuer: totpIssuer,
    label: user.email,
    secret,
    algorithm: 'SHA1',
    digits: totpDigits,
    period: totpPeriodSeconds,
  });
  const otpauthUrl = totp.toString();
  await db
    .update(users)
    .set({ totp_pending_secret: await sealTotpSecret(db, user.id, secret.base32) })
    .where(eq(users.id, user.id));
  // qrcode (and the PNG encoder it brings, ~60 modules) is loaded by the first setup, not at every start.
  const { default: QRCode } = await import('qrcode');
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return { secret: secret.base32, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** Takes a place in the signed-in user's window for wrong codes (429 when it is full). */
function takeManageSlot(db: Database, userId: string, now: Date) {
  return takeRateLimitSlots(db, now, [[rateLimitRules.twoFactorManage, userId]]);
}

/** The first code from the pending secret turns two-factor on and makes the recovery codes. */
export async function enableTwoFactor(
  db: Database,
  userId: string,
  rawCode: string | undefined,
  now: Date,
  audit: AuditContext,
): Promise<{ recovery_codes: string[] }> {
  const user = await loadUser(db, userId);
  if (user.totp_enabled_at !== null) throw conflict('two_factor_on', twoFactorMessages.alreadyOn);
  if (!user.totp_pending_secret) throw conflict('setup_not_started', twoFactorMessages.notStarted);
  const parsed = parseCode(rawCode, false);
  if (parsed.kind !== 'totp') throw invalidCode();
  const slots = await takeManageSlot(db, user.id, now);
  const pending = user.totp_pending_secret;
  const check = checkTotp(await openTotpSecret(db, user.id, pending), parsed.code, null, now);
  if (!check.ok) throw invalidCode();
  const codes = await db.transaction(async (tx) => {
    // Only the pending secret that was checked moves: a setup started in another tab meanwhile wins.
    const moved = await tx
      .update(users)
      .set({
        totp_secret: pending,
        totp_pending_secret: null,
        totp_enabled_at: now,
        totp_last_step: check.step,
        updated_at: now,
      })
      .where(and(eq(users.id, user.id), isNull(users.totp_enabled_at), eq(users.totp_pending_secret, pending)))
      .returning({ id: users.id });
    if (moved.length === 0) throw conflict('setup_not_started', twoFactorMessages.notStarted);
    const fresh = await replaceRecoveryCodes(tx, user.id, now);
    await recordAudit(tx, {
      action: 'two_factor.enabled',
      actor: audit.actor,
      target: userTarget(user),
      ip: audit.ip,
      summary: 'Turned on two-factor sign-in.',
    });
    return fresh;
  });
  await releaseSlots(db, slots);
  return { recovery_codes: codes };
}

/**
 * Checks a code from the signed-in user (an app code or a recovery code) before a change to
 * their two-factor setup, inside the change's transaction. Wrong codes keep their place in the
 * user's window, so a session left open cannot be used to guess its way through.
 */
async function confirmSignedInCode(
  db: Database,
  user: UserRow,
  rawCode: string | undefined,
  now: Date,
  change: (tx: Transaction, via: 'app' | 'recovery code') => Promise<void>,
): Promise<void> {
  if (user.totp_enabled_at === null || !user.totp_secret) throw conflict('two_factor_off', twoFactorMessages.notOn);
  const parsed = parseCode(rawCode, true);
  const slots = await takeManageSlot(db, user.id, now);
  let check: TotpCheck | undefined;
  if (parsed.kind === 'totp') {
    check = checkTotp(await openTotpSecret(db, user.id, user.totp_secret), parsed.code, user.totp_last_step, now);
    if (!check.ok && check.reason === 'used') {
      await releaseSlots(db, slots);
      throw codeUsed();
    }
    if (!check.ok) throw invalidCode();
  }
  await db.transaction(async (tx) => {
    if (parsed.kind === 'recovery') {
      if (!(await useRecoveryCode(tx, user.id, parsed.hash, now))) throw invalidCode();
    } else if (check?.ok && !(await claimStep(tx, user.id, check.step))) {
      throw codeUsed();
    }
    await change(tx, parsed.kind === 'recovery' ? 'recovery code' : 'app');
  });
  await releaseSlots(db, slots);
}

/** Turning it off takes a code: a session left open somewhere cannot remove the second step. */
export async function disableTwoFactor(
  db: Database,
  userId: string,
  rawCode: string | undefined,
  now: Date,
  audit: AuditContext,
): Promise<void> {
  const user = await loadUser(db, userId);
  await confirmSignedInCode(db, user, rawCode, now, async (tx, via) => {
    await tx
      .update(users)
      .set({
        totp_secret: null,
        totp_pending_secret: null,
        totp_enabled_at: null,
        totp_last_step: null,
        updated_at: now,
      })
      .where(eq(users.id, user.id));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, user.id));
    await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.user_id, user.id));
    await recordAudit(tx, {
      action: 'two_factor.disabled',
      actor: audit.actor,
      target: userTarget(user),
      ip: audit.ip,
      summary: `Turned off two-factor sign-in (confirmed with ${via === 'app' ? 'a code from the app' : 'a recovery code'}).`,
    });
  });
}

/** A new set of 10; the old ones stop working. */
export async function renewRecoveryCodes(
  db: Database,
  userId: string,
  rawCode: string | undefined,
  now: Date,
  audit: AuditContext,
): Promise<{ recovery_codes: string[] }> {
  const user = await loadUser(db, userId);
  let codes: string[] = [];
  await confirmSignedInCode(db, user, rawCode, now, async (tx) => {
    codes = await replaceRecoveryCodes(tx, user.id, now);
    await recordAudit(tx, {
      action: 'two_factor.recovery_codes_replaced',
      actor: audit.actor,
      target: userTarget(user),
      ip: audit.ip,
      summary: 'Made new recovery codes; the old ones no longer work.',
    });
  });
  return { recovery_codes: codes };
}

// --- The second step of signing in --------------------------------------------------------------

export interface NewChallenge {
  /** The cookie value; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

/** After a right password of an account with two-factor on: 10 minutes to give a code. */
export async function createTwoFactorChallenge(db: Database, userId: string, now: Date): Promise<NewChallenge> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + challengeLifetimeMs);
  // The account's challenges that ran out are cleared here, so the table holds live ones only.
  await db
    .delete(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.user_id, userId), lte(twoFactorChallenges.expires_at, now)));
  await db
    .insert(twoFactorChallenges)
    .values({ id_hash: sha256(token), user_id: userId, expires_at: expiresAt, created_at: now });
  return { token, expiresAt };
}

export async function deleteTwoFactorChallenge(db: Database, token: string | undefined): Promise<void> {
  if (!token || !opaqueTokenPattern.test(token)) return;
  await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id_hash, sha256(token)));
}

export interface VerifyOrigin {
  ip: string;
  knownBrowser?: string | undefined;
  challenge: string | undefined;
}

/**
 * Completes a sign-in: the challenge from the cookie must be live, its account enabled and the
 * code right (an app code not used before, or an unused recovery code). Wrong codes count per
 * account and address, per address and per account (a browser that signed in to the account
 * before is exempt from the last), like the password step; the fifth wrong code for one
 * challenge ends it.
 */
export async function verifyTwoFactor(
  db: Database,
  origin: VerifyOrigin,
  rawCode: string | undefined,
  now: Date,
): Promise<{ user: UserRow; session: NewSession }> {
  if (!origin.challenge || !opaqueTokenPattern.test(origin.challenge)) throw challengeExpired();
  const challengeHash = sha256(origin.challenge);
  const [challenge] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.id_hash, challengeHash), gt(twoFactorChallenges.expires_at, now)))
    .limit(1);
  if (!challenge) throw challengeExpired();
  const [user] = await db.select().from(users).where(eq(users.id, challenge.user_id)).limit(1);
  if (!user || user.disabled_at !== null) {
    await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id_hash, challengeHash));
    throw new AppError(403, 'account_disabled', twoFactorMessages.accountDisabled);
  }
  if (user.totp_enabled_at === null || !user.totp_secret) {
    // Turned off since the password was given: the sign-in starts again and needs no code now.
    await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id_hash, challengeHash));
    throw challengeExpired();
  }
  const parsed = parseCode(rawCode, true);

  const address = addressSubject(origin.ip);
  const limits: Array<readonly [RateLimitRule, string]> = [
    [rateLimitRules.twoFactorAddress, address],
    [rateLimitRules.twoFactorAccountAddress, `${user.id}:${address}`],
  ];
  if (!(await isKnownBrowser(db, user, origin.knownBrowser))) limits.push([rateLimitRules.twoFactorAccount, user.id]);
  const slots = await takeRateLimitSlots(db, now, limits);

  let check: TotpCheck | undefined;
  if (parsed.kind === 'totp') {
    check = checkTotp(await openTotpSecret(db, user.id, user.totp_secret), parsed.code, user.totp_last_step, now);
    if (!check.ok && check.reason === 'used') {
      // Not a guess: the right code, a second time. It costs no place in the windows.
      await releaseSlots(db, slots);
      throw codeUsed();
    }
  }
  const session = await db.transaction(async (tx) => {
    let accepted: boolean;
    if (parsed.kind === 'recovery') accepted = await useRecoveryCode(tx, user.id, parsed.hash, now);
    else if (check?.ok) {
      if (!(await claimStep(tx, user.id, check.step))) throw codeUsed();
      accepted = true;
    } else accepted = false;
    if (!accepted) return null;
    const ended = await tx
      .delete(twoFactorChallenges)
      .where(and(eq(twoFactorChallenges.id_hash, challengeHash), gt(twoFactorChallenges.expires_at, now)))
      .returning({ id: twoFactorChallenges.id_hash });
    if (ended.length === 0) throw challengeExpired();
    if (parsed.kind === 'recovery') {
      const left = await unusedRecoveryCodes(tx, user.id);
      await recordAudit(tx, {
        action: 'two_factor.recovery_code_used',
        actor: userActor(user),
        target: userTarget(user),
        ip: origin.ip,
        summary: `Signed in with a recovery code; ${left} of ${recoveryCodeCount} left.`,
      });
    }
    return createSession(tx, user.id, now);
  });

  if (session) {
    // Success never counts: the places go back and this pair's count starts again, as for passwords.
    await releaseSlots(
      db,
      slots.filter((slot) => slot.rule !== rateLimitRules.twoFactorAccountAddress),
    );
    await clearRateLimit(db, rateLimitRules.twoFactorAccountAddress, `${user.id}:${address}`);
    return { user, session };
  }

  await recordAudit(db, {
    action: 'two_factor.failed',
    actor: { type: 'anonymous', label: user.email },
    target: userTarget(user),
    ip: origin.ip,
    summary:
      parsed.kind === 'recovery'
        ? 'A wrong or used recovery code at sign-in.'
        : 'A wrong code from the authenticator app at sign-in.',
  });
  const [counted] = await db
    .update(twoFactorChallenges)
    .set({ failures: sql`${twoFactorChallenges.failures} + 1` })
    .where(eq(twoFactorChallenges.id_hash, challengeHash))
    .returning({ failures: twoFactorChallenges.failures });
  if (!counted || counted.failures >= maxWrongCodesPerChallenge) {
    await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id_hash, challengeHash));
    throw challengeExpired(twoFactorMessages.tooManyWrongCodes);
  }
  throw invalidCode();
}
