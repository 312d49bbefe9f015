import { and, eq } from 'drizzle-orm';
import type { Locale } from '../../src/shared/lib/locale';
import type { FastifyInstance } from 'fastify';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { pages } from '../../src/features/pages/pages.table';
import { publishPage, seedActor } from '../../src/features/publishing/publishing.service.server';
import { expect } from 'vitest';
import type { ApiClient } from './auth';

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

/**
 * Creates a page through the API with these blocks, in order, and publishes it as an editor
 * would (the draft's version read first); expects every step to succeed. Answers the page's id.
 */
export async function createPublishedPage(
  client: ApiClient,
  page: { title: string; slug: string },
  blocks: Array<[blockType: string, blockData: Record<string, unknown>]>,
): Promise<string> {
  const created = await client.post<{ page: { id: string } }>('/api/v1/pages', page);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const pageId = created.body.page.id;
  for (const [block_type, block_data] of blocks) {
    const added = await client.post(`/api/v1/pages/${pageId}/blocks`, { block_type, block_data });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  const draft = await client.get<{ page: { version: number } }>(`/api/v1/pages/${pageId}`);
  const published = await client.post(`/api/v1/pages/${pageId}/publish`, { version: draft.body.page.version });
  expect(published.status, JSON.stringify(published.body)).toBe(200);
  return pageId;
}
