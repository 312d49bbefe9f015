import { and, eq, isNull, lte, ne, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { sessions, users, type UserRow } from './auth.table';
import type { SessionCache, SessionRow } from './session-cache.server';
import { twoFactorRequiredColumn } from './security-settings.service.server';
import { newOpaqueToken, opaqueTokenPattern, sha256 } from './tokens.server';

const hourMs = 60 * 60 * 1000;
/** Sliding expiry: a session lives 30 days after its last use. */
export const sessionLifetimeMs = 30 * 24 * hourMs;
/** expires_at is pushed forward at most once per hour of use, not on every request. */
export const sessionRefreshIntervalMs = hourMs;

export interface NewSession {
  /** The cookie value; only its SHA-256 is stored. */
  token: string;
  expiresAt: Date;
}

/** A fresh random id at every sign-in (no session fixation). */
export async function createSession(db: Database, userId: string, now: Date): Promise<NewSession> {
  const token = newOpaqueToken();
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  await db.insert(sessions).values({
    id_hash: sha256(token),
    user_id: userId,
    expires_at: expiresAt,
    created_at: now,
    last_seen_at: now,
  });
  return { token, expiresAt };
}

export interface ResolvedSession {
  user: UserRow;
  expiresAt: Date;
  /** True when this request pushed expires_at forward (the cookie should be re-sent). */
  refreshed: boolean;
  /** Whether admins require two-factor of editors and admins, read in the same query. */
  twoFactorRequired: boolean;
}

const prepareSessionLookup = (db: Database) =>
  db
    .select({ expiresAt: sessions.expires_at, user: users, twoFactorRequired: twoFactorRequiredColumn })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.user_id), isNull(users.disabled_at)))
    .where(eq(sessions.id_hash, sql.placeholder('idHash')))
    .limit(1)
    .prepare('resolve_session');

const sessionLookups = new WeakMap<Database, ReturnType<typeof prepareSessionLookup>>();

/**
 * Every signed-in request runs this query, so it is built once per database: drizzle then skips
 * building the SQL (about 0.2 ms a request on the embedded database), and PostgreSQL parses and
 * plans the named statement once per connection.
 */
function sessionLookup(db: Database): ReturnType<typeof prepareSessionLookup> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  return lookup;
}

/** The session row from memory when the cache holds it (ADR 046), else from the database. */
async function lookUpSession(
  db: Database,
  idHash: string,
  cache: SessionCache | undefined,
): Promise<SessionRow | undefined> {
  const cached = cache?.get(idHash);
  if (cached) return cached;
  const generation = cache?.generation() ?? 0;
  const [row] = await sessionLookup(db).execute({ idHash });
  if (row) cache?.set(idHash, generation, row);
  return row;
}

/**
 * The session's user, or undefined for an unknown or expired cookie (expired rows are deleted
 * here) and for a disabled account: disabling ends its sessions, and this makes sure of it.
 * With a cache, what the lookup read is kept until the database signals a change; this function's
 * own writes drop it at once, so a server's later signal is never waited for.
 */
export async function resolveSession(
  db: Database,
  token: string,
  now: Date,
  cache?: SessionCache,
): Promise<ResolvedSession | undefined> {
  if (!opaqueTokenPattern.test(token)) return undefined;
  const idHash = sha256(token);
  const row = await lookUpSession(db, idHash, cache);
  if (!row) return undefined;
  if (row.expiresAt.getTime() <= now.getTime()) {
    await db.delete(sessions).where(eq(sessions.id_hash, idHash));
    cache?.invalidate();
    return undefined;
  }
  const lastExtendedAt = row.expiresAt.getTime() - sessionLifetimeMs;
  if (now.getTime() - lastExtendedAt < sessionRefreshIntervalMs) {
    return { user: row.user, expiresAt: row.expiresAt, refreshed: false, twoFactorRequired: row.twoFactorRequired };
  }
  const expiresAt = new Date(now.getTime() + sessionLifetimeMs);
  await db.update(sessions).set({ expires_at: expiresAt, last_seen_at: now }).where(eq(sessions.id_hash, idHash));
  cache?.invalidate();
  return { user: row.user, expiresAt, refreshed: true, twoFactorRequired: row.twoFactorRequired };
}

export async function deleteSession(db: Database, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id_hash, sha256(token)));
}

/** Ends every session of a user, except optionally the one given (password reset ends them all). */
export async function deleteSessionsOfUser(db: Database, userId: string, exceptToken?: string): Promise<void> {
  await db
    .delete(sessions)
    .where(
      exceptToken
        ? and(eq(sessions.user_id, userId), ne(sessions.id_hash, sha256(exceptToken)))
        : eq(sessions.user_id, userId),
    );
}

export async function purgeExpiredSessions(db: Database, now: Date): Promise<void> {
  await db.delete(sessions).where(lte(sessions.expires_at, now));
}
