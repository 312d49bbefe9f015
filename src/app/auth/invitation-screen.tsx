import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { api, ApiError } from '../../shared/lib/api-client';
import { setFlashToast } from '../../shared/lib/flash-toast';
import { Button } from '../../shared/ui/button';
import { TextField } from '../../shared/ui/field';
import { Spinner } from '../../shared/ui/spinner';
import { useSiteTitle } from '../lib/site-title';
import { AuthLayout, secondaryLinkClass } from './auth-layout';
import { minimumPasswordLength } from './messages';
import { PasswordField } from './password-field';

type Role = 'viewer' | 'editor' | 'admin';

const roleText: Record<Role, string> = {
  admin: 'You are invited as an admin.',
  editor: 'You are invited as an editor.',
  viewer: 'You are invited to create an account.',
};

const noLongerValid = 'This invitation link is no longer valid. Ask for a new one.';

type Lookup =
  { state: 'checking' } | { state: 'valid'; email: string; role: Role } | { state: 'invalid'; message: string };

/** /auth/invitation?token=…: the invitee chooses a name and password and is signed in. */
export function InvitationScreen() {
  const siteTitle = useSiteTitle();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [lookup, setLookup] = useState<Lookup>({ state: 'checking' });
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ fullName?: string; password?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    if (!token) {
      setLookup({ state: 'invalid', message: noLongerValid });
      return;
    }
    api
      .get<{ email: string; role: Role }>(`/api/v1/auth/invitation?token=${encodeURIComponent(token)}`)
      .then((answer) => !cancelled && setLookup({ state: 'valid', ...answer }))
      .catch((error: unknown) => {
        if (cancelled) return;
        const message =
          error instanceof ApiError && error.status < 500 ? error.message : 'The invitation could not be checked.';
        setLookup({ state: 'invalid', message });
      });
    return () => {
      cancelled = true;
    };
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: typeof errors = {};
    if (!fullName.trim()) found.fullName = 'Please enter your name.';
    if (password.length < minimumPasswordLength) {
      found.password = `Password must be at least ${minimumPasswordLength} characters long.`;
    }
    setErrors(found);
    if (found.fullName || found.password) return;
    setBusy(true);
    try {
      const { user } = await api.post<{ user: { role: Role } }>('/api/v1/auth/accept-invitation', {
        token,
        fullName,
        password,
      });
      setFlashToast({ type: 'success', title: `Welcome to ${siteTitle}!`, description: 'Your account is ready.' });
      // A full page load, so the server's /admin guard and the public header see the new session.
      window.location.assign(user.role === 'viewer' ? '/' : '/admin');
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && (error.field === 'fullName' || error.field === 'password')) {
        setErrors({ [error.field]: error.message });
        return;
      }
      if (error instanceof ApiError && error.code === 'invalid_token') {
        setLookup({ state: 'invalid', message: error.message });
        return;
      }
      toast.error('Could not create the account', {
        description: error instanceof ApiError ? error.message : 'An unexpected error occurred. Please try again.',
      });
    }
  };

  return (
    <AuthLayout
      title={`Join ${siteTitle}`}
      homeLink={false}
      subtitle={lookup.state === 'valid' ? roleText[lookup.role] : 'Accept your invitation'}
    >
      {lookup.state === 'checking' ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 py-6 text-sm text-stone-600 dark:text-stone-400"
        >
          <Spinner /> Checking the invitation…
        </p>
      ) : lookup.state === 'invalid' ? (
        <div className="py-2 text-center text-sm leading-relaxed text-stone-700 dark:text-stone-300">
          <p role="alert">{lookup.message}</p>
          <a href="/auth" className={`mt-6 ${secondaryLinkClass}`}>
            Go to Sign In
          </a>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <TextField
            label="Email"
            type="email"
            autoComplete="username"
            value={lookup.email}
            readOnly
            hint="The address the invitation was sent to."
            className="[&_input]:bg-stone-50 [&_input]:text-stone-700"
          />
          <TextField
            label="Full Name"
            autoComplete="name"
            required
            value={fullName}
            error={errors.fullName}
            onChange={(event) => setFullName(event.target.value)}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            required
            hint={`At least ${minimumPasswordLength} characters.`}
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Button type="submit" busy={busy} className="w-full">
            Create account
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
