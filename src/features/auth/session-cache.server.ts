import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/client.server';
import { DroppedOnChange, dropOnDatabaseChange, memoryMaxAgeMs } from '../../platform/db/dropped-on-change.server';
import type { UserRow } from './auth.table';

/** The channel the database's triggers signal on when sessions, accounts or the policy change (migration 0013). */
export const sessionsChangedChannel = 'cenote_sessions_changed';

/** What the session lookup reads: the session's expiry, its account, and the two-factor policy. */
export interface SessionRow {
  expiresAt: Date;
  user: UserRow;
  twoFactorRequired: boolean;
}

/**
 * Who each session cookie belongs to (ADR 046), by the SHA-256 of the cookie (the raw value is never
 * kept), so a signed-in request does not query the database to learn it. Any write to sessions,
 * users or the security settings drops every entry, whoever made it: the database signals it
 * (triggers, migration 0013). Unknown cookies are never kept. At most 1,000 sessions.
 */
export class SessionCache extends DroppedOnChange<SessionRow> {
  constructor(maxAgeMs?: number, now?: () => number) {
    super({ maxEntries: 1_000, maxAgeMs, ...(now ? { now } : {}) });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCache: SessionCache;
  }
}

export async function registerSessionCache(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const cache = new SessionCache(memoryMaxAgeMs(database));
  app.decorate('sessionCache', cache);
  await dropOnDatabaseChange(app, database, sessionsChangedChannel, () => cache.invalidate());
}
