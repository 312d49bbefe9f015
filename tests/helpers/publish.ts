import type { FastifyInstance } from 'fastify';
import { publishPage, seedActor } from '../../src/features/publishing/publishing.service.server';

/**
 * Puts pages written straight into the database live, through the same publish path the API uses:
 * rows inserted into `pages`/`content_blocks` are drafts until published (decision 30).
 */
export async function publishDirectly(app: FastifyInstance, ...pageIds: string[]): Promise<void> {
  for (const pageId of pageIds) await publishPage(app.db, pageId, { actor: seedActor });
}
