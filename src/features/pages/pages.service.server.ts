import type { Database } from '../../platform/db/client.server';
import type { SessionUser } from '../auth/auth.dto';
import {
  findDraftPageById,
  findDraftPageBySlug,
  findLivePageBySlug,
  countPagesMatching,
  listActiveBlocks,
  listDraftPagesMatching,
  listLivePagesMatching,
  type PageListFilter,
  type PublicPage,
} from './pages.repo.server';
import { decodeOrderCursor, encodeOrderCursor } from '../../platform/db/list-cursor.server';
import type { PageRow } from './pages.table';
import type { Locale } from '../../shared/lib/locale';

/** Who is asking: the signed-in account (null for anonymous visitors) and what it may see. */
export interface Viewer {
  user: SessionUser | null;
  /** Editors and admins see draft pages too. */
  canSeeDrafts: boolean;
}

export const anonymousViewer: Viewer = { user: null, canSeeDrafts: false };

export type { PageListFilter };

export type VisiblePages = { drafts: true; pages: PageRow[] } | { drafts: false; pages: PublicPage[] };

/**
 * The pages this viewer may see, in sort_order, narrowed by the admin list's filters (in SQL):
 * visitors get the live copies, editors the drafts (with their editorial state).
 */
export async function listVisiblePages(
  db: Database,
  viewer: Viewer,
  filter: PageListFilter = {},
): Promise<VisiblePages> {
  if (!viewer.canSeeDrafts) return { drafts: false, pages: await listLivePagesMatching(db, filter) };
  return { drafts: true, pages: await listDraftPagesMatching(db, filter) };
}

export type VisiblePagesPage = VisiblePages & {
  next_cursor: string | null;
  /** How many pages match in all; counted for the first stretch only (no cursor). */
  total: number | undefined;
};

/**
 * One stretch of the list (`?limit=&cursor=`): keyset pagination in (sort_order, id) order, so a
 * stretch costs the same at page 1 and page 100, and a page added or removed meanwhile neither
 * repeats nor skips another.
 */
export async function listVisiblePagesPage(
  db: Database,
  viewer: Viewer,
  filter: PageListFilter,
  options: { limit: number; cursor?: string | undefined },
): Promise<VisiblePagesPage> {
  const window = { limit: options.limit, after: options.cursor ? decodeOrderCursor(options.cursor) : undefined };
  const counted = options.cursor ? undefined : countPagesMatching(db, filter, viewer.canSeeDrafts);
  const next = (rows: Array<{ sort_order: number; id: string }>) => {
    const last = rows[options.limit - 1];
    return rows.length > options.limit && last ? encodeOrderCursor(last.sort_order, last.id) : null;
  };
  if (!viewer.canSeeDrafts) {
    const [rows, total] = await Promise.all([listLivePagesMatching(db, filter, window), counted]);
    return { drafts: false, pages: rows.slice(0, options.limit), next_cursor: next(rows), total };
  }
  const [rows, total] = await Promise.all([listDraftPagesMatching(db, filter, window), counted]);
  return { drafts: true, pages: rows.slice(0, options.limit), next_cursor: next(rows), total };
}

export interface VisibleBlock {
  id: string;
  block_type: string;
  block_data: Record<string, unknown>;
  block_order: number;
  is_active: boolean;
  version: number;
}

/**
 * A page with its active blocks in block_order; undefined when missing or not visible to this
 * viewer. Visitors (and editors) get the live copy; a page that is not on the site is shown to
 * editors as its draft, marked as one.
 */
export async function getVisiblePage(
  db: Database,
  slug: string,
  viewer: Viewer,
  locale: Locale,
): Promise<{ page: PublicPage; blocks: VisibleBlock[] } | undefined> {
  const live = await findLivePageBySlug(db, slug, locale);
  if (live) return live;
  if (!viewer.canSeeDrafts) return undefined;
  const draft = await findDraftPageBySlug(db, slug, locale);
  if (!draft || draft.is_published) return undefined;
  return { page: draft, blocks: await listActiveBlocks(db, draft.id) };
}

/**
 * A page's draft as it would render once published: the page row and its ACTIVE draft blocks in
 * block_order (previews, decision 33); undefined when the page is in Trash or gone.
 */
export async function getDraftPage(
  db: Database,
  pageId: string,
): Promise<{ page: PageRow; blocks: VisibleBlock[] } | undefined> {
  const page = await findDraftPageById(db, pageId);
  if (!page) return undefined;
  return { page, blocks: await listActiveBlocks(db, page.id) };
}
