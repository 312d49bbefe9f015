import type { ReactNode, SelectHTMLAttributes } from 'react';
import { FieldFrame, inputClass } from './field';

/** A labelled native select with its hint and error, wired like TextField. */
export function SelectField({
  label,
  error,
  hint,
  id,
  className = '',
  options,
  ...select
}: {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  options: ReadonlyArray<{ value: string; label: string }>;
} & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(wiring) => (
        <select {...wiring} className={inputClass} {...select}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
