import type { Database } from '../../server/db/client.server';
import type { BlockRow } from '../blocks/blocks.table';
import { listActiveBlocks, findPageBySlug, listPages } from './pages.repo.server';
import type { PageRow } from './pages.table';

export interface Viewer {
  canSeeDrafts: boolean;
}

export const anonymousViewer: Viewer = { canSeeDrafts: false };

export async function listVisiblePages(db: Database, viewer: Viewer): Promise<PageRow[]> {
  return listPages(db, { publishedOnly: !viewer.canSeeDrafts });
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
