import { isIPv6 } from 'node:net';
import { and, eq, gt, like, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { AppError } from '../../platform/http/app-error.server';
import { rateLimits } from './auth.table';
import { sha256 } from './tokens.server';

export interface RateLimitRule {
  /** Part of the stored key, e.g. `sign-in:ip`. */
  name: string;
  limit: number;
  windowMs: number;
}

const minute = 60 * 1000;
const hour = 60 * minute;

/**
 * The limits of decisions 9 and 47. Sign-in counts failures only (see signIn): per account and
 * address, per address, and per account from all addresses together, at a threshold five times
 * the pair's so that one address alone can never reach it.
 */
export const rateLimitRules = {
  signInAccountAddress: { name: 'sign-in:email+ip', limit: 10, windowMs: 15 * minute },
  signInAddress: { name: 'sign-in:ip', limit: 30, windowMs: 15 * minute },
  signInAccount: { name: 'sign-in:email', limit: 50, windowMs: 15 * minute },
  /*
   * The second step of a sign-in (decision 39) counts wrong codes the same way, keyed by the
   * account's id. The account-wide window is lower than the password's: whoever reaches this
   * step already has the password, and only the code stands between them and the account.
   */
  twoFactorAccountAddress: { name: 'two-factor:user+ip', limit: 10, windowMs: 15 * minute },
  twoFactorAddress: { name: 'two-factor:ip', limit: 30, windowMs: 15 * minute },
  twoFactorAccount: { name: 'two-factor:user', limit: 20, windowMs: 15 * minute },
  /** Wrong codes while signed in (turning two-factor on or off, new recovery codes). */
  twoFactorManage: { name: 'two-factor-manage:user', limit: 10, windowMs: 15 * minute },
  signUpIp: { name: 'sign-up:ip', limit: 5, windowMs: hour },
  resetRequestIp: { name: 'reset-request:ip', limit: 5, windowMs: hour },
  resetRequestEmail: { name: 'reset-request:email', limit: 3, windowMs: hour },
  resendVerificationIp: { name: 'resend-verification:ip', limit: 5, windowMs: hour },
  resendVerificationEmail: { name: 'resend-verification:email', limit: 3, windowMs: hour },
} satisfies Record<string, RateLimitRule>;

/** An e-mail address as it appears in keys: hashed, so the table holds no personal data. */
export function emailSubject(email: string): string {
  return sha256(email.trim().toLowerCase());
}

/** The 16-bit groups of an IPv6 address (`::` expanded, a trailing dotted IPv4 part converted). */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0] ?? address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const parse = (part: string | undefined) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const [head, tail] = text.split('::');
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(Math.max(0, 8 - left.length - right.length)).fill(0), ...right];
}

/**
 * The client address as the limits count it. An IPv4 address is itself (also when it arrives
 * IPv4-mapped); an IPv6 address counts as its /64, the block one subscriber usually gets, so
 * stepping through the addresses of one's own network does not escape the per-address limits.
 */
export function addressSubject(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const prefix = ipv6Groups(ip)
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':');
  return `${prefix}::/64`;
}

/** The stored key: the rule's name and the subject (an address, or an e-mail's emailSubject). */
export function rateLimitKey(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${subject}`;
}

export interface RateLimitHit {
  count: number;
  resetAt: Date;
  limited: boolean;
  /** Whole seconds until the window resets (at least 1). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit in a fixed window with a single atomic upsert: a new key or an expired window
 * starts again at 1, otherwise the count goes up. Concurrent hits on PostgreSQL serialize on the row.
 */
export async function hitRateLimit(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<RateLimitHit> {
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key: rateLimitKey(rule, subject), count: 1, reset_at: new Date(now.getTime() + rule.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.reset_at} <= ${nowParam} then 1 else ${rateLimits.count} + 1 end`,
        reset_at: sql`case when ${rateLimits.reset_at} <= ${nowParam} then excluded.reset_at else ${rateLimits.reset_at} end`,
      },
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.reset_at });
  if (!row) throw new Error('The rate-limit upsert returned nothing');
  await sometimesPurge(db, now);
  return {
    count: row.count,
    resetAt: row.resetAt,
    limited: row.count > rule.limit,
    retryAfterSeconds: secondsUntil(row.resetAt, now),
  };
}

function secondsUntil(resetAt: Date, now: Date): number {
  return Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
}

/** Now and then, clear windows that ended long ago so the table stays small. */
async function sometimesPurge(db: Database, now: Date): Promise<void> {
  if (Math.random() < 0.01) await purgeExpiredRateLimits(db, now);
}

/** One counted place in a window, held by an attempt whose outcome is not known yet. */
export interface RateLimitSlot {
  rule: RateLimitRule;
  key: string;
  /** The count including this slot (the slot that reaches `rule.limit` is the last one). */
  count: number;
  resetAt: Date;
}

export type SlotOutcome = { taken: true; slot: RateLimitSlot } | { taken: false; retryAfterSeconds: number };

/**
 * Takes one place in a fixed window if one is free, in a single atomic upsert: the row is only
 * updated while the window has ended or the count is under the limit, so concurrent attempts can
 * never take more places than the limit (a check followed by a separate count could be raced by
 * many parallel guesses). A full window answers how long until it ends.
 */
export async function takeRateLimitSlot(
  db: Database,
  rule: RateLimitRule,
  subject: string,
  now: Date,
): Promise<SlotOutcome> {
  const key = rateLimitKey(rule, subject);
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const windowEnded = sql`${rateLimits.reset_at} <= ${nowParam}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, count: 1, reset_at: new Date(now.getTime() + rule.windowMs) })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${windowEnded} then 1 else ${rateLimits.count} + 1 end`,
        reset_at: sql`case when ${windowEnded} then excluded.reset_at else ${rateLimits.reset_at} end`,
      },
      setWhere: sql`${windowEnded} or ${rateLimits.count} < ${rule.limit}::integer`,
    })
    .returning({ count: rateLimits.count, resetAt: rateLimits.reset_at });
  await sometimesPurge(db, now);
  if (row) return { taken: true, slot: { rule, key, count: row.count, resetAt: row.resetAt } };
  const [full] = await db.select({ resetAt: rateLimits.reset_at }).from(rateLimits).where(eq(rateLimits.key, key));
  return {
    taken: false,
    retryAfterSeconds: secondsUntil(full?.resetAt ?? new Date(now.getTime() + rule.windowMs), now),
  };
}

/**
 * Gives a slot back (the attempt turned out not to count). Only within the window the slot was
 * taken in: a window that has restarted since owes it nothing.
 */
export async function releaseRateLimitSlot(db: Database, slot: RateLimitSlot): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(and(eq(rateLimits.key, slot.key), eq(rateLimits.reset_at, slot.resetAt), gt(rateLimits.count, 0)));
}

/**
 * Takes a slot on every rule given, in order. When one is full, the slots already taken are
 * given back (a refused attempt counts nowhere) and 429 is thrown with that window's wait.
 */
export async function takeRateLimitSlots(
  db: Database,
  now: Date,
  hits: ReadonlyArray<readonly [RateLimitRule, string]>,
): Promise<RateLimitSlot[]> {
  const slots: RateLimitSlot[] = [];
  for (const [rule, subject] of hits) {
    const outcome = await takeRateLimitSlot(db, rule, subject, now);
    if (!outcome.taken) {
      for (const slot of slots) await releaseRateLimitSlot(db, slot);
      throw rateLimitedError(outcome.retryAfterSeconds);
    }
    slots.push(outcome.slot);
  }
  return slots;
}

/** "12 minutes", "45 seconds", "1 hour": how long to wait, for the message. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minute' : `${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

export function rateLimitedError(retryAfterSeconds: number): AppError {
  return new AppError(
    429,
    'rate_limited',
    `Too many attempts. Please wait ${describeWait(retryAfterSeconds)} and try again.`,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/** Counts a hit on every rule given; throws 429 with Retry-After as soon as one is over its limit. */
export async function enforceRateLimits(
  db: Database,
  now: Date,
  hits: ReadonlyArray<readonly [RateLimitRule, string]>,
): Promise<void> {
  for (const [rule, subject] of hits) {
    const hit = await hitRateLimit(db, rule, subject, now);
    if (hit.limited) throw rateLimitedError(hit.retryAfterSeconds);
  }
}

export async function clearRateLimit(db: Database, rule: RateLimitRule, subject: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, rateLimitKey(rule, subject)));
}

/** Every sign-in counter of one account (all addresses and the account-wide one): a reset proves the owner. */
export async function clearSignInLimitsOfAccount(db: Database, email: string): Promise<void> {
  const subject = emailSubject(email);
  await db
    .delete(rateLimits)
    .where(
      or(
        eq(rateLimits.key, rateLimitKey(rateLimitRules.signInAccount, subject)),
        like(rateLimits.key, `${rateLimitKey(rateLimitRules.signInAccountAddress, subject)}:%`),
      ),
    );
}

export async function purgeExpiredRateLimits(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.reset_at, now));
}
