import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Button } from '../../shared/ui/button';
import { Spinner } from '../../shared/ui/spinner';
import { api, ApiError } from '../../shared/lib/api-client';
import { useSiteTitle } from '../lib/site-title';
import { AuthLayout, secondaryLinkClass } from './auth-layout';
import { messages, minimumPasswordLength, newPasswordIsValid } from './messages';
import { PasswordField } from './password-field';

/** /auth/reset-password?token=…: choose a new password with the link from the e-mail. */
export function ResetPasswordScreen() {
  const siteTitle = useSiteTitle();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [token, setToken] = useState<string | null>(null);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const rawToken = params.get('token');

  useEffect(() => {
    if (!rawToken) {
      // The id keeps a re-run effect (React's StrictMode) from stacking the same toast twice.
      toast.error(messages.invalidLink[0], { id: 'invalid-reset-link', description: messages.invalidLink[1] });
      void navigate('/auth', { replace: true });
      return;
    }
    setToken(rawToken);
  }, [rawToken, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) {
      toast.error(messages.invalidToken[0], { description: messages.invalidToken[1] });
      return;
    }
    if (!newPasswordIsValid(password, confirmPassword)) return;
    setBusy(true);
    try {
      await api.post('/api/v1/auth/reset-password', { token, newPassword: password });
      toast.success(messages.passwordUpdated[0], { description: messages.passwordUpdated[1] });
      // Replaced: the used link is not worth going back to.
      void navigate('/auth', { replace: true });
    } catch (error) {
      if (error instanceof ApiError)
        toast.error(messages.updateFailed, { description: error.message || messages.updateFailedDefault });
      else toast.error(messages.updateFailed, { description: messages.unexpectedRetry });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout title={siteTitle} subtitle="Choose a new password">
      {token === null ? (
        <p
          role="status"
          className="flex items-center justify-center gap-2 py-6 text-sm text-stone-600 dark:text-stone-400"
        >
          <Spinner /> Validating reset link...
        </p>
      ) : (
        <form onSubmit={submit} className="space-y-4" noValidate>
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            hint={`At least ${minimumPasswordLength} characters.`}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            value={confirmPassword}
            onChange={(event) => setConfirmPassword(event.target.value)}
          />
          <div className="space-y-3 pt-1">
            <Button type="submit" busy={busy} className="w-full">
              Update Password
            </Button>
            <Link to="/auth" className={secondaryLinkClass}>
              Back to Sign In
            </Link>
          </div>
        </form>
      )}
    </AuthLayout>
  );
}
