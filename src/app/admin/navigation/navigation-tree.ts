import type { NavigationNode } from '../../../features/navigation/navigation.dto';

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

export function isDescendant(nodes: NavigationNode[], ancestorId: string, candidateId: string): boolean {
  const find = (list: NavigationNode[]): NavigationNode | undefined => {
    for (const node of list) {
      if (node.id === ancestorId) return node;
      const found = find(node.children);
      if (found) return found;
    }
    return undefined;
  };
  const ancestor = find(nodes);
  const contains = (list: NavigationNode[]): boolean =>
    list.some((node) => node.id === candidateId || contains(node.children));
  return ancestor ? contains(ancestor.children) : false;
}

export type DropPosition = 'before' | 'after' | 'inside';

/** Spec: top 25 % of the target → before, bottom 25 % → after, the middle → inside (last child). */
export function dropZone(offsetY: number, height: number): DropPosition {
  const ratio = height > 0 ? offsetY / height : 0.5;
  if (ratio < 0.25) return 'before';
  if (ratio > 0.75) return 'after';
  return 'inside';
}

export type KeyboardMove = 'up' | 'down' | 'indent' | 'outdent';

/** The keyboard way to do what dragging does: each keyboard move is one drag-and-drop move. */
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
