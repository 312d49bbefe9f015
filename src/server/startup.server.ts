import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { scheduleAuditRetention } from '../features/audit/audit-log.service.server';
import { prepareFirstAdmin } from '../features/auth/setup.service.server';
import { minimumPages } from '../features/health/health.routes.server';
import { contentCompleteness } from '../features/pages/pages.repo.server';
import { refreshMissingPageSearch } from '../features/search/search.service.server';
import { runSeed } from '../features/seed/seed.service.server';
import type { DatabaseHandle } from '../platform/db/client.server';

/**
 * Migrate, seed (once, under the migration lock), index pages that have no search row, make sure
 * there is a way to the first admin account (ADMIN_EMAIL or a logged setup link), book the audit
 * log's daily retention job. The spec's completeness check (`logCompleteness`) runs once the server
 * is ready: it only logs, and on a large site it reads every page.
 */
export async function prepareContentStore(
  app: FastifyInstance,
  database: DatabaseHandle,
): Promise<{ setupUrl: string | undefined }> {
  const started = performance.now();
  let setupUrl: string | undefined;
  await database.migrate(app.config.migrationsDir, async () => {
    if (app.config.seed) {
      const report = await runSeed({ db: app.db, media: app.media, config: app.config, log: app.log });
      if (report.created.length > 0) app.log.info({ created: report.created.length }, 'seeded sample content');
    }
    // Pages from before site search existed, and every page after a migration that empties the
    // index because the indexed text changed (0006: text joined as sentences, facts blocks).
    const indexed = await refreshMissingPageSearch(app.db);
    if (indexed > 0) app.log.info({ pages: indexed }, 'indexed pages for search');
    setupUrl = await prepareFirstAdmin({ db: app.db, now: () => app.clock.now(), config: app.config, log: app.log });
    // Under the migration lock: instances starting together book the daily run once.
    await scheduleAuditRetention(app.db, app.clock.now());
  });
  app.log.info({ ms: Math.round(performance.now() - started), db: database.kind }, 'content store ready');
  return { setupUrl };
}

/** Lines written between two turns of the event loop (each line costs ~10 µs of the one thread). */
const completenessLinesPerTurn = 200;

/**
 * Logs the spec's lines for too few pages and for each page without blocks (decision 4). It runs
 * as the server starts answering: a site with 5,000 new drafts gets 5,000 lines, which in one go
 * held the first requests for ~40 ms, so they are written a batch per turn of the event loop.
 */
export async function logCompleteness(app: FastifyInstance): Promise<void> {
  const { pages, pagesWithoutBlocks } = await contentCompleteness(app.db);
  if (pages < minimumPages) app.log.warn(`Found only ${pages} pages, expected at least ${minimumPages}`);
  for (let first = 0; first < pagesWithoutBlocks.length; first += completenessLinesPerTurn) {
    if (first > 0) await nextTurn();
    for (const id of pagesWithoutBlocks.slice(first, first + completenessLinesPerTurn)) {
      app.log.warn(`Page ${id} has no content blocks`);
    }
  }
}
