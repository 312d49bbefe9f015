import { describe, expect, it } from 'vitest';
import type { NavigationNode } from '../../../features/navigation/navigation.dto';
import { moveNavigationItem, movePositions } from '../../../features/navigation/navigation-move';
import { projectPlacement, refusalOf } from '../../../shared/ui/sortable-tree';
import { flattenTree, keyboardMoveTarget, maxMenuDepth } from './navigation-tree';

const node = (id: string, children: NavigationNode[] = []): NavigationNode => ({
  id,
  title: id,
  description: null,
  link_url: `/${id}`,
  display_order: 1,
  is_active: true,
  menu_type: 'header',
  parent_id: null,
  image: null,
  version: 1,
  children,
});

const tree = [node('a', [node('a1'), node('a2', [node('a2x')])]), node('b')];

describe('navigation tree helpers', () => {
  it('flattens in display order with depths', () => {
    expect(flattenTree(tree).map((item) => `${item.node.id}:${item.depth}`)).toEqual([
      'a:0',
      'a1:1',
      'a2:1',
      'a2x:2',
      'b:0',
    ]);
  });

  it('maps button moves to drag moves', () => {
    const rows = flattenTree(tree);
    const a2 = rows.find((item) => item.node.id === 'a2')!;
    expect(keyboardMoveTarget(a2, 'up')).toEqual({ targetId: 'a1', position: 'before' });
    expect(keyboardMoveTarget(a2, 'down')).toBeNull();
    expect(keyboardMoveTarget(a2, 'indent')).toEqual({ targetId: 'a1', position: 'inside' });
    expect(keyboardMoveTarget(a2, 'outdent')).toEqual({ targetId: 'a', position: 'after' });
    const a = rows.find((item) => item.node.id === 'a')!;
    expect(keyboardMoveTarget(a, 'outdent')).toBeNull();
    expect(keyboardMoveTarget(a, 'indent')).toBeNull();
  });

  it('refuses an indent that would put a sub-item on level 4', () => {
    const rows = flattenTree(tree);
    const flat = rows.map((item) => ({ id: item.node.id, depth: item.depth }));
    const a2 = rows.find((item) => item.node.id === 'a2')!;
    expect(refusalOf(flat, 'a2', keyboardMoveTarget(a2, 'indent')!, maxMenuDepth)).toBe('too_deep');
    const b = rows.find((item) => item.node.id === 'b')!;
    expect(refusalOf(flat, 'b', keyboardMoveTarget(b, 'indent')!, maxMenuDepth)).toBeNull();
  });

  it('predicts exactly what the server move does, for every item, target and zone', () => {
    // a (a1, a2 (a2x)), b, c (c1): orders 1..n per parent, in display order.
    const menu = [...tree, node('c', [node('c1')])];
    const rows = flattenTree(menu);
    const flat = rows.map((item) => ({ id: item.node.id, depth: item.depth }));
    const items = rows.map((item) => ({
      id: item.node.id,
      parent_id: item.parentId,
      display_order: item.index + 1,
      menu_type: 'header' as const,
    }));
    let compared = 0;
    for (const moved of flat) {
      for (const target of flat) {
        for (const position of movePositions) {
          const server = moveNavigationItem(items, moved.id, target.id, position);
          const projection = projectPlacement(flat, moved.id, { targetId: target.id, position });
          if (!server.ok) {
            // Onto itself or into its own subtree: the server refuses, the admin never sends it.
            expect(moved.id === target.id || refusalOf(flat, moved.id, { targetId: target.id, position }, 9)).toBe(
              moved.id === target.id ? true : 'descendant',
            );
            continue;
          }
          const after = server.items.find((item) => item.id === moved.id)!;
          const siblings = server.items.filter((item) => item.parent_id === after.parent_id);
          expect({ parentId: projection?.parentId, index: projection?.index, count: projection?.count }).toEqual({
            parentId: after.parent_id,
            index: after.display_order - 1,
            count: siblings.length,
          });
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(60);
  });
});
