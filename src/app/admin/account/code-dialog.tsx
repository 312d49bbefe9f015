import * as Dialog from '@radix-ui/react-dialog';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { MediaDialog } from '../media/media-dialog';

/**
 * Asks for a code before a change to two-factor (turning it off, new recovery codes): one from
 * the app or a recovery code. The server's refusal is shown under the field; the dialog stays.
 */
export function CodeDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  danger = false,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  /** Resolves when the change is done; a rejection's message goes under the field. */
  onSubmit: (code: string) => Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setCode('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError('Enter a code from your app or one of your recovery codes.');
      return;
    }
    setBusy(true);
    try {
      await onSubmit(code);
      close(false);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status < 500 ? failure.message : 'That did not work. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <MediaDialog open={open} onOpenChange={close} title={title} description={description} width="28rem" locked={busy}>
      <form onSubmit={submit} className="space-y-4" noValidate>
        <TextField
          label="Code from your app or a recovery code"
          value={code}
          autoFocus
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="off"
          maxLength={12}
          className="[&_input]:font-mono [&_input]:tracking-widest"
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
        <div className="flex justify-end gap-2">
          <Dialog.Close asChild>
            <Button variant="secondary" disabled={busy}>
              Cancel
            </Button>
          </Dialog.Close>
          <Button type="submit" variant={danger ? 'danger' : 'primary'} busy={busy}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </MediaDialog>
  );
}
