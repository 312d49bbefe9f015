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

/** An edit that is still only on screen after a flush: which part, and why. */
export interface UnsavedEdit {
  id: string;
  /** What the editor calls it: 'Block 2: Hero – Cenote Nicte Ha'. */
  label: string;
  status: 'conflict' | 'invalid' | 'retrying';
  /** Why, in a sentence. */
  reason: string;
  /** Brings the part into view with its input (opens the block, focuses the field). */
  reveal?: (() => void) | undefined;
}

interface Registered {
  status: AutosaveStatus;
  flush: () => Promise<boolean>;
  /** The latest state, read when a flush has finished (before React re-registers the entry). */
  current: () => { status: AutosaveStatus; error: string | null; label: string; dirty: boolean };
  reveal?: (() => void) | undefined;
}

const problemStatuses = new Set<AutosaveStatus>(['conflict', 'invalid', 'retrying']);

function reasonFor(status: UnsavedEdit['status'], error: string | null): string {
  if (status === 'conflict') return 'Someone else changed it since you opened it. Your edits are still on screen.';
  if (status === 'retrying') return 'The server could not be reached. It is saved again shortly.';
  return error ?? 'Check the highlighted field.';
}

export class AutosaveRegistry {
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
    return (await this.flushAllReport()).length === 0;
  }

  /** Saves everything still waiting, then names each edit that is still only on screen. */
  async flushAllReport(): Promise<UnsavedEdit[]> {
    await Promise.all([...this.entries.values()].map((entry) => entry.flush()));
    return this.unsaved();
  }

  /** The edits that could not be saved (refused, or waiting for the server), among `ids` if given. */
  unsaved(ids?: readonly string[]): UnsavedEdit[] {
    const problems: UnsavedEdit[] = [];
    for (const [id, entry] of this.entries) {
      if (ids && !ids.includes(id)) continue;
      const { status, error, label, dirty } = entry.current();
      if (!dirty || !problemStatuses.has(status)) continue;
      const problem = status as UnsavedEdit['status'];
      problems.push({ id, label, status: problem, reason: reasonFor(problem, error), reveal: entry.reveal });
    }
    return problems;
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

/**
 * The edits a flush (Save, Publish, Preview) left unsaved, kept up to date: an edit drops out as
 * soon as it is saved or changed again, or its part goes away (a deleted block).
 */
export function useUnsavedReport(): {
  unsaved: UnsavedEdit[];
  /** Flushes every autosaver and reports what is still unsaved (also returned). */
  flush: () => Promise<UnsavedEdit[]>;
} {
  const registry = useAutosaveRegistry();
  const [reported, setReported] = useState<readonly string[]>([]);
  const [unsaved, setUnsaved] = useState<UnsavedEdit[]>([]);
  useEffect(() => {
    if (!registry) return;
    const update = () => setUnsaved(reported.length === 0 ? [] : registry.unsaved(reported));
    update();
    return registry.subscribe(update);
  }, [registry, reported]);
  const flush = useCallback(async () => {
    if (!registry) return [];
    const problems = await registry.flushAllReport();
    setReported(problems.map((problem) => problem.id));
    return problems;
  }, [registry]);
  return { unsaved, flush };
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
/** The focused field is a combobox with its suggestions open (see PageLinkInput). */
function choosingFromList(): boolean {
  const focused = document.activeElement;
  return focused?.getAttribute('role') === 'combobox' && focused.getAttribute('aria-expanded') === 'true';
}

export function useAutosave<T>({
  id,
  label = id,
  reveal,
  value,
  dirty,
  save,
  enabled = true,
  delayMs = autosaveDelayMs,
}: {
  id: string;
  /** How an unsaved-edits report names this part: 'Block 2: Hero – Cenote Nicte Ha'. */
  label?: string;
  /** Brings the part and its input into view, for the report's 'Show' button. */
  reveal?: () => void;
  value: T;
  dirty: boolean;
  save: (value: T, options: { keepalive: boolean }) => Promise<void>;
  enabled?: boolean;
  delayMs?: number;
}): { status: AutosaveStatus; flush: () => Promise<boolean>; error: string | null } {
  const registry = useAutosaveRegistry();
  const latest = useRef({ value, dirty, save, enabled, label, reveal });
  latest.current = { value, dirty, save, enabled, label, reveal };
  const [status, setStatus] = useState<AutosaveStatus>('idle');
  const [error, setErrorState] = useState<string | null>(null);
  const errorRef = useRef<string | null>(null);
  const statusRef = useRef<AutosaveStatus>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inflight = useRef<Promise<boolean> | null>(null);
  const attempts = useRef(0);
  const mounted = useRef(true);
  const setError = useCallback((next: string | null) => {
    errorRef.current = next;
    if (mounted.current) setErrorState(next);
  }, []);
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
          setError(null);
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
            setError(failure.message);
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
    [delayMs, update, setError],
  );

  const valueKey = JSON.stringify(value);
  useEffect(() => {
    // Back to what the server has (reverted by hand, or a conflict resolved by reloading): nothing
    // is waiting and nothing is refused, and the next edit is saved again.
    if (!dirty && (statusRef.current === 'pending' || statusRef.current === 'invalid')) update('idle');
    if (!dirty && enabled && statusRef.current === 'conflict') update('idle');
    if (!enabled || !dirty) return;
    // A new edit after a refusal is a new attempt: the editor changed what was refused.
    if (statusRef.current === 'invalid') update('pending');
    if (statusRef.current === 'conflict') return;
    if (statusRef.current !== 'saving' && statusRef.current !== 'retrying') update('pending');
    clearTimeout(timer.current);
    pendingSince.current ??= Date.now();
    const wait = Math.min(delayMs, Math.max(0, pendingSince.current + autosaveMaxWaitMs - Date.now()));
    const timed = () => {
      // Text typed to find a page ('safety') is a search, not yet a link: wait while its list is open.
      if (choosingFromList()) timer.current = setTimeout(timed, delayMs);
      else void run();
    };
    timer.current = setTimeout(timed, wait);
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
    registry.set(id, {
      status,
      flush: () => run(),
      current: () => ({
        status: statusRef.current,
        error: errorRef.current,
        label: latest.current.label,
        dirty: latest.current.dirty,
      }),
      reveal: () => latest.current.reveal?.(),
    });
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
