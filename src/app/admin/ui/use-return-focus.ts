import { useRef } from 'react';

/**
 * Returns the focus to whatever had it when a Radix dialog opened. Radix gives it back to a
 * <Dialog.Trigger> only; dialogs opened from state (a menu item, a button elsewhere) would leave
 * the keyboard user on <body>. Spread the result onto the dialog's Content.
 */
export function useReturnFocus(): {
  onOpenAutoFocus: () => void;
  onCloseAutoFocus: (event: Event) => void;
} {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    },
    onCloseAutoFocus: (event) => {
      const element = opener.current;
      opener.current = null;
      // Gone (the row was deleted) or no longer focusable: leave it to Radix.
      if (!element?.isConnected || element === document.body) return;
      event.preventDefault();
      element.focus();
    },
  };
}
