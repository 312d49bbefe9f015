import { ArrowDown, ArrowUp, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from './button';
import { IconButton } from './icon-button';
import { SortableRoot } from './sortable-root';
import { DragHandle, useSortableRow } from './sortable-row';

/* ------------------------------------------------------------------------------------------------
 * SortableList: an editable list (a block's cards, gallery images, features) built on SortableRoot.
 * --------------------------------------------------------------------------------------------- */

export interface SortableListProps {
  /** Prefix for element ids; unique on the screen. */
  idPrefix: string;
  /** The list's visible name: 'Cards'. */
  label: string;
  /** Singular noun for one item, lower case: 'card' ('Card 3', 'Remove card 3', 'Add card'). */
  itemNoun: string;
  itemNounPlural?: string;
  /** One stable id per item, in order (not the index: ids follow items when they move). */
  ids: readonly string[];
  /** The item's own title for its name ('Card 3: Dos Ojos'); '' leaves just 'Card 3'. */
  getItemTitle: (index: number) => string;
  /** The item's fields. Rendered even while collapsed (hidden), so their state survives. */
  renderItem: (index: number) => ReactNode;
  /** A small decorative preview in the item's header (thumbnail, emoji). */
  renderPreview?: (index: number) => ReactNode;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
  /** Appends an item and returns its id; the list opens it and focuses its first field (or the one with data-autofocus). */
  onAdd: () => string;
  max: number;
  /** Marks items that have errors: they start expanded and say so in their header. */
  isItemInvalid?: (index: number) => boolean;
  error?: string | undefined;
  hint?: ReactNode;
  /** More ways to add items, beside 'Add item' (a gallery's 'Add from library'). */
  addActions?: ReactNode;
}

type FocusRequest = { id: string; target: 'field' | 'toggle' } | { id: null; target: 'add' };

/**
 * An editable list whose items can be added, removed, collapsed and reordered: by dragging the
 * handle (mouse, touch or keyboard) or with the Move up / Move down buttons. Every change is
 * announced to screen readers.
 */
export function SortableList({
  idPrefix,
  label,
  itemNoun,
  itemNounPlural = `${itemNoun}s`,
  ids,
  getItemTitle,
  renderItem,
  renderPreview,
  onMove,
  onRemove,
  onAdd,
  max,
  isItemInvalid = () => false,
  error,
  hint,
  addActions,
}: SortableListProps) {
  // Short lists start open; long ones start collapsed so the editor stays scannable.
  const [openByDefault] = useState(() => ids.length <= 3);
  const [explicitOpen, setExplicitOpen] = useState<ReadonlyMap<string, boolean>>(() => new Map());
  const [status, setStatus] = useState('');
  const focusRequest = useRef<FocusRequest | null>(null);

  const noun = itemNoun.charAt(0).toUpperCase() + itemNoun.slice(1);
  const itemLabel = (index: number) => {
    const title = getItemTitle(index).trim();
    return `${noun} ${index + 1}${title ? `: ${title}` : ''}`;
  };
  // Drag announcements name the item by its title ('Card “Dos Ojos” moved to position 1 of 4'),
  // without the number it had when it was picked up; an untitled item goes by that number.
  const spokenName = (index: number) => {
    const title = getItemTitle(index).trim();
    return title ? `${noun} “${title}”` : `${noun} ${index + 1}`;
  };
  const isOpen = (id: string, index: number) => explicitOpen.get(id) ?? (openByDefault || isItemInvalid(index));
  const setOpen = (entries: Array<[string, boolean]>) =>
    setExplicitOpen((current) => new Map([...current, ...entries]));

  // Item chrome ids end in -item-*, so they never clash with the ids of the item's own fields.
  const domId = (id: string, part: string) => `${idPrefix}-${id}-item-${part}`;
  const addId = `${idPrefix}-add`;
  const labelId = `${idPrefix}-label`;

  useEffect(() => {
    const request = focusRequest.current;
    if (!request) return;
    let element: HTMLElement | null;
    if (request.target === 'add') element = document.getElementById(addId);
    else if (request.target === 'toggle') element = document.getElementById(domId(request.id, 'toggle'));
    else {
      // The field marked data-autofocus, else the first one.
      const body = document.getElementById(domId(request.id, 'body'));
      element =
        body?.querySelector<HTMLElement>('[data-autofocus]') ??
        body?.querySelector<HTMLElement>('input:not([type=hidden]), textarea, select, [contenteditable=true]') ??
        null;
    }
    if (element) {
      focusRequest.current = null;
      element.focus();
    }
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onMove(from, to);
    setStatus(`${itemLabel(from)} moved to position ${to + 1} of ${ids.length}.`);
  };

  const remove = (index: number) => {
    const neighbour = ids[index + 1] ?? ids[index - 1];
    focusRequest.current = neighbour ? { id: neighbour, target: 'toggle' } : { id: null, target: 'add' };
    setStatus(`${itemLabel(index)} removed.`);
    onRemove(index);
  };

  const add = () => {
    const id = onAdd();
    setOpen([[id, true]]);
    focusRequest.current = { id, target: 'field' };
    setStatus(`${noun} ${ids.length + 1} added.`);
  };

  const allOpen = ids.every((id, index) => isOpen(id, index));
  const describedBy =
    [hint ? `${idPrefix}-hint` : null, error ? `${idPrefix}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div role="group" aria-labelledby={labelId} aria-describedby={describedBy} className="min-w-0">
      <div className="mb-1.5 flex items-center gap-2">
        <span id={labelId} className="text-sm font-medium text-stone-800 dark:text-stone-200">
          {label}
        </span>
        <span className="text-xs text-stone-500 dark:text-stone-400">
          {ids.length} of at most {max}
        </span>
        {ids.length > 1 ? (
          <button
            type="button"
            onClick={() => setOpen(ids.map((id) => [id, !allOpen]))}
            className="ml-auto rounded-md px-2 py-0.5 text-xs font-medium text-lagoon-700 hover:bg-lagoon-50 dark:text-lagoon-300 dark:hover:bg-white/5"
          >
            {allOpen ? `Collapse all ${itemNounPlural}` : `Expand all ${itemNounPlural}`}
          </button>
        ) : null}
      </div>

      {ids.length === 0 ? (
        <p className="rounded-lg border border-dashed border-stone-300 px-3 py-4 text-center text-sm text-stone-500 dark:border-white/15 dark:text-stone-400">
          No {itemNounPlural} yet.
        </p>
      ) : (
        <SortableRoot
          mode="list"
          items={ids.map((id, index) => ({ id, label: spokenName(index) }))}
          itemNoun={itemNoun}
          onReorder={onMove}
        >
          <ul className="space-y-2" aria-labelledby={labelId}>
            {ids.map((id, index) => (
              <SortableRow
                key={id}
                id={id}
                idPrefix={`${idPrefix}-${id}-item`}
                label={itemLabel(index)}
                handleLabel={`Reorder ${itemNoun} ${index + 1}`}
                moveUpLabel={`Move ${itemNoun} ${index + 1} up`}
                moveDownLabel={`Move ${itemNoun} ${index + 1} down`}
                removeLabel={`Remove ${itemNoun} ${index + 1}`}
                isFirst={index === 0}
                isLast={index === ids.length - 1}
                open={isOpen(id, index)}
                invalid={isItemInvalid(index)}
                preview={renderPreview?.(index)}
                onToggle={() => setOpen([[id, !isOpen(id, index)]])}
                onMoveUp={() => move(index, index - 1)}
                onMoveDown={() => move(index, index + 1)}
                onRemove={() => remove(index)}
              >
                {renderItem(index)}
              </SortableRow>
            ))}
          </ul>
        </SortableRoot>
      )}

      {hint ? (
        <p id={`${idPrefix}-hint`} className="mt-1.5 text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${idPrefix}-error`} className="mt-1.5 text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <Button
          id={addId}
          variant="secondary"
          size="sm"
          icon={<Plus aria-hidden="true" className="size-4" />}
          disabled={ids.length >= max}
          onClick={add}
        >
          Add {itemNoun}
        </Button>
        {addActions}
        {ids.length >= max ? (
          <span className="text-xs text-stone-500 dark:text-stone-400">
            The most {itemNounPlural} a block can have is {max}.
          </span>
        ) : null}
      </div>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

interface SortableRowProps {
  id: string;
  idPrefix: string;
  label: string;
  handleLabel: string;
  moveUpLabel: string;
  moveDownLabel: string;
  removeLabel: string;
  isFirst: boolean;
  isLast: boolean;
  open: boolean;
  invalid: boolean;
  preview: ReactNode;
  onToggle: () => void;
  onMoveUp: () => void;
  onMoveDown: () => void;
  onRemove: () => void;
  children: ReactNode;
}

function SortableRow(props: SortableRowProps) {
  const { id, idPrefix, label, open, invalid, isFirst, isLast, preview, children } = props;
  const row = useSortableRow(id);
  const titleId = `${idPrefix}-title`;
  const bodyId = `${idPrefix}-body`;
  return (
    <li
      ref={row.rowRef}
      aria-labelledby={titleId}
      className={`relative rounded-lg border bg-white dark:bg-abyss-900 ${row.isMoving ? 'opacity-50' : ''} ${
        invalid ? 'border-red-300 dark:border-red-800' : 'border-stone-200 dark:border-white/10'
      }`}
    >
      {row.dropIndicator}
      <div className="flex items-center gap-0.5 p-1">
        <DragHandle handle={row.handle} label={props.handleLabel} />
        <button
          type="button"
          id={`${idPrefix}-toggle`}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={props.onToggle}
          className="flex min-w-0 flex-1 items-center gap-2 rounded-md px-1.5 py-1 text-left text-sm hover:bg-stone-50 dark:hover:bg-white/5"
        >
          <ChevronRight
            aria-hidden="true"
            className={`size-4 shrink-0 text-stone-400 transition-transform ${open ? 'rotate-90' : ''}`}
          />
          {preview ? (
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center overflow-hidden rounded"
            >
              {preview}
            </span>
          ) : null}
          <span id={titleId} className="truncate font-medium text-stone-800 dark:text-stone-100">
            {label}
          </span>
          {invalid ? (
            <span className="ml-auto shrink-0 rounded bg-red-50 px-1.5 py-0.5 text-xs font-medium text-red-700 dark:bg-red-950 dark:text-red-300">
              <span className="sr-only">, </span>Has errors
            </span>
          ) : null}
        </button>
        <IconButton
          label={props.moveUpLabel}
          icon={<ArrowUp aria-hidden="true" className="size-4" />}
          aria-disabled={isFirst || undefined}
          onClick={isFirst ? undefined : props.onMoveUp}
        />
        <IconButton
          label={props.moveDownLabel}
          icon={<ArrowDown aria-hidden="true" className="size-4" />}
          aria-disabled={isLast || undefined}
          onClick={isLast ? undefined : props.onMoveDown}
        />
        <IconButton
          label={props.removeLabel}
          tone="danger"
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={props.onRemove}
        />
      </div>
      <div
        id={bodyId}
        role="group"
        aria-labelledby={titleId}
        hidden={!open}
        className="border-t border-stone-100 p-3 dark:border-white/5"
      >
        {children}
      </div>
    </li>
  );
}
