import type { Database } from '../../server/db/client.server';
import type { SessionUser } from '../auth/auth.dto';
import {
  findDraftPageById,
  findDraftPageBySlug,
  findLivePageBySlug,
  listActiveBlocks,
  listDraftPages,
  listLivePages,
  type PublicPage,
} from './pages.repo.server';
import type { PageRow } from './pages.table';

/** Who is asking: the signed-in account (null for anonymous visitors) and what it may see. */
export interface Viewer {
  user: SessionUser | null;
  /** Editors and admins see draft pages too. */
  canSeeDrafts: boolean;
}

export const anonymousViewer: Viewer = { user: null, canSeeDrafts: false };

export interface PageListFilter {
  /** Only published or only draft pages (drafts are visible to editors and admins only). */
  status?: 'published' | 'draft' | undefined;
  /** Case-insensitive match on title or slug (the admin's 'Search pages...' box). */
  q?: string | undefined;
}

export type VisiblePages = { drafts: true; pages: PageRow[] } | { drafts: false; pages: PublicPage[] };

/**
 * The pages this viewer may see, in sort_order, narrowed by the admin list's filters: visitors get
 * the live copies, editors the drafts (with their editorial state).
 */
export async function listVisiblePages(
  db: Database,
  viewer: Viewer,
  filter: PageListFilter = {},
): Promise<VisiblePages> {
  const query = filter.q?.trim().toLowerCase();
  const matches = (page: { title: string; slug: string }) =>
    !query || page.title.toLowerCase().includes(query) || page.slug.includes(query);
  // A site has tens to a few hundred pages: filtering the ordered list here keeps one query path.
  if (!viewer.canSeeDrafts) {
    // Visitors only ever see published pages: asking for drafts finds none.
    const live = filter.status === 'draft' ? [] : await listLivePages(db);
    return { drafts: false, pages: live.filter(matches) };
  }
  const rows = await listDraftPages(db);
  return {
    drafts: true,
    pages: rows.filter(
      (page) =>
        (filter.status !== 'draft' || !page.is_published) &&
        (filter.status !== 'published' || page.is_published) &&
        matches(page),
    ),
  };
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
): Promise<{ page: PublicPage; blocks: VisibleBlock[] } | undefined> {
  const live = await findLivePageBySlug(db, slug);
  if (live) return live;
  if (!viewer.canSeeDrafts) return undefined;
  const draft = await findDraftPageBySlug(db, slug);
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
