import { ShieldCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../shared/lib/api-client';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/field';
import { messages } from './messages';

type Mode = 'app' | 'recovery';

const copy: Record<Mode, { label: string; intro: string; switchTo: string }> = {
  app: {
    label: 'Two-factor code',
    intro: 'Open your authenticator app and enter the 6-digit code it shows for this site.',
    switchTo: 'Use a recovery code instead',
  },
  recovery: {
    label: 'Recovery code',
    intro: 'Enter one of the recovery codes you saved when you turned on two-factor. Each works once.',
    switchTo: 'Use a code from your app instead',
  },
};

/**
 * The second step of signing in (decision 39), shown in place of the password form once the
 * password was right. `onExpired` goes back to the first step with the server's sentence: the
 * challenge is gone (too slow, or too many wrong codes) and only the password starts a new one.
 */
export function TwoFactorStep({
  onSignedIn,
  onBack,
  onExpired,
}: {
  onSignedIn: () => void;
  onBack: () => void;
  onExpired: (message: string) => void;
}) {
  const [mode, setMode] = useState<Mode>('app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') {
      setError(mode === 'app' ? 'Enter the 6-digit code from your app.' : 'Enter one of your recovery codes.');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await api.post('/api/v1/auth/2fa/verify', { code });
      onSignedIn();
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.code === 'two_factor_expired') {
        onExpired(failure.message);
        return;
      }
      setError(failure instanceof ApiError && failure.status < 500 ? failure.message : messages.unexpectedRetry);
    }
  };

  const switchMode = () => {
    setMode((current) => (current === 'app' ? 'recovery' : 'app'));
    setCode('');
    setError(undefined);
  };

  const text = copy[mode];
  return (
    <form onSubmit={submit} className="space-y-4" noValidate aria-labelledby="two-factor-heading">
      <div className="flex gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-lagoon-700 dark:text-lagoon-300" />
        <div>
          <h2 id="two-factor-heading" className="text-base font-semibold text-stone-900 dark:text-stone-50">
            Two-factor sign-in
          </h2>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">{text.intro}</p>
        </div>
      </div>
      <TextField
        // A new field for each mode, so the browser's one-time-code filling and focus start fresh.
        key={mode}
        label={text.label}
        value={code}
        autoFocus
        required
        spellCheck={false}
        autoCapitalize="off"
        maxLength={mode === 'app' ? 7 : 12}
        inputMode={mode === 'app' ? 'numeric' : 'text'}
        autoComplete={mode === 'app' ? 'one-time-code' : 'off'}
        pattern={mode === 'app' ? '[0-9 ]*' : undefined}
        placeholder={mode === 'recovery' ? 'xxxx-xxxx' : undefined}
        className="[&_input]:font-mono [&_input]:tracking-widest"
        onChange={(event) => {
          setCode(event.target.value);
          setError(undefined);
        }}
        error={error}
      />
      <Button type="submit" busy={busy} className="w-full">
        Verify
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <button
          type="button"
          onClick={switchMode}
          className="rounded text-sm font-medium text-lagoon-700 underline-offset-2 hover:underline dark:text-lagoon-300"
        >
          {text.switchTo}
        </button>
        <Button variant="ghost" size="sm" onClick={onBack} disabled={busy}>
          Back
        </Button>
      </div>
    </form>
  );
}
