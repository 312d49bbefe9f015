/** PostgreSQL error codes we translate into API errors (same on PGlite and pg). */
export const pgErrorCodes = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  checkViolation: '23514',
  notNullViolation: '23502',
  invalidTextRepresentation: '22P02',
} as const;

export interface PgErrorInfo {
  code: string;
  constraint: string | undefined;
  detail: string | undefined;
}

/** Finds the database error under drizzle's wrapper (DrizzleQueryError keeps it as `cause`). */
export function pgErrorOf(error: unknown): PgErrorInfo | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; detail?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return {
        code: candidate.code,
        constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined,
        detail: typeof candidate.detail === 'string' ? candidate.detail : undefined,
      };
    }
    current = candidate.cause;
  }
  return undefined;
}

/** Socket-level failures: the database server is stopped, restarting, or not reachable over the network. */
const connectionErrorCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * SQLSTATE class 08 (connection exception) and 57P01-57P03 (the server is shutting down,
 * crashing or starting up): the query never ran, so retrying later is the right answer.
 */
const unavailableSqlState = /^(08[0-9A-Z]{3}|57P0[1-3])$/;

/** Messages node-postgres uses for a connection that died or could not be made in time. */
const connectionErrorMessages =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed/i;

/**
 * True when an error means "the database is not reachable right now" rather than "this query is
 * wrong": the API answers 503 database_unavailable instead of 500. Looks through drizzle's wrapper
 * (`cause`) and Node's AggregateError (`errors`, one per address tried).
 */
export function isConnectionError(error: unknown): boolean {
  const pending: Array<{ value: unknown; depth: number }> = [{ value: error, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (!value || typeof value !== 'object' || depth > 5) continue;
    const candidate = value as {
      code?: unknown;
      syscall?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof candidate.code === 'string') {
      if (connectionErrorCodes.has(candidate.code) || unavailableSqlState.test(candidate.code)) return true;
    }
    if (candidate.syscall === 'connect') return true;
    if (typeof candidate.message === 'string' && connectionErrorMessages.test(candidate.message)) return true;
    pending.push({ value: candidate.cause, depth: depth + 1 });
    if (Array.isArray(candidate.errors)) {
      for (const inner of candidate.errors) pending.push({ value: inner, depth: depth + 1 });
    }
  }
  return false;
}
