import { pagePath } from '../../shared/lib/locale';
import { and, asc, desc, eq, inArray, isNull, lt, max, ne, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { conflict, notFound, versionConflict } from '../../platform/http/app-error.server';
import type { SessionUser } from '../auth/auth.dto';
import { contentBlocks } from '../blocks/blocks.table';
import { upgradeStoredBlockData } from '../blocks/registry';
import { pages, type PageRow } from '../pages/pages.table';
import type { Locale } from '../../shared/lib/locale';
import { refreshPageSearch } from '../search/search.service.server';
import { snapshotBlockOf, snapshotPageOf, type PageSnapshot } from './page-snapshot';
import { pageRevisions, publishedPages, type PageRevisionRow, type RevisionKind } from './publishing.table';
import { recordPageEvent, type EventOrigin } from './page-events.server';
import { recordSlugChange } from '../redirects/redirects.service.server';

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Who made a change, as revisions remember it. */
export interface Actor {
  id: string | null;
  name: string;
}

export const scheduleActor: Actor = { id: null, name: 'Schedule' };
export const seedActor: Actor = { id: null, name: 'Cenote Atlas' };

export function actorOf(user: SessionUser | null | undefined): Actor {
  return user ? { id: user.id, name: user.fullName || user.email } : { id: null, name: 'Unknown' };
}

/** How an edit of the draft was saved: an explicit save keeps a revision, autosaves share one. */
export interface DraftSave {
  actor: Actor;
  /** Who and from where, for the audit log and webhooks when the save publishes or unpublishes. */
  origin?: EventOrigin | undefined;
  autosave?: boolean | undefined;
}

/** Unpublished revisions kept per page beyond every published one (decision 31). */
export const keptUnpublishedRevisions = 50;

/** The page row, locked until the transaction ends; Trash counts as gone. */
export async function lockDraft(tx: Transaction, pageId: string): Promise<PageRow> {
  const [page] = await tx
    .select()
    .from(pages)
    .where(and(eq(pages.id, pageId), isNull(pages.deleted_at)))
    .for('update');
  if (!page) throw notFound('Page');
  return page;
}

/** The draft as one snapshot: the page's content fields and every block in block_order. */
export async function readDraftSnapshot(tx: Transaction | Database, page: PageRow): Promise<PageSnapshot> {
  const blocks = await tx
    .select()
    .from(contentBlocks)
    .where(eq(contentBlocks.page_id, page.id))
    .orderBy(asc(contentBlocks.block_order), asc(contentBlocks.id));
  return { page: snapshotPageOf(page), blocks: blocks.map(snapshotBlockOf) };
}

async function nextRevisionNumber(tx: Transaction, pageId: string): Promise<number> {
  const [row] = await tx
    .select({ value: max(pageRevisions.number) })
    .from(pageRevisions)
    .where(eq(pageRevisions.page_id, pageId));
  return (row?.value ?? 0) + 1;
}

/**
 * Keeps a revision of the page. Autosaves by one person in a row share one revision (updated in
 * place), so a long session leaves one entry, not hundreds. Unpublished revisions past the newest
 * 50 are pruned; published ones are all kept. The caller holds the page lock (lockDraft).
 */
export async function recordRevision(
  tx: Transaction,
  pageId: string,
  entry: { kind: RevisionKind; actor: Actor; snapshot: PageSnapshot; note?: string | null },
): Promise<PageRevisionRow> {
  if (entry.kind === 'autosave') {
    const [latest] = await tx
      .select()
      .from(pageRevisions)
      .where(eq(pageRevisions.page_id, pageId))
      .orderBy(desc(pageRevisions.number))
      .limit(1);
    if (latest && latest.kind === 'autosave' && latest.author_id === entry.actor.id) {
      const [updated] = await tx
        .update(pageRevisions)
        .set({ snapshot: entry.snapshot, created_at: sql`clock_timestamp()` })
        .where(eq(pageRevisions.id, latest.id))
        .returning();
      return updated!;
    }
  }
  const [row] = await tx
    .insert(pageRevisions)
    .values({
      page_id: pageId,
      number: await nextRevisionNumber(tx, pageId),
      kind: entry.kind,
      author_id: entry.actor.id,
      author_name: entry.actor.name,
      note: entry.note ?? null,
      snapshot: entry.snapshot,
      created_at: sql`clock_timestamp()`,
    })
    .returning();
  if (entry.kind !== 'published') await pruneRevisions(tx, pageId);
  return row!;
}

async function pruneRevisions(tx: Transaction, pageId: string): Promise<void> {
  const keep = tx
    .select({ id: pageRevisions.id })
    .from(pageRevisions)
    .where(and(eq(pageRevisions.page_id, pageId), ne(pageRevisions.kind, 'published')))
    .orderBy(desc(pageRevisions.number))
    .limit(keptUnpublishedRevisions);
  await tx
    .delete(pageRevisions)
    .where(
      and(eq(pageRevisions.page_id, pageId), ne(pageRevisions.kind, 'published'), notInArray(pageRevisions.id, keep)),
    );
}

/**
 * Every write to a page's draft ends here, inside its transaction: the page is marked as having
 * unpublished changes and the save is kept as a revision. It never touches what visitors see.
 */
export async function draftChanged(tx: Transaction, pageId: string, save: DraftSave): Promise<void> {
  const page = await lockDraft(tx, pageId);
  // clock_timestamp() is read once the row lock is held, so concurrent saves never move updated_at back.
  const [updated] = await tx
    .update(pages)
    .set({ has_unpublished_changes: true, updated_at: sql`greatest(${pages.updated_at}, clock_timestamp())` })
    .where(eq(pages.id, page.id))
    .returning();
  await recordRevision(tx, pageId, {
    kind: save.autosave ? 'autosave' : 'saved',
    actor: save.actor,
    snapshot: await readDraftSnapshot(tx, updated!),
  });
}

/** Refuses a slug another page uses, as its draft or as its live copy, naming that page. */
export async function assertSlugFree(tx: Transaction, slug: string, locale: Locale, exceptId?: string): Promise<void> {
  const draftSlug = and(eq(pages.slug, slug), eq(pages.locale, locale));
  const [draft] = await tx
    .select({ title: pages.title })
    .from(pages)
    .where(exceptId ? and(draftSlug, ne(pages.id, exceptId)) : draftSlug)
    .limit(1);
  const liveSlug = and(eq(publishedPages.slug, slug), eq(publishedPages.locale, locale));
  const [live] = draft
    ? [draft]
    : await tx
        .select({ title: publishedPages.title })
        .from(publishedPages)
        .where(exceptId ? and(liveSlug, ne(publishedPages.page_id, exceptId)) : liveSlug)
        .limit(1);
  const other = draft ?? live;
  if (other) throw conflict('slug_taken', `That slug is already used by "${other.title}".`, 'slug');
}

export interface LiveChange {
  page: PageRow;
  /** Public paths that show different content now: the old and the new one after a rename. */
  paths: string[];
}

/**
 * Copies the draft to what visitors see, inside the caller's transaction (the caller holds the
 * page lock): a 'published' revision, the live row, the search index, and the page's flags.
 */
export async function publishDraft(
  tx: Transaction,
  page: PageRow,
  actor: Actor,
  note?: string | null,
  origin?: EventOrigin,
): Promise<LiveChange> {
  const snapshot = await readDraftSnapshot(tx, page);
  await assertSlugFree(tx, page.slug, page.locale, page.id);
  const [previous] = await tx
    .select({ slug: publishedPages.slug })
    .from(publishedPages)
    .where(eq(publishedPages.page_id, page.id))
    .limit(1);
  // A published page renamed: a 301 from the old path and links moved to the new one (decision 36).
  if (previous && previous.slug !== page.slug)
    await recordSlugChange(tx, page.id, previous.slug, page.slug, page.locale);
  const revision = await recordRevision(tx, page.id, { kind: 'published', actor, snapshot, note: note ?? null });
  const live = {
    ...snapshot.page,
    revision_id: revision.id,
    blocks: snapshot.blocks.filter((block) => block.is_active),
    version: page.version,
    published_at: revision.created_at,
  };
  await tx
    .insert(publishedPages)
    .values({ page_id: page.id, locale: page.locale, ...live })
    .onConflictDoUpdate({ target: publishedPages.page_id, set: live });
  const [updated] = await tx
    .update(pages)
    .set({ is_published: true, has_unpublished_changes: false, published_at: revision.created_at })
    .where(eq(pages.id, page.id))
    .returning();
  await refreshPageSearch(tx, page.id);
  if (origin) await recordPageEvent(tx, 'page.published', updated!, origin, { at: revision.created_at });
  const slugs = new Set([previous?.slug, page.slug].filter((slug) => slug !== undefined));
  return { page: updated!, paths: [...slugs].map((slug) => pagePath(page.locale, slug)) };
}

/** Takes the page off the site; its draft and history stay. */
export async function unpublishDraft(tx: Transaction, page: PageRow, origin?: EventOrigin): Promise<LiveChange> {
  const [removed] = await tx
    .delete(publishedPages)
    .where(eq(publishedPages.page_id, page.id))
    .returning({ slug: publishedPages.slug });
  const [updated] = await tx
    .update(pages)
    .set({ is_published: false, unpublish_at: null })
    .where(eq(pages.id, page.id))
    .returning();
  await refreshPageSearch(tx, page.id);
  // Unpublishing a page that was not live changes nothing a visitor or a webhook would notice.
  if (origin && removed) await recordPageEvent(tx, 'page.unpublished', updated!, origin);
  return { page: updated!, paths: removed ? [pagePath(page.locale, removed.slug)] : [] };
}

export async function publishPage(
  db: Database,
  pageId: string,
  options: { actor: Actor; origin?: EventOrigin; version?: number | undefined; note?: string | null },
): Promise<LiveChange> {
  return db.transaction(async (tx) => {
    const page = await lockDraft(tx, pageId);
    if (options.version !== undefined && page.version !== options.version) throw versionConflict();
    return publishDraft(tx, page, options.actor, options.note, options.origin);
  });
}

export async function unpublishPage(db: Database, pageId: string, origin?: EventOrigin): Promise<LiveChange> {
  return db.transaction(async (tx) => unpublishDraft(tx, await lockDraft(tx, pageId), origin));
}

/**
 * Replaces the draft with a snapshot: page fields and the whole block list. Blocks keep their ids;
 * every version moves past both the draft's and the snapshot's, so a tab still holding the old
 * draft gets a version conflict instead of writing over the restored content.
 */
async function writeSnapshotIntoDraft(tx: Transaction, page: PageRow, snapshot: PageSnapshot): Promise<PageRow> {
  if (snapshot.page.slug !== page.slug) await assertSlugFree(tx, snapshot.page.slug, page.locale, page.id);
  const current = await tx
    .select({ id: contentBlocks.id, version: contentBlocks.version })
    .from(contentBlocks)
    .where(eq(contentBlocks.page_id, page.id));
  const versions = new Map(current.map((block) => [block.id, block.version]));
  const snapshotIds = snapshot.blocks.map((block) => block.id);
  await tx.delete(contentBlocks).where(eq(contentBlocks.page_id, page.id));
  // A block id of this snapshot may belong to another page by now (never in practice: ids are
  // random UUIDs, but a restored backup could bring one back); such a block gets a new id.
  const taken = snapshotIds.length
    ? await tx.select({ id: contentBlocks.id }).from(contentBlocks).where(inArray(contentBlocks.id, snapshotIds))
    : [];
  const takenIds = new Set(taken.map((row) => row.id));
  const ordered = [...snapshot.blocks].sort((a, b) => a.block_order - b.block_order);
  if (ordered.length > 0) {
    await tx.insert(contentBlocks).values(
      ordered.map((block, index) => ({
        ...(takenIds.has(block.id) ? {} : { id: block.id }),
        page_id: page.id,
        block_type: block.block_type,
        // A snapshot from before a block type changed (emoji icons) comes back in today's shape.
        block_data: upgradeStoredBlockData(block.block_type, block.block_data) as Record<string, unknown>,
        block_order: index + 1,
        is_active: block.is_active,
        version: Math.max(versions.get(block.id) ?? 0, block.version) + 1,
      })),
    );
  }
  const [updated] = await tx
    .update(pages)
    .set({
      ...snapshot.page,
      version: page.version + 1,
      updated_at: sql`greatest(${pages.updated_at}, clock_timestamp())`,
    })
    .where(eq(pages.id, page.id))
    .returning();
  return updated!;
}

async function latestPublishedRevision(tx: Transaction, pageId: string): Promise<PageRevisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(pageRevisions)
    .where(and(eq(pageRevisions.page_id, pageId), eq(pageRevisions.kind, 'published')))
    .orderBy(desc(pageRevisions.number))
    .limit(1);
  return row;
}

/** Throws away the draft's edits: the draft becomes the last published version again. */
export async function discardChanges(db: Database, pageId: string): Promise<PageRow> {
  return db.transaction(async (tx) => {
    const page = await lockDraft(tx, pageId);
    const published = await latestPublishedRevision(tx, pageId);
    if (!published) {
      throw conflict(
        'never_published',
        'This page has never been published, so there is no published version to go back to.',
      );
    }
    await writeSnapshotIntoDraft(tx, page, published.snapshot);
    const [updated] = await tx
      .update(pages)
      .set({ has_unpublished_changes: false })
      .where(eq(pages.id, pageId))
      .returning();
    return updated!;
  });
}

/** Copies a revision into the draft (never publishes) and keeps a 'restored' revision of the result. */
export async function restoreRevision(
  db: Database,
  pageId: string,
  revisionId: string,
  actor: Actor,
): Promise<PageRow> {
  return db.transaction(async (tx) => {
    const page = await lockDraft(tx, pageId);
    const [revision] = await tx
      .select()
      .from(pageRevisions)
      .where(and(eq(pageRevisions.id, revisionId), eq(pageRevisions.page_id, pageId)))
      .limit(1);
    if (!revision) throw notFound('Revision');
    await writeSnapshotIntoDraft(tx, page, revision.snapshot);
    const [updated] = await tx
      .update(pages)
      .set({ has_unpublished_changes: true })
      .where(eq(pages.id, pageId))
      .returning();
    await recordRevision(tx, pageId, {
      kind: 'restored',
      actor,
      snapshot: await readDraftSnapshot(tx, updated!),
      note: `Restored from revision ${revision.number}`,
    });
    return updated!;
  });
}

export interface RevisionSummary {
  id: string;
  number: number;
  kind: RevisionKind;
  author: string;
  note: string | null;
  created_at: Date;
}

/** The page's revisions, newest first; `before` (a revision number) pages through long histories. */
export async function listRevisions(
  db: Database,
  pageId: string,
  options: { limit: number; before?: number | undefined },
): Promise<{ items: RevisionSummary[]; next: number | null }> {
  await requireExistingPage(db, pageId);
  const rows = await db
    .select({
      id: pageRevisions.id,
      number: pageRevisions.number,
      kind: pageRevisions.kind,
      author: pageRevisions.author_name,
      note: pageRevisions.note,
      created_at: pageRevisions.created_at,
    })
    .from(pageRevisions)
    .where(
      and(
        eq(pageRevisions.page_id, pageId),
        options.before !== undefined ? lt(pageRevisions.number, options.before) : undefined,
      ),
    )
    .orderBy(desc(pageRevisions.number))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  return { items, next: rows.length > options.limit ? (items.at(-1)?.number ?? null) : null };
}

export async function getRevision(db: Database, pageId: string, revisionId: string): Promise<PageRevisionRow> {
  await requireExistingPage(db, pageId);
  const [row] = await db
    .select()
    .from(pageRevisions)
    .where(and(eq(pageRevisions.id, revisionId), eq(pageRevisions.page_id, pageId)))
    .limit(1);
  if (!row) throw notFound('Revision');
  return row;
}

async function requireExistingPage(db: Database, pageId: string): Promise<void> {
  const [page] = await db
    .select({ id: pages.id })
    .from(pages)
    .where(and(eq(pages.id, pageId), isNull(pages.deleted_at)))
    .limit(1);
  if (!page) throw notFound('Page');
}
