import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.server';
import type { AppConfig } from '../../platform/env.server';
import { AppError } from '../../platform/http/app-error.server';
import { setupTokens, users, type UserRow } from './auth.table';
import { authMessages, checkNewPassword, parseEmail } from './auth.service.server';
import { hashPassword } from './passwords.server';
import { purgeExpiredRateLimits } from './rate-limits.server';
import { purgeExpiredSessions } from './sessions.server';
import { linkTokenPattern, newLinkToken, sha256 } from './tokens.server';
import { createUser, findUserByEmail } from './users.service.server';

export const setupTokenLifetimeMs = 24 * 60 * 60 * 1000;
/** Serializes concurrent setup requests (any instance): "setup" in ASCII. */
const setupLockKey = 0x7365747570;

export const setupMessages = {
  done: 'Setup is already complete: an administrator account exists. Please sign in instead.',
  missingToken: 'No valid setup token found. Use the setup link from the server log.',
  invalidToken:
    'This setup link is invalid or has expired. Restart the server to get a new link in its log, or set ADMIN_EMAIL and ADMIN_PASSWORD.',
} as const;

export async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  return row !== undefined;
}

interface StartupDeps {
  db: Database;
  now: () => Date;
  config: AppConfig;
  log: FastifyBaseLogger;
}

/**
 * Runs at every start (after migrations and the seed, under the start-up lock). While no admin
 * exists: ADMIN_EMAIL + ADMIN_PASSWORD create one; otherwise a one-day setup link is logged,
 * and returned for the start-up banner.
 */
export async function prepareFirstAdmin(deps: StartupDeps): Promise<string | undefined> {
  const now = deps.now();
  await purgeExpiredSessions(deps.db, now);
  await purgeExpiredRateLimits(deps.db, now);
  await deps.db.delete(setupTokens).where(lte(setupTokens.expires_at, now));
  if (await adminExists(deps.db)) {
    await deps.db.delete(setupTokens);
    return undefined;
  }
  const admin = deps.config.admin;
  if (admin) {
    const existing = await findUserByEmail(deps.db, admin.email.trim().toLowerCase());
    if (existing) {
      await deps.db
        .update(users)
        .set({ role: 'admin', email_verified_at: existing.email_verified_at ?? now, updated_at: now })
        .where(eq(users.id, existing.id));
      deps.log.warn(
        { email: existing.email },
        'ADMIN_EMAIL belongs to an existing account: it is now an admin (its password was not changed)',
      );
    } else {
      const user = await createUser(
        deps.db,
        { email: admin.email, password: admin.password, role: 'admin', verified: true },
        now,
      );
      deps.log.info({ email: user.email }, 'created the first admin account from ADMIN_EMAIL');
    }
    return undefined;
  }
  const token = newLinkToken();
  await deps.db.insert(setupTokens).values({
    token_hash: sha256(token),
    expires_at: new Date(now.getTime() + setupTokenLifetimeMs),
    created_at: now,
  });
  const setupUrl = `${deps.config.publicUrl}/setup?token=${token}`;
  deps.log.info(
    `First-run setup: no admin account exists yet. Open ${setupUrl} to create it (the link is valid for 24 hours).`,
  );
  return setupUrl;
}

export interface SetupInput {
  token?: string | undefined;
  email?: string | undefined;
  password?: string | undefined;
  fullName?: string | undefined;
}

/** Creates the first admin (verified) with a valid setup token, only while no admin exists. */
export async function completeSetup(deps: { db: Database; now: () => Date }, input: SetupInput): Promise<UserRow> {
  if (await adminExists(deps.db)) throw new AppError(410, 'setup_done', setupMessages.done);
  if (!input.token) throw new AppError(400, 'invalid_token', setupMessages.missingToken, 'token');
  const email = parseEmail(input.email);
  const password = checkNewPassword(input.password);
  if (!linkTokenPattern.test(input.token))
    throw new AppError(400, 'invalid_token', setupMessages.invalidToken, 'token');
  const passwordHash = await hashPassword(password);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${setupLockKey})`);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
    if (admin) throw new AppError(410, 'setup_done', setupMessages.done);
    const [token] = await tx
      .delete(setupTokens)
      .where(and(eq(setupTokens.token_hash, sha256(input.token!)), gt(setupTokens.expires_at, now)))
      .returning({ id: setupTokens.id });
    if (!token) throw new AppError(400, 'invalid_token', setupMessages.invalidToken, 'token');
    const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
    if (taken) throw new AppError(409, 'email_taken', authMessages.emailTaken, 'email');
    const [user] = await tx
      .insert(users)
      .values({
        email,
        password_hash: passwordHash,
        full_name: input.fullName?.trim() || email,
        role: 'admin',
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!user) throw new Error('Creating the admin returned nothing');
    await tx.delete(setupTokens);
    return user;
  });
}
