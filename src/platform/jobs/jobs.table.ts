import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * The durable job queue (docs/decisions/020-job-queue.md). A row is claimed with
 * `for update skip locked`, so several instances on one PostgreSQL never run the same job twice;
 * its handler runs in the claiming transaction and the row is marked done in that transaction.
 *
 * States: 'pending' (waiting for run_at, including retries after a failure), 'done' (kept 30 days,
 * then deleted by the worker), 'failed' (gave up after max_attempts, or no handler; kept for the admin).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').notNull().default('pending'),
    /** Due time, compared with the database's now() (one clock for every instance). */
    run_at: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Attempts made so far, successful or not. */
    attempts: integer('attempts').notNull().default(0),
    max_attempts: integer('max_attempts').notNull().default(5),
    /** Optional identity of a pending job (e.g. "publish:<page id>"): enqueueing the same key replaces it. */
    key: text('key'),
    /** The last failure's message (never a stack), at most 1000 characters. */
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the last attempt started. */
    started_at: timestamp('started_at', { withTimezone: true }),
    /** When the job finished for good: done, or failed for the last time. */
    finished_at: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    check('jobs_state', sql`${table.state} in ('pending', 'done', 'failed')`),
    check('jobs_attempts', sql`${table.attempts} >= 0 and ${table.max_attempts} >= 1`),
    // Only one pending job per key; done and failed jobs keep their key for the record.
    uniqueIndex('jobs_pending_key_unique')
      .on(table.key)
      .where(sql`${table.state} = 'pending'`),
    // The claim query: state = 'pending' and run_at <= now() order by run_at.
    index('jobs_claim_idx').on(table.state, table.run_at),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
