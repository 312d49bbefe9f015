import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ArrowDown, ArrowUp, Copy, MoreHorizontal, Plus, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none data-[disabled]:cursor-default data-[disabled]:opacity-40 data-[highlighted]:bg-stone-100 dark:data-[highlighted]:bg-white/10';

function Item({
  icon,
  children,
  onSelect,
  disabled = false,
  danger = false,
}: {
  icon: ReactNode;
  children: ReactNode;
  onSelect: () => void;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <DropdownMenu.Item
      disabled={disabled}
      onSelect={onSelect}
      className={`${itemClass} ${danger ? 'text-red-700 data-[highlighted]:bg-red-50 dark:text-red-300 dark:data-[highlighted]:bg-red-950' : ''}`}
    >
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

/**
 * A block row's actions: insert a new block right below it, duplicate it, move it (the same as
 * the arrow buttons, which narrow screens hide), delete it.
 */
export function BlockRowMenu({
  position,
  total,
  busy,
  onAddBelow,
  onDuplicate,
  onMove,
  onDelete,
}: {
  position: number;
  total: number;
  busy: boolean;
  onAddBelow: () => void;
  onDuplicate: () => void;
  onMove: (delta: number) => void;
  onDelete: () => void;
}) {
  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology (aria-hidden)
    // while its focusable controls stay focusable; this one closes on Escape or a click outside.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={`Actions for block ${position}`}
          className="inline-flex size-8 shrink-0 items-center justify-center rounded text-stone-500 hover:bg-stone-100 aria-expanded:bg-stone-100 pointer-coarse:size-11 dark:hover:bg-white/5 dark:aria-expanded:bg-white/10"
        >
          <MoreHorizontal aria-hidden="true" className="size-4" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-40 min-w-44 rounded-lg border border-stone-200 bg-white p-1 text-sm text-stone-800 shadow-lg dark:border-white/10 dark:bg-abyss-900 dark:text-stone-100"
        >
          <Item icon={<Plus aria-hidden="true" className="size-4" />} onSelect={onAddBelow}>
            Add block below
          </Item>
          <Item icon={<Copy aria-hidden="true" className="size-4" />} onSelect={onDuplicate} disabled={busy}>
            Duplicate
          </Item>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-white/10" />
          <Item
            icon={<ArrowUp aria-hidden="true" className="size-4" />}
            onSelect={() => onMove(-1)}
            disabled={position === 1}
          >
            Move up
          </Item>
          <Item
            icon={<ArrowDown aria-hidden="true" className="size-4" />}
            onSelect={() => onMove(1)}
            disabled={position === total}
          >
            Move down
          </Item>
          <DropdownMenu.Separator className="my-1 h-px bg-stone-200 dark:bg-white/10" />
          <Item icon={<Trash2 aria-hidden="true" className="size-4" />} onSelect={onDelete} danger>
            Delete
          </Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
