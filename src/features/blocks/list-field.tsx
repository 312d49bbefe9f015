import { useState, type ReactNode } from 'react';
import { SortableList } from '../../shared/ui/sortable-list';
import { errorsUnder, hasErrorsUnder, type FieldErrors } from './field-errors';
import { moveItem, removeItem, replaceItem } from './list-ops';

export interface ListItemContext<T> {
  index: number;
  /** Prefix for the item's field ids, stable while the item moves. */
  idPrefix: string;
  /** The item's errors, keyed by path inside the item ("title", "highlights.2"). */
  errors: FieldErrors;
  update: (patch: Partial<T>) => void;
}

interface ListFieldProps<T> {
  idPrefix: string;
  label: string;
  itemNoun: string;
  items: readonly T[];
  onChange: (items: T[]) => void;
  createItem: () => T;
  max: number;
  getItemTitle: (item: T) => string;
  renderPreview?: (item: T) => ReactNode;
  renderItem: (item: T, context: ListItemContext<T>) => ReactNode;
  /** The list's errors with the list's path removed: "" for the list itself, "2.title" for items. */
  errors: FieldErrors;
  hint?: ReactNode;
  /** More ways to add items, beside 'Add item'. */
  addActions?: ReactNode;
}

/** Keys that follow items when they move, so React and dnd-kit keep each item's DOM and state. */
function useItemKeys(length: number) {
  const [state, setState] = useState(() => ({ keys: Array.from({ length }, (_, i) => `i${i}`), next: length }));
  if (state.keys.length === length) return [state, setState] as const;
  // The list changed from outside (a reload, a discarded draft): keep what can be kept.
  const keys = state.keys.slice(0, length);
  let next = state.next;
  while (keys.length < length) keys.push(`i${next++}`);
  const synced = { keys, next };
  setState(synced);
  return [synced, setState] as const;
}

/** A block's list of items (gallery images, cards, features): add, edit, remove, reorder. */
export function ListField<T>({
  idPrefix,
  label,
  itemNoun,
  items,
  onChange,
  createItem,
  max,
  getItemTitle,
  renderPreview,
  renderItem,
  errors,
  hint,
  addActions,
}: ListFieldProps<T>) {
  const [{ keys, next }, setKeys] = useItemKeys(items.length);
  return (
    <SortableList
      idPrefix={idPrefix}
      label={label}
      itemNoun={itemNoun}
      ids={keys}
      max={max}
      hint={hint}
      addActions={addActions}
      error={errors['']}
      getItemTitle={(index) => (items[index] === undefined ? '' : getItemTitle(items[index]))}
      renderPreview={
        renderPreview ? (index) => (items[index] === undefined ? null : renderPreview(items[index])) : undefined
      }
      isItemInvalid={(index) => hasErrorsUnder(errors, String(index))}
      onAdd={() => {
        const key = `i${next}`;
        setKeys({ keys: [...keys, key], next: next + 1 });
        onChange([...items, createItem()]);
        return key;
      }}
      onRemove={(index) => {
        setKeys({ keys: removeItem(keys, index), next });
        onChange(removeItem(items, index));
      }}
      onMove={(from, to) => {
        setKeys({ keys: moveItem(keys, from, to), next });
        onChange(moveItem(items, from, to));
      }}
      renderItem={(index) => {
        const item = items[index];
        if (item === undefined) return null;
        return renderItem(item, {
          index,
          idPrefix: `${idPrefix}-${keys[index] ?? index}`,
          errors: errorsUnder(errors, String(index)),
          update: (patch) => onChange(replaceItem(items, index, { ...item, ...patch })),
        });
      }}
    />
  );
}
