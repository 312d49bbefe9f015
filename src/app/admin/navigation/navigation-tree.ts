import type { NavigationNode } from '../../../features/navigation/navigation.dto';
import type { DropPosition } from '../../../shared/ui/sortable-tree';

/**
 * The public header shows three levels (item, dropdown entry, its sub-entries); the admin keeps
 * menus within them, for drags and the arrow buttons alike.
 */
export const maxMenuDepth = 3;
export const menuDepthLimitText = `menus have at most ${maxMenuDepth} levels`;

export interface FlatNavItem {
  node: NavigationNode;
  depth: number;
  parentId: string | null;
  index: number;
  siblings: NavigationNode[];
}

/** The tree as rows in display order, each knowing its depth and siblings (for keyboard moves). */
export function flattenTree(nodes: NavigationNode[], depth = 0, parentId: string | null = null): FlatNavItem[] {
  return nodes.flatMap((node, index) => [
    { node, depth, parentId, index, siblings: nodes },
    ...flattenTree(node.children, depth + 1, node.id),
  ]);
}

export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent';

/** The button way to do what dragging does: each button move is one drag-and-drop move. */
export function keyboardMoveTarget(
  item: FlatNavItem,
  move: KeyboardMove,
): { targetId: string; position: DropPosition } | null {
  const previous = item.siblings[item.index - 1];
  const next = item.siblings[item.index + 1];
  switch (move) {
    case 'up':
      return previous ? { targetId: previous.id, position: 'before' } : null;
    case 'down':
      return next ? { targetId: next.id, position: 'after' } : null;
    case 'indent':
      return previous ? { targetId: previous.id, position: 'inside' } : null;
    case 'outdent':
      return item.parentId ? { targetId: item.parentId, position: 'after' } : null;
  }
}
