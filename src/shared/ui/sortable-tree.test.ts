import { describe, expect, it } from 'vitest';
import {
  currentProjection,
  dropZone,
  isNoopPlacement,
  keyboardStart,
  keyboardStep,
  lastRowOfSubtree,
  projectPlacement,
  refusalOf,
  spotPlacement,
  subtreeHeight,
  subtreeIds,
  type KeyboardSpot,
  type KeyboardStep,
  type TreeRow,
} from './sortable-tree';

// a
//   a1
//   a2
//     a2x
// b
// c
//   c1
const rows: TreeRow[] = [
  { id: 'a', depth: 0 },
  { id: 'a1', depth: 1 },
  { id: 'a2', depth: 1 },
  { id: 'a2x', depth: 2 },
  { id: 'b', depth: 0 },
  { id: 'c', depth: 0 },
  { id: 'c1', depth: 1 },
];

describe('drop zones', () => {
  it.each([
    [0, 'before'],
    [24, 'before'],
    [26, 'inside'],
    [50, 'inside'],
    [74, 'inside'],
    [76, 'after'],
    [100, 'after'],
  ] as const)('a drop at %i of 100 px in a tree row is %s', (offset, zone) => {
    expect(dropZone(offset, 100)).toBe(zone);
  });

  it.each([
    [10, 'before'],
    [49, 'before'],
    [51, 'after'],
    [90, 'after'],
  ] as const)('a drop at %i of 100 px in a list row is %s', (offset, zone) => {
    expect(dropZone(offset, 100, false)).toBe(zone);
  });

  it('treats a pointer above or below the row as its edge zone', () => {
    expect(dropZone(-10, 40)).toBe('before');
    expect(dropZone(60, 40)).toBe('after');
  });
});

describe('subtrees', () => {
  it('knows what moves along and how deep it goes', () => {
    expect([...subtreeIds(rows, 'a')]).toEqual(['a', 'a1', 'a2', 'a2x']);
    expect([...subtreeIds(rows, 'b')]).toEqual(['b']);
    expect(subtreeHeight(rows, 'a')).toBe(3);
    expect(subtreeHeight(rows, 'a2')).toBe(2);
    expect(subtreeHeight(rows, 'c1')).toBe(1);
    expect(lastRowOfSubtree(rows, 'a')).toBe('a2x');
    expect(lastRowOfSubtree(rows, 'b')).toBe('b');
  });

  it('knows where a row is now', () => {
    expect(currentProjection(rows, 'a2')).toEqual({ parentId: 'a', index: 1, count: 2, depth: 1 });
    expect(currentProjection(rows, 'c')).toEqual({ parentId: null, index: 2, count: 3, depth: 0 });
  });
});

describe('placements', () => {
  it('projects before, inside and after like the drop describes', () => {
    expect(projectPlacement(rows, 'b', { targetId: 'a2', position: 'before' })).toEqual({
      parentId: 'a',
      index: 1,
      count: 3,
      depth: 1,
    });
    expect(projectPlacement(rows, 'b', { targetId: 'a2', position: 'inside' })).toEqual({
      parentId: 'a2',
      index: 1,
      count: 2,
      depth: 2,
    });
    expect(projectPlacement(rows, 'c1', { targetId: 'a', position: 'after' })).toEqual({
      parentId: null,
      index: 1,
      count: 4,
      depth: 0,
    });
  });

  it('refuses moves into the own subtree and below the depth limit, and nothing else', () => {
    expect(refusalOf(rows, 'a', { targetId: 'a2x', position: 'after' }, 3)).toBe('descendant');
    expect(refusalOf(rows, 'a', { targetId: 'a1', position: 'inside' }, 3)).toBe('descendant');
    // a2 has a child: inside a1 would put a2x on level 4.
    expect(refusalOf(rows, 'a2', { targetId: 'a1', position: 'inside' }, 3)).toBe('too_deep');
    expect(refusalOf(rows, 'c', { targetId: 'a2x', position: 'before' }, 3)).toBe('too_deep');
    expect(refusalOf(rows, 'b', { targetId: 'a2x', position: 'before' }, 3)).toBeNull();
    expect(refusalOf(rows, 'b', { targetId: 'a2x', position: 'inside' }, 3)).toBe('too_deep');
    expect(refusalOf(rows, 'a', { targetId: 'b', position: 'inside' }, 3)).toBe('too_deep');
    expect(refusalOf(rows, 'a', { targetId: 'b', position: 'after' }, 3)).toBeNull();
    expect(refusalOf(rows, 'b', { targetId: 'b', position: 'inside' }, 3)).toBeNull();
    expect(refusalOf(rows, 'b', { targetId: 'gone', position: 'inside' }, 3)).toBe('missing');
  });

  it('knows when a drop changes nothing', () => {
    expect(isNoopPlacement(rows, 'b', { targetId: 'a', position: 'after' })).toBe(true);
    expect(isNoopPlacement(rows, 'b', { targetId: 'c', position: 'before' })).toBe(true);
    expect(isNoopPlacement(rows, 'b', { targetId: 'b', position: 'inside' })).toBe(true);
    expect(isNoopPlacement(rows, 'b', { targetId: 'c', position: 'after' })).toBe(false);
    expect(isNoopPlacement(rows, 'a2', { targetId: 'a1', position: 'after' })).toBe(true);
  });
});

describe('keyboard moves', () => {
  const walk = (moved: string, steps: KeyboardStep[], maxDepth = 3) => {
    let spot = keyboardStart(rows, moved)!;
    const refusals: string[] = [];
    for (const step of steps) {
      const result = keyboardStep(rows, moved, spot, step, maxDepth);
      if (result.ok) spot = result.spot;
      else refusals.push(result.reason);
    }
    return { spot, placement: spotPlacement(rows, moved, spot), refusals };
  };

  it('starts where the item is: dropping at once changes nothing', () => {
    const { placement } = walk('b', []);
    expect(placement).not.toBeNull();
    expect(isNoopPlacement(rows, 'b', placement!)).toBe(true);
  });

  it('Up and Down move between positions and keep the chosen level where it fits', () => {
    // b sits between a2x and c. One up: between a2 and a2x, where only a2x's level fits.
    expect(walk('b', ['up']).placement).toEqual({ targetId: 'a2x', position: 'before' });
    expect(walk('b', ['up', 'up']).placement).toEqual({ targetId: 'a2', position: 'before' });
    expect(walk('b', ['up', 'up', 'up']).placement).toEqual({ targetId: 'a1', position: 'before' });
    expect(walk('b', ['up', 'up', 'up', 'up']).placement).toEqual({ targetId: 'a', position: 'before' });
    expect(walk('b', ['up', 'up', 'up', 'up', 'up']).refusals).toEqual(['first']);
    expect(walk('b', ['down']).placement).toEqual({ targetId: 'c1', position: 'before' });
    // Below c1 the chosen top level fits again.
    expect(walk('b', ['down', 'down']).placement).toEqual({ targetId: 'c', position: 'after' });
    expect(walk('b', ['down', 'down', 'down']).refusals).toEqual(['last']);
  });

  it('Right nests under the item above, Left moves out a level', () => {
    // Below a2x, b can be a's last child, a2's last child, or (limit permitting) a2x's child.
    expect(walk('b', ['right']).placement).toEqual({ targetId: 'a2', position: 'after' });
    expect(walk('b', ['right', 'right']).placement).toEqual({ targetId: 'a2x', position: 'after' });
    expect(walk('b', ['right', 'right', 'right']).refusals).toEqual(['too_deep']);
    expect(walk('b', ['right', 'right', 'right'], 4).placement).toEqual({ targetId: 'a2x', position: 'inside' });
    expect(walk('b', ['right', 'right', 'left']).placement).toEqual({ targetId: 'a2', position: 'after' });
    expect(walk('c', ['right']).placement).toEqual({ targetId: 'b', position: 'inside' });
    expect(walk('b', ['up', 'right']).refusals).toEqual(['nothing_to_nest_under']);
    expect(walk('b', ['left']).refusals).toEqual(['top_level']);
    // a1 cannot leave a while a2 still follows it inside a.
    expect(walk('a1', ['left']).refusals).toEqual(['cannot_outdent']);
    expect(walk('a2', ['left']).placement).toEqual({ targetId: 'b', position: 'before' });
    // Up keeps the level chosen with Right where it fits: b as a's child moves up among a's children.
    expect(walk('b', ['right', 'up']).placement).toEqual({ targetId: 'a2x', position: 'before' });
    expect(walk('b', ['right', 'up', 'up']).placement).toEqual({ targetId: 'a2', position: 'before' });
  });

  it('refuses nesting that would push a sub-item below level 3', () => {
    // a2 (with its child a2x) under a1 would put a2x on level 4.
    expect(walk('a2', ['right']).refusals).toEqual(['too_deep']);
    expect(walk('a2', ['right'], 4).placement).toEqual({ targetId: 'a1', position: 'inside' });
  });

  it('never offers a spot inside the moved subtree', () => {
    let spot: KeyboardSpot = keyboardStart(rows, 'a')!;
    const targets = new Set<string>();
    for (;;) {
      const result = keyboardStep(rows, 'a', spot, 'down', 3);
      if (!result.ok) break;
      spot = result.spot;
      targets.add(spotPlacement(rows, 'a', spot)!.targetId);
    }
    expect([...targets].some((id) => subtreeIds(rows, 'a').has(id))).toBe(false);
    expect(targets).toEqual(new Set(['c', 'c1']));
  });
});
