import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client.server';
import { AppError } from '../../server/plugins/app-error.server';
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

/** The limits of the issue (decision 9): per account (e-mail) and per client address. */
export const rateLimitRules = {
  signInEmail: { name: 'sign-in:email', limit: 10, windowMs: 15 * minute },
  signInIp: { name: 'sign-in:ip', limit: 30, windowMs: 15 * minute },
  signUpIp: { name: 'sign-up:ip', limit: 5, windowMs: hour },
  resetRequestIp: { name: 'reset-request:ip', limit: 5, windowMs: hour },
  resetRequestEmail: { name: 'reset-request:email', limit: 3, windowMs: hour },
  resendVerificationIp: { name: 'resend-verification:ip', limit: 5, windowMs: hour },
  resendVerificationEmail: { name: 'resend-verification:email', limit: 3, windowMs: hour },
} satisfies Record<string, RateLimitRule>;

/** The stored key; e-mail addresses are hashed so the table holds no personal data. */
export function rateLimitKey(rule: RateLimitRule, subject: string): string {
  return `${rule.name}:${rule.name.endsWith(':email') ? sha256(subject.toLowerCase()) : subject}`;
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
  // Now and then, clear windows that ended long ago so the table stays small.
  if (Math.random() < 0.01) await purgeExpiredRateLimits(db, now);
  return {
    count: row.count,
    resetAt: row.resetAt,
    limited: row.count > rule.limit,
    retryAfterSeconds: Math.max(1, Math.ceil((row.resetAt.getTime() - now.getTime()) / 1000)),
  };
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

export async function purgeExpiredRateLimits(db: Database, now: Date): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.reset_at, now));
}
