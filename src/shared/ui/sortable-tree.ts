/**
 * The rules behind the sortable list and tree, without React or geometry, so that pointer, touch
 * and keyboard moves all decide the same way. Rows come in visual order, each with its depth
 * (0 = top level); a row's parent is the nearest row above it that is one level shallower, and a
 * row's subtree is the run of deeper rows right below it. A list is a tree whose rows all have
 * depth 0.
 */

export type DropPosition = 'before' | 'inside' | 'after';

export interface TreeRow {
  id: string;
  depth: number;
}

/** Where to drop: relative to a target row, as the navigation API's move takes it. */
export interface Placement {
  targetId: string;
  position: DropPosition;
}

/** Where an item ends up: its parent, its 0-based index among its new siblings and their count. */
export interface Projection {
  parentId: string | null;
  index: number;
  count: number;
  depth: number;
}

/**
 * Spec: a drop in the top 25 % of the target row puts the item before it, the bottom 25 % after
 * it, the middle 50 % inside it (last child). Lists have no inside: top half before, bottom after.
 */
export function dropZone(offsetY: number, height: number, allowInside = true): DropPosition {
  const ratio = height > 0 ? offsetY / height : 0.5;
  if (!allowInside) return ratio < 0.5 ? 'before' : 'after';
  if (ratio < 0.25) return 'before';
  if (ratio > 0.75) return 'after';
  return 'inside';
}

/** [start, end) of the row at `index` and its descendants. */
function subtreeRange(rows: readonly TreeRow[], index: number): [number, number] {
  const depth = rows[index]!.depth;
  let end = index + 1;
  while (end < rows.length && rows[end]!.depth > depth) end++;
  return [index, end];
}

function parentIndex(rows: readonly TreeRow[], index: number): number {
  const depth = rows[index]!.depth;
  for (let i = index - 1; i >= 0; i--) if (rows[i]!.depth < depth) return i;
  return -1;
}

/** The rows whose parent is the row at `parent` (-1: the top level), in order. */
function childrenOf(rows: readonly TreeRow[], parent: number): TreeRow[] {
  const depth = parent < 0 ? 0 : rows[parent]!.depth + 1;
  const end = parent < 0 ? rows.length : subtreeRange(rows, parent)[1];
  return rows.slice(parent + 1, end).filter((row) => row.depth === depth);
}

/** The ids of the row and of everything below it: they move together. */
export function subtreeIds(rows: readonly TreeRow[], id: string): Set<string> {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return new Set();
  const [start, end] = subtreeRange(rows, index);
  return new Set(rows.slice(start, end).map((row) => row.id));
}

/** Levels in the row's subtree: 1 for a row without children, 2 with children, and so on. */
export function subtreeHeight(rows: readonly TreeRow[], id: string): number {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return 0;
  const [start, end] = subtreeRange(rows, index);
  const base = rows[start]!.depth;
  return Math.max(...rows.slice(start, end).map((row) => row.depth - base)) + 1;
}

/** Where the row is now. */
export function currentProjection(rows: readonly TreeRow[], id: string): Projection | null {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return null;
  const parent = parentIndex(rows, index);
  const siblings = childrenOf(rows, parent);
  return {
    parentId: parent < 0 ? null : rows[parent]!.id,
    index: siblings.findIndex((row) => row.id === id),
    count: siblings.length,
    depth: rows[index]!.depth,
  };
}

/**
 * Where a placement puts the moved row, following the server's move (ADR 008): before / after
 * make it the target's sibling right before / after it, inside makes it the target's last child.
 * Null when the move is impossible (a missing row, or a target inside the moved subtree).
 */
export function projectPlacement(rows: readonly TreeRow[], movedId: string, placement: Placement): Projection | null {
  const movedIndex = rows.findIndex((row) => row.id === movedId);
  if (movedIndex < 0) return null;
  const [start, end] = subtreeRange(rows, movedIndex);
  const rest = [...rows.slice(0, start), ...rows.slice(end)];
  const target = rest.findIndex((row) => row.id === placement.targetId);
  if (target < 0) return null;
  if (placement.position === 'inside') {
    const children = childrenOf(rest, target);
    return {
      parentId: rest[target]!.id,
      index: children.length,
      count: children.length + 1,
      depth: rest[target]!.depth + 1,
    };
  }
  const parent = parentIndex(rest, target);
  const siblings = childrenOf(rest, parent);
  const at = siblings.findIndex((row) => row.id === placement.targetId);
  return {
    parentId: parent < 0 ? null : rest[parent]!.id,
    index: placement.position === 'before' ? at : at + 1,
    count: siblings.length + 1,
    depth: rest[target]!.depth,
  };
}

/** True when the placement leaves the row where it is (nothing to save). */
export function isNoopPlacement(rows: readonly TreeRow[], movedId: string, placement: Placement): boolean {
  if (placement.targetId === movedId) return true;
  const now = currentProjection(rows, movedId);
  const next = projectPlacement(rows, movedId, placement);
  return !!now && !!next && now.parentId === next.parentId && now.index === next.index;
}

export type Refusal = 'missing' | 'descendant' | 'too_deep';

/**
 * Why a placement is not allowed, or null. Dropping onto itself is not refused (it is a no-op);
 * onto one of its own descendants is; so is any move that puts the row or one of its
 * descendants deeper than `maxDepth` levels.
 */
export function refusalOf(
  rows: readonly TreeRow[],
  movedId: string,
  placement: Placement,
  maxDepth: number,
): Refusal | null {
  if (placement.targetId === movedId) return null;
  if (!rows.some((row) => row.id === placement.targetId) || !rows.some((row) => row.id === movedId)) {
    return 'missing';
  }
  if (subtreeIds(rows, movedId).has(placement.targetId)) return 'descendant';
  const projection = projectPlacement(rows, movedId, placement)!;
  return projection.depth + subtreeHeight(rows, movedId) > maxDepth ? 'too_deep' : null;
}

/**
 * A keyboard drag moves a gap through the rows that stay put (everything but the moved subtree):
 * gap g sits between rest[g - 1] and rest[g]. At a gap the row can take any depth from the next
 * row's depth (it must not adopt that row's siblings) to one below the previous row (its new
 * first child). Up / Down move the gap and keep the depth the user chose, as far as it fits;
 * Right / Left nest and un-nest.
 */
export interface KeyboardSpot {
  gap: number;
  depth: number;
  /** The depth the user last chose with Left / Right (or the starting depth). */
  preferredDepth: number;
}

export type KeyboardStep = 'up' | 'down' | 'left' | 'right';

export type KeyboardStepResult =
  | { ok: true; spot: KeyboardSpot }
  | { ok: false; reason: 'first' | 'last' | 'nothing_to_nest_under' | 'too_deep' | 'top_level' | 'cannot_outdent' };

function restOf(rows: readonly TreeRow[], movedId: string): TreeRow[] {
  const index = rows.findIndex((row) => row.id === movedId);
  if (index < 0) return [...rows];
  const [start, end] = subtreeRange(rows, index);
  return [...rows.slice(0, start), ...rows.slice(end)];
}

function depthRange(rest: readonly TreeRow[], gap: number): [number, number] {
  const previous = rest[gap - 1];
  const next = rest[gap];
  return [next ? next.depth : 0, previous ? previous.depth + 1 : 0];
}

export function keyboardStart(rows: readonly TreeRow[], movedId: string): KeyboardSpot | null {
  const index = rows.findIndex((row) => row.id === movedId);
  if (index < 0) return null;
  const depth = rows[index]!.depth;
  return { gap: index, depth, preferredDepth: depth };
}

export function keyboardStep(
  rows: readonly TreeRow[],
  movedId: string,
  spot: KeyboardSpot,
  step: KeyboardStep,
  maxDepth: number,
): KeyboardStepResult {
  const rest = restOf(rows, movedId);
  const height = subtreeHeight(rows, movedId);
  if (step === 'up' || step === 'down') {
    const gap = spot.gap + (step === 'up' ? -1 : 1);
    if (gap < 0) return { ok: false, reason: 'first' };
    if (gap > rest.length) return { ok: false, reason: 'last' };
    const [min, max] = depthRange(rest, gap);
    const depth = Math.min(max, Math.max(min, spot.preferredDepth));
    return { ok: true, spot: { gap, depth, preferredDepth: spot.preferredDepth } };
  }
  const [min, max] = depthRange(rest, spot.gap);
  if (step === 'right') {
    const depth = spot.depth + 1;
    if (depth > max) return { ok: false, reason: 'nothing_to_nest_under' };
    if (depth + height > maxDepth) return { ok: false, reason: 'too_deep' };
    return { ok: true, spot: { gap: spot.gap, depth, preferredDepth: depth } };
  }
  const depth = spot.depth - 1;
  if (depth < 0) return { ok: false, reason: 'top_level' };
  if (depth < min) return { ok: false, reason: 'cannot_outdent' };
  return { ok: true, spot: { gap: spot.gap, depth, preferredDepth: depth } };
}

/** The drop a keyboard spot stands for, or null when there is nothing else to drop onto. */
export function spotPlacement(rows: readonly TreeRow[], movedId: string, spot: KeyboardSpot): Placement | null {
  const rest = restOf(rows, movedId);
  const previous = rest[spot.gap - 1];
  const next = rest[spot.gap];
  if (next && next.depth === spot.depth) return { targetId: next.id, position: 'before' };
  if (previous && spot.depth === previous.depth + 1) return { targetId: previous.id, position: 'inside' };
  // Shallower than the previous row: after its ancestor on that level (whose subtree ends here).
  for (let i = spot.gap - 1; i >= 0; i--) {
    if (rest[i]!.depth === spot.depth) return { targetId: rest[i]!.id, position: 'after' };
  }
  return null;
}

/**
 * The row under whose bottom edge an "after" line belongs: the target's last descendant, since
 * the item lands after the target's whole subtree.
 */
export function lastRowOfSubtree(rows: readonly TreeRow[], id: string): string | null {
  const index = rows.findIndex((row) => row.id === id);
  if (index < 0) return null;
  return rows[subtreeRange(rows, index)[1] - 1]!.id;
}
