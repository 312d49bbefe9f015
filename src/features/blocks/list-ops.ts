/**
 * Immutable list helpers for the block editors' item lists (gallery images, cards, features).
 * Each returns a new array and leaves the input untouched; an index out of range changes nothing.
 */

/** Moves the item at `from` to `to` (the item ends up at index `to`, like dnd-kit's arrayMove). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (!isIndex(items, from)) return next;
  const target = Math.min(Math.max(to, 0), items.length - 1);
  if (target === from) return next;
  const [moved] = next.splice(from, 1) as [T];
  next.splice(target, 0, moved);
  return next;
}

/** Inserts `item` before `index`; an index at or past the end appends. */
export function insertItem<T>(items: readonly T[], index: number, item: T): T[] {
  const next = [...items];
  next.splice(Math.min(Math.max(index, 0), items.length), 0, item);
  return next;
}

export function removeItem<T>(items: readonly T[], index: number): T[] {
  if (!isIndex(items, index)) return [...items];
  return [...items.slice(0, index), ...items.slice(index + 1)];
}

export function replaceItem<T>(items: readonly T[], index: number, item: T): T[] {
  if (!isIndex(items, index)) return [...items];
  const next = [...items];
  next[index] = item;
  return next;
}

function isIndex(items: readonly unknown[], index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < items.length;
}
