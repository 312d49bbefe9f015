import { asc, desc, eq, getTableColumns, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { pages } from '../../src/features/pages/pages.table';
import { selectRows, selectRowsAsJson } from '../../src/platform/db/json-rows.server';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { pageWithSlug } from '../helpers/pages';

/**
 * selectRowsAsJson reads rows as one JSON value (PGlite's per-field cost): on both drivers it must
 * give exactly what drizzle's own select gives, in the same order, with the same types. selectRows
 * uses it on the embedded database and a plain select on PostgreSQL; both must agree.
 */

let server: TestApp;

beforeAll(async () => {
  server = await startTestApp();
});

afterAll(async () => {
  await server.close();
});

describe('selectRowsAsJson', () => {
  it('returns every page row as drizzle does: Dates, jsonb objects, nulls, booleans and numbers, in order', async () => {
    const { db } = server.app;
    // One page without structured data, so both kinds of jsonb value are mapped.
    await db.update(pages).set({ structured_data: null }).where(eq(pages.slug, 'safety-guidelines'));
    const expected = await db.select().from(pages).orderBy(asc(pages.sort_order), asc(pages.title), asc(pages.id));
    const actual = await selectRowsAsJson(db, pages, getTableColumns(pages), {
      orderBy: [asc(pages.sort_order), asc(pages.title), asc(pages.id)],
    });
    expect(expected.length).toBeGreaterThan(30);
    expect(actual).toEqual(expected);
    expect(actual.some((row) => row.structured_data !== null)).toBe(true);
    expect(actual.some((row) => row.structured_data === null)).toBe(true);
    expect(actual.every((row) => row.created_at instanceof Date)).toBe(true);
    expect(actual.some((row) => row.published_at instanceof Date)).toBe(true);
  });

  it('keeps a descending order, a where clause and a limit', async () => {
    const { db } = server.app;
    const where = isNotNull(pages.published_at);
    const expected = await db
      .select({ id: pages.id, title: pages.title, published_at: pages.published_at })
      .from(pages)
      .where(where)
      .orderBy(desc(pages.title), asc(pages.id))
      .limit(7);
    const actual = await selectRowsAsJson(
      db,
      pages,
      { id: pages.id, title: pages.title, published_at: pages.published_at },
      { where, orderBy: [desc(pages.title), asc(pages.id)], limit: 7 },
    );
    expect(actual).toHaveLength(7);
    expect(actual).toEqual(expected);
  });

  it('returns block content (nested jsonb with quotes, accents and line breaks) unchanged', async () => {
    const { db } = server.app;
    const [home] = await db.select({ id: pages.id }).from(pages).where(pageWithSlug('home'));
    const edited = { heading: 'Ox Bel Ha: "the road of water"', body: 'Línea 1\nLínea 2 — ½ \\ \u2028 end' };
    const [firstBlock] = await db
      .select({ id: contentBlocks.id })
      .from(contentBlocks)
      .where(eq(contentBlocks.page_id, home!.id))
      .orderBy(asc(contentBlocks.block_order))
      .limit(1);
    await db.update(contentBlocks).set({ block_data: edited }).where(eq(contentBlocks.id, firstBlock!.id));
    const where = inArray(contentBlocks.page_id, [home!.id]);
    const expected = await db.select().from(contentBlocks).where(where).orderBy(asc(contentBlocks.block_order));
    const actual = await selectRowsAsJson(db, contentBlocks, getTableColumns(contentBlocks), {
      where,
      orderBy: [asc(contentBlocks.block_order)],
    });
    expect(actual).toEqual(expected);
    expect(actual[0]!.block_data).toEqual(edited);
  });

  it('selectRows gives the same rows on this driver, with a where clause, an order and a limit', async () => {
    const { db } = server.app;
    const selection = {
      id: pages.id,
      slug: pages.slug,
      updated_at: pages.updated_at,
      structured_data: pages.structured_data,
    };
    const query = { where: isNotNull(pages.published_at), orderBy: [asc(pages.slug), asc(pages.id)], limit: 12 };
    const expected = await db
      .select(selection)
      .from(pages)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.limit);
    expect(expected).toHaveLength(12);
    expect(await selectRows(db, pages, selection, query)).toEqual(expected);
    expect(await selectRows(db, pages, selection, { orderBy: query.orderBy })).toEqual(
      await db
        .select(selection)
        .from(pages)
        .orderBy(...query.orderBy),
    );
  });

  it('returns an empty list when nothing matches', async () => {
    const rows = await selectRowsAsJson(
      server.app.db,
      pages,
      { id: pages.id },
      { where: eq(pages.slug, 'no-such-page'), orderBy: [asc(pages.id)] },
    );
    expect(rows).toEqual([]);
  });
});
