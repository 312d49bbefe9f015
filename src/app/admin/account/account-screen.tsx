import { useQuery } from '@tanstack/react-query';
import { ShieldAlert } from 'lucide-react';
import { fetchSession, type SessionUser } from '../../../shared/lib/api-client';
import { Spinner } from '../../../shared/ui/spinner';
import { SignInPolicyCard } from './sign-in-policy-card';
import { cardClass, TwoFactorCard } from './two-factor-card';

const roleNames: Record<SessionUser['role'], string> = { viewer: 'Viewer', editor: 'Editor', admin: 'Admin' };

/** /admin/account: who you are, and how you sign in (decision 39). */
export function AccountScreen() {
  const session = useQuery({ queryKey: ['session'], queryFn: fetchSession });
  const user = session.data?.user;
  if (!user) {
    return session.isPending ? <Spinner label="Loading your account" /> : null;
  }

  const details: Array<[string, string]> = [
    ['Name', user.fullName],
    ['E-mail', user.email],
    ['Role', roleNames[user.role]],
  ];

  return (
    <div className="max-w-3xl space-y-6">
      <h2 className="text-lg font-semibold text-stone-900 dark:text-stone-50">Account</h2>

      {user.two_factor_setup_required ? (
        <div
          role="alert"
          className="flex gap-3 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950 dark:text-amber-50 dark:ring-amber-800"
        >
          <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <div>
            <p className="font-semibold">Turn on two-factor sign-in to continue.</p>
            <p className="mt-1">
              An admin requires two-factor for everyone who edits this site. Until it is on for your account, the rest
              of the admin stays closed. It takes a minute with an authenticator app on your phone.
            </p>
          </div>
        </div>
      ) : null}

      <section aria-labelledby="profile-title" className={cardClass}>
        <h3 id="profile-title" className="sr-only">
          Profile
        </h3>
        <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-2 text-sm">
          {details.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-stone-500 dark:text-stone-400">{label}</dt>
              <dd className="font-medium break-words text-stone-900 dark:text-stone-50">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="security-title" className="space-y-4">
        <h3 id="security-title" className="text-base font-semibold text-stone-900 dark:text-stone-50">
          Security
        </h3>
        <TwoFactorCard user={user} />
        {user.role === 'admin' && !user.two_factor_setup_required ? (
          <SignInPolicyCard ownTwoFactor={user.two_factor_enabled === true} />
        ) : null}
      </section>
    </div>
  );
}
