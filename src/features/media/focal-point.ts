/**
 * An image's point of interest in percent of its width (x, from the left) and height (y, from
 * the top), whole numbers 0..100 as stored in images.focal_x/focal_y (decision 35). Crops keep it
 * in view through CSS object-position; shared by the site renderer and the admin's picker.
 */
export interface FocalPoint {
  x: number;
  y: number;
}

export const centre: FocalPoint = { x: 50, y: 50 };

/** A whole percent from 0 to 100 (NaN becomes the centre, so a bad value never escapes). */
export function clampPercent(value: number): number {
  if (!Number.isFinite(value)) return 50;
  return Math.min(100, Math.max(0, Math.round(value)));
}

export const isCentre = (point: FocalPoint) => point.x === 50 && point.y === 50;

export const samePoint = (a: FocalPoint, b: FocalPoint) => a.x === b.x && a.y === b.y;

/**
 * The CSS object-position for a crop, e.g. '20% 80%'; undefined at the centre, which is the
 * browser's default (so the site's HTML carries no style attribute for most images).
 */
export function objectPosition(point: FocalPoint | undefined): string | undefined {
  if (!point || isCentre(point)) return undefined;
  return `${clampPercent(point.x)}% ${clampPercent(point.y)}%`;
}

/** Where a click at (clientX, clientY) fell on an element drawn in `box` (its bounding rectangle). */
export function pointFromClick(
  box: { left: number; top: number; width: number; height: number },
  clientX: number,
  clientY: number,
): FocalPoint {
  if (box.width <= 0 || box.height <= 0) return centre;
  return {
    x: clampPercent(((clientX - box.left) / box.width) * 100),
    y: clampPercent(((clientY - box.top) / box.height) * 100),
  };
}

/**
 * The point after an arrow key: 1% per press, 10% with Shift; null for any other key. Up moves
 * towards the top (a smaller y), as the marker on screen does.
 */
export function movedByKey(point: FocalPoint, key: string, large: boolean): FocalPoint | null {
  const step = large ? 10 : 1;
  switch (key) {
    case 'ArrowLeft':
      return { x: clampPercent(point.x - step), y: point.y };
    case 'ArrowRight':
      return { x: clampPercent(point.x + step), y: point.y };
    case 'ArrowUp':
      return { x: point.x, y: clampPercent(point.y - step) };
    case 'ArrowDown':
      return { x: point.x, y: clampPercent(point.y + step) };
    default:
      return null;
  }
}

/** '20% across, 80% down': the point in words, for screen readers and the marker's title. */
export const describePoint = (point: FocalPoint) => `${point.x}% across, ${point.y}% down`;
