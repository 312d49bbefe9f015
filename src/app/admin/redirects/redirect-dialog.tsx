import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { LinkField } from '../../../features/blocks/link-field';
import { api, ApiError } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { ChoiceField } from '../../../shared/ui/choice-field';
import { FieldFrame, inputClass } from '../../../shared/ui/field';
import { ConflictNotice } from '../settings/conflict-notice';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { mayDiscard, useUnsavedGuard } from '../ui/use-unsaved-guard';
import { findRedirect, statusLabels, type RedirectDto, type RedirectStatus } from './redirects-api';

interface RedirectForm {
  from: string;
  to: string;
  status: RedirectStatus;
}

type FieldName = keyof RedirectForm;

const emptyForm: RedirectForm = { from: '', to: '', status: 301 };
const formOf = (redirect: RedirectDto | null): RedirectForm =>
  redirect ? { from: redirect.from, to: redirect.to, status: redirect.status } : emptyForm;

const fromId = 'redirect-from';
const toId = 'redirect-to';
const conflictId = 'redirect-conflict';
const submitId = 'redirect-submit';

/**
 * Where the keyboard goes after a refused save (the busy Save button was disabled, which drops the
 * focus): the field the server named, the conflict's Reload, or Save again.
 */
type FocusTarget = FieldName | 'conflict' | 'submit';
const focusSelectors: Record<FocusTarget, string> = {
  from: `#${fromId}`,
  to: `#${toId}`,
  status: 'input[name="redirect-status"]:checked',
  conflict: `#${conflictId} button`,
  submit: `#${submitId}`,
};

const statusOptions = ([301, 302] as const).map((value) => ({
  value,
  label: `${value} ${statusLabels[value]}`,
}));

function isFieldName(field: string | undefined): field is FieldName {
  return field === 'from' || field === 'to' || field === 'status';
}

/**
 * 'Add redirect' (no redirect) or 'Edit redirect': from, to (a path, a page found by title, or an
 * address elsewhere) and the type. The server checks everything; its message appears under the
 * field it names and the dialog keeps what was typed.
 */
export function RedirectDialog({
  open,
  redirect,
  onOpenChange,
  onSaved,
  onGone,
  onCloseAutoFocus,
}: {
  open: boolean;
  /** The redirect to edit; null to add one. */
  redirect: RedirectDto | null;
  onOpenChange: (open: boolean) => void;
  /** After a save, before the dialog closes (the screen refreshes its list and picks the focus). */
  onSaved: (saved: RedirectDto) => Promise<void>;
  /** The redirect being edited was deleted by someone else. */
  onGone: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const [base, setBase] = useState<RedirectDto | null>(redirect);
  const [form, setForm] = useState<RedirectForm>(emptyForm);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [focusTarget, setFocusTarget] = useState<FocusTarget | null>(null);
  const [conflict, setConflict] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reloading, setReloading] = useState(false);

  useEffect(() => {
    if (!open) return;
    setBase(redirect);
    setForm(formOf(redirect));
    setErrors({});
    setConflict(false);
  }, [open, redirect]);

  useEffect(() => {
    if (!focusTarget) return;
    document.querySelector<HTMLElement>(focusSelectors[focusTarget])?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const initial = formOf(base);
  const dirty =
    open && !busy && (form.from !== initial.from || form.to !== initial.to || form.status !== initial.status);
  useUnsavedGuard(dirty);
  const close = async (next: boolean) => {
    if (!next && !(await mayDiscard(dirty))) return;
    onOpenChange(next);
  };

  const set = <K extends FieldName>(key: K, value: RedirectForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (base && !dirty) {
      onOpenChange(false);
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      let saved: RedirectDto;
      if (base) {
        // Only what changed (decision 45): an untouched field stays as the server has it.
        const changes: Partial<RedirectForm> = {};
        if (form.from !== initial.from) changes.from = form.from;
        if (form.to !== initial.to) changes.to = form.to;
        if (form.status !== initial.status) changes.status = form.status;
        ({ redirect: saved } = await api.patch<{ redirect: RedirectDto }>(`/api/v1/redirects/${base.id}`, {
          ...changes,
          version: base.version,
        }));
        toastSuccess('Redirect saved', `${saved.from} now leads to ${saved.to}.`);
      } else {
        ({ redirect: saved } = await api.post<{ redirect: RedirectDto }>('/api/v1/redirects', form));
        toastSuccess('Redirect added', `${saved.from} now leads to ${saved.to}.`);
      }
      await onSaved(saved);
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'version_conflict') {
        setConflict(true);
        setFocusTarget('conflict');
      } else if (base && error instanceof ApiError && error.status === 404) {
        toast.error('Error', { description: `The redirect from ${base.from} was deleted by someone else.` });
        onGone();
      } else if (error instanceof ApiError && isFieldName(error.field)) {
        setErrors({ [error.field]: error.message });
        setFocusTarget(error.field);
      } else {
        toastFailure(base ? 'Failed to save the redirect.' : 'Failed to add the redirect.', error);
        setFocusTarget('submit');
      }
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    if (!base) return;
    setReloading(true);
    try {
      const fresh = await findRedirect(base.id, base.from);
      if (!fresh) {
        toast.error('Error', { description: `The redirect from ${base.from} was deleted by someone else.` });
        onGone();
        return;
      }
      setBase(fresh);
      setForm(formOf(fresh));
      setErrors({});
      setConflict(false);
      setFocusTarget('from');
    } catch (error) {
      toastFailure('Failed to reload the redirect.', error);
    } finally {
      setReloading(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => void close(next)}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[min(94vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-2xl dark:bg-abyss-900"
        >
          <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">
            {base ? 'Edit redirect' : 'Add redirect'}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {base?.source === 'slug_change'
              ? 'Added when a published page was renamed. Once you change it, it counts as added by hand.'
              : 'Visitors who open the old address are sent on to the new one.'}
          </Dialog.Description>
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
            {conflict ? (
              <div id={conflictId}>
                <ConflictNotice onReload={() => void reload()} />
              </div>
            ) : null}
            <FieldFrame
              label="From"
              id={fromId}
              className=""
              error={errors.from}
              hint="The old address: a path on this site, e.g. /old-page. Letter case and a trailing / do not matter."
            >
              {(wiring) => (
                <input
                  {...wiring}
                  type="text"
                  inputMode="url"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={500}
                  placeholder="/old-page"
                  value={form.from}
                  onChange={(event) => set('from', event.target.value)}
                  className={`${inputClass} font-mono`}
                />
              )}
            </FieldFrame>
            <LinkField
              id={toId}
              label="To"
              value={form.to}
              onChange={(value) => set('to', value)}
              error={errors.to}
              placeholder="/new-page"
              hint="Or type a path like /new-page, or a full https:// address for another site."
            />
            <ChoiceField
              legend="Type"
              idPrefix="redirect-status"
              value={form.status}
              options={statusOptions}
              onChange={(value) => set('status', value)}
              error={errors.status}
              hint="Permanent: the page has moved for good, and search engines move its ranking along. Temporary: it will come back."
            />
            <div className="flex flex-wrap justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button id={submitId} type="submit" busy={busy || reloading}>
                {base ? 'Save redirect' : 'Add redirect'}
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
