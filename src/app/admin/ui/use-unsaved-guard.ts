import { useEffect } from 'react';
import { useBlocker } from 'react-router';

export const unsavedChangesMessage = 'You have unsaved changes. Leave this page and lose them?';

/** Asks before leaving (in-app navigation, reload or closing the tab) while there are unsaved changes. */
export function useUnsavedGuard(dirty: boolean): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(unsavedChangesMessage)) blocker.proceed();
    else blocker.reset();
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

/** For dialogs: closing one with unsaved edits asks first. True when it may close. */
export function mayDiscard(dirty: boolean): boolean {
  return !dirty || window.confirm(unsavedChangesMessage);
}
