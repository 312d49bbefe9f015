import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../../shared/lib/api-client';

/**
 * Autosave (decision 32): edits are saved into the draft after a pause and when the editor
 * leaves. Every editable part of the page editor (the page form, each block) runs one autosaver;
 * the editor shows their combined state and flushes them all before publishing, so a save still
 * waiting for its pause can never land after the publish (Payload #1748).
 */
export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying' | 'conflict' | 'invalid';

export const autosaveDelayMs = 2000;
/** Typing without a pause is still saved this often: a crash loses at most these seconds. */
export const autosaveMaxWaitMs = 10_000;
const maxRetryDelayMs = 30_000;

interface Registered {
  status: AutosaveStatus;
  flush: () => Promise<boolean>;
}

class AutosaveRegistry {
  private readonly entries = new Map<string, Registered>();
  private readonly listeners = new Set<() => void>();

  set(id: string, entry: Registered): void {
    this.entries.set(id, entry);
    this.emit();
  }

  delete(id: string): void {
    this.entries.delete(id);
    this.emit();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  statuses(): AutosaveStatus[] {
    return [...this.entries.values()].map((entry) => entry.status);
  }

  /** Saves everything still waiting; true when all of it is on the server. */
  async flushAll(): Promise<boolean> {
    const results = await Promise.all([...this.entries.values()].map((entry) => entry.flush()));
    return results.every(Boolean);
  }

  private emit(): void {
    for (const listener of this.listeners) listener();
  }
}

const AutosaveContext = createContext<AutosaveRegistry | null>(null);

export function AutosaveProvider({ children }: { children: ReactNode }) {
  const registry = useMemo(() => new AutosaveRegistry(), []);
  return <AutosaveContext.Provider value={registry}>{children}</AutosaveContext.Provider>;
}

export function useAutosaveRegistry(): AutosaveRegistry | null {
  return useContext(AutosaveContext);
}

/** The editor's one state out of all its autosavers: a problem wins over work in progress over done. */
export function combinedStatus(statuses: AutosaveStatus[]): AutosaveStatus {
  const order: AutosaveStatus[] = ['conflict', 'invalid', 'retrying', 'saving', 'pending', 'saved'];
  return order.find((status) => statuses.includes(status)) ?? 'idle';
}

export function useCombinedAutosaveStatus(): AutosaveStatus {
  const registry = useAutosaveRegistry();
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  useEffect(() => {
    if (!registry) return;
    const update = () => setStatus(combinedStatus(registry.statuses()));
    update();
    return registry.subscribe(update);
  }, [registry]);
  return status;
}

/**
 * Saves `value` through `save` once it has stopped changing for `delayMs` (and at least every
 * `autosaveMaxWaitMs` while it keeps changing), when the tab is hidden
 * or closed, and when the component goes away. A failure of the network or the server is retried
 * with a growing pause; a refusal (version conflict, invalid input) stops and keeps the input on
 * screen for the editor to resolve. `save` must record the new server version itself (in a ref),
 * because the next save can start before React renders again.
 */
export function useAutosave<T>({
  id,
  value,
  dirty,
  save,
  enabled = true,
  delayMs = autosaveDelayMs,
}: {
  id: string;
  value: T;
  dirty: boolean;
  save: (value: T, options: { keepalive: boolean }) => Promise<void>;
  enabled?: boolean;
  delayMs?: number;
}): { status: AutosaveStatus; flush: () => Promise<boolean>; error: string | null } {
  const registry = useAutosaveRegistry();
  const latest = useRef({ value, dirty, save, enabled });
  latest.current = { value, dirty, save, enabled };
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [error, setError] = useState<string | null>(null);
  const statusRef = useRef<AutosaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<Promise<boolean> | null>(null);
  const attempts = useRef(0);
  const mounted = useRef(true);
  // When the oldest edit not yet sent was made: a pause is waited for, but never past the max wait.
  const pendingSince = useRef<number | null>(null);

  const update = useCallback((next: AutosaveStatus) => {
    statusRef.current = next;
    if (mounted.current) setStatus(next);
  }, []);

  const run = useCallback(
    async (keepalive = false): Promise<boolean> => {
      clearTimeout(timer.current);
      // One save at a time: the next one starts from the version the previous one wrote.
      while (inflight.current) await inflight.current;
      const current = latest.current;
      if (!current.enabled || !current.dirty) return true;
      if (statusRef.current === 'conflict' || statusRef.current === 'invalid') return false;
      pendingSince.current = null;
      update('saving');
      const attempt = current.save(current.value, { keepalive }).then(
        () => {
          attempts.current = 0;
          if (mounted.current) setError(null);
          update('saved');
          return true;
        },
        (failure: unknown) => {
          if (failure instanceof ApiError && failure.code === 'version_conflict') update('conflict');
          else if (
            failure instanceof ApiError &&
            failure.status >= 400 &&
            failure.status < 500 &&
            failure.status !== 429
          ) {
            if (mounted.current) setError(failure.message);
            update('invalid');
          } else {
            attempts.current += 1;
            update('retrying');
            const wait = Math.min(maxRetryDelayMs, delayMs * 2 ** attempts.current);
            if (mounted.current) timer.current = setTimeout(() => void run(), wait);
          }
          return false;
        },
      );
      inflight.current = attempt;
      try {
        return await attempt;
      } finally {
        inflight.current = null;
      }
    },
    [delayMs, update],
  );

  const valueKey = JSON.stringify(value);
  useEffect(() => {
    if (!enabled || !dirty) return;
    // A new edit after a refusal is a new attempt: the editor changed what was refused.
    if (statusRef.current === 'invalid') update('pending');
    if (statusRef.current === 'conflict') return;
    if (statusRef.current !== 'saving' && statusRef.current !== 'retrying') update('pending');
    clearTimeout(timer.current);
    pendingSince.current ??= Date.now();
    const wait = Math.min(delayMs, Math.max(0, pendingSince.current + autosaveMaxWaitMs - Date.now()));
    timer.current = setTimeout(() => void run(), wait);
    return () => clearTimeout(timer.current);
  }, [valueKey, dirty, enabled, delayMs, run, update]);

  // Leaving: the tab is hidden (switching apps, closing) or the editor unmounts (in-app navigation).
  useEffect(() => {
    mounted.current = true;
    const onHide = () => {
      if (document.visibilityState === 'hidden') void run(true);
    };
    const onPageHide = () => void run(true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
      mounted.current = false;
      void run(true);
    };
  }, [run]);

  useEffect(() => {
    if (!registry) return;
    registry.set(id, { status, flush: () => run() });
  }, [registry, id, status, run]);
  useEffect(() => () => registry?.delete(id), [registry, id]);

  return { status, flush: run, error };
}

/** 'Saving…' / 'Saved' / 'Not saved — retrying', announced politely to screen readers. */
export function AutosaveIndicator({ status }: { status: AutosaveStatus }) {
  const text: Record<AutosaveStatus, string> = {
    idle: '',
    pending: 'Unsaved edits',
    saving: 'Saving…',
    saved: 'Saved',
    retrying: 'Not saved — retrying',
    conflict: 'Not saved — changed elsewhere',
    invalid: 'Not saved — check the highlighted field',
  };
  const tone =
    status === 'retrying' || status === 'conflict' || status === 'invalid'
      ? 'text-red-700 dark:text-red-300'
      : 'text-stone-500 dark:text-stone-400';
  return (
    <span role="status" aria-live="polite" className={`text-xs font-medium ${tone}`} data-autosave={status}>
      {text[status]}
    </span>
  );
}
