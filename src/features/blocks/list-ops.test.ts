import { describe, expect, it } from 'vitest';
import { insertItem, moveItem, removeItem, replaceItem } from './list-ops';

const list = ['a', 'b', 'c', 'd'] as const;

describe('moveItem', () => {
  it('moves an item down and up', () => {
    expect(moveItem(list, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(list, 3, 1)).toEqual(['a', 'd', 'b', 'c']);
  });

  it('moves by one step, like the Move up / Move down buttons', () => {
    expect(moveItem(list, 1, 0)).toEqual(['b', 'a', 'c', 'd']);
    expect(moveItem(list, 2, 3)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('clamps the target and ignores a source out of range', () => {
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 3, 4)).toEqual(list);
    expect(moveItem(list, 1, 99)).toEqual(['a', 'c', 'd', 'b']);
    expect(moveItem(list, 7, 0)).toEqual(list);
    expect(moveItem(list, -1, 0)).toEqual(list);
  });

  it('never changes the input and keeps the length', () => {
    const input = [1, 2, 3];
    const output = moveItem(input, 0, 2);
    expect(input).toEqual([1, 2, 3]);
    expect(output).not.toBe(input);
    expect(output).toHaveLength(3);
  });
});

describe('insertItem', () => {
  it('inserts before the index, appending at or past the end', () => {
    expect(insertItem(list, 0, 'x')).toEqual(['x', 'a', 'b', 'c', 'd']);
    expect(insertItem(list, 2, 'x')).toEqual(['a', 'b', 'x', 'c', 'd']);
    expect(insertItem(list, 4, 'x')).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(insertItem(list, 10, 'x')).toEqual(['a', 'b', 'c', 'd', 'x']);
    expect(insertItem([], 0, 'x')).toEqual(['x']);
  });
});

describe('removeItem', () => {
  it('removes one item and ignores indexes out of range', () => {
    expect(removeItem(list, 0)).toEqual(['b', 'c', 'd']);
    expect(removeItem(list, 3)).toEqual(['a', 'b', 'c']);
    expect(removeItem(list, 4)).toEqual(list);
    expect(removeItem(list, -1)).toEqual(list);
    expect(removeItem(['only'], 0)).toEqual([]);
  });
});

describe('replaceItem', () => {
  it('replaces one item and ignores indexes out of range', () => {
    expect(replaceItem(list, 1, 'x')).toEqual(['a', 'x', 'c', 'd']);
    expect(replaceItem(list, 4, 'x')).toEqual(list);
  });
});
