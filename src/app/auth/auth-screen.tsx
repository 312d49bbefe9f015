import * as Tabs from '@radix-ui/react-tabs';
import { MailWarning } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { TextField } from '../../shared/ui/field';
import { Button } from '../../shared/ui/button';
import { api, ApiError, fetchSession, safeNext } from '../../shared/lib/api-client';
import { setFlashToast } from '../../shared/lib/flash-toast';
import { useSiteTitle } from '../lib/site-title';
import { AuthLayout } from './auth-layout';
import { messages, minimumPasswordLength, newPasswordIsValid } from './messages';
import { PasswordField } from './password-field';
import { TwoFactorStep } from './two-factor-step';

type Tab = 'signin' | 'signup' | 'reset';

const tabClass =
  'flex-1 rounded-md px-3 py-1.5 text-sm font-semibold text-stone-600 transition data-[state=active]:bg-white data-[state=active]:text-stone-900 data-[state=active]:shadow-sm dark:text-stone-400 dark:data-[state=active]:bg-abyss-800 dark:data-[state=active]:text-stone-50';

function showFailure(title: string, error: unknown) {
  if (error instanceof ApiError) toast.error(title, { description: error.message });
  else toast.error(messages.unexpected[0], { description: messages.unexpected[1] });
}

/**
 * /auth: Sign In (default), Sign Up and Reset. A signed-in visitor is sent on to `next` or /.
 * The e-mail address is shared by the three tabs, so switching tabs never loses it.
 */
export function AuthScreen() {
  const siteTitle = useSiteTitle();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const [tab, setTab] = useState<Tab>('signin');
  const [checking, setChecking] = useState(true);
  const [email, setEmail] = useState('');

  useEffect(() => {
    let cancelled = false;
    fetchSession()
      .then((session) => {
        if (cancelled) return;
        if (session.user) window.location.replace(next);
        else setChecking(false);
      })
      .catch(() => !cancelled && setChecking(false));
    return () => {
      cancelled = true;
    };
  }, [next]);

  return (
    <AuthLayout title={siteTitle} subtitle="Access your diving experience">
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <Tabs.List aria-label="Account" className="flex gap-1 rounded-lg bg-stone-100 p-1 dark:bg-abyss-950">
          <Tabs.Trigger value="signin" className={tabClass}>
            Sign In
          </Tabs.Trigger>
          <Tabs.Trigger value="signup" className={tabClass}>
            Sign Up
          </Tabs.Trigger>
          <Tabs.Trigger value="reset" className={tabClass}>
            Reset
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="signin" className="mt-6 focus-visible:outline-none">
          <SignInForm
            next={next}
            disabled={checking}
            email={email}
            onEmailChange={setEmail}
            onForgot={() => setTab('reset')}
          />
        </Tabs.Content>
        <Tabs.Content value="signup" className="mt-6 focus-visible:outline-none">
          <SignUpForm email={email} onEmailChange={setEmail} onDone={() => setTab('signin')} />
        </Tabs.Content>
        <Tabs.Content value="reset" className="mt-6 focus-visible:outline-none">
          <ResetRequestForm email={email} onEmailChange={setEmail} />
        </Tabs.Content>
      </Tabs.Root>
    </AuthLayout>
  );
}

interface EmailProps {
  email: string;
  onEmailChange: (email: string) => void;
}

function SignInForm({
  next,
  disabled,
  email,
  onEmailChange,
  onForgot,
}: EmailProps & { next: string; disabled: boolean; onForgot: () => void }) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [unverified, setUnverified] = useState(false);
  const [resending, setResending] = useState(false);
  const [codeStep, setCodeStep] = useState(false);

  const signedIn = () => {
    // A full page load: the server guards /admin itself, and the public header reads the new
    // session. The landing page shows the toast; the button stays busy until it does.
    setFlashToast({ type: 'success', title: messages.welcomeBack[0], description: messages.welcomeBack[1] });
    window.location.assign(next);
  };

  const startAgain = () => {
    setCodeStep(false);
    setPassword('');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setUnverified(false);
    try {
      const answer = await api.post<{ two_factor_required?: boolean }>('/api/v1/auth/sign-in', { email, password });
      if (answer.two_factor_required) {
        setBusy(false);
        setCodeStep(true);
        return;
      }
      signedIn();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'email_not_verified') setUnverified(true);
      showFailure(messages.signInFailed, error);
      setBusy(false);
    }
  };

  const resend = async () => {
    setResending(true);
    try {
      const result = await api.post<{ message: string }>('/api/v1/auth/resend-verification', { email });
      toast.success('Verification e-mail sent', { description: result.message });
    } catch (error) {
      showFailure('Could not send the e-mail', error);
    } finally {
      setResending(false);
    }
  };

  if (codeStep) {
    return (
      <TwoFactorStep
        onSignedIn={signedIn}
        onBack={startAgain}
        onExpired={(message) => {
          startAgain();
          toast.error(messages.signInFailed, { description: message });
        }}
      />
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
      />
      <div>
        <PasswordField
          label="Password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <div className="mt-1.5 flex justify-end">
          <button
            type="button"
            onClick={onForgot}
            className="rounded text-sm font-medium text-lagoon-700 underline-offset-2 hover:underline dark:text-lagoon-300"
          >
            Forgot your password?
          </button>
        </div>
      </div>
      {unverified ? (
        <div className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950 dark:text-amber-50 dark:ring-amber-800">
          <MailWarning aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p>Your e-mail address is not verified yet. Open the link we sent you, or get a new one.</p>
            <Button variant="secondary" size="sm" busy={resending} onClick={resend} className="mt-2">
              Send the verification e-mail again
            </Button>
          </div>
        </div>
      ) : null}
      <Button type="submit" busy={busy} disabled={disabled} className="w-full">
        Sign In
      </Button>
    </form>
  );
}

function SignUpForm({ email, onEmailChange, onDone }: EmailProps & { onDone: () => void }) {
  const [fullName, setFullName] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!newPasswordIsValid(password, confirmPassword)) return;
    setBusy(true);
    try {
      await api.post('/api/v1/auth/sign-up', { email, password, fullName });
      toast.success(messages.accountCreated[0], { description: messages.accountCreated[1] });
      setPassword('');
      setConfirmPassword('');
      onDone();
    } catch (error) {
      showFailure(messages.signUpFailed, error);
    } finally {
      setBusy(false);
    }
  };

  return (
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
        required
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
      />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint={`At least ${minimumPasswordLength} characters.`}
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        required
        value={confirmPassword}
        onChange={(event) => setConfirmPassword(event.target.value)}
      />
      <Button type="submit" busy={busy} className="w-full">
        Sign Up
      </Button>
    </form>
  );
}

function ResetRequestForm({ email, onEmailChange }: EmailProps) {
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      toast.error(messages.emailRequired[0], { description: messages.emailRequired[1] });
      return;
    }
    setBusy(true);
    try {
      await api.post('/api/v1/auth/reset-request', { email });
      toast.success(messages.resetSent[0], { description: messages.resetSent[1] });
    } catch (error) {
      showFailure(messages.resetFailed, error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <p className="text-sm text-stone-600 dark:text-stone-400">
        Enter your account's e-mail and we'll send you a link to choose a new password.
      </p>
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => onEmailChange(event.target.value)}
      />
      <Button type="submit" busy={busy} className="w-full">
        Send Reset Email
      </Button>
    </form>
  );
}
