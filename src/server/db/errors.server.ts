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

export function isConnectionError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown; message?: unknown };
    if (
      typeof candidate.code === 'string' &&
      /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|57P0[1-3]|08\d{3})$/.test(candidate.code)
    ) {
      return true;
    }
    if (typeof candidate.message === 'string' && /Connection terminated|connect ECONNREFUSED/.test(candidate.message)) {
      return true;
    }
    current = candidate.cause;
  }
  return false;
}
