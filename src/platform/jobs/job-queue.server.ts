import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.server';
import { jobs } from './jobs.table';

/** The transaction drizzle hands to `db.transaction(...)`'s callback, on either driver. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** What a handler is told about the job it runs. */
export interface JobRecord {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  run_at: Date;
  /** Attempts made before this one (0 on the first run). */
  attempts: number;
  key: string | null;
  created_at: Date;
}

/**
 * Runs one job. `tx` is the transaction that claimed the job and that marks it done when the
 * handler returns: everything the handler writes through `tx` commits together with "done", or not
 * at all (a throw rolls it back and the job is retried later), so database work happens exactly once.
 *
 * Rules for handlers:
 * - Use only `tx` for the database, never `app.db`. The embedded database (PGlite) has one
 *   connection and its transactions are exclusive: a query on `app.db` waits for this transaction
 *   to end, which waits for the handler, so it would hang forever. (On PostgreSQL it would run
 *   outside the transaction and lose the exactly-once guarantee.)
 * - Keep it short. On PGlite every other query (every request that reads the database) waits
 *   while a job's transaction is open.
 * - Work outside the database (mail, HTTP) is at least once: if it succeeds and the transaction
 *   then fails, the job runs again.
 * - Throw to fail; the message (not the stack) is stored as last_error for the admin to read.
 * - Return a function to run once the transaction has committed (telling caches and other
 *   instances what changed): before the commit, a reader could still see and keep the old state.
 */
export type JobHandler = (tx: Transaction, job: JobRecord) => Promise<void | (() => void)>;

/** Attempts before a job is given up as 'failed', unless the caller says otherwise. */
export const defaultMaxAttempts = 5;

/**
 * Adds a job; inside the caller's transaction when `db` is a tx (the job exists only if that
 * transaction commits). With `key`, a pending job with the same key is replaced (its kind,
 * payload, run_at and max_attempts updated, its attempts and last error reset) instead of added
 * twice; the replaced job keeps its id, which is returned.
 *
 * `runAt` defaults to the database's now(): due at once. A job with that key that is running at
 * this moment (on another instance) is no longer pending once it commits, so the new one is added
 * after it. A handler may enqueue its own key again (a recurring job): its own row is already
 * marked done within its transaction.
 */
export async function enqueueJob(
  db: Database | Transaction,
  job: { kind: string; payload?: Record<string, unknown>; runAt?: Date; key?: string; maxAttempts?: number },
): Promise<string> {
  if (!job.kind) throw new Error('A job needs a kind.');
  const maxAttempts = job.maxAttempts ?? defaultMaxAttempts;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) {
    throw new Error(`maxAttempts must be a positive integer (got ${maxAttempts}).`);
  }
  if (job.runAt && Number.isNaN(job.runAt.getTime())) throw new Error('runAt is not a valid date.');
  const values = {
    kind: job.kind,
    payload: job.payload ?? {},
    run_at: job.runAt ?? sql`now()`,
    key: job.key ?? null,
    max_attempts: maxAttempts,
  };
  const insert = db.insert(jobs).values(values);
  const [row] = await (
    job.key === undefined
      ? insert
      : insert.onConflictDoUpdate({
          // The partial unique index jobs_pending_key_unique: only pending jobs conflict.
          target: jobs.key,
          targetWhere: sql`state = 'pending'`,
          set: {
            kind: sql`excluded.kind`,
            payload: sql`excluded.payload`,
            run_at: sql`excluded.run_at`,
            max_attempts: sql`excluded.max_attempts`,
            attempts: 0,
            last_error: null,
          },
        })
  ).returning({ id: jobs.id });
  if (!row) throw new Error('Enqueueing the job returned no row.');
  return row.id;
}

/**
 * Cancels the pending job with this key (no-op if none). A job with this key that is running right
 * now is not stopped: on PostgreSQL this waits for it to finish, and then there is nothing pending.
 */
export async function cancelJob(db: Database | Transaction, key: string): Promise<void> {
  await db.delete(jobs).where(and(eq(jobs.key, key), eq(jobs.state, 'pending')));
}
