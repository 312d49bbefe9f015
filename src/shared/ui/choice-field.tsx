import type { ReactNode } from 'react';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
  /** Tailwind classes for a small colour sample shown before the label (e.g. 'bg-teal-50'). */
  swatchClass?: string;
}

interface ChoiceFieldProps<V extends string | number> {
  legend: string;
  /** Prefix for the radio ids and the group's name; unique on the screen. */
  idPrefix: string;
  value: V;
  options: ReadonlyArray<Choice<V>>;
  onChange: (value: V) => void;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
}

/**
 * A small set of exclusive options shown as a segmented radio group: every option is visible,
 * arrow keys move between them, and each radio has its own label.
 */
export function ChoiceField<V extends string | number>({
  legend,
  idPrefix,
  value,
  options,
  onChange,
  error,
  hint,
  className = '',
}: ChoiceFieldProps<V>) {
  const describedBy =
    [hint ? `${idPrefix}-hint` : null, error ? `${idPrefix}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`min-w-0 ${className}`} aria-describedby={describedBy}>
      <legend className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">{legend}</legend>
      <div
        className={`inline-flex max-w-full flex-wrap gap-0.5 rounded-lg bg-white p-0.5 ring-1 dark:bg-abyss-900 ${
          error ? 'ring-red-600' : 'ring-stone-300 dark:ring-white/15'
        }`}
      >
        {options.map((option) => {
          const id = `${idPrefix}-${String(option.value)}`;
          return (
            <label
              key={String(option.value)}
              htmlFor={id}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-md px-2.5 py-1 text-sm text-stone-700 select-none hover:bg-stone-100 has-checked:bg-lagoon-700 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-1 has-focus-visible:outline-lagoon-500 dark:text-stone-200 dark:hover:bg-white/5 dark:has-checked:bg-lagoon-500 dark:has-checked:text-abyss-950"
            >
              <input
                type="radio"
                id={id}
                name={idPrefix}
                value={String(option.value)}
                checked={option.value === value}
                onChange={() => onChange(option.value)}
                aria-invalid={error ? true : undefined}
                className="sr-only"
              />
              {option.swatchClass ? (
                <span aria-hidden="true" className={`size-3.5 rounded-sm ring-1 ring-black/20 ${option.swatchClass}`} />
              ) : null}
              {option.label}
            </label>
          );
        })}
      </div>
      {hint ? (
        <p id={`${idPrefix}-hint`} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${idPrefix}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
