import { and, asc, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import type { Transaction } from '../../platform/jobs/job-queue.server';
import { badRequest, conflict, notFound, versionConflict } from '../../platform/http/app-error.server';
import { contentBlocks } from '../blocks/blocks.table';
import { navigationItems } from '../navigation/navigation.table';
import { localeOfPath, localePrefix, type Locale, pagePath } from '../../shared/lib/locale';
import { pages } from '../pages/pages.table';
import { publishedPages } from '../publishing/publishing.table';
import {
  normalizeFromPath,
  normalizeTarget,
  replaceSitePath,
  rewriteInternalLinks,
  sitePathOf,
  type Checked,
} from './redirect-paths';
import { redirects, type RedirectRow } from './redirects.table';

export type RedirectStatus = 301 | 302;

export interface RedirectInput {
  from: string;
  to: string;
  status?: RedirectStatus | undefined;
}

/** More hops than any real chain: a longer walk means the data loops (it cannot, but never hang). */
const maxChainSteps = 50;

function checked(result: Checked, field: 'from' | 'to'): string {
  if (!result.ok) throw badRequest(field === 'from' ? 'invalid_from' : 'invalid_to', result.message, field);
  return result.value;
}

/** The live page at a path, if any: a redirect from there would never be reached. */
async function livePageAt(tx: Database | Transaction, path: string): Promise<{ title: string } | undefined> {
  const locale = localeOfPath(path);
  const rest = path.slice(localePrefix(locale).length);
  const slug = rest === '' || rest === '/' ? 'home' : rest.slice(1);
  const [row] = await tx
    .select({ title: publishedPages.title })
    .from(publishedPages)
    .innerJoin(pages, eq(pages.id, publishedPages.page_id))
    .where(and(eq(publishedPages.slug, slug), eq(publishedPages.locale, locale), isNull(pages.deleted_at)))
    .limit(1);
  return row;
}

/**
 * Where a target finally leads, following redirects on this site (chains collapse: A→B with B→C
 * is stored as A→C). Refuses a target that leads back to `from`.
 */
async function finalTarget(tx: Transaction, from: string, target: string, exceptId?: string): Promise<string> {
  let current = target;
  for (let step = 0; step < maxChainSteps; step += 1) {
    const path = sitePathOf(current);
    if (path === undefined) return current;
    if (path === from) {
      throw badRequest(
        'redirect_loop',
        step === 0
          ? 'A redirect cannot lead to its own address.'
          : `That would send visitors in a circle: ${target} already leads back to ${from}.`,
        'to',
      );
    }
    const [next] = await tx
      .select({ id: redirects.id, to: redirects.to_target })
      .from(redirects)
      .where(eq(redirects.from_path, path))
      .limit(1);
    if (!next || next.id === exceptId) return current;
    current = replaceTargetKeepingSection(next.to, current);
  }
  throw badRequest('redirect_loop', `That would send visitors in a circle through ${target}.`, 'to');
}

/** Following A→B#x through B→C keeps the section asked for (#x) unless C names its own. */
function replaceTargetKeepingSection(next: string, current: string): string {
  const asked = /#.*$/.exec(current)?.[0];
  return asked && !next.includes('#') ? `${next}${asked}` : next;
}

/** Every redirect that led to `from` now leads straight to `target` (no chains). */
async function collapseChainsInto(tx: Transaction, from: string, target: string): Promise<void> {
  const candidates = await tx
    .select({ id: redirects.id, to: redirects.to_target })
    .from(redirects)
    .where(ilike(redirects.to_target, `${from.replace(/[\\%_]/g, '\\$&')}%`));
  for (const row of candidates) {
    if (sitePathOf(row.to) !== from) continue;
    const collapsed = sitePathOf(target) === undefined ? target : replaceSitePath(row.to, sitePathOf(target)!);
    await tx
      .update(redirects)
      .set({ to_target: collapsed, version: sql`${redirects.version} + 1`, updated_at: sql`now()` })
      .where(eq(redirects.id, row.id));
  }
}

async function assertFromFree(tx: Transaction, from: string, exceptId?: string): Promise<void> {
  const [existing] = await tx.select().from(redirects).where(eq(redirects.from_path, from)).limit(1);
  if (existing && existing.id !== exceptId) {
    throw conflict(
      'redirect_exists',
      `There is already a redirect from ${from} (to ${existing.to_target}). Edit that one instead.`,
      'from',
    );
  }
  const page = await livePageAt(tx, from);
  if (page) {
    throw conflict(
      'page_exists',
      `The published page “${page.title}” is at ${from}, so visitors would never reach this redirect.`,
      'from',
    );
  }
}

export async function createRedirect(
  db: Database,
  input: RedirectInput,
  createdBy: string | null,
  onWrite?: (tx: Transaction, row: RedirectRow) => Promise<void>,
): Promise<RedirectRow> {
  const from = checked(normalizeFromPath(input.from), 'from');
  const to = checked(normalizeTarget(input.to), 'to');
  return db.transaction(async (tx) => {
    await assertFromFree(tx, from);
    const target = await finalTarget(tx, from, to);
    await collapseChainsInto(tx, from, target);
    const [row] = await tx
      .insert(redirects)
      .values({ from_path: from, to_target: target, status: input.status ?? 301, created_by: createdBy })
      .returning();
    await onWrite?.(tx, row!);
    return row!;
  });
}

export interface RedirectPatch {
  from?: string | undefined;
  to?: string | undefined;
  status?: RedirectStatus | undefined;
  version: number;
}

export async function updateRedirect(
  db: Database,
  id: string,
  patch: RedirectPatch,
  onWrite?: (tx: Transaction, before: RedirectRow, after: RedirectRow) => Promise<void>,
): Promise<RedirectRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(redirects).where(eq(redirects.id, id)).for('update');
    if (!current) throw notFound('Redirect');
    if (current.version !== patch.version) throw versionConflict();
    const from = patch.from === undefined ? current.from_path : checked(normalizeFromPath(patch.from), 'from');
    const to = patch.to === undefined ? current.to_target : checked(normalizeTarget(patch.to), 'to');
    if (from !== current.from_path) await assertFromFree(tx, from, id);
    const target = await finalTarget(tx, from, to, id);
    await collapseChainsInto(tx, from, target);
    const [row] = await tx
      .update(redirects)
      .set({
        from_path: from,
        to_target: target,
        status: patch.status ?? current.status,
        // Edited by hand: it is the editor's now, whatever made it.
        source: 'manual',
        version: current.version + 1,
        updated_at: sql`now()`,
      })
      .where(eq(redirects.id, id))
      .returning();
    await onWrite?.(tx, current, row!);
    return row!;
  });
}

export async function deleteRedirect(
  db: Database,
  id: string,
  onWrite?: (tx: Transaction, row: RedirectRow) => Promise<void>,
): Promise<RedirectRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.delete(redirects).where(eq(redirects.id, id)).returning();
    if (!row) throw notFound('Redirect');
    await onWrite?.(tx, row);
    return row;
  });
}

/** An opaque list position: the last item's from_path. */
const encodeCursor = (from: string) => Buffer.from(from).toString('base64url');
function decodeCursor(cursor: string): string {
  const from = Buffer.from(cursor, 'base64url').toString();
  if (!from.startsWith('/')) {
    throw badRequest('invalid_cursor', 'That list position is not valid. Load the list again.', 'cursor');
  }
  return from;
}

export async function listRedirects(
  db: Database,
  options: { q?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<{ items: RedirectRow[]; next_cursor: string | null }> {
  const conditions = [];
  const q = options.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(or(ilike(redirects.from_path, pattern), ilike(redirects.to_target, pattern)));
  }
  if (options.cursor) conditions.push(gt(redirects.from_path, decodeCursor(options.cursor)));
  const rows = await db
    .select()
    .from(redirects)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(redirects.from_path))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  return { items, next_cursor: rows.length > options.limit ? encodeCursor(items.at(-1)!.from_path) : null };
}

export interface SlugChangeResult {
  /** Navigation items and block fields (drafts and live copies) that now link to the new path. */
  linksRewritten: number;
}

/**
 * A published page went live under a new slug (decision 36): a 301 from the old path, chains that
 * led to the old path now lead to the new one, a redirect that sat on the new path goes (the page
 * lives there), and internal links to the old path in navigation and blocks move to the new one.
 * Runs in the publish's transaction. Drafts keep their version: an editor's next save of a draft
 * opened before still succeeds (its old link would redirect anyway).
 */
export async function recordSlugChange(
  tx: Transaction,
  pageId: string,
  oldSlug: string,
  newSlug: string,
  locale: Locale,
): Promise<SlugChangeResult> {
  const oldPath = pagePath(locale, oldSlug);
  const newPath = pagePath(locale, newSlug);
  if (oldPath === newPath) return { linksRewritten: 0 };
  await tx.delete(redirects).where(eq(redirects.from_path, newPath));
  // A home page has no slug to rename from: '/' and '/es' never redirect.
  if (oldSlug !== 'home') {
    await collapseChainsInto(tx, oldPath, newPath);
    await tx
      .insert(redirects)
      .values({ from_path: oldPath, to_target: newPath, status: 301, source: 'slug_change', page_id: pageId })
      .onConflictDoUpdate({
        target: redirects.from_path,
        set: {
          to_target: newPath,
          status: 301,
          source: 'slug_change',
          page_id: pageId,
          version: sql`${redirects.version} + 1`,
          updated_at: sql`now()`,
        },
      });
  }
  return { linksRewritten: await rewriteLinksEverywhere(tx, oldPath, newPath) };
}

async function rewriteLinksEverywhere(tx: Transaction, oldPath: string, newPath: string): Promise<number> {
  let total = 0;
  const likeOld = `%${oldPath.replace(/[\\%_]/g, '\\$&')}%`;
  const navigation = await tx
    .select({ id: navigationItems.id, link: navigationItems.link_url })
    .from(navigationItems)
    .where(ilike(navigationItems.link_url, likeOld));
  for (const item of navigation) {
    const { value, changed } = rewriteInternalLinks(item.link, oldPath, newPath);
    if (changed === 0) continue;
    total += changed;
    await tx.update(navigationItems).set({ link_url: value }).where(eq(navigationItems.id, item.id));
  }
  const blocks = await tx
    .select({ id: contentBlocks.id, data: contentBlocks.block_data })
    .from(contentBlocks)
    .where(sql`${contentBlocks.block_data}::text like ${likeOld}`);
  for (const block of blocks) {
    const { value, changed } = rewriteInternalLinks(block.data, oldPath, newPath);
    if (changed === 0) continue;
    total += changed;
    await tx.update(contentBlocks).set({ block_data: value }).where(eq(contentBlocks.id, block.id));
  }
  const live = await tx
    .select({ pageId: publishedPages.page_id, blocks: publishedPages.blocks })
    .from(publishedPages)
    .where(sql`${publishedPages.blocks}::text like ${likeOld}`);
  for (const copy of live) {
    const { value, changed } = rewriteInternalLinks(copy.blocks, oldPath, newPath);
    if (changed === 0) continue;
    total += changed;
    await tx.update(publishedPages).set({ blocks: value }).where(eq(publishedPages.page_id, copy.pageId));
  }
  return total;
}

/** Every redirect, for the in-memory table the site answers from. */
export async function loadAllRedirects(
  db: Database,
): Promise<Array<Pick<RedirectRow, 'id' | 'from_path' | 'to_target' | 'status'>>> {
  return db
    .select({
      id: redirects.id,
      from_path: redirects.from_path,
      to_target: redirects.to_target,
      status: redirects.status,
    })
    .from(redirects);
}

/** Adds counted hits (batched by the site, so a visit costs no write). */
export async function addRedirectHits(db: Database, hits: ReadonlyMap<string, number>, at: Date): Promise<void> {
  for (const [id, count] of hits) {
    await db
      .update(redirects)
      .set({ hits: sql`${redirects.hits} + ${count}`, last_hit_at: at })
      .where(eq(redirects.id, id));
  }
}
