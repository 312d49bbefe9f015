import type { ButtonHTMLAttributes, ReactNode } from 'react';

interface IconButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> {
  /** The accessible name, also shown as a tooltip: say what the button does to what. */
  label: string;
  icon: ReactNode;
  tone?: 'default' | 'danger';
}

/**
 * A small square button with only an icon. Use `aria-disabled` instead of `disabled` when the
 * button may be disabled while focused (Move up on the first item), so focus is not lost.
 */
export function IconButton({
  label,
  icon,
  tone = 'default',
  className = '',
  type = 'button',
  ...rest
}: IconButtonProps) {
  const tones =
    tone === 'danger'
      ? 'hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950 dark:hover:text-red-300'
      : 'hover:bg-stone-100 hover:text-stone-900 dark:hover:bg-white/5 dark:hover:text-stone-100';
  return (
    <button
      type={type}
      aria-label={label}
      title={label}
      className={`inline-flex size-7 shrink-0 items-center justify-center rounded-md text-stone-500 transition aria-disabled:cursor-not-allowed aria-disabled:opacity-35 aria-disabled:hover:bg-transparent disabled:cursor-not-allowed disabled:opacity-35 dark:text-stone-400 ${tones} ${className}`}
      {...rest}
    >
      {icon}
    </button>
  );
}
