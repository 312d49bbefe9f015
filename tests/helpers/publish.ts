import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../src/shared/lib/locale';
import type { FastifyInstance } from 'fastify';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { pages } from '../../src/features/pages/pages.table';
import { publishPage, seedActor } from '../../src/features/publishing/publishing.service.server';

/**
 * Puts pages written straight into the database live, through the same publish path the API uses:
 * rows inserted into `pages`/`content_blocks` are drafts until published (decision 30).
 */
export async function publishDirectly(app: FastifyInstance, ...pageIds: string[]): Promise<void> {
  for (const pageId of pageIds) await publishPage(app.db, pageId, { actor: seedActor });
}

/** A page's draft row and its first block, as stored (for edits through the API with their versions). */
export async function firstBlockOf(app: FastifyInstance, slug: string, locale: Locale = 'en') {
  const [page] = await app.db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.locale, locale)));
  if (!page) throw new Error(`no page with the slug ${slug}`);
  const [block] = await app.db
    .select()
    .from(contentBlocks)
    .where(eq(contentBlocks.page_id, page.id))
    .orderBy(contentBlocks.block_order)
    .limit(1);
  if (!block) throw new Error(`the page ${slug} has no blocks`);
  return { page, block };
}
