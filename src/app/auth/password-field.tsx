import { Eye, EyeOff } from 'lucide-react';
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { TextField } from '../../shared/ui/field';

/**
 * A password input with a show/hide toggle. The toggle keeps one name and reports its state
 * with aria-pressed (a toggle button whose name also flips would announce the opposite).
 */
export function PasswordField(
  props: { label: string; error?: string | undefined; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>,
) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          className="rounded-md p-2 text-stone-500 hover:text-stone-800 dark:text-stone-400 dark:hover:text-stone-100"
          aria-label="Show password"
          aria-pressed={visible}
        >
          {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
        </button>
      }
    />
  );
}
