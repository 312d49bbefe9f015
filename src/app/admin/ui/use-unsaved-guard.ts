import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirmInApp } from './confirm-provider';

export const unsavedChangesMessage = 'You have unsaved changes. Leave this page and lose them?';

/**
 * Asks before leaving while there are unsaved changes: in-app navigation asks in the admin's own
 * dialog; reloading or closing the tab gets the browser's prompt (the only one a page may show then).
 */
export function useUnsavedGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation, even if the effect runs again while it is open.
  const asking = useRef(false);

  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirmInApp({
      title: 'Leave without saving?',
      description: unsavedChangesMessage,
      confirmLabel: 'Leave',
      cancelLabel: 'Stay',
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

/** For dialogs: closing one with unsaved edits asks first (in the admin's dialog). True when it may close. */
export async function mayDiscard(dirty: boolean): Promise<boolean> {
  if (!dirty) return true;
  return confirmInApp({
    title: 'Discard your edits?',
    description: 'You have unsaved changes. Close and lose them?',
    confirmLabel: 'Discard',
    cancelLabel: 'Keep editing',
  });
}
