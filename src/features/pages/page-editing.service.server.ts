import { pagePath } from '../../shared/lib/locale';
import { and, eq, isNull, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.server';
import { presentFields } from '../../shared/lib/update-schema';
import { notFound, versionConflict } from '../../platform/http/app-error.server';
import {
  assertSlugFree,
  draftChanged,
  lockDraft,
  publishDraft,
  recordRevision,
  readDraftSnapshot,
  unpublishDraft,
  type DraftSave,
} from '../publishing/publishing.service.server';
import { type pageInputSchema, type pagePatchSchema } from './pages.schema';
import { pages, type PageRow } from './pages.table';

/** A page's draft as editors see it; pages in Trash are not found here. */
export async function getPageById(db: Database, id: string): Promise<PageRow> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.id, id), isNull(pages.deleted_at)))
    .limit(1);
  if (!row) throw notFound('Page');
  return row;
}

function normalize<T extends Partial<z.output<typeof pageInputSchema>>>(input: T) {
  return {
    ...input,
    ...(input.canonical_url !== undefined ? { canonical_url: input.canonical_url || null } : {}),
  };
}

export interface PageWrite {
  before: PageRow | undefined;
  after: PageRow;
  /** Set when the write changed what visitors see (published or taken down). */
  livePaths: string[] | undefined;
}

/** Creates a page's draft; with is_published it goes live in the same transaction. */
export async function createPage(
  db: Database,
  input: z.output<typeof pageInputSchema>,
  save: DraftSave,
): Promise<PageWrite> {
  const { is_published: publish, ...fields } = input;
  return db.transaction(async (tx) => {
    await assertSlugFree(tx, fields.slug, 'en');
    const [last] = await tx.select({ value: max(pages.sort_order) }).from(pages);
    const [row] = await tx
      .insert(pages)
      .values({ ...normalize(fields), sort_order: fields.sort_order ?? (last?.value ?? 0) + 10 })
      .returning();
    if (publish) {
      const live = await publishDraft(tx, row!, save.actor, null, save.origin);
      return { before: undefined, after: live.page, livePaths: live.paths };
    }
    await recordRevision(tx, row!.id, {
      kind: 'saved',
      actor: save.actor,
      snapshot: await readDraftSnapshot(tx, row!),
    });
    return { before: undefined, after: row!, livePaths: undefined };
  });
}

/**
 * Changes the page's draft: only the fields the request names (decision 45). sort_order is the
 * page's place in lists and applies at once. The Published switch keeps the spec's meaning
 * (decision 30): turning it on publishes the draft, turning it off takes the page off the site;
 * sending the value it already has changes nothing live.
 */
export async function updatePage(
  db: Database,
  id: string,
  patch: z.output<typeof pagePatchSchema>,
  save: DraftSave,
): Promise<PageWrite> {
  const { version, is_published: publish, ...sent } = patch;
  const fields = presentFields(sent);
  const { sort_order: sortOrder, ...contentFields } = fields;
  const changesDraft = Object.keys(contentFields).length > 0;
  return db.transaction(async (tx) => {
    const current = await lockDraft(tx, id);
    if (current.version !== version) throw versionConflict();
    if (fields.slug !== undefined && fields.slug !== current.slug)
      await assertSlugFree(tx, fields.slug, current.locale, id);
    const [row] = await tx
      .update(pages)
      .set({ ...normalize(fields), version: current.version + 1, updated_at: new Date() })
      .where(eq(pages.id, id))
      .returning();
    let after = row!;
    if (changesDraft) {
      await draftChanged(tx, id, save);
      after = await lockDraft(tx, id);
    }
    let livePaths: string[] | undefined =
      sortOrder !== undefined && current.is_published ? [pagePath(current.locale, current.slug)] : undefined;
    if (publish === true && !current.is_published) {
      const live = await publishDraft(tx, after, save.actor, null, save.origin);
      after = live.page;
      livePaths = live.paths;
    } else if (publish === false && current.is_published) {
      const live = await unpublishDraft(tx, after, save.origin);
      after = live.page;
      livePaths = live.paths;
    }
    return { before: current, after, livePaths };
  });
}
