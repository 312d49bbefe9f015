import type { MenuType } from './navigation.dto';

/** Where an item is dropped relative to the target (spec section 4: top 25 % before, bottom 25 % after, middle inside). */
export const movePositions = ['before', 'after', 'inside'] as const;
export type MovePosition = (typeof movePositions)[number];

/** The part of a navigation item that a move reads and writes. */
export interface MoveItem {
  id: string;
  parent_id: string | null;
  display_order: number;
  menu_type: MenuType;
}

export type MoveErrorCode = 'item_not_found' | 'target_not_found' | 'move_onto_self' | 'move_into_descendant';

export const moveErrorMessages: Record<MoveErrorCode, string> = {
  item_not_found: 'The item you dragged no longer exists. Reload the navigation and try again.',
  target_not_found: 'The item you dropped onto no longer exists. Reload the navigation and try again.',
  move_onto_self: 'An item cannot be dropped onto itself.',
  move_into_descendant: 'An item cannot be moved into one of its own sub-items.',
};

export type MoveResult<T extends MoveItem> =
  | {
      ok: true;
      /** Every item, in input order, with the new parent_id, display_order and menu_type. */
      items: T[];
      /** Only the items whose parent_id, display_order or menu_type differ from the input. */
      changed: T[];
      /** The menu the moved item ends up in. */
      menu: MenuType;
    }
  | { ok: false; code: MoveErrorCode; message: string };

const siblingKey = (menu: MenuType, parentId: string | null) => `${menu}:${parentId ?? 'root'}`;

/**
 * The drag rules of spec section 4 as a pure function over the flat item list.
 *
 * - `before` / `after`: the moved item becomes a sibling of the target, right before / after it.
 * - `inside`: the moved item becomes the last child of the target.
 * - The moved item and its whole subtree take the target's menu_type (a move may cross menus).
 * - Every sibling list the move touches (the old one and the new one) is renumbered 1..n.
 *
 * Siblings are ordered by display_order, ties by their position in `items` (pass the list in
 * display order, as the admin shows it). With orders already 1..n this is exactly the spec's
 * "raise the siblings at or after the insert position by one, then insert" rule.
 *
 * Dropping onto itself, onto one of its own descendants (a cycle) or onto a missing item is an
 * error and nothing changes.
 */
export function moveNavigationItem<T extends MoveItem>(
  items: readonly T[],
  movedId: string,
  targetId: string,
  position: MovePosition,
): MoveResult<T> {
  const fail = (code: MoveErrorCode): MoveResult<T> => ({ ok: false, code, message: moveErrorMessages[code] });
  const byId = new Map(items.map((item) => [item.id, item]));
  const moved = byId.get(movedId);
  if (!moved) return fail('item_not_found');
  if (movedId === targetId) return fail('move_onto_self');
  const target = byId.get(targetId);
  if (!target) return fail('target_not_found');

  const childrenOf = new Map<string, T[]>();
  for (const item of items) {
    if (item.parent_id === null) continue;
    const list = childrenOf.get(item.parent_id) ?? [];
    list.push(item);
    childrenOf.set(item.parent_id, list);
  }
  const subtree = new Set<string>();
  const pending = [movedId];
  while (pending.length > 0) {
    const id = pending.pop()!;
    if (subtree.has(id)) continue;
    subtree.add(id);
    for (const child of childrenOf.get(id) ?? []) pending.push(child.id);
  }
  // The target inside the moved subtree: 'inside' would make the item its own ancestor, and
  // 'before'/'after' would put it under its own descendant (the target's parent).
  if (subtree.has(targetId)) return fail('move_into_descendant');

  const menu = target.menu_type;
  const newParent = position === 'inside' ? target.id : target.parent_id;
  const inputIndex = new Map(items.map((item, index) => [item.id, index]));
  const siblingsOf = (menuType: MenuType, parentId: string | null) =>
    items
      .filter((item) => item.id !== movedId && item.menu_type === menuType && item.parent_id === parentId)
      .sort((a, b) => a.display_order - b.display_order || inputIndex.get(a.id)! - inputIndex.get(b.id)!);

  const newSiblings = siblingsOf(menu, newParent);
  let insertAt = newSiblings.length;
  if (position !== 'inside') {
    const targetIndex = newSiblings.findIndex((item) => item.id === targetId);
    insertAt = position === 'before' ? targetIndex : targetIndex + 1;
  }
  const newList: Array<T | 'moved'> = [...newSiblings];
  newList.splice(insertAt, 0, 'moved');

  const updates = new Map<string, Pick<MoveItem, 'parent_id' | 'display_order' | 'menu_type'>>();
  for (const id of subtree) {
    const item = byId.get(id)!;
    updates.set(id, { parent_id: item.parent_id, display_order: item.display_order, menu_type: menu });
  }
  newList.forEach((entry, index) => {
    if (entry === 'moved') updates.set(movedId, { parent_id: newParent, display_order: index + 1, menu_type: menu });
    else updates.set(entry.id, { parent_id: entry.parent_id, display_order: index + 1, menu_type: entry.menu_type });
  });
  if (siblingKey(moved.menu_type, moved.parent_id) !== siblingKey(menu, newParent)) {
    siblingsOf(moved.menu_type, moved.parent_id).forEach((item, index) => {
      updates.set(item.id, { parent_id: item.parent_id, display_order: index + 1, menu_type: item.menu_type });
    });
  }

  const changed: T[] = [];
  const result = items.map((item) => {
    const update = updates.get(item.id);
    if (!update) return item;
    if (
      update.parent_id === item.parent_id &&
      update.display_order === item.display_order &&
      update.menu_type === item.menu_type
    ) {
      return item;
    }
    const next = { ...item, ...update };
    changed.push(next);
    return next;
  });
  return { ok: true, items: result, changed, menu };
}
