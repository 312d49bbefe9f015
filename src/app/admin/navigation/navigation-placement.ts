import type { NavigationNode } from '../../../features/navigation/navigation.dto';
import { flattenTree, maxMenuDepth } from './navigation-tree';

/** An item a new item can go under, in tree order, with its depth for the indented list. */
export interface ParentChoice {
  id: string;
  title: string;
  depth: number;
}

/** Every item that can take a child without passing the menu's depth limit. */
export function parentChoices(tree: NavigationNode[]): ParentChoice[] {
  return flattenTree(tree)
    .filter((row) => row.depth < maxMenuDepth - 1)
    .map((row) => ({ id: row.node.id, title: row.node.title, depth: row.depth }));
}

/** Whether an item at this depth can take a child (the 'Add child item' button). */
export const canHaveChildren = (depth: number) => depth < maxMenuDepth - 1;

/** The children of `parentId` (null: the top level), in display order; [] for an unknown id. */
export function siblingsUnder(tree: NavigationNode[], parentId: string | null): NavigationNode[] {
  if (parentId === null) return tree;
  return flattenTree(tree).find((row) => row.node.id === parentId)?.node.children ?? [];
}

/** 'first', 'last', or 'after:<sibling id>'. */
export type Position = 'first' | 'last' | `after:${string}`;

export interface PositionChoice {
  value: Position;
  label: string;
}

/**
 * First, after each sibling, last: 'after' the last sibling is 'Last', so no place is offered
 * twice. With no siblings there is one place, and nothing to choose.
 */
export function positionChoices(siblings: NavigationNode[]): PositionChoice[] {
  const last = siblings.at(-1);
  if (!last) return [];
  return [
    { value: 'first', label: `First (before ${siblings[0]?.title ?? last.title})` },
    ...siblings.slice(0, -1).map((sibling): PositionChoice => ({
      value: `after:${sibling.id}`,
      label: `After ${sibling.title}`,
    })),
    { value: 'last', label: `Last (after ${last.title})` },
  ];
}

/**
 * The display_order the create call takes for a place (1 = first); undefined for last, which the
 * server does by default. A sibling that is gone meanwhile also means last.
 */
export function displayOrderFor(position: Position, siblings: NavigationNode[]): number | undefined {
  if (position === 'first') return siblings.length > 0 ? 1 : undefined;
  if (position === 'last') return undefined;
  const index = siblings.findIndex((sibling) => `after:${sibling.id}` === position);
  return index < 0 || index === siblings.length - 1 ? undefined : index + 2;
}
