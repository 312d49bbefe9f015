import { describe, expect, it } from 'vitest';
import type { NavigationNode } from '../../../features/navigation/navigation.dto';
import {
  canHaveChildren,
  displayOrderFor,
  parentChoices,
  positionChoices,
  siblingsUnder,
} from './navigation-placement';

const node = (id: string, children: NavigationNode[] = []): NavigationNode => ({
  id,
  title: id.toUpperCase(),
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

describe('where a new navigation item can go', () => {
  it('offers every item above the last level as a parent, in tree order with depths', () => {
    expect(parentChoices(tree)).toEqual([
      { id: 'a', title: 'A', depth: 0 },
      { id: 'a1', title: 'A1', depth: 1 },
      { id: 'a2', title: 'A2', depth: 1 },
      { id: 'b', title: 'B', depth: 0 },
    ]);
    expect([0, 1, 2].map(canHaveChildren)).toEqual([true, true, false]);
  });

  it('finds the siblings at the top level and under any item', () => {
    expect(siblingsUnder(tree, null).map((item) => item.id)).toEqual(['a', 'b']);
    expect(siblingsUnder(tree, 'a').map((item) => item.id)).toEqual(['a1', 'a2']);
    expect(siblingsUnder(tree, 'a2').map((item) => item.id)).toEqual(['a2x']);
    expect(siblingsUnder(tree, 'b')).toEqual([]);
    expect(siblingsUnder(tree, 'gone')).toEqual([]);
  });

  it('offers first, after each sibling but the last, and last', () => {
    expect(positionChoices(siblingsUnder(tree, 'a'))).toEqual([
      { value: 'first', label: 'First (before A1)' },
      { value: 'after:a1', label: 'After A1' },
      { value: 'last', label: 'Last (after A2)' },
    ]);
    expect(positionChoices([])).toEqual([]);
  });

  it('turns a place into the display_order the create call takes', () => {
    const siblings = siblingsUnder(tree, 'a');
    expect(displayOrderFor('first', siblings)).toBe(1);
    expect(displayOrderFor('after:a1', siblings)).toBe(2);
    // After the last one, last, and a sibling that is gone meanwhile: the server's default (last).
    expect(displayOrderFor('after:a2', siblings)).toBeUndefined();
    expect(displayOrderFor('last', siblings)).toBeUndefined();
    expect(displayOrderFor('after:gone', siblings)).toBeUndefined();
    expect(displayOrderFor('first', [])).toBeUndefined();
  });
});
