import { useQueryClient } from '@tanstack/react-query';
import { Copy, ShieldCheck, ShieldOff } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { api, ApiError, type SessionUser } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { CodeDialog } from './code-dialog';
import { copyText, RecoveryCodesPanel } from './recovery-codes-panel';

export const cardClass = 'rounded-xl border border-stone-200 bg-white p-5 dark:border-white/10 dark:bg-abyss-900';

interface SetupData {
  secret: string;
  otpauth_url: string;
  qr_svg: string;
}

type Panel =
  | { kind: 'closed' }
  | { kind: 'starting' }
  | { kind: 'setup'; setup: SetupData }
  | { kind: 'codes'; codes: string[]; title: string };

/** `ABCD EFGH …`: easier to type into an app by hand than 32 letters in a row. */
const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** Two-factor sign-in for the signed-in person: its status, turning it on and off, new recovery codes. */
export function TwoFactorCard({ user }: { user: SessionUser }) {
  const queryClient = useQueryClient();
  const [panel, setPanel] = useState<Panel>({ kind: 'closed' });
  const [dialog, setDialog] = useState<'disable' | 'renew' | null>(null);
  const enabled = user.two_factor_enabled === true;
  const refreshSession = () => queryClient.invalidateQueries({ queryKey: ['session'] });

  const start = async () => {
    setPanel({ kind: 'starting' });
    try {
      setPanel({ kind: 'setup', setup: await api.post<SetupData>('/api/v1/auth/2fa/setup') });
    } catch (error) {
      setPanel({ kind: 'closed' });
      toastFailure('Starting two-factor setup failed.', error);
    }
  };

  const disable = async (code: string) => {
    await api.post('/api/v1/auth/2fa/disable', { code });
    setPanel({ kind: 'closed' });
    await refreshSession();
    toastSuccess('Two-factor is off', 'Your password alone signs you in now.');
  };

  const renew = async (code: string) => {
    const answer = await api.post<{ recovery_codes: string[] }>('/api/v1/auth/2fa/recovery-codes', { code });
    setPanel({ kind: 'codes', codes: answer.recovery_codes, title: 'New recovery codes' });
  };

  return (
    <section aria-labelledby="two-factor-title" className={cardClass}>
      <div className="flex flex-wrap items-start gap-3">
        {enabled ? (
          <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" />
        ) : (
          <ShieldOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-stone-500" />
        )}
        <div className="min-w-0 flex-1">
          <h4 id="two-factor-title" className="flex flex-wrap items-center gap-2 text-sm font-semibold">
            Two-factor sign-in
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                enabled
                  ? 'bg-emerald-50 text-emerald-800 ring-1 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-200 dark:ring-emerald-800'
                  : 'bg-stone-100 text-stone-700 ring-1 ring-stone-200 dark:bg-white/5 dark:text-stone-300 dark:ring-white/10'
              }`}
            >
              {enabled ? 'On' : 'Off'}
            </span>
          </h4>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
            {enabled
              ? 'Signing in takes your password and a code from your authenticator app (or a recovery code).'
              : 'Add a second step to signing in: a 6-digit code from an authenticator app on your phone, so a stolen password alone is not enough.'}
          </p>
        </div>
        {panel.kind === 'closed' || panel.kind === 'starting' ? (
          <div className="flex w-full flex-wrap gap-2 sm:w-auto">
            {enabled ? (
              <>
                <Button variant="secondary" size="sm" onClick={() => setDialog('renew')}>
                  New recovery codes
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setDialog('disable')}>
                  Turn off two-factor
                </Button>
              </>
            ) : (
              <Button size="sm" busy={panel.kind === 'starting'} onClick={() => void start()}>
                Turn on two-factor
              </Button>
            )}
          </div>
        ) : null}
      </div>

      {panel.kind === 'setup' ? (
        <div className="mt-5 border-t border-stone-100 pt-5 dark:border-white/5">
          <SetupPanel
            setup={panel.setup}
            onCancel={() => setPanel({ kind: 'closed' })}
            onEnabled={(codes) => {
              setPanel({ kind: 'codes', codes, title: 'Two-factor is on' });
              void refreshSession();
            }}
          />
        </div>
      ) : null}
      {panel.kind === 'codes' ? (
        <div className="mt-5 border-t border-stone-100 pt-5 dark:border-white/5">
          <p role="status" className="mb-3 text-sm font-medium text-emerald-800 dark:text-emerald-300">
            {panel.title}.
          </p>
          <RecoveryCodesPanel
            codes={panel.codes}
            email={user.email}
            onDone={() => {
              setPanel({ kind: 'closed' });
              void refreshSession();
            }}
          />
        </div>
      ) : null}

      <CodeDialog
        open={dialog === 'disable'}
        onOpenChange={(open) => setDialog(open ? 'disable' : null)}
        title="Turn off two-factor"
        description="Enter a code from your authenticator app, or one of your recovery codes. Your recovery codes stop working too."
        confirmLabel="Turn off"
        danger
        onSubmit={disable}
      />
      <CodeDialog
        open={dialog === 'renew'}
        onOpenChange={(open) => setDialog(open ? 'renew' : null)}
        title="New recovery codes"
        description="Enter a code from your authenticator app, or one of your recovery codes. The codes you have now stop working."
        confirmLabel="Make new codes"
        onSubmit={renew}
      />
    </section>
  );
}

/** Scan (or type the key), then confirm with the first code the app shows. */
function SetupPanel({
  setup,
  onCancel,
  onEnabled,
}: {
  setup: SetupData;
  onCancel: () => void;
  onEnabled: (codes: string[]) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s/g, ''))) {
      setError('Enter the 6-digit code your app shows.');
      return;
    }
    setBusy(true);
    try {
      const answer = await api.post<{ recovery_codes: string[] }>('/api/v1/auth/2fa/enable', { code });
      onEnabled(answer.recovery_codes);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status < 500 ? failure.message : 'That did not work. Please try again.',
      );
      setBusy(false);
    }
  };

  return (
    <form onSubmit={confirm} noValidate aria-labelledby="setup-title" className="space-y-5">
      <h4 id="setup-title" className="text-sm font-semibold text-stone-900 dark:text-stone-50">
        Set up your authenticator app
      </h4>
      <div className="flex flex-col gap-5 sm:flex-row">
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
          alt="QR code to scan with your authenticator app; it holds the setup key shown beside it"
          width={176}
          height={176}
          className="size-44 shrink-0 self-center rounded-lg bg-white p-2 ring-1 ring-stone-200 sm:self-start"
        />
        <ol className="min-w-0 list-decimal space-y-3 pl-5 text-sm text-stone-700 dark:text-stone-300">
          <li>Open an authenticator app on your phone (any app for time-based codes works) and scan the QR code.</li>
          <li>
            Can&apos;t scan? Add an account by hand with this setup key:
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <code
                aria-label="Setup key"
                className="rounded-md bg-stone-100 px-2 py-1 font-mono text-sm tracking-wider break-all text-stone-900 dark:bg-abyss-950 dark:text-stone-100"
              >
                {groupedSecret(setup.secret)}
              </code>
              <Button
                variant="secondary"
                size="sm"
                icon={<Copy aria-hidden="true" className="size-4" />}
                onClick={() => void copyText(setup.secret, 'The setup key is on your clipboard.')}
              >
                Copy
              </Button>
            </div>
          </li>
          <li>Enter the 6-digit code the app shows for Cenote Atlas.</li>
        </ol>
      </div>
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2">
        <TextField
          label="6-digit code"
          value={code}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          className="w-40 [&_input]:font-mono [&_input]:tracking-widest"
          onChange={(event) => {
            setCode(event.target.value);
            setError(undefined);
          }}
          error={error}
        />
        {/* Level with the input, below its label, whether or not an error shows under it. */}
        <div className="flex gap-2 sm:mt-[26px]">
          <Button type="submit" busy={busy}>
            Confirm
          </Button>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}
