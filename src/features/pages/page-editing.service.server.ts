import { and, eq, max, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../server/db/client.server';
import { presentFields } from '../../shared/lib/update-schema';
import { conflict, notFound } from '../../server/plugins/app-error.server';
import { versionConflictMessage } from '../blocks/blocks.service.server';
import { refreshPageSearch } from '../search/search.service.server';
import type { pageInputSchema, pagePatchSchema } from './pages.schema';
import { pages, type PageRow } from './pages.table';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function getPageById(db: Database, id: string): Promise<PageRow> {
  const [row] = await db.select().from(pages).where(eq(pages.id, id)).limit(1);
  if (!row) throw notFound('Page');
  return row;
}

/** A taken slug is refused with the other page's title, so the editor knows where it is used. */
async function assertSlugFree(tx: Transaction, slug: string, exceptId?: string): Promise<void> {
  const [other] = await tx
    .select({ title: pages.title })
    .from(pages)
    .where(exceptId ? and(eq(pages.slug, slug), ne(pages.id, exceptId)) : eq(pages.slug, slug))
    .limit(1);
  if (other) throw conflict('slug_taken', `That slug is already used by "${other.title}".`, 'slug');
}

function normalize<T extends Partial<z.output<typeof pageInputSchema>>>(input: T) {
  return {
    ...input,
    ...(input.canonical_url !== undefined ? { canonical_url: input.canonical_url || null } : {}),
  };
}

export async function createPage(db: Database, input: z.output<typeof pageInputSchema>): Promise<PageRow> {
  return db.transaction(async (tx) => {
    await assertSlugFree(tx, input.slug);
    const [last] = await tx.select({ value: max(pages.sort_order) }).from(pages);
    const [row] = await tx
      .insert(pages)
      .values({ ...normalize(input), sort_order: input.sort_order ?? (last?.value ?? 0) + 10 })
      .returning();
    await refreshPageSearch(tx, row!.id);
    return row!;
  });
}

export async function updatePage(
  db: Database,
  id: string,
  patch: z.output<typeof pagePatchSchema>,
): Promise<{ before: PageRow; after: PageRow }> {
  const { version, ...sent } = patch;
  // Only the fields the request names are written; every other column keeps its value.
  const fields = presentFields(sent);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(pages).where(eq(pages.id, id)).limit(1);
    if (!current) throw notFound('Page');
    if (current.version !== version) throw conflict('version_conflict', versionConflictMessage);
    if (fields.slug !== undefined && fields.slug !== current.slug) await assertSlugFree(tx, fields.slug, id);
    const [row] = await tx
      .update(pages)
      .set({ ...normalize(fields), version: current.version + 1, updated_at: new Date() })
      .where(and(eq(pages.id, id), eq(pages.version, version)))
      .returning();
    if (!row) throw conflict('version_conflict', versionConflictMessage);
    await refreshPageSearch(tx, id);
    return { before: current, after: row };
  });
}

/** Deletes a page; its blocks and search entry go with it (foreign-key cascades). */
export async function deletePage(db: Database, id: string): Promise<PageRow> {
  const [row] = await db.delete(pages).where(eq(pages.id, id)).returning();
  if (!row) throw notFound('Page');
  return row;
}
