import { describe, expect, it } from 'vitest';
import { isConnectionError, pgErrorOf } from './errors.server';

/** Builds an error the way node-postgres and Node's net module do: a message plus own properties. */
function errorWith(message: string, properties: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), properties);
}

/** drizzle wraps every driver error in DrizzleQueryError, keeping the original as `cause`. */
function wrappedByDrizzle(cause: unknown): Error {
  return new Error('Failed query: select 1\nparams: ', { cause });
}

describe('isConnectionError', () => {
  it.each([
    [
      'a refused connection (server stopped)',
      errorWith('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED', syscall: 'connect' }),
    ],
    ['a reset connection', errorWith('read ECONNRESET', { code: 'ECONNRESET', syscall: 'read' })],
    ['an unknown database host', errorWith('getaddrinfo ENOTFOUND db.internal', { code: 'ENOTFOUND' })],
    ['a missing unix socket', errorWith('connect ENOENT /tmp/.s.PGSQL.5432', { code: 'ENOENT', syscall: 'connect' })],
    [
      'the server shutting down (57P01)',
      errorWith('terminating connection due to administrator command', { code: '57P01' }),
    ],
    ['the server starting up (57P03)', errorWith('the database system is starting up', { code: '57P03' })],
    ['a connection exception (class 08)', errorWith('connection failure', { code: '08006' })],
    ['a connection that died mid-query', new Error('Connection terminated unexpectedly')],
    ['a connect that took too long', new Error('Connection terminated due to connection timeout')],
    ['a pool that could not hand out a connection in time', new Error('timeout exceeded when trying to connect')],
    [
      'a client used after its connection broke',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
  ])('is true for %s, also under drizzle’s wrapper', (_name, error) => {
    expect(isConnectionError(error)).toBe(true);
    expect(isConnectionError(wrappedByDrizzle(error))).toBe(true);
  });

  it('looks inside an AggregateError (one refused attempt per address of "localhost")', () => {
    const attempts = [
      errorWith('connect ECONNREFUSED ::1:5432', { code: 'ECONNREFUSED' }),
      errorWith('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }),
    ];
    expect(isConnectionError(wrappedByDrizzle(new AggregateError(attempts)))).toBe(true);
  });

  it.each([
    ['a unique violation', errorWith('duplicate key value violates unique constraint', { code: '23505' })],
    ['a syntax error in SQL', errorWith('syntax error at or near "selec"', { code: '42601' })],
    [
      'a missing file',
      errorWith("ENOENT: no such file or directory, open 'x.jpg'", { code: 'ENOENT', syscall: 'open' }),
    ],
    ['a plain programming error', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['something that is not an error', 'Connection terminated'],
    ['nothing', undefined],
  ])('is false for %s', (_name, error) => {
    expect(isConnectionError(error)).toBe(false);
    expect(isConnectionError(wrappedByDrizzle(error))).toBe(false);
  });

  it('stops following a cause chain that loops back on itself', () => {
    const first = new Error('first') as Error & { cause?: unknown };
    const second = new Error('second', { cause: first });
    first.cause = second;
    expect(isConnectionError(first)).toBe(false);
  });
});

describe('pgErrorOf', () => {
  it('finds the SQLSTATE and constraint under drizzle’s wrapper', () => {
    const error = wrappedByDrizzle(
      errorWith('duplicate key', { code: '23505', constraint: 'pages_slug_unique', detail: 'Key (slug)=(x)' }),
    );
    expect(pgErrorOf(error)).toEqual({ code: '23505', constraint: 'pages_slug_unique', detail: 'Key (slug)=(x)' });
  });

  it('ignores Node error codes, which are not SQLSTATEs', () => {
    expect(pgErrorOf(errorWith('connect ECONNREFUSED', { code: 'ECONNREFUSED' }))).toBeUndefined();
  });
});
