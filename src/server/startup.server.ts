import type { FastifyInstance } from 'fastify';
import { prepareFirstAdmin } from '../features/auth/setup.service.server';
import { minimumPages } from '../features/health/health.routes.server';
import { contentCompleteness } from '../features/pages/pages.repo.server';
import { runSeed } from '../features/seed/seed.service.server';
import type { DatabaseHandle } from './db/client.server';

/**
 * Migrate, seed (once, under the migration lock), make sure there is a way to the first admin
 * account (ADMIN_EMAIL or a logged setup link), then run the spec's completeness check.
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
    setupUrl = await prepareFirstAdmin({ db: app.db, now: () => app.clock.now(), config: app.config, log: app.log });
  });
  await logCompleteness(app);
  app.log.info({ ms: Math.round(performance.now() - started), db: database.kind }, 'content store ready');
  return { setupUrl };
}

async function logCompleteness(app: FastifyInstance): Promise<void> {
  const { pages, pagesWithoutBlocks } = await contentCompleteness(app.db);
  if (pages < minimumPages) app.log.warn(`Found only ${pages} pages, expected at least ${minimumPages}`);
  for (const id of pagesWithoutBlocks) app.log.warn(`Page ${id} has no content blocks`);
}
