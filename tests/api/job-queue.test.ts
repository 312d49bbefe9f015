import { and, eq, sql, type SQL } from 'drizzle-orm';
import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/platform/db/client.server';
import { cancelJob, enqueueJob, type JobHandler } from '../../src/platform/jobs/job-queue.server';
import { jobs } from '../../src/platform/jobs/jobs.table';
import { getJson, startTestApp, type TestApp } from '../helpers/build-app';
import { testDriver } from '../helpers/test-database';

/**
 * The job queue (docs/decisions/020-job-queue.md) on a real server and its real database: PGlite,
 * or PostgreSQL when the suite runs there. Handlers write "effects" through the transaction they
 * are given, so a test can count what committed, next to what the handler was asked to do.
 */
const effects = pgTable('job_effects', {
  id: uuid('id').primaryKey().defaultRandom(),
  job_id: uuid('job_id').notNull(),
  label: text('label').notNull(),
});

async function createEffectsTable(db: Database): Promise<void> {
  await db.execute(
    sql`create table if not exists job_effects (id uuid primary key default gen_random_uuid(), job_id uuid not null, label text not null)`,
  );
}

/** The database's own clock in ms: run_at is compared with it, not with this process's. */
async function databaseNowMs(db: Database): Promise<number> {
  // Both drivers answer execute() with { rows }; drizzle types the raw result as unknown.
  const result = (await db.execute(sql`select extract(epoch from clock_timestamp()) * 1000 as ms`)) as {
    rows: Array<{ ms: string | number }>;
  };
  return Number(result.rows[0]?.ms);
}

async function jobRow(db: Database, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`job ${id} is gone`);
  return row;
}

async function effectsOf(db: Database, jobId: string): Promise<string[]> {
  const rows = await db.select({ label: effects.label }).from(effects).where(eq(effects.job_id, jobId));
  return rows.map((row) => row.label);
}

/** Makes a retried job due now, as if its back-off had passed. */
async function makeDue(db: Database, id: string): Promise<void> {
  await db
    .update(jobs)
    .set({ run_at: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, id));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

class Rollback extends Error {}

/** Every call a handler got, by job id, in this process. */
const calls = new Map<string, Array<{ attempts: number; payload: Record<string, unknown> }>>();
const callsOf = (id: string) => calls.get(id) ?? [];
function recordCall(job: Parameters<JobHandler>[1]): void {
  calls.set(job.id, [...callsOf(job.id), { attempts: job.attempts, payload: job.payload }]);
}

const label = (payload: Record<string, unknown>) => String(payload['label'] ?? 'ran');

const handlers: Record<string, JobHandler> = {
  'test.count': async (tx, job) => {
    recordCall(job);
    await tx.insert(effects).values({ job_id: job.id, label: label(job.payload) });
  },
  'test.throw': async (tx, job) => {
    recordCall(job);
    await tx.insert(effects).values({ job_id: job.id, label: 'must roll back' });
    throw new Error(String(job.payload['message']));
  },
  /** A failing statement aborts the transaction; the savepoint must make it usable again. */
  'test.sql-error': async (tx, job) => {
    recordCall(job);
    await tx.insert(effects).values({ job_id: job.id, label: 'must roll back' });
    await tx.execute(sql`select 1 / 0`);
  },
  /** Fails its first attempt after writing, succeeds on the second. */
  'test.flaky': async (tx, job) => {
    recordCall(job);
    await tx.insert(effects).values({ job_id: job.id, label: `attempt ${job.attempts + 1}` });
    if (job.attempts === 0) throw new Error('the first attempt fails');
  },
  /** Schedules its own next run under the same key, like a daily clean-up would. */
  'test.recurring': async (tx, job) => {
    recordCall(job);
    await enqueueJob(tx, { kind: job.kind, key: job.key ?? 'missing', runAt: new Date(Date.now() + 3_600_000) });
  },
};

/** Resolved by the slow handler when it starts; it finishes 400 ms later. */
let slowStarted: () => void = () => {};
/** Ids of the slow jobs whose handler has returned. */
const slowFinished: string[] = [];
const slowHandler: JobHandler = async (tx, job) => {
  recordCall(job);
  slowStarted();
  await sleep(400);
  await tx.insert(effects).values({ job_id: job.id, label: 'slow' });
  slowFinished.push(job.id);
};

function registerHandlers(app: FastifyInstance): void {
  for (const [kind, handler] of Object.entries(handlers)) app.jobs.register(kind, handler);
  app.jobs.register('test.slow', slowHandler);
}

describe('the job queue on one server (background worker off, runDue by hand)', () => {
  let server: TestApp;
  let db: Database;

  beforeAll(async () => {
    server = await startTestApp({
      seed: false,
      captureLogs: true,
      env: { JOBS_WORKER: 'false' },
      extraRoutes: registerHandlers,
    });
    db = server.app.db;
    await createEffectsTable(db);
  });
  afterAll(async () => {
    await server.close();
  });

  it('runs a due job once, with its payload, and marks it done in the same transaction', async () => {
    const id = await enqueueJob(db, { kind: 'test.count', payload: { label: 'once' } });
    expect((await jobRow(db, id)).state).toBe('pending');

    expect(await server.app.jobs.runDue()).toBe(1);
    expect(await server.app.jobs.runDue()).toBe(0);

    expect(callsOf(id)).toEqual([{ attempts: 0, payload: { label: 'once' } }]);
    expect(await effectsOf(db, id)).toEqual(['once']);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ state: 'done', attempts: 1, last_error: null });
    expect(row.started_at).toBeInstanceOf(Date);
    expect(row.finished_at!.getTime()).toBeGreaterThanOrEqual(row.started_at!.getTime());
  });

  it('leaves a job in the future alone until the database clock reaches its run_at', async () => {
    const dueAt = (await databaseNowMs(db)) + 800;
    const id = await enqueueJob(db, { kind: 'test.count', runAt: new Date(dueAt), payload: { label: 'later' } });

    expect(await server.app.jobs.runDue()).toBe(0);
    expect(callsOf(id)).toEqual([]);
    expect((await jobRow(db, id)).state).toBe('pending');

    await waitFor('the database clock to pass run_at', async () => (await databaseNowMs(db)) > dueAt);
    expect(await server.app.jobs.runDue()).toBe(1);
    expect(await effectsOf(db, id)).toEqual(['later']);
  });

  it('replaces the pending job with the same key instead of adding a second one', async () => {
    const inAnHour = new Date((await databaseNowMs(db)) + 3_600_000);
    const first = await enqueueJob(db, {
      kind: 'test.count',
      key: 'replace-me',
      payload: { label: 'first' },
      runAt: inAnHour,
    });
    const second = await enqueueJob(db, { kind: 'test.count', key: 'replace-me', payload: { label: 'second' } });
    expect(second).toBe(first);
    const pending = await db.select().from(jobs).where(eq(jobs.key, 'replace-me'));
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ state: 'pending', payload: { label: 'second' } });

    expect(await server.app.jobs.runDue()).toBe(1);
    expect(callsOf(first).map((call) => call.payload)).toEqual([{ label: 'second' }]);

    // Done, the key is free: the next enqueue is a new job.
    const third = await enqueueJob(db, { kind: 'test.count', key: 'replace-me', runAt: inAnHour });
    expect(third).not.toBe(first);
    const states = await db.select({ state: jobs.state }).from(jobs).where(eq(jobs.key, 'replace-me'));
    expect(states.map((row) => row.state).sort()).toEqual(['done', 'pending']);
    await cancelJob(db, 'replace-me');
  });

  it('cancels the pending job with a key, and only within a transaction that commits', async () => {
    const cancelled = await enqueueJob(db, { kind: 'test.count', key: 'cancel-me' });
    await cancelJob(db, 'cancel-me');
    expect(await db.select().from(jobs).where(eq(jobs.id, cancelled))).toEqual([]);
    await cancelJob(db, 'no-job-has-this-key');

    // Enqueued in a transaction that rolls back: there is no job.
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, { kind: 'test.count', key: 'rolled-back-enqueue' });
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect(await db.select().from(jobs).where(eq(jobs.key, 'rolled-back-enqueue'))).toEqual([]);

    // Cancelled in a transaction that rolls back: the job is still there.
    const kept = await enqueueJob(db, { kind: 'test.count', key: 'cancel-rolled-back', payload: { label: 'kept' } });
    await expect(
      db.transaction(async (tx) => {
        await cancelJob(tx, 'cancel-rolled-back');
        throw new Rollback();
      }),
    ).rejects.toBeInstanceOf(Rollback);
    expect((await jobRow(db, kept)).state).toBe('pending');

    expect(await server.app.jobs.runDue()).toBe(1);
    expect(callsOf(cancelled)).toEqual([]);
    expect(await effectsOf(db, kept)).toEqual(['kept']);
    // A job that ran is history, not something to cancel.
    await cancelJob(db, 'cancel-rolled-back');
    expect((await jobRow(db, kept)).state).toBe('done');
  });

  it('retries a throwing handler with a growing back-off and gives up after maxAttempts', async () => {
    const message = `The mail server refused the message: ${'x'.repeat(1500)}`;
    const id = await enqueueJob(db, { kind: 'test.throw', payload: { message }, maxAttempts: 3 });

    for (const attempt of [1, 2]) {
      const before = await databaseNowMs(db);
      expect(await server.app.jobs.runDue()).toBe(1);
      const after = await databaseNowMs(db);
      const row = await jobRow(db, id);
      expect(row).toMatchObject({ state: 'pending', attempts: attempt, finished_at: null });
      expect(row.last_error).toBe(message.slice(0, 1000));
      // 30 s after the first failure, 60 s after the second, from the database's clock.
      const backoff = 30_000 * 2 ** (attempt - 1);
      expect(row.run_at.getTime()).toBeGreaterThanOrEqual(Math.floor(before) + backoff - 1);
      expect(row.run_at.getTime()).toBeLessThanOrEqual(Math.ceil(after) + backoff + 1);
      expect(await server.app.jobs.runDue()).toBe(0);
      await makeDue(db, id);
    }

    expect(await server.app.jobs.runDue()).toBe(1);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ state: 'failed', attempts: 3, last_error: message.slice(0, 1000) });
    expect(row.finished_at).toBeInstanceOf(Date);
    await makeDue(db, id);
    expect(await server.app.jobs.runDue()).toBe(0);

    expect(callsOf(id).map((call) => call.attempts)).toEqual([0, 1, 2]);
    expect(await effectsOf(db, id)).toEqual([]);
    const warnings = server
      .logs()
      .map((line) => JSON.parse(line) as { level: number; msg: string; job?: { id: string } })
      .filter((line) => line.job?.id === id);
    expect(warnings.map((line) => [line.level, line.msg])).toEqual([
      [40, 'job failed; it will be retried'],
      [40, 'job failed; it will be retried'],
      [40, 'job failed for good'],
    ]);
  });

  it("commits a handler's writes together with 'done', and rolls them back with a failure (exactly once)", async () => {
    const id = await enqueueJob(db, { kind: 'test.flaky' });
    expect(await server.app.jobs.runDue()).toBe(1);
    expect(await effectsOf(db, id)).toEqual([]);
    expect(await jobRow(db, id)).toMatchObject({
      state: 'pending',
      attempts: 1,
      last_error: 'the first attempt fails',
    });

    await makeDue(db, id);
    expect(await server.app.jobs.runDue()).toBe(1);
    expect(await effectsOf(db, id)).toEqual(['attempt 2']);
    expect(await jobRow(db, id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('records the failure of a handler whose SQL statement failed (an aborted transaction)', async () => {
    const id = await enqueueJob(db, { kind: 'test.sql-error' });
    expect(await server.app.jobs.runDue()).toBe(1);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/division by zero/);
    expect(await effectsOf(db, id)).toEqual([]);
    // Out of the way of the later tests' runDue().
    await db.delete(jobs).where(eq(jobs.id, id));
  });

  it("marks a job of a kind nobody handles as failed, with 'no handler for <kind>'", async () => {
    const id = await enqueueJob(db, { kind: 'test.nobody-handles-this' });
    expect(await server.app.jobs.runDue()).toBe(1);
    const row = await jobRow(db, id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, last_error: 'no handler for test.nobody-handles-this' });
    expect(row.finished_at).toBeInstanceOf(Date);
  });

  it('lets a handler enqueue its own key again (a recurring job) without losing the next run', async () => {
    const id = await enqueueJob(db, { kind: 'test.recurring', key: 'every-hour' });
    expect(await server.app.jobs.runDue()).toBe(1);
    const rows = await db.select().from(jobs).where(eq(jobs.key, 'every-hour'));
    expect(rows.map((row) => [row.id === id, row.state]).sort()).toEqual([
      [false, 'pending'],
      [true, 'done'],
    ]);
    await cancelJob(db, 'every-hour');
    expect(
      await db
        .select()
        .from(jobs)
        .where(and(eq(jobs.key, 'every-hour'), eq(jobs.state, 'pending'))),
    ).toEqual([]);
  });

  it('adds a new job when the key is enqueued while its job runs, and a cancel then finds nothing pending', async () => {
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const id = await enqueueJob(db, { kind: 'test.slow', key: 'busy-key' });
    const running = server.app.jobs.runDue();
    await started;
    // PostgreSQL: both wait for the running job's row lock; PGlite: for its transaction.
    await cancelJob(db, 'busy-key');
    const next = await enqueueJob(db, {
      kind: 'test.count',
      key: 'busy-key',
      runAt: new Date((await databaseNowMs(db)) + 3_600_000),
    });
    expect(await running).toBe(1);
    expect(slowFinished).toEqual([id]);
    slowFinished.length = 0;
    expect(next).not.toBe(id);
    const rows = await db.select({ id: jobs.id, state: jobs.state }).from(jobs).where(eq(jobs.key, 'busy-key'));
    expect(rows.sort((a, b) => a.state.localeCompare(b.state))).toEqual([
      { id, state: 'done' },
      { id: next, state: 'pending' },
    ]);
    await cancelJob(db, 'busy-key');
  });

  it('refuses a second handler for one kind and a maxAttempts below 1', async () => {
    expect(() => server.app.jobs.register('test.count', handlers['test.count']!)).toThrow(/registered already/);
    await expect(enqueueJob(db, { kind: 'test.count', maxAttempts: 0 })).rejects.toThrow(/maxAttempts/);
  });

  it('serves requests while a long job runs (on PGlite they wait for its transaction, then are answered)', async () => {
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const id = await enqueueJob(db, { kind: 'test.slow' });
    const running = server.app.jobs.runDue();
    await started;
    const health = await getJson<{ status: string }>(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await running).toBe(1);
    expect(slowFinished).toEqual([id]);
    expect(await effectsOf(db, id)).toEqual(['slow']);
    slowFinished.length = 0;
  });
});

describe('the background worker across restarts', () => {
  it("runs a job that fell due while the server was down at the next start, by the worker's first poll", async () => {
    const first = await startTestApp({ seed: false, env: { JOBS_WORKER: 'false' } });
    const db = first.app.db;
    await createEffectsTable(db);
    const insert = async (values: SQL) => {
      const result = (await db.execute(
        sql`insert into jobs (kind, state, run_at, finished_at) values ${values} returning id`,
      )) as { rows: Array<{ id: string }> };
      return result.rows[0]!.id;
    };
    const missed = await insert(sql`('restart.missed', 'pending', now() - interval '1 hour', null)`);
    // Done jobs older than 30 days are deleted by the worker; younger ones and failed ones stay.
    const oldDone = await insert(sql`('restart.old', 'done', now() - interval '40 days', now() - interval '31 days')`);
    const recentDone = await insert(
      sql`('restart.recent', 'done', now() - interval '30 days', now() - interval '29 days')`,
    );
    const oldFailed = await insert(
      sql`('restart.failed', 'failed', now() - interval '50 days', now() - interval '40 days')`,
    );
    await first.close({ keepData: true });

    const ran: string[] = [];
    // Polling every 10 minutes: only the poll at start can run the job within this test.
    const second = await startTestApp({
      seed: false,
      data: first.data,
      env: { JOBS_POLL_MS: '600000' },
      extraRoutes: (app) => {
        app.jobs.register('restart.missed', async (tx, job) => {
          ran.push(job.id);
          await tx.insert(effects).values({ job_id: job.id, label: 'after restart' });
        });
        app.jobs.register('restart.slow', slowHandler);
      },
    });
    let slow: string;
    let nextSlow: string;
    try {
      const jobIds = async () => (await second.app.db.select({ id: jobs.id }).from(jobs)).map((row) => row.id);
      // The first poll runs the due jobs, then purges old done ones: the job's 'done' can be seen
      // (on PostgreSQL, from another connection) before the purge has run.
      await waitFor(
        'the missed job to run and the old done job to be purged',
        async () => (await jobRow(second.app.db, missed)).state === 'done' && !(await jobIds()).includes(oldDone),
      );
      expect(ran).toEqual([missed]);
      expect(await effectsOf(second.app.db, missed)).toEqual(['after restart']);
      expect(await jobIds()).toEqual(expect.arrayContaining([recentDone, oldFailed]));

      // app.close() while a job runs: it waits for that job and claims no other.
      const started = new Promise<void>((resolve) => (slowStarted = resolve));
      const now = await databaseNowMs(second.app.db);
      slow = await enqueueJob(second.app.db, { kind: 'restart.slow', runAt: new Date(now - 2000) });
      nextSlow = await enqueueJob(second.app.db, { kind: 'restart.slow', runAt: new Date(now - 1000) });
      const running = second.app.jobs.runDue();
      await started;
      await second.close({ keepData: true });
      expect(slowFinished).toEqual([slow]);
      expect(await running).toBe(1);
      expect(callsOf(nextSlow)).toEqual([]);
    } catch (error) {
      await second.close();
      throw error;
    }

    const third = await startTestApp({ seed: false, data: first.data, env: { JOBS_WORKER: 'false' } });
    try {
      expect(await jobRow(third.app.db, slow)).toMatchObject({ state: 'done', attempts: 1 });
      expect(await effectsOf(third.app.db, slow)).toEqual(['slow']);
      expect(await jobRow(third.app.db, nextSlow)).toMatchObject({ state: 'pending', attempts: 0 });
    } finally {
      await third.close();
    }
  });
});

describe('several workers on one database', () => {
  const jobCount = 50;

  /** Enqueues the jobs in one transaction, so they all become due at once. */
  async function enqueueMany(db: Database): Promise<string[]> {
    return db.transaction(async (tx) => {
      const ids: string[] = [];
      for (let index = 0; index < jobCount; index++) {
        ids.push(await enqueueJob(tx, { kind: 'fleet.work', payload: { index } }));
      }
      return ids;
    });
  }

  function fleetHandler(instance: string, invocations: Map<string, number>): JobHandler {
    return async (tx, job) => {
      invocations.set(job.id, (invocations.get(job.id) ?? 0) + 1);
      await tx.insert(effects).values({ job_id: job.id, label: instance });
      // A little time inside the transaction, so the other workers meet locked rows.
      await sleep(Math.random() * 5);
    };
  }

  async function expectEachRanOnce(db: Database, ids: string[], invocations: Map<string, number>): Promise<void> {
    await waitFor('every job to be done', async () => {
      const pending = await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(and(eq(jobs.kind, 'fleet.work'), eq(jobs.state, 'pending')));
      return pending.length === 0;
    });
    const rows = await db.select({ job_id: effects.job_id }).from(effects);
    const ran = rows.map((row) => row.job_id).filter((id) => ids.includes(id));
    expect(ran).toHaveLength(jobCount);
    expect(new Set(ran)).toEqual(new Set(ids));
    expect([...invocations.values()].every((count) => count === 1)).toBe(true);
    expect(invocations.size).toBe(jobCount);
    const states = await db
      .select({ state: jobs.state, attempts: jobs.attempts })
      .from(jobs)
      .where(eq(jobs.kind, 'fleet.work'));
    expect(states).toHaveLength(jobCount);
    expect(states.every((row) => row.state === 'done' && row.attempts === 1)).toBe(true);
  }

  if (testDriver() === 'postgres') {
    it('two instances on one PostgreSQL, each with runDue and a worker polling every 50 ms, run each of 50 jobs exactly once', async () => {
      const invocations = new Map<string, number>();
      const a = await startTestApp({
        seed: false,
        env: { JOBS_POLL_MS: '50' },
        extraRoutes: (app) => app.jobs.register('fleet.work', fleetHandler('a', invocations)),
      });
      let b: TestApp | undefined;
      try {
        b = await startTestApp({
          seed: false,
          data: a.data,
          env: { JOBS_POLL_MS: '50' },
          extraRoutes: (app) => app.jobs.register('fleet.work', fleetHandler('b', invocations)),
        });
        await createEffectsTable(a.app.db);
        const ids = await enqueueMany(a.app.db);
        const [byA, byB] = await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
        expect(byA + byB).toBeLessThanOrEqual(jobCount);
        await expectEachRanOnce(a.app.db, ids, invocations);
      } finally {
        await b?.close({ keepData: true });
        await a.close();
      }
    });
  } else {
    it('on the embedded database one instance owns the data (a second is refused) and runs each of 50 jobs exactly once, with two runDue calls and its worker at once', async () => {
      const invocations = new Map<string, number>();
      const a = await startTestApp({
        seed: false,
        env: { JOBS_POLL_MS: '50' },
        extraRoutes: (app) => app.jobs.register('fleet.work', fleetHandler('a', invocations)),
      });
      try {
        await expect(startTestApp({ seed: false, data: a.data })).rejects.toThrow(/already open in this process/);
        await createEffectsTable(a.app.db);
        const ids = await enqueueMany(a.app.db);
        const [first, second] = await Promise.all([a.app.jobs.runDue(), a.app.jobs.runDue()]);
        expect(first + second).toBeLessThanOrEqual(jobCount);
        await expectEachRanOnce(a.app.db, ids, invocations);
      } finally {
        await a.close();
      }
    });
  }
});
