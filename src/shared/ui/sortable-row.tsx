import { useDraggable, useDroppable } from '@dnd-kit/core';
import { GripVertical } from 'lucide-react';
import { createContext, useCallback, useContext, type ButtonHTMLAttributes, type ReactNode, type Ref } from 'react';

/** Context a SortableRoot gives its rows: what is moving and where the drop indicator is. */
export interface RowContextValue {
  rootId: string;
  moving: ReadonlySet<string>;
  indicator: { rowId: string; kind: 'above' | 'below' | 'inside'; depth: number; refused: boolean } | null;
  indentPx: number;
  indentStartPx: number;
}

export const RowContext = createContext<RowContextValue | null>(null);

export interface SortableRowHandle extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref: Ref<HTMLButtonElement>;
  'data-sortable-handle': string;
}

export interface SortableRowState {
  /** Put on the row element: what is measured, and what is dropped onto. */
  rowRef: (element: HTMLElement | null) => void;
  /** Spread on the drag handle (or pass to DragHandle). */
  handle: SortableRowHandle;
  /** The row is being dragged, or is inside the row being dragged. */
  isMoving: boolean;
  /** The drop line or refusal marker for this row; the row must be `position: relative`. */
  dropIndicator: ReactNode;
  /** Classes for the row when the item would be dropped inside it. */
  dropClassName: string;
}

/** One row of a SortableRoot. */
export function useSortableRow(id: string): SortableRowState {
  const context = useContext(RowContext);
  if (!context) throw new Error('useSortableRow must be used inside a SortableRoot.');
  const {
    attributes,
    listeners,
    setNodeRef: setDragNode,
    setActivatorNodeRef,
  } = useDraggable({
    id,
    // Screen readers say 'sortable' rather than dnd-kit's default 'draggable'.
    attributes: { roleDescription: 'sortable' },
  });
  const { setNodeRef: setDropNode } = useDroppable({ id });
  const rowRef = useCallback(
    (element: HTMLElement | null) => {
      setDragNode(element);
      setDropNode(element);
    },
    [setDragNode, setDropNode],
  );
  const indicator = context.indicator?.rowId === id ? context.indicator : null;
  let dropIndicator: ReactNode = null;
  let dropClassName = '';
  if (indicator?.kind === 'inside') {
    dropClassName = indicator.refused
      ? 'bg-red-50 outline-2 -outline-offset-2 outline-dashed outline-red-500 dark:bg-red-950'
      : 'bg-lagoon-50 outline-2 -outline-offset-2 outline-lagoon-500 dark:bg-lagoon-950';
  } else if (indicator) {
    dropIndicator = (
      <span
        aria-hidden="true"
        data-drop-indicator={indicator.kind}
        style={{ left: context.indentStartPx + indicator.depth * context.indentPx }}
        className={`pointer-events-none absolute right-0 z-10 flex items-center ${
          indicator.kind === 'above' ? 'top-0 -translate-y-1/2' : 'bottom-0 translate-y-1/2'
        }`}
      >
        <span
          className={`size-2 shrink-0 rounded-full border-2 bg-white ${indicator.refused ? 'border-red-500' : 'border-lagoon-600'}`}
        />
        <span
          className={`h-0.5 flex-1 ${indicator.refused ? 'bg-[repeating-linear-gradient(90deg,var(--color-red-500)_0_6px,transparent_6px_10px)]' : 'bg-lagoon-600'}`}
        />
      </span>
    );
  }
  return {
    rowRef,
    handle: {
      ref: setActivatorNodeRef,
      ...attributes,
      ...listeners,
      'data-sortable-handle': `${context.rootId}:${id}`,
    },
    isMoving: context.moving.has(id),
    dropIndicator,
    dropClassName,
  };
}

/**
 * The grip a row is dragged by: 28 px with a mouse, 44 px on touch screens. A finger has to rest
 * on it briefly before the drag starts, so a swipe across it still scrolls the page.
 */
export function DragHandle({
  handle,
  label,
  className = '',
}: {
  handle: SortableRowHandle;
  label: string;
  className?: string;
}) {
  const { ref, ...rest } = handle;
  return (
    <button
      type="button"
      ref={ref}
      {...rest}
      aria-label={label}
      title={label}
      className={`inline-flex size-7 shrink-0 cursor-grab touch-manipulation items-center justify-center rounded-md text-stone-400 select-none [-webkit-touch-callout:none] hover:bg-stone-100 hover:text-stone-700 active:cursor-grabbing pointer-coarse:size-11 dark:hover:bg-white/5 dark:hover:text-stone-200 ${className}`}
    >
      <GripVertical aria-hidden="true" className="size-4 pointer-coarse:size-5" />
    </button>
  );
}
