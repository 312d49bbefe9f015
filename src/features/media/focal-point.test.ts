import { describe, expect, it } from 'vitest';
import { clampPercent, describePoint, movedByKey, objectPosition, pointFromClick } from './focal-point';

describe('objectPosition', () => {
  it('is the point in percent across and down', () => {
    expect(objectPosition({ x: 20, y: 80 })).toBe('20% 80%');
    expect(objectPosition({ x: 0, y: 100 })).toBe('0% 100%');
    expect(objectPosition({ x: 50, y: 0 })).toBe('50% 0%');
  });

  it('is absent at the centre (the browser default) and for an unknown image', () => {
    expect(objectPosition({ x: 50, y: 50 })).toBeUndefined();
    expect(objectPosition(undefined)).toBeUndefined();
  });

  it('never writes a value outside the image', () => {
    expect(objectPosition({ x: -5, y: 140 })).toBe('0% 100%');
    expect(objectPosition({ x: 33.6, y: Number.NaN })).toBe('34% 50%');
  });
});

describe('pointFromClick', () => {
  const box = { left: 100, top: 40, width: 400, height: 200 };

  it('turns a click into whole percent of the drawn image', () => {
    expect(pointFromClick(box, 180, 200)).toEqual({ x: 20, y: 80 });
    expect(pointFromClick(box, 300, 140)).toEqual({ x: 50, y: 50 });
    expect(pointFromClick(box, 100, 40)).toEqual({ x: 0, y: 0 });
    expect(pointFromClick(box, 500, 240)).toEqual({ x: 100, y: 100 });
    expect(pointFromClick(box, 101, 41)).toEqual({ x: 0, y: 1 });
  });

  it('keeps a drag that leaves the image on its edge', () => {
    expect(pointFromClick(box, 20, 400)).toEqual({ x: 0, y: 100 });
    expect(pointFromClick(box, 900, -10)).toEqual({ x: 100, y: 0 });
  });

  it('answers the centre for an image not laid out yet', () => {
    expect(pointFromClick({ left: 0, top: 0, width: 0, height: 0 }, 10, 10)).toEqual({ x: 50, y: 50 });
  });
});

describe('movedByKey', () => {
  const point = { x: 20, y: 80 };

  it('moves 1% per arrow key and 10% with Shift; up is towards the top', () => {
    expect(movedByKey(point, 'ArrowRight', false)).toEqual({ x: 21, y: 80 });
    expect(movedByKey(point, 'ArrowLeft', false)).toEqual({ x: 19, y: 80 });
    expect(movedByKey(point, 'ArrowUp', false)).toEqual({ x: 20, y: 79 });
    expect(movedByKey(point, 'ArrowDown', true)).toEqual({ x: 20, y: 90 });
    expect(movedByKey(point, 'ArrowLeft', true)).toEqual({ x: 10, y: 80 });
  });

  it('stops at the edges', () => {
    expect(movedByKey({ x: 95, y: 5 }, 'ArrowRight', true)).toEqual({ x: 100, y: 5 });
    expect(movedByKey({ x: 95, y: 5 }, 'ArrowUp', true)).toEqual({ x: 95, y: 0 });
  });

  it('ignores other keys', () => {
    expect(movedByKey(point, 'Enter', false)).toBeNull();
    expect(movedByKey(point, 'a', true)).toBeNull();
  });
});

describe('clampPercent and describePoint', () => {
  it('rounds into 0..100', () => {
    expect(clampPercent(49.5)).toBe(50);
    expect(clampPercent(-1)).toBe(0);
    expect(clampPercent(101)).toBe(100);
    expect(clampPercent(Number.POSITIVE_INFINITY)).toBe(50);
  });

  it('puts the point into words', () => {
    expect(describePoint({ x: 20, y: 80 })).toBe('20% across, 80% down');
  });
});
