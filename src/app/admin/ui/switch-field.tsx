import * as Switch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';

/** A labelled on/off switch with an optional explanation below it. */
export function SwitchField({
  label,
  checked,
  onCheckedChange,
  hint,
  disabled,
}: {
  label: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <Switch.Root
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="relative mt-0.5 h-6 w-11 shrink-0 rounded-full bg-stone-300 transition data-[state=checked]:bg-lagoon-600 disabled:opacity-50"
      >
        <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
      </Switch.Root>
      <div>
        <label htmlFor={id} className="text-sm font-medium text-stone-800 dark:text-stone-200">
          {label}
        </label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-stone-500 dark:text-stone-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
