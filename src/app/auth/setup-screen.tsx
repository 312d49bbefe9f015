import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/field';
import { Spinner } from '../../shared/ui/spinner';
import { api, ApiError } from '../../shared/lib/api-client';
import { useSiteTitle } from '../lib/site-title';
import { AuthLayout, secondaryLinkClass } from './auth-layout';
import { messages, minimumPasswordLength, newPasswordIsValid } from './messages';
import { PasswordField } from './password-field';

/** /setup?token=…: creates the first admin account, once. */
export function SetupScreen() {
  const siteTitle = useSiteTitle();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [needed, setNeeded] = useState<boolean | null>(null);
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api
      .get<{ needed: boolean }>('/api/v1/setup')
      .then((result) => setNeeded(result.needed))
      .catch(() => setNeeded(false));
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPasswordIsValid(password, confirmPassword)) return;
    setBusy(true);
    try {
      await api.post('/api/v1/setup', { token, email, password, fullName });
      toast.success('Admin account created', { description: 'Welcome to the Content Management System.' });
      window.location.assign('/admin');
    } catch (error) {
      toast.error('Setup failed', { description: error instanceof ApiError ? error.message : messages.unexpected[1] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={siteTitle} subtitle="Create the first administrator account">
      {needed === null ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 py-6 text-sm text-stone-600 dark:text-stone-400"
        >
          <Spinner /> Checking…
        </p>
      ) : !needed ? (
        <div className="py-2 text-center text-sm leading-relaxed text-stone-700 dark:text-stone-300">
          <p>This site already has an administrator. Sign in with that account instead.</p>
          <a href="/auth" className={`mt-6 ${secondaryLinkClass}`}>
            Go to Sign In
          </a>
        </div>
      ) : !token ? (
        <p className="py-2 text-center text-sm leading-relaxed text-stone-700 dark:text-stone-300">
          Open the setup link from the server&apos;s log: it carries the one-time token that allows creating the first
          administrator account.
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField
            label="Full Name"
            autoComplete="name"
            value={fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            hint={`At least ${minimumPasswordLength} characters.`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
          <Button type="submit" busy={busy} className="w-full">
            Create admin account
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
