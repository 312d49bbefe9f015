import * as Popover from '@radix-ui/react-popover';
import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { inputClass } from '../../../shared/ui/field';
import { BlockIcon } from './block-icon';
import { blockIconLabel, blockIcons, storedIconName, type BlockIconName } from './icon-set';
import { matchIcons } from './icon-search';

interface IconPickerProps {
  /** The trigger button's id; the popover's ids derive from it. */
  id: string;
  /** Names the field for assistive technology: 'Icon of feature 2'. */
  name: string;
  value: string;
  onChange: (icon: BlockIconName | '') => void;
  error?: string | undefined;
}

/** Options per row in the grid; ArrowUp and ArrowDown move by this many. */
const columns = 4;

type Option = { name: BlockIconName | ''; label: string };
const noIcon: Option = { name: '', label: 'No icon' };

/**
 * An item's icon: a button showing the chosen icon and its name that opens a searchable grid.
 * Typing filters by name and keywords ("depth", "torch"); the arrow keys move through the grid,
 * Enter picks, Escape closes (the search box is an ARIA combobox over a listbox).
 */
export function IconPicker({ id, name, value, onChange, error }: IconPickerProps) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const current = storedIconName(value);
  const currentLabel = current === '' ? noIcon.label : blockIconLabel(current);

  const options: Option[] = useMemo(() => {
    const found = matchIcons(query).map((icon) => ({ name: icon.name, label: icon.label }));
    return query.trim() === '' ? [noIcon, ...found] : found;
  }, [query]);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (next) {
      setQuery('');
      // Start on the chosen icon, so Enter keeps it and the arrows move from it.
      const all = [noIcon, ...blockIcons];
      setActive(
        Math.max(
          0,
          all.findIndex((option) => option.name === current),
        ),
      );
    }
  };

  const choose = (option: Option) => {
    onChange(option.name);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    const move = (to: number) => {
      event.preventDefault();
      setActive(Math.min(last, Math.max(0, to)));
    };
    if (event.key === 'ArrowRight') move(active + 1);
    else if (event.key === 'ArrowLeft') move(active - 1);
    else if (event.key === 'ArrowDown') move(active + columns);
    else if (event.key === 'ArrowUp') move(active - columns);
    else if (event.key === 'Home' && event.ctrlKey) move(0);
    else if (event.key === 'End' && event.ctrlKey) move(last);
    else if (event.key === 'Enter') {
      // Never submit the surrounding form from here.
      event.preventDefault();
      const option = options[active];
      if (option) choose(option);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const errorId = `${id}-error`;
  return (
    <div>
      <span aria-hidden="true" className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        Icon
      </span>
      <Popover.Root open={open} onOpenChange={openChange}>
        <Popover.Trigger
          id={id}
          type="button"
          aria-label={`${name}: ${currentLabel}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`inline-flex h-9 min-w-36 items-center gap-2 rounded-lg border bg-white px-2.5 text-sm text-stone-800 shadow-xs hover:bg-stone-50 focus-visible:border-lagoon-500 focus-visible:ring-2 focus-visible:ring-lagoon-200 focus-visible:outline-none data-[state=open]:border-lagoon-500 dark:bg-abyss-900 dark:text-stone-100 dark:hover:bg-white/5 ${
            error ? 'border-red-600' : 'border-stone-300 dark:border-white/15'
          }`}
        >
          <span className="inline-flex size-6 items-center justify-center rounded-md bg-lagoon-50 text-lagoon-700 dark:bg-lagoon-950 dark:text-lagoon-300">
            <BlockIcon icon={current} className="size-4" />
          </span>
          <span className={`flex-1 text-left ${current === '' ? 'text-stone-500 dark:text-stone-400' : ''}`}>
            {currentLabel}
          </span>
          <ChevronDown aria-hidden="true" className="size-4 text-stone-500" />
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={12}
            aria-label={`Choose the ${name.toLowerCase()}`}
            className="z-50 w-[22rem] max-w-[calc(100vw-1.5rem)] rounded-xl border border-stone-200 bg-white p-2 shadow-lg dark:border-white/10 dark:bg-abyss-900"
          >
            <input
              type="text"
              role="combobox"
              aria-label="Search icons"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={options[active] ? optionId(active) : undefined}
              placeholder="Search icons: depth, fish, torch…"
              autoComplete="off"
              spellCheck={false}
              value={query}
              onChange={(event) => {
                setQuery(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className={inputClass}
            />
            <p aria-live="polite" className="sr-only">
              {options.length === 0 ? 'No icons match.' : `${options.length} icons.`}
            </p>
            {options.length === 0 ? (
              <p className="px-2 py-6 text-center text-sm text-stone-500 dark:text-stone-400">
                No icon matches “{query.trim()}”.
              </p>
            ) : (
              <ul
                id={listId}
                role="listbox"
                aria-label="Icons"
                className="mt-2 grid max-h-72 grid-cols-4 gap-1 overflow-y-auto overscroll-contain p-0.5"
              >
                {options.map((option, index) => (
                  <li
                    key={option.name || 'none'}
                    id={optionId(index)}
                    role="option"
                    aria-selected={option.name === current}
                    // The search box keeps focus; a click picks without moving it first.
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(option)}
                    onMouseMove={() => setActive(index)}
                    ref={(element) => {
                      if (index === active) element?.scrollIntoView({ block: 'nearest' });
                    }}
                    className={`flex cursor-pointer flex-col items-center gap-1 rounded-lg px-1 py-2 text-center text-[11px] leading-tight text-stone-700 dark:text-stone-300 ${
                      index === active ? 'bg-stone-100 ring-1 ring-lagoon-500 dark:bg-white/10' : ''
                    } aria-selected:bg-lagoon-50 aria-selected:font-semibold aria-selected:text-lagoon-800 dark:aria-selected:bg-lagoon-950 dark:aria-selected:text-lagoon-200`}
                  >
                    <span className="inline-flex size-7 items-center justify-center text-lagoon-700 dark:text-lagoon-300">
                      {option.name === '' ? (
                        <span className="block size-5 rounded-full border-2 border-dashed border-stone-300 dark:border-white/25" />
                      ) : (
                        <BlockIcon icon={option.name} className="size-5" />
                      )}
                    </span>
                    {option.label}
                  </li>
                ))}
              </ul>
            )}
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
