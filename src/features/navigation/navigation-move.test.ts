import { describe, expect, it } from 'vitest';
import { moveErrorMessages, moveNavigationItem, type MoveItem, type MovePosition } from './navigation-move';

/**
 * header:            footer:
 *   A                  F1
 *     A1                 F1a
 *     A2               F2
 *       A2x
 *   B
 *   C
 */
function fixture(): MoveItem[] {
  return [
    { id: 'A', parent_id: null, display_order: 1, menu_type: 'header' },
    { id: 'A1', parent_id: 'A', display_order: 1, menu_type: 'header' },
    { id: 'A2', parent_id: 'A', display_order: 2, menu_type: 'header' },
    { id: 'A2x', parent_id: 'A2', display_order: 1, menu_type: 'header' },
    { id: 'B', parent_id: null, display_order: 2, menu_type: 'header' },
    { id: 'C', parent_id: null, display_order: 3, menu_type: 'header' },
    { id: 'F1', parent_id: null, display_order: 1, menu_type: 'footer' },
    { id: 'F1a', parent_id: 'F1', display_order: 1, menu_type: 'footer' },
    { id: 'F2', parent_id: null, display_order: 2, menu_type: 'footer' },
  ];
}

/** Children ids of one parent in one menu, in display order. */
function childrenOf(items: MoveItem[], menu: 'header' | 'footer', parentId: string | null): string[] {
  return items
    .filter((item) => item.menu_type === menu && item.parent_id === parentId)
    .sort((a, b) => a.display_order - b.display_order)
    .map((item) => item.id);
}

/** Every sibling list is numbered exactly 1..n. */
function expectOrdersCompact(items: MoveItem[]): void {
  const lists = new Map<string, number[]>();
  for (const item of items) {
    const key = `${item.menu_type}:${item.parent_id ?? 'root'}`;
    lists.set(key, [...(lists.get(key) ?? []), item.display_order]);
  }
  for (const [key, orders] of lists) {
    expect(
      [...orders].sort((a, b) => a - b),
      key,
    ).toEqual(orders.map((_, index) => index + 1));
  }
}

function move(items: MoveItem[], movedId: string, targetId: string, position: MovePosition) {
  const result = moveNavigationItem(items, movedId, targetId, position);
  if (!result.ok) throw new Error(`unexpected ${result.code}`);
  expectOrdersCompact(result.items);
  return result;
}

describe('moveNavigationItem: before and after', () => {
  it('places the item right before the target among its siblings', () => {
    const { items } = move(fixture(), 'C', 'A', 'before');
    expect(childrenOf(items, 'header', null)).toEqual(['C', 'A', 'B']);
  });

  it('places the item right after the target', () => {
    const { items } = move(fixture(), 'A', 'B', 'after');
    expect(childrenOf(items, 'header', null)).toEqual(['B', 'A', 'C']);
  });

  it('moves to the first position (before the first sibling)', () => {
    const { items } = move(fixture(), 'B', 'A', 'before');
    expect(childrenOf(items, 'header', null)).toEqual(['B', 'A', 'C']);
  });

  it('moves to the last position (after the last sibling)', () => {
    const { items } = move(fixture(), 'A', 'C', 'after');
    expect(childrenOf(items, 'header', null)).toEqual(['B', 'C', 'A']);
  });

  it('moves down within the same list (after a later sibling)', () => {
    const { items } = move(fixture(), 'A', 'B', 'after');
    expect(items.find((item) => item.id === 'A')).toMatchObject({ display_order: 2, parent_id: null });
  });

  it('dropping right where it already is changes nothing', () => {
    const before = move(fixture(), 'B', 'C', 'before');
    expect(before.changed).toEqual([]);
    const after = move(fixture(), 'B', 'A', 'after');
    expect(after.changed).toEqual([]);
    expect(after.items).toEqual(fixture());
  });

  it('moves a child out to the top level and renumbers the old sibling list', () => {
    const { items } = move(fixture(), 'A1', 'B', 'after');
    expect(childrenOf(items, 'header', null)).toEqual(['A', 'B', 'A1', 'C']);
    expect(childrenOf(items, 'header', 'A')).toEqual(['A2']);
    expect(items.find((item) => item.id === 'A2')?.display_order).toBe(1);
  });

  it('moves a top-level item in between children of another item', () => {
    const { items } = move(fixture(), 'C', 'A2', 'before');
    expect(childrenOf(items, 'header', 'A')).toEqual(['A1', 'C', 'A2']);
    expect(childrenOf(items, 'header', null)).toEqual(['A', 'B']);
  });

  it('a sibling list raised at the insert position keeps 1..n (spec: raise at or after, then insert)', () => {
    const items = fixture();
    const { items: next } = move(items, 'B', 'A2', 'before');
    const a = next.filter((item) => item.parent_id === 'A').map((item) => [item.id, item.display_order]);
    expect(a).toEqual([
      ['A1', 1],
      ['A2', 3],
      ['B', 2],
    ]);
  });
});

describe('moveNavigationItem: inside', () => {
  it('makes the item the last child (highest child order + 1)', () => {
    const { items } = move(fixture(), 'C', 'A', 'inside');
    expect(childrenOf(items, 'header', 'A')).toEqual(['A1', 'A2', 'C']);
    expect(items.find((item) => item.id === 'C')).toMatchObject({ parent_id: 'A', display_order: 3 });
    expect(childrenOf(items, 'header', null)).toEqual(['A', 'B']);
  });

  it('gives order 1 inside an item without children', () => {
    const { items } = move(fixture(), 'C', 'B', 'inside');
    expect(items.find((item) => item.id === 'C')).toMatchObject({ parent_id: 'B', display_order: 1 });
  });

  it('moves a whole subtree: descendants keep their parents', () => {
    const { items } = move(fixture(), 'A2', 'C', 'inside');
    expect(items.find((item) => item.id === 'A2')).toMatchObject({ parent_id: 'C', display_order: 1 });
    expect(items.find((item) => item.id === 'A2x')).toMatchObject({ parent_id: 'A2', display_order: 1 });
    expect(childrenOf(items, 'header', 'A')).toEqual(['A1']);
  });

  it('moving inside its own parent makes it the last child', () => {
    const { items } = move(fixture(), 'A1', 'A', 'inside');
    expect(childrenOf(items, 'header', 'A')).toEqual(['A2', 'A1']);
  });
});

describe('moveNavigationItem: refused moves', () => {
  it.each(['before', 'after', 'inside'] as const)('refuses dropping onto itself (%s)', (position) => {
    const result = moveNavigationItem(fixture(), 'A', 'A', position);
    expect(result).toEqual({ ok: false, code: 'move_onto_self', message: moveErrorMessages.move_onto_self });
  });

  it.each([
    ['A', 'A1', 'inside'],
    ['A', 'A2x', 'inside'],
    ['A', 'A1', 'before'],
    ['A', 'A2x', 'after'],
    ['A2', 'A2x', 'before'],
  ] as const)('refuses moving %s relative to its descendant %s (%s): a cycle', (moved, target, position) => {
    const result = moveNavigationItem(fixture(), moved, target, position);
    expect(result).toMatchObject({ ok: false, code: 'move_into_descendant' });
  });

  it('refuses a missing target or a missing item', () => {
    expect(moveNavigationItem(fixture(), 'A', 'nope', 'before')).toMatchObject({
      ok: false,
      code: 'target_not_found',
    });
    expect(moveNavigationItem(fixture(), 'nope', 'A', 'before')).toMatchObject({ ok: false, code: 'item_not_found' });
  });

  it('leaves the input untouched', () => {
    const items = fixture();
    const copy = structuredClone(items);
    moveNavigationItem(items, 'C', 'A', 'inside');
    moveNavigationItem(items, 'A', 'A1', 'inside');
    expect(items).toEqual(copy);
  });
});

describe('moveNavigationItem: across menus', () => {
  it('moves an item with its subtree from header to footer', () => {
    const result = move(fixture(), 'A', 'F1', 'after');
    expect(result.menu).toBe('footer');
    const { items } = result;
    expect(childrenOf(items, 'footer', null)).toEqual(['F1', 'A', 'F2']);
    for (const id of ['A', 'A1', 'A2', 'A2x']) {
      expect(items.find((item) => item.id === id)?.menu_type, id).toBe('footer');
    }
    expect(childrenOf(items, 'footer', 'A')).toEqual(['A1', 'A2']);
    expect(childrenOf(items, 'header', null)).toEqual(['B', 'C']);
  });

  it('moves a footer child inside a header item', () => {
    const { items } = move(fixture(), 'F1a', 'B', 'inside');
    expect(items.find((item) => item.id === 'F1a')).toMatchObject({
      parent_id: 'B',
      menu_type: 'header',
      display_order: 1,
    });
    expect(childrenOf(items, 'footer', 'F1')).toEqual([]);
  });

  it('moves a header item before the first footer item', () => {
    const { items } = move(fixture(), 'C', 'F1', 'before');
    expect(childrenOf(items, 'footer', null)).toEqual(['C', 'F1', 'F2']);
    expect(childrenOf(items, 'header', null)).toEqual(['A', 'B']);
  });
});

describe('moveNavigationItem: untidy orders', () => {
  it('repairs gaps and duplicates in the lists it touches, keeping what the editor saw', () => {
    const items: MoveItem[] = [
      { id: 'P', parent_id: null, display_order: 4, menu_type: 'header' },
      { id: 'Q', parent_id: null, display_order: 4, menu_type: 'header' },
      { id: 'R', parent_id: null, display_order: 9, menu_type: 'header' },
      { id: 'S', parent_id: null, display_order: 12, menu_type: 'header' },
    ];
    const { items: next, changed } = move(items, 'S', 'Q', 'before');
    expect(childrenOf(next, 'header', null)).toEqual(['P', 'S', 'Q', 'R']);
    expect(changed.map((item) => item.id).sort()).toEqual(['Q', 'R', 'S', 'P'].sort());
  });

  it('reports only the rows that changed', () => {
    const { changed } = move(fixture(), 'C', 'B', 'before');
    expect(changed.map((item) => [item.id, item.display_order])).toEqual([
      ['B', 3],
      ['C', 2],
    ]);
  });
});
