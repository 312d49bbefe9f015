import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  type Modifier,
} from '@dnd-kit/core';
import { getEventCoordinates } from '@dnd-kit/utilities';
import { GripVertical } from 'lucide-react';
import { useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
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
  type DropPosition,
  type KeyboardSpot,
  type KeyboardStep,
  type KeyboardStepResult,
  type Placement,
  type Projection,
  type Refusal,
} from './sortable-tree';
import { RowContext, type RowContextValue } from './sortable-row';
import { createDndAnnouncer, sortableSpeech, spokenWhere, type SpokenPosition } from './sortable-announcements';

/* ------------------------------------------------------------------------------------------------
 * The one drag-and-drop building block of the admin: the block list, the list fields inside block
 * editors and the navigation tree all use it. Rows are dragged by a handle with the mouse, a finger
 * (press and hold, so that a swipe still scrolls the page) or the keyboard (Space or Enter lifts,
 * arrows move, Space or Enter drops, Escape cancels). Rows do not shift while dragging: a small
 * card follows the pointer and a line (before / after) or a highlighted row (inside) shows where the
 * item will land, in red where it may not. Every step is announced in plain words, naming the item
 * by its label (never its id) through dnd-kit's own live region (sortable-announcements.ts).
 * --------------------------------------------------------------------------------------------- */

export interface SortableItem {
  id: string;
  /** How the item is named on the drag card and in announcements: 'Hero block “Dos Ojos”', 'Cenote types'. */
  label: string;
  /** Tree mode: 0 for top-level rows. Lists leave it out. */
  depth?: number;
}

export interface TreeMove {
  id: string;
  targetId: string;
  position: DropPosition;
}

interface SortableRootCommon {
  /** Every row in visual order (a tree flattened depth first). */
  items: readonly SortableItem[];
  /** Singular noun for instructions: 'block', 'card', 'menu item'. */
  itemNoun: string;
  children: ReactNode;
  /** Tree mode: pixels per level, and the row's left padding at level 1 (for the drop line). */
  indentPx?: number;
  indentStartPx?: number;
}

export type SortableRootProps = SortableRootCommon &
  (
    | { mode: 'list'; onReorder: (from: number, to: number) => void }
    | {
        mode: 'tree';
        /** The deepest level allowed (3: top level, children, grandchildren). */
        maxDepth: number;
        /** Why deeper is refused, as the end of a sentence: 'menus have at most 3 levels'. */
        depthLimitText: string;
        onMove: (move: TreeMove) => void;
        /** A drop that was refused (too deep, into its own sub-items): show the reason. */
        onRefuse: (reason: string) => void;
      }
  );

interface Target {
  placement: Placement | null;
  refusal: Refusal | null;
  /** The drop would leave the item where it is. */
  noop: boolean;
}

const noTarget: Target = { placement: null, refusal: null, noop: true };

/** A keyboard drop may take a moment to come back from the server; focus is restored within this time. */
const refocusWindowMs = 5000;

/** Pointer to one row further than this above or below every row: not over the list at all. */
const maxRowDistance = 48;

/** The row under the pointer (or, for the keyboard, under the dragged card), by height only. */
const rowCollision: CollisionDetection = ({
  droppableContainers,
  droppableRects,
  pointerCoordinates,
  collisionRect,
}) => {
  const point = pointerCoordinates ?? {
    x: collisionRect.left + collisionRect.width / 2,
    y: collisionRect.top + collisionRect.height / 2,
  };
  let best: { container: (typeof droppableContainers)[number]; distance: number; top: number; height: number } | null =
    null;
  for (const container of droppableContainers) {
    const rect = droppableRects.get(container.id);
    if (!rect) continue;
    const distance = point.y < rect.top ? rect.top - point.y : point.y > rect.bottom ? point.y - rect.bottom : 0;
    if (!best || distance < best.distance) best = { container, distance, top: rect.top, height: rect.height };
  }
  if (!best || best.distance > maxRowDistance) return [];
  return [
    {
      id: best.container.id,
      data: {
        droppableContainer: best.container,
        value: best.distance,
        offsetY: point.y - best.top,
        height: best.height,
      },
    },
  ];
};

/**
 * Where the dragged card sits: beside a mouse pointer (below right) so the row under it stays
 * readable, above a finger so the hand does not hide it, and for the keyboard in the row's empty
 * middle, on the drop line.
 */
const cardPlacement: Modifier = ({ activatorEvent, activeNodeRect, draggingNodeRect, transform, windowRect }) => {
  // draggingNodeRect is the card itself (dnd-kit measures the overlay's only child).
  if (!activatorEvent || !draggingNodeRect) return transform;
  let { x, y } = transform;
  if (activatorEvent instanceof KeyboardEvent) {
    x += (activeNodeRect?.width ?? 0) * 0.35;
  } else {
    const pointer = getEventCoordinates(activatorEvent);
    if (!pointer) return transform;
    const touch = typeof TouchEvent !== 'undefined' && activatorEvent instanceof TouchEvent;
    x += pointer.x - draggingNodeRect.left + 14;
    y += pointer.y - draggingNodeRect.top + (touch ? -draggingNodeRect.height - 28 : 12);
  }
  if (windowRect) {
    // The whole card stays on screen, also for a finger near the right edge of a phone.
    const left = draggingNodeRect.left + x;
    x += Math.max(8, Math.min(left, windowRect.width - draggingNodeRect.width - 8)) - left;
  }
  return { ...transform, x, y };
};

const arrowSteps: Record<string, KeyboardStep> = {
  ArrowUp: 'up',
  ArrowDown: 'down',
  ArrowLeft: 'left',
  ArrowRight: 'right',
};

/** Mouse, touch and keyboard, tuned so that a swipe over a handle still scrolls a phone's page. */
function useDragSensors(coordinateGetter: KeyboardCoordinateGetter) {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: 4 } }),
    // Press and hold 200 ms without moving more than 8 px: a quicker swipe scrolls instead.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, {
      coordinateGetter,
      // Tab while dragging cancels instead of dropping somewhere the user did not choose.
      keyboardCodes: { start: ['Space', 'Enter'], cancel: ['Escape', 'Tab'], end: ['Space', 'Enter'] },
    }),
  );
}

/** The drop zone under the pointer, from the collision computed by rowCollision. */
function pointerTarget(event: DragMoveEvent, tree: boolean): Placement | null {
  const collision = event.collisions?.[0];
  const data = collision?.data as { offsetY?: number; height?: number } | undefined;
  if (!collision || data?.offsetY === undefined || data.height === undefined) return null;
  return { targetId: String(collision.id), position: dropZone(data.offsetY, data.height, tree) };
}

export function SortableRoot(props: SortableRootProps) {
  const { items, itemNoun, children, indentPx = 24, indentStartPx = 8 } = props;
  const tree = props.mode === 'tree';
  const maxDepth = props.mode === 'tree' ? props.maxDepth : 1;
  const rootId = useId();
  const [activeId, setActiveId] = useState<string | null>(null);
  const [target, setTarget] = useState<Target>(noTarget);
  // Drag events are spoken by dnd-kit's live region; a refused arrow key is no dnd-kit event, so
  // it is spoken by a region of our own.
  const [announcer] = useState(createDndAnnouncer);
  const [stepNotice, setStepNotice] = useState('');

  // The sensors and dnd-kit callbacks run outside React's render: they read the latest values here.
  const latest = useRef({ props, items, activeId, target });
  latest.current = { props, items, activeId, target };
  const spot = useRef<KeyboardSpot | null>(null);
  const viaKeyboard = useRef(false);
  const refocus = useRef<{ id: string; until: number } | null>(null);
  const flip = useRef(false);

  const rows = useMemo(() => items.map((item) => ({ id: item.id, depth: item.depth ?? 0 })), [items]);
  const labels = useMemo(() => new Map(items.map((item) => [item.id, item.label])), [items]);
  const labelOf = useCallback((id: string | null) => (id === null ? '' : (labels.get(id) ?? '')), [labels]);

  const announce = useCallback(
    (text: string) => {
      // A refusal said earlier is over: only the newest sentence stays in either region.
      setStepNotice('');
      announcer.say(text);
    },
    [announcer],
  );
  const noticeStep = useCallback((text: string) => {
    // The same words twice in a row are read again: alternate an invisible trailing space.
    flip.current = !flip.current;
    setStepNotice(flip.current ? text : `${text}\u00a0`);
  }, []);

  const spoken = useCallback(
    (projection: Projection): SpokenPosition => ({
      index: projection.index,
      count: projection.count,
      ...(tree ? { parentLabel: projection.parentId === null ? null : labelOf(projection.parentId) } : {}),
    }),
    [tree, labelOf],
  );
  /** 'inside Guides, position 2 of 4', 'at the top level, position 1 of 5' (or 'to …' for moves). */
  const where = useCallback(
    (projection: Projection, preposition: 'at' | 'to' = 'at') => spokenWhere(spoken(projection), preposition),
    [spoken],
  );
  const spokenNow = useCallback(
    (id: string) => {
      const now = currentProjection(latest.current.items.map(toRow), id);
      return now ? spoken(now) : null;
    },
    [spoken],
  );

  const depthLimitText = props.mode === 'tree' ? props.depthLimitText : '';
  const refusalText = useCallback(
    (id: string, refusal: Refusal, placement: Placement) =>
      explainRefusal(latest.current.items, id, refusal, placement, depthLimitText),
    [depthLimitText],
  );

  const targetFor = useCallback(
    (id: string, placement: Placement | null): Target => {
      const current = latest.current.items.map(toRow);
      if (!placement) return noTarget;
      const refusal = refusalOf(current, id, placement, maxDepth);
      if (refusal) return { placement, refusal, noop: false };
      return { placement, refusal: null, noop: isNoopPlacement(current, id, placement) };
    },
    [maxDepth],
  );

  const describeTarget = useCallback(
    (id: string, next: Target) => {
      if (next.refusal && next.placement) {
        return sortableSpeech.notAllowedHere(refusalText(id, next.refusal, next.placement));
      }
      if (!next.placement || next.noop) return sortableSpeech.backWhereItWas(labelOf(id), spokenNow(id));
      const projection = projectPlacement(latest.current.items.map(toRow), id, next.placement);
      if (!projection) return '';
      return sortableSpeech.movedTo(labelOf(id), spoken(projection));
    },
    [refusalText, labelOf, spokenNow, spoken],
  );

  const showTarget = useCallback(
    (id: string, next: Target) => {
      const previous = latest.current.target;
      const same =
        previous.placement?.targetId === next.placement?.targetId &&
        previous.placement?.position === next.placement?.position &&
        previous.refusal === next.refusal &&
        previous.noop === next.noop;
      if (same) return;
      latest.current.target = next;
      setTarget(next);
      announce(describeTarget(id, next));
    },
    [announce, describeTarget],
  );

  const stepRefusalText = useCallback(
    (id: string, reason: Extract<KeyboardStepResult, { ok: false }>['reason']) => {
      const label = labelOf(id);
      switch (reason) {
        case 'first':
          return `${label} is already in the first position.`;
        case 'last':
          return `${label} is already in the last position.`;
        case 'nothing_to_nest_under':
          return `There is no item right above to put ${label} inside.`;
        case 'too_deep':
          return `${label} cannot go a level deeper: ${depthLimitText}.`;
        case 'top_level':
          return `${label} is already at the top level.`;
        case 'cannot_outdent':
          return `${label} can move out a level only below the last item of its group.`;
      }
    },
    [labelOf, depthLimitText],
  );

  // Keyboard drags move a gap between rows (see keyboardStep); the card is drawn in that gap.
  const coordinateGetter = useCallback<KeyboardCoordinateGetter>(
    (event, { context, currentCoordinates }) => {
      const step = arrowSteps[event.code];
      const id = latest.current.activeId;
      const from = spot.current;
      if (!step || !id || !from) return undefined;
      event.preventDefault();
      if (!tree && (step === 'left' || step === 'right')) return undefined;
      const current = latest.current.items.map(toRow);
      const result = keyboardStep(current, id, from, step, maxDepth);
      if (!result.ok) {
        noticeStep(stepRefusalText(id, result.reason));
        return undefined;
      }
      spot.current = result.spot;
      showTarget(id, targetFor(id, spotPlacement(current, id, result.spot)));

      const moving = subtreeIds(current, id);
      const rest = current.filter((row) => !moving.has(row.id));
      const above = rest[result.spot.gap - 1];
      const below = rest[result.spot.gap];
      const aboveRect = above ? context.droppableRects.get(above.id) : undefined;
      const belowRect = below ? context.droppableRects.get(below.id) : undefined;
      const ownRect = context.droppableRects.get(id);
      const gapY =
        aboveRect && belowRect ? (aboveRect.bottom + belowRect.top) / 2 : (aboveRect?.bottom ?? belowRect?.top);
      if (gapY === undefined || !ownRect || !context.collisionRect) return currentCoordinates;
      const ownDepth = current.find((row) => row.id === id)?.depth ?? 0;
      return {
        x: ownRect.left + (result.spot.depth - ownDepth) * indentPx,
        y: gapY - context.collisionRect.height / 2,
      };
    },
    [tree, maxDepth, noticeStep, stepRefusalText, showTarget, targetFor, indentPx],
  );

  const sensors = useDragSensors(coordinateGetter);

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const id = String(active.id);
    const current = items.map(toRow);
    viaKeyboard.current = activatorEvent instanceof KeyboardEvent;
    spot.current = keyboardStart(current, id);
    refocus.current = null;
    latest.current.activeId = id;
    latest.current.target = noTarget;
    setActiveId(id);
    setTarget(noTarget);
    announce(sortableSpeech.pickedUp(labelOf(id), spokenNow(id)));
  };

  const onDragMove = (event: DragMoveEvent) => {
    if (viaKeyboard.current) return;
    const id = String(event.active.id);
    showTarget(id, targetFor(id, pointerTarget(event, tree)));
  };

  const finish = () => {
    latest.current.activeId = null;
    latest.current.target = noTarget;
    spot.current = null;
    setActiveId(null);
    setTarget(noTarget);
  };

  const onDragEnd = ({ active }: DragEndEvent) => {
    const id = String(active.id);
    const { placement, refusal, noop } = latest.current.target;
    const current = items.map(toRow);
    finish();
    if (viaKeyboard.current) refocus.current = { id, until: Date.now() + refocusWindowMs };
    if (!placement || noop) {
      announce(sortableSpeech.droppedWhereItWas(labelOf(id), spokenNow(id)));
      return;
    }
    if (refusal) {
      const text = refusalText(id, refusal, placement);
      announce(sortableSpeech.notMoved(labelOf(id), text));
      if (props.mode === 'tree') props.onRefuse(text);
      return;
    }
    const projection = projectPlacement(current, id, placement);
    if (!projection) return;
    announce(sortableSpeech.dropped(labelOf(id), spoken(projection)));
    if (props.mode === 'tree') props.onMove({ id, ...placement });
    else props.onReorder(currentProjection(current, id)?.index ?? 0, projection.index);
  };

  const onDragCancel = () => {
    const id = latest.current.activeId;
    finish();
    if (!id) return;
    if (viaKeyboard.current) refocus.current = { id, until: Date.now() + refocusWindowMs };
    announce(sortableSpeech.cancelled(labelOf(id), spokenNow(id)));
  };

  // After a keyboard drop the rows re-render in their new order; moving a focused row in the DOM
  // can drop focus to the page. Put it back on the moved item's handle.
  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    if (Date.now() > pending.until) {
      refocus.current = null;
      return;
    }
    const handle = document.querySelector<HTMLElement>(
      `[data-sortable-handle="${CSS.escape(`${rootId}:${pending.id}`)}"]`,
    );
    const focused = document.activeElement;
    if (!handle) return;
    if (focused === null || focused === document.body) {
      handle.focus();
      refocus.current = null;
    } else if (focused !== handle) {
      refocus.current = null;
    }
  }, [items, rootId]);

  const moving = useMemo(() => (activeId ? subtreeIds(rows, activeId) : new Set<string>()), [rows, activeId]);

  const indicator = useMemo<RowContextValue['indicator']>(() => {
    const { placement, refusal, noop } = target;
    if (!activeId || !placement || (noop && !refusal)) return null;
    const targetRow = rows.find((row) => row.id === placement.targetId);
    if (!targetRow) return null;
    const refused = refusal !== null;
    if (placement.position === 'inside') {
      return { rowId: targetRow.id, kind: 'inside', depth: targetRow.depth + 1, refused };
    }
    if (placement.position === 'before') return { rowId: targetRow.id, kind: 'above', depth: targetRow.depth, refused };
    // After a row means after everything inside it too: draw the line below its last descendant.
    return {
      rowId: lastRowOfSubtree(rows, targetRow.id) ?? targetRow.id,
      kind: 'below',
      depth: targetRow.depth,
      refused,
    };
  }, [target, rows, activeId]);

  const rowContext = useMemo<RowContextValue>(
    () => ({ rootId, moving, indicator, indentPx, indentStartPx }),
    [rootId, moving, indicator, indentPx, indentStartPx],
  );

  const instructions = sortableSpeech.instructions(itemNoun, tree);

  const activeItem = activeId ? items.find((item) => item.id === activeId) : undefined;
  const status = activeId ? overlayStatus(activeId) : '';

  function overlayStatus(id: string): string {
    const { placement, refusal, noop } = target;
    if (placement && refusal) return refusalText(id, refusal, placement);
    if (!placement || noop) return 'Where it was';
    const projection = projectPlacement(rows, id, placement);
    return projection ? capitalize(where(projection)) : '';
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={rowCollision}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragMove}
      onDragEnd={onDragEnd}
      onDragCancel={onDragCancel}
      accessibility={{ announcements: announcer.announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <RowContext.Provider value={rowContext}>{children}</RowContext.Provider>
      <DragOverlay dropAnimation={null} modifiers={[cardPlacement]} style={{ height: 'auto' }}>
        {activeItem ? (
          <div
            aria-hidden="true"
            className={`inline-flex max-w-[min(28rem,calc(100vw-4rem))] cursor-grabbing items-center gap-2 rounded-lg border bg-white px-2.5 py-1.5 shadow-xl dark:bg-abyss-800 ${
              target.refusal ? 'border-red-400 dark:border-red-500' : 'border-lagoon-400'
            }`}
          >
            <GripVertical className="size-4 shrink-0 text-stone-400" />
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-stone-900 dark:text-stone-100">
                {activeItem.label}
              </span>
              <span
                className={`block text-xs ${target.refusal ? 'font-medium text-red-700 dark:text-red-300' : 'text-stone-600 dark:text-stone-300'}`}
              >
                {status}
              </span>
            </span>
          </div>
        ) : null}
      </DragOverlay>
      <div role="status" aria-live="assertive" aria-atomic="true" data-sortable-announcer="" className="sr-only">
        {stepNotice}
      </div>
    </DndContext>
  );
}

/**
 * Why a move is refused, in words: 'Menus have at most 3 levels, and Gas Rules would be on level 4.'
 * Also used by screens that move items with buttons, so both ways explain it alike.
 */
export function explainRefusal(
  items: readonly SortableItem[],
  id: string,
  refusal: Refusal,
  placement: Placement,
  depthLimitText: string,
): string {
  const label = items.find((item) => item.id === id)?.label ?? 'The item';
  if (refusal === 'descendant') return `${label} cannot go inside one of its own sub-items.`;
  if (refusal === 'missing') return 'That item no longer exists. Reload the page and try again.';
  const rows = items.map(toRow);
  const height = subtreeHeight(rows, id);
  const level = (projectPlacement(rows, id, placement)?.depth ?? 0) + height;
  const who = height > 1 ? `a sub-item of ${label}` : label;
  return `${capitalize(depthLimitText)}, and ${who} would be on level ${level}.`;
}

function toRow(item: SortableItem) {
  return { id: item.id, depth: item.depth ?? 0 };
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
