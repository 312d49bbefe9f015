import { describe, expect, it } from 'vitest';
import type { NavigationNode } from '../../../features/navigation/navigation.dto';
import { dropZone, flattenTree, isDescendant, keyboardMoveTarget } from './navigation-tree';

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

  it('knows descendants (cycle guard)', () => {
    expect(isDescendant(tree, 'a', 'a2x')).toBe(true);
    expect(isDescendant(tree, 'a2', 'a1')).toBe(false);
    expect(isDescendant(tree, 'b', 'a')).toBe(false);
  });

  it.each([
    [0, 'before'],
    [24, 'before'],
    [26, 'inside'],
    [74, 'inside'],
    [76, 'after'],
    [100, 'after'],
  ] as const)('a drop at %i of 100 px is %s', (offset, zone) => {
    expect(dropZone(offset, 100)).toBe(zone);
  });

  it('maps keyboard moves to drag moves', () => {
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
});
