import type { Locale } from '../../shared/lib/locale';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { images } from '../media/media.table';
import type { MenuType, NavigationItemDto, NavigationNode } from './navigation.dto';
import { navigationItems } from './navigation.table';

const joinedImage = {
  id: images.id,
  original_url: images.original_url,
  webp_url: images.webp_url,
  alt_text: images.alt_text,
  caption: images.caption,
};

/** Items of one menu with their joined image, ordered by display_order. */
/** One menu of one language (decision 44: each language has its own menus; English when not given). */
export async function listNavigationItems(
  db: Database,
  menu: MenuType,
  options: { activeOnly: boolean; locale?: Locale },
) {
  return db
    .select({ item: navigationItems, image: joinedImage })
    .from(navigationItems)
    .leftJoin(images, eq(images.id, navigationItems.image_id))
    .where(
      and(
        eq(navigationItems.menu_type, menu),
        eq(navigationItems.locale, options.locale ?? 'en'),
        options.activeOnly ? eq(navigationItems.is_active, true) : undefined,
      ),
    )
    .orderBy(asc(navigationItems.display_order), asc(navigationItems.title));
}

type ListedItem = Awaited<ReturnType<typeof listNavigationItems>>[number];

/** One item with its joined image, or undefined. */
export async function findNavigationItem(db: Database, id: string): Promise<NavigationItemDto | undefined> {
  const [row] = await db
    .select({ item: navigationItems, image: joinedImage })
    .from(navigationItems)
    .leftJoin(images, eq(images.id, navigationItems.image_id))
    .where(eq(navigationItems.id, id))
    .limit(1);
  return row ? toNavigationItemDto(row) : undefined;
}

export function toNavigationItemDto({ item, image }: ListedItem): NavigationItemDto {
  return {
    id: item.id,
    title: item.title,
    description: item.description,
    link_url: item.link_url,
    display_order: item.display_order,
    is_active: item.is_active,
    menu_type: item.menu_type as MenuType,
    parent_id: item.parent_id,
    image: image && image.id ? image : null,
    version: item.version,
  };
}

/**
 * Builds the tree. Items whose parent is missing from the list (an inactive parent hides
 * its subtree from visitors) are left out rather than promoted to the top level.
 */
export function buildNavigationTree(rows: ListedItem[]): NavigationNode[] {
  const nodes = new Map<string, NavigationNode>();
  for (const row of rows) {
    nodes.set(row.item.id, { ...toNavigationItemDto(row), children: [] });
  }
  const roots: NavigationNode[] = [];
  for (const node of nodes.values()) {
    if (node.parent_id === null) roots.push(node);
    else nodes.get(node.parent_id)?.children.push(node);
  }
  return roots;
}
