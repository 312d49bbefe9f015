import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

export interface ConfirmRequest {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
}

export type Confirm = (request: ConfirmRequest) => Promise<boolean>;

/**
 * How plain functions (mayDiscard in a dialog's close handler, the router's blocker) reach the
 * mounted provider without a hook at every call site. The admin mounts one ConfirmProvider.
 */
let mountedConfirm: Confirm | null = null;

/**
 * Asks in the admin's own dialog instead of window.confirm (which the browser draws outside the
 * app, unstyled, and which blocks every script). Resolves true on the confirm button, false on
 * Cancel or Escape. A second question while one is open answers the first false.
 */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);

  const answer = useCallback((value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  }, []);

  const confirm = useCallback<Confirm>((next) => {
    resolver.current?.(false);
    setRequest(next);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  useEffect(() => {
    mountedConfirm = confirm;
    return () => {
      if (mountedConfirm === confirm) mountedConfirm = null;
      resolver.current?.(false);
      resolver.current = null;
    };
  }, [confirm]);

  return (
    <>
      {children}
      <ConfirmDialog
        open={request !== null}
        onOpenChange={(open) => {
          if (!open) answer(false);
        }}
        title={request?.title ?? ''}
        description={request?.description ?? ''}
        confirmLabel={request?.confirmLabel ?? ''}
        cancelLabel={request?.cancelLabel}
        onConfirm={() => answer(true)}
      />
    </>
  );
}

/** Asks in the admin's own dialog; callable from any handler while the admin is mounted. */
export function confirmInApp(request: ConfirmRequest): Promise<boolean> {
  if (!mountedConfirm) throw new Error('confirmInApp needs a mounted ConfirmProvider');
  return mountedConfirm(request);
}
