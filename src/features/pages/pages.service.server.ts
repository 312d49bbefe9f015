import type { Database } from '../../server/db/client.server';
import type { SessionUser } from '../auth/auth.dto';
import type { BlockRow } from '../blocks/blocks.table';
import { listActiveBlocks, findPageBySlug, listPages } from './pages.repo.server';
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

/** The pages this viewer may see, in sort_order, narrowed by the admin list's filters. */
export async function listVisiblePages(db: Database, viewer: Viewer, filter: PageListFilter = {}): Promise<PageRow[]> {
  const rows = await listPages(db, { publishedOnly: !viewer.canSeeDrafts || filter.status === 'published' });
  const query = filter.q?.trim().toLowerCase();
  // A site has tens to a few hundred pages: filtering the ordered list here keeps one query path.
  return rows.filter(
    (page) =>
      (filter.status !== 'draft' || !page.is_published) &&
      (!query || page.title.toLowerCase().includes(query) || page.slug.includes(query)),
  );
}

/** A page with its active blocks in block_order; undefined when missing or not visible to this viewer. */
export async function getVisiblePage(
  db: Database,
  slug: string,
  viewer: Viewer,
): Promise<{ page: PageRow; blocks: BlockRow[] } | undefined> {
  const page = await findPageBySlug(db, slug);
  if (!page || (!page.is_published && !viewer.canSeeDrafts)) return undefined;
  return { page, blocks: await listActiveBlocks(db, page.id) };
}
