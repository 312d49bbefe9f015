import type { ToasterProps } from 'sonner';

/**
 * A toast that survives one full page load: the sign-in and verification screens end with
 * `window.location` navigation (so the server's /admin guard runs and the public header
 * re-reads the session), and their success message is shown by the page they land on.
 */
export interface FlashToast {
  type: 'success' | 'error';
  title: string;
  description?: string | undefined;
}

/**
 * The toaster of every screen, public site and admin alike. Spec: stacked toasts, 3 visible, 4000 ms.
 * Bottom right: at the top right, the site's 'Welcome back!' covered the header's account button,
 * search and language switch for its 4 s, just when a visitor looks there to see they are signed in.
 */
export const toasterSettings = {
  visibleToasts: 3,
  duration: 4000,
  position: 'bottom-right',
  closeButton: true,
  toastOptions: { classNames: { description: '!text-stone-700' } },
} as const satisfies ToasterProps;

const storageKey = 'cenote-atlas:flash-toast';

export function setFlashToast(toast: FlashToast): void {
  try {
    sessionStorage.setItem(storageKey, JSON.stringify(toast));
  } catch {
    // Storage disabled: the toast is simply not carried over.
  }
}

/** Reads and removes the pending toast, if any (each toast is shown once). */
export function takeFlashToast(): FlashToast | null {
  try {
    const raw = sessionStorage.getItem(storageKey);
    if (raw === null) return null;
    sessionStorage.removeItem(storageKey);
    const value = JSON.parse(raw) as Partial<FlashToast> | null;
    if (!value || (value.type !== 'success' && value.type !== 'error') || typeof value.title !== 'string') return null;
    return {
      type: value.type,
      title: value.title,
      description: typeof value.description === 'string' ? value.description : undefined,
    };
  } catch {
    return null;
  }
}
