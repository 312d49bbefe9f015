import type { FastifyInstance } from 'fastify';
import { JobWorker, type JobQueue } from './job-worker.server';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue: feature plugins register handlers; tests call runDue(). */
    jobs: JobQueue;
  }
}

/**
 * Decorates `app.jobs` and stops the worker in app.close(), waiting for a running job. Call it
 * after the hook that closes the database: onClose hooks run last-registered first, so the worker
 * stops before the database goes.
 *
 * The worker starts when two things are true: the content store is migrated (the returned
 * `contentStoreReady`; a poll before would find no jobs table) and the app has booted (onReady:
 * every plugin has registered its handlers; a poll before could meet a job whose handler is not
 * registered yet and fail it for good). On the embedded database migrations can finish before the
 * app has booted, since PGlite answers in-process without waiting for I/O.
 */
export function registerJobs(app: FastifyInstance): { contentStoreReady: () => void } {
  const worker = new JobWorker({
    db: app.db,
    log: app.log,
    now: () => app.clock.now(),
    pollMs: app.config.jobs.pollMs,
  });
  app.decorate('jobs', {
    register: (kind, handler) => worker.register(kind, handler),
    runDue: () => worker.runDue(),
  } satisfies JobQueue);
  let migrated = false;
  let booted = false;
  const startWhenBothReady = () => {
    // JOBS_WORKER=false (tools, some tests): nothing polls, runDue() still works.
    if (migrated && booted && app.config.jobs.worker) worker.start();
  };
  app.addHook('onReady', async () => {
    booted = true;
    startWhenBothReady();
  });
  app.addHook('onClose', async () => {
    await worker.stop();
  });
  return {
    contentStoreReady: () => {
      migrated = true;
      startWhenBothReady();
    },
  };
}
