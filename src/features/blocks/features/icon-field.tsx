import * as Popover from '@radix-ui/react-popover';
import { SmilePlus } from 'lucide-react';
import { useState } from 'react';
import { inputClass } from '../../../shared/ui/field';
import { iconChoices, limitIcon } from './icon';

interface IconFieldProps {
  /** The input's id. */
  id: string;
  label: string;
  /** Names the picker button: 'Choose an icon for feature 2'. */
  pickerLabel: string;
  value: string;
  onChange: (icon: string) => void;
  error?: string | undefined;
}

/** A feature's icon: one emoji, typed (any emoji keyboard works) or picked from a short list. */
export function IconField({ id, label, pickerLabel, value, onChange, error }: IconFieldProps) {
  const [open, setOpen] = useState(false);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      <div className="flex items-center gap-1.5">
        <div className="w-16 shrink-0">
          <input
            id={id}
            type="text"
            value={value}
            onChange={(event) => onChange(limitIcon(event.target.value))}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            className={`${inputClass} text-center text-lg! leading-none`}
          />
        </div>
        <Popover.Root open={open} onOpenChange={setOpen}>
          <Popover.Trigger
            type="button"
            aria-label={pickerLabel}
            title={pickerLabel}
            className="inline-flex size-9 items-center justify-center rounded-lg text-stone-600 ring-1 ring-stone-300 hover:bg-stone-50 data-[state=open]:bg-lagoon-50 dark:text-stone-300 dark:ring-white/15 dark:hover:bg-white/5"
          >
            <SmilePlus aria-hidden="true" className="size-4" />
          </Popover.Trigger>
          <Popover.Portal>
            <Popover.Content
              align="start"
              sideOffset={6}
              aria-label="Icons"
              className="z-50 rounded-xl border border-stone-200 bg-white p-2 shadow-lg dark:border-white/10 dark:bg-abyss-900"
            >
              <ul className="grid grid-cols-5 gap-1">
                {iconChoices.map((choice) => (
                  <li key={choice.emoji}>
                    <button
                      type="button"
                      aria-label={choice.name}
                      title={choice.name}
                      aria-pressed={choice.emoji === value}
                      onClick={() => {
                        onChange(choice.emoji);
                        setOpen(false);
                      }}
                      className="inline-flex size-9 items-center justify-center rounded-md text-xl hover:bg-stone-100 aria-pressed:bg-lagoon-100 aria-pressed:ring-1 aria-pressed:ring-lagoon-400 dark:hover:bg-white/10 dark:aria-pressed:bg-lagoon-900"
                    >
                      <span aria-hidden="true">{choice.emoji}</span>
                    </button>
                  </li>
                ))}
              </ul>
              {value ? (
                <button
                  type="button"
                  onClick={() => {
                    onChange('');
                    setOpen(false);
                  }}
                  className="mt-1 w-full rounded-md px-2 py-1 text-left text-xs font-medium text-stone-600 hover:bg-stone-100 dark:text-stone-300 dark:hover:bg-white/10"
                >
                  No icon
                </button>
              ) : null}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      </div>
      <p id={hintId} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
        One emoji.
      </p>
      {error ? (
        <p id={errorId} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}
