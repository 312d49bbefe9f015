import { describe, expect, it } from 'vitest';
import { maxJsonDepth, withinJsonDepth } from './json-depth';

function nested(levels: number): unknown {
  let value: unknown = 'leaf';
  for (let level = 0; level < levels; level++) value = level % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('withinJsonDepth', () => {
  it('counts objects and arrays as levels, scalars as none', () => {
    expect(withinJsonDepth('text', 0)).toBe(true);
    expect(withinJsonDepth(null, 0)).toBe(true);
    expect(withinJsonDepth({}, 0)).toBe(false);
    expect(withinJsonDepth({}, 1)).toBe(true);
    expect(withinJsonDepth({ list: [1, { a: 2 }] }, 3)).toBe(true);
    expect(withinJsonDepth({ list: [1, { a: 2 }] }, 2)).toBe(false);
  });

  it(`accepts ${maxJsonDepth} levels and refuses one more`, () => {
    expect(withinJsonDepth(nested(maxJsonDepth))).toBe(true);
    expect(withinJsonDepth(nested(maxJsonDepth + 1))).toBe(false);
  });

  it('checks a 200 000-level document without overflowing the stack', () => {
    expect(withinJsonDepth(nested(200_000))).toBe(false);
  });
});
