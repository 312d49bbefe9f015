import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  primary:
    'bg-lagoon-700 text-white shadow-sm hover:bg-lagoon-800 disabled:bg-lagoon-700/60 dark:bg-lagoon-500 dark:text-abyss-950 dark:hover:bg-lagoon-400',
  secondary:
    'bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50 dark:bg-abyss-800 dark:text-stone-100 dark:ring-white/15 dark:hover:bg-abyss-900',
  ghost: 'text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-white/5',
  danger: 'bg-red-700 text-white shadow-sm hover:bg-red-800 disabled:bg-red-700/60',
};

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: 'sm' | 'md';
  /** Shows a spinner and disables the button while a request runs. */
  busy?: boolean;
  icon?: ReactNode;
}

/** A button's look, for elements that must look like one (a copy measured off screen). */
export function buttonClassName(variant: Variant = 'primary', size: 'sm' | 'md' = 'md'): string {
  const sizing = size === 'sm' ? 'h-8 px-3 text-sm gap-1.5' : 'h-10 px-4 text-sm gap-2';
  return `inline-flex items-center justify-center rounded-lg font-semibold whitespace-nowrap transition disabled:cursor-not-allowed ${sizing} ${variants[variant]}`;
}

export function Button({
  variant = 'primary',
  size = 'md',
  busy = false,
  icon,
  className = '',
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      className={`${buttonClassName(variant, size)} ${className}`}
      {...rest}
    >
      {busy ? <Spinner /> : icon}
      {children}
    </button>
  );
}
