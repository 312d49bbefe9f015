import { LogOut, Settings, UserRound } from 'lucide-react';
import { useEffect, useState } from 'react';
import { api, fetchSession, type SessionUser } from '../../shared/lib/api-client';

/**
 * The visitor's account, read after hydration: public pages are cached for everyone, so who
 * is signed in is never part of their HTML.
 */
export interface AccountState {
  status: 'loading' | 'ready';
  user: SessionUser | null;
}

export function useAccount(): AccountState {
  const [state, setState] = useState<AccountState>({ status: 'loading', user: null });
  useEffect(() => {
    let cancelled = false;
    fetchSession()
      .then((session) => !cancelled && setState({ status: 'ready', user: session.user }))
      .catch(() => !cancelled && setState({ status: 'ready', user: null }));
    return () => {
      cancelled = true;
    };
  }, []);
  return state;
}

export function AccountMenu({ currentPath, state }: { currentPath: string; state: AccountState }) {
  if (state.status === 'loading') return <span className="inline-block w-16" aria-hidden="true" />;
  if (!state.user) {
    return (
      <a
        href={`/auth?next=${encodeURIComponent(currentPath)}`}
        className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold text-stone-700 hover:bg-lagoon-50 dark:text-stone-200 dark:hover:bg-white/5"
      >
        <UserRound aria-hidden="true" className="size-4" />
        Sign In
      </a>
    );
  }
  const user = state.user;
  const staff = user.role === 'admin' || user.role === 'editor';
  return (
    <div className="flex items-center gap-1 text-sm">
      <span
        className="hidden max-w-40 truncate px-2 font-medium text-stone-700 xl:inline dark:text-stone-200"
        title={user.email}
      >
        {user.fullName}
      </span>
      {staff ? (
        <a
          href="/admin"
          className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 font-semibold text-lagoon-800 hover:bg-lagoon-50 dark:text-lagoon-200 dark:hover:bg-white/5"
        >
          <Settings aria-hidden="true" className="size-4" />
          Admin
        </a>
      ) : null}
      <button
        type="button"
        onClick={() => {
          void api.post('/api/v1/auth/sign-out').finally(() => window.location.reload());
        }}
        className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 font-semibold text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-white/5"
      >
        <LogOut aria-hidden="true" className="size-4" />
        Sign Out
      </button>
    </div>
  );
}
