import { and, asc, eq, lt, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.server';
import type { JobHandler, JobRecord, Transaction } from './job-queue.server';
import { jobs, type JobRow } from './jobs.table';

/** What features and tests use: `app.jobs`. */
export interface JobQueue {
  /** Sets the handler for a kind of job; feature plugins call it while the app is built. */
  register(kind: string, handler: JobHandler): void;
  /**
   * Claims and runs every job that is due now, one after the other, and resolves with how many
   * were claimed (run successfully, failed, or failed for want of a handler). Jobs another instance
   * is running are skipped, not waited for. Waits for a run already in progress on this instance.
   */
  runDue(): Promise<number>;
}

const retryBaseMs = 30_000;
const retryCapMs = 60 * 60 * 1000;
const lastErrorMaxLength = 1000;
/** Done jobs are deleted after this long; failed ones stay for the admin. */
const keepDoneJobs = sql`interval '30 days'`;
const purgeEveryMs = 60_000;

/**
 * How long to wait before the next attempt, given the attempts made before the one that just
 * failed: 30 s after the first failure, then 1, 2, 4 … minutes, never more than an hour.
 */
export function retryDelayMs(attemptsBefore: number): number {
  const attempts = Math.max(0, Math.floor(attemptsBefore));
  // 2^7 × 30 s is past the cap already; stopping the exponent there keeps the number finite.
  return Math.min(retryBaseMs * 2 ** Math.min(attempts, 16), retryCapMs);
}

/**
 * The message of a failure, never its stack: it is shown to the admin as last_error. For a failed
 * query, the database's own message ("division by zero"), not drizzle's wrapper, which repeats the
 * SQL and its parameters.
 */
export function failureMessage(error: unknown): string {
  const source = databaseErrorIn(error) ?? error;
  const message = source instanceof Error ? source.message || source.name : String(source);
  return message.length > lastErrorMaxLength ? message.slice(0, lastErrorMaxLength) : message;
}

/** The first error in the `cause` chain that carries a SQLSTATE code (both drivers set `code`). */
function databaseErrorIn(error: unknown): Error | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current;
    current = current.cause;
  }
  return undefined;
}

function toRecord(row: JobRow): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    run_at: row.run_at,
    attempts: row.attempts,
    key: row.key,
    created_at: row.created_at,
  };
}

/**
 * The columns that record a failed attempt of `row` (claimed with `row.attempts` attempts before).
 * Times are the database's, like the claim's: run_at is compared with its now().
 */
function failureColumns(row: JobRow, error: unknown) {
  const attempts = row.attempts + 1;
  const last_error = failureMessage(error);
  if (attempts >= row.max_attempts) {
    return { state: 'failed', attempts, last_error, finished_at: sql`clock_timestamp()` };
  }
  const delayMs = retryDelayMs(row.attempts);
  return {
    state: 'pending',
    attempts,
    last_error,
    finished_at: null,
    run_at: sql`clock_timestamp() + ${delayMs}::integer * interval '1 millisecond'`,
  };
}

export interface JobWorkerOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** This instance's clock; only used to space out its own clean-ups (see purgeIfDue). */
  now: () => Date;
  pollMs: number;
}

/**
 * Runs jobs from the jobs table, one at a time on this instance. Several instances may run workers
 * on one PostgreSQL database: `for update skip locked` hands each due job to exactly one of them.
 */
export class JobWorker implements JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  /** Every run (runDue and the polls) is chained here, so one instance runs one job at a time. */
  private tail: Promise<unknown> = Promise.resolve();
  private started = false;
  private stopping = false;
  private timer: NodeJS.Timeout | undefined;
  private lastPurgeAt: number | undefined;

  constructor(private readonly options: JobWorkerOptions) {}

  register(kind: string, handler: JobHandler): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for jobs of kind "${kind}" is registered already.`);
    this.handlers.set(kind, handler);
  }

  runDue(): Promise<number> {
    return this.serially(() => this.drain());
  }

  /**
   * Starts polling: once right away, so a job that fell due while every instance was down runs
   * now, then every `pollMs`.
   */
  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    void this.poll();
  }

  /** Stops polling and waits for the job that is running, if any; no new job is claimed. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.tail;
  }

  private serially<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work);
    this.tail = result.catch(() => {});
    return result;
  }

  private async poll(): Promise<void> {
    try {
      await this.serially(async () => {
        await this.drain();
        await this.purgeIfDue();
      });
    } catch (error) {
      // The database is unreachable or similar: nothing ran, so nothing is lost. Try again later.
      this.options.log.warn({ err: error }, 'job worker: polling failed; trying again at the next poll');
    }
    if (this.stopping) return;
    this.timer = setTimeout(() => void this.poll(), this.options.pollMs);
    // The server's sockets keep the process alive; a pending poll alone must not.
    this.timer.unref();
  }

  private async drain(): Promise<number> {
    let claimed = 0;
    while (!this.stopping && (await this.runOne())) claimed++;
    return claimed;
  }

  /**
   * Claims the next due job, runs it and records the outcome; false when nothing was due.
   *
   * "Due" is decided by the database's now(), never by this process's clock: instances' clocks
   * differ, and a job must not run early because one of them is ahead. (now() is the start of the
   * claiming transaction; clock_timestamp() is used where the real current time is meant.)
   */
  private async runOne(): Promise<boolean> {
    const { db, log } = this.options;
    // Filled in by the transaction's callback; an object, because the catch below must see it too.
    const attempt: { row?: JobRow; error?: unknown; failed?: boolean; afterCommit?: (() => void) | void } = {};
    try {
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.state, 'pending'), lte(jobs.run_at, sql`now()`)))
          .orderBy(asc(jobs.run_at), asc(jobs.id))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!row) return;
        attempt.row = row;
        const handler = this.handlers.get(row.kind);
        if (!handler) {
          Object.assign(attempt, { failed: true, error: new Error(`no handler for ${row.kind}`) });
          await tx
            .update(jobs)
            .set({
              state: 'failed',
              attempts: row.attempts + 1,
              last_error: `no handler for ${row.kind}`,
              started_at: sql`now()`,
              finished_at: sql`clock_timestamp()`,
            })
            .where(eq(jobs.id, row.id));
          return;
        }
        // Marked done before the handler runs, in the same transaction: a handler that enqueues its
        // own key again (a recurring job) adds a new pending job instead of replacing this one.
        await tx
          .update(jobs)
          .set({ state: 'done', attempts: row.attempts + 1, started_at: sql`now()`, finished_at: null })
          .where(eq(jobs.id, row.id));
        try {
          // A savepoint: a throw undoes the handler's writes, while this transaction keeps the row
          // locked to record the failure. Were the whole transaction rolled back first, another
          // instance could claim the job in between and run it again without any back-off.
          attempt.afterCommit = await tx.transaction((savepoint: Transaction) => handler(savepoint, toRecord(row)));
        } catch (error) {
          Object.assign(attempt, { failed: true, error });
          await tx.update(jobs).set(failureColumns(row, error)).where(eq(jobs.id, row.id));
          return;
        }
        await tx
          .update(jobs)
          .set({ finished_at: sql`clock_timestamp()` })
          .where(eq(jobs.id, row.id));
      });
    } catch (error) {
      if (!attempt.row) throw error;
      // The transaction itself failed (connection lost, commit refused): all of it rolled back and
      // the job is pending again. Count the attempt in a statement of its own, so it backs off.
      if (!attempt.failed) Object.assign(attempt, { failed: true, error });
      await this.recordFailureAfterRollback(attempt.row, attempt.error);
    }
    const { row } = attempt;
    if (row && !attempt.failed && attempt.afterCommit) {
      try {
        attempt.afterCommit();
      } catch (error) {
        log.warn({ err: error, job: { id: row.id, kind: row.kind } }, 'a job ran, but its after-commit step failed');
      }
    }
    if (row && attempt.failed) {
      const givingUp = row.attempts + 1 >= row.max_attempts || !this.handlers.has(row.kind);
      log.warn(
        {
          job: { id: row.id, kind: row.kind, attempt: row.attempts + 1, maxAttempts: row.max_attempts },
          err: attempt.error,
        },
        givingUp ? 'job failed for good' : 'job failed; it will be retried',
      );
    }
    return row !== undefined;
  }

  /**
   * Only if the row is still as claimed: pending with the same attempts. Another instance may have
   * claimed and run it since the rollback released it, and then its outcome stands.
   */
  private async recordFailureAfterRollback(row: JobRow, error: unknown): Promise<void> {
    await this.options.db
      .update(jobs)
      .set(failureColumns(row, error))
      .where(and(eq(jobs.id, row.id), eq(jobs.state, 'pending'), eq(jobs.attempts, row.attempts)));
  }

  /**
   * Deletes done jobs older than 30 days, at most once a minute per instance. The spacing is
   * measured on this instance's own clock (it only compares with itself); the age, like every
   * job time, with the database's.
   */
  private async purgeIfDue(): Promise<void> {
    const now = this.options.now().getTime();
    if (this.lastPurgeAt !== undefined && Math.abs(now - this.lastPurgeAt) < purgeEveryMs) return;
    this.lastPurgeAt = now;
    await this.options.db
      .delete(jobs)
      .where(and(eq(jobs.state, 'done'), lt(jobs.finished_at, sql`now() - ${keepDoneJobs}`)));
  }
}
