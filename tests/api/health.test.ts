import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { listedPagesWithoutBlocks } from '../../src/features/health/content-health.server';
import { pagesChangedChannel } from '../../src/features/pages/editor-read-cache.server';
import { pages } from '../../src/features/pages/pages.table';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { getJson, startTestApp, type TestApp } from '../helpers/build-app';
import { awaitDatabaseSignals } from '../helpers/test-database';

/**
 * `/api/health` reports the completeness rule (decision 4) from memory until pages or blocks
 * change: probes ask it every few seconds and anyone may. It must still see every change at once,
 * and list a bounded number of ids however many drafts are empty. (That it still asks the
 * database each time, so a probe sees it go away, is tests/process/fault-postgres-down.test.ts.)
 */

interface Health {
  status: string;
  pages: number;
  pagesWithoutBlocksCount: number;
  pagesWithoutBlocks: string[];
  complete: boolean;
}

const emptyPages = listedPagesWithoutBlocks + 15;
let server: TestApp;
let editor: ApiClient;
/** The empty pages' ids in their sort order. */
let emptyIds: string[];

beforeAll(async () => {
  server = await startTestApp({ seed: false });
  editor = await signedInClient(server, 'editor');
  const rows = await server.app.db
    .insert(pages)
    .values(
      Array.from({ length: emptyPages }, (_, index) => ({
        slug: `empty-draft-${index}`,
        title: `Empty draft ${index}`,
        // Inserted out of order: the list follows sort_order, not insertion.
        sort_order: emptyPages - index,
      })),
    )
    .returning({ id: pages.id, sort_order: pages.sort_order });
  emptyIds = rows.sort((a, b) => a.sort_order - b.sort_order).map((row) => row.id);
}, 60_000);
afterAll(async () => {
  await server?.close();
});

async function health(): Promise<Health> {
  const { status, body } = await getJson<Health>(`${server.url}/api/health`);
  expect(status).toBe(200);
  return body;
}

describe('/api/health', () => {
  it('counts every page without blocks and lists the first ones in the pages’ order', async () => {
    const body = await health();
    expect(body).toMatchObject({
      status: 'ok',
      pages: emptyPages,
      pagesWithoutBlocksCount: emptyPages,
      complete: false,
    });
    expect(body.pagesWithoutBlocks).toEqual(emptyIds.slice(0, listedPagesWithoutBlocks));
  });

  it('reads the pages once while nothing changes, however many ask at once', async () => {
    await awaitDatabaseSignals(server.app.db, pagesChangedChannel, server.app.contentHealth);
    server.app.contentHealth.invalidate();
    const before = server.app.contentHealth.reads;
    // Asked in the same turn of the event loop, so every ask finds the check not yet in memory.
    const answers = await Promise.all(Array.from({ length: 8 }, () => server.app.contentHealth.read()));
    expect(server.app.contentHealth.reads).toBe(before + 1);
    for (const answer of answers) expect(answer.pagesWithoutBlocksCount).toBe(emptyPages);
    expect((await health()).pagesWithoutBlocksCount).toBe(emptyPages);
    await health();
    expect(server.app.contentHealth.reads).toBe(before + 1);
  });

  it('shows a block an editor adds in the very next answer', async () => {
    await health();
    const added = await editor.post(`/api/v1/pages/${emptyIds[0]}/blocks`, {
      block_type: 'text',
      block_data: { content: '<p>The first block.</p>' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const body = await health();
    expect(body.pagesWithoutBlocksCount).toBe(emptyPages - 1);
    expect(body.pagesWithoutBlocks).toEqual(emptyIds.slice(1, listedPagesWithoutBlocks + 1));
  });

  it('shows a write made elsewhere (straight into the database) once the database signals it', async () => {
    await health();
    await server.app.db.delete(contentBlocks).where(eq(contentBlocks.page_id, emptyIds[0]!));
    // The embedded database signals before the delete returns; a server a moment after its commit.
    await expect.poll(async () => (await health()).pagesWithoutBlocksCount, { timeout: 5_000 }).toBe(emptyPages);
    expect((await health()).pagesWithoutBlocks[0]).toBe(emptyIds[0]);
  });
});
