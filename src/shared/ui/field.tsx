import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export const inputClass =
  'block w-full rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 shadow-xs placeholder:text-stone-400 focus:border-lagoon-500 focus:ring-2 focus:ring-lagoon-200 focus:outline-none aria-[invalid=true]:border-red-600 aria-[invalid=true]:ring-red-100 disabled:bg-stone-100 dark:border-white/15 dark:bg-abyss-900 dark:text-stone-100 dark:focus:ring-lagoon-800';

interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

interface ControlWiring {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * Label, hint and error around one control, wired up for assistive technology; the control
 * itself is rendered by `children` with the ids it must carry.
 */
export function FieldFrame({
  label,
  error,
  hint,
  id,
  className,
  children,
}: FieldProps & { id: string | undefined; className: string; children: (wiring: ControlWiring) => ReactNode }) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy =
    [hint ? `${controlId}-hint` : null, error ? `${controlId}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={`${controlId}-hint`} className="mt-1 text-xs text-stone-500 dark:text-stone-400">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${controlId}-error`} className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input with its hint and error; `trailing` sits inside the input's right edge. */
export function TextField({
  label,
  error,
  hint,
  trailing,
  id,
  className = '',
  ...input
}: FieldProps & { trailing?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(wiring) => (
        <div className="relative">
          <input {...wiring} className={`${inputClass} ${trailing ? 'pr-11' : ''}`} {...input} />
          {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
        </div>
      )}
    </FieldFrame>
  );
}

export function TextAreaField({
  label,
  error,
  hint,
  id,
  className = '',
  ...input
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <FieldFrame label={label} error={error} hint={hint} id={id} className={className}>
      {(wiring) => <textarea {...wiring} className={inputClass} {...input} />}
    </FieldFrame>
  );
}
