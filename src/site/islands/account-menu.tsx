import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type * as Sonner from 'sonner';
import { api, fetchSession, type SessionUser } from '../../shared/lib/api-client';
import { takeFlashToast, toasterSettings, type FlashToast } from '../../shared/lib/flash-toast';

/**
 * The account area's words in the page's language (the server builds them from the site's
 * catalog). `menuLabel` holds `{name}` where the signed-in person's name goes.
 */
export interface AccountStrings {
  signIn: string;
  signedInAs: string;
  menuLabel: string;
  admin: string;
  signOut: string;
}

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

/** One or two letters for the avatar: initials of the name, or the e-mail's first letter. */
export function initialsOf(name: string): string {
  const words = name.includes('@') ? [name] : name.trim().split(/\s+/);
  const letters = words
    .slice(0, 2)
    .map((word) => word[0] ?? '')
    .join('');
  return (letters || '?').toUpperCase();
}

function Avatar({ name, className = 'size-8 text-xs' }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-flex shrink-0 items-center justify-center rounded-full bg-lagoon-700 font-semibold text-white dark:bg-lagoon-300 dark:text-abyss-950 ${className}`}
    >
      {initialsOf(name)}
    </span>
  );
}

function useSignOut() {
  const [busy, setBusy] = useState(false);
  const signOut = () => {
    setBusy(true);
    void api.post('/api/v1/auth/sign-out').finally(() => window.location.reload());
  };
  return { busy, signOut };
}

const itemClass =
  'flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm font-medium whitespace-nowrap text-stone-700 transition hover:bg-lagoon-50 hover:text-lagoon-900 disabled:opacity-60 dark:text-stone-200 dark:hover:bg-white/5 dark:hover:text-white';

/**
 * The header's account area. `bar` (desktop): a Sign In link, or an avatar button that opens
 * a small panel with the name, the e-mail, Admin (staff only) and Sign Out; the nav needs the
 * room, so the name is not spelled out in the bar. `menu` (mobile menu): everything inline.
 */
export function AccountMenu({
  currentPath,
  state,
  strings,
  layout = 'bar',
}: {
  currentPath: string;
  state: AccountState;
  strings: AccountStrings;
  layout?: 'bar' | 'menu';
}) {
  if (state.status === 'loading') return <span className="inline-block h-9 w-20" aria-hidden="true" />;
  if (!state.user) {
    return (
      <div className={layout === 'menu' ? 'flex justify-end' : undefined}>
        <a
          href={`/auth?next=${encodeURIComponent(currentPath)}`}
          className="inline-flex items-center gap-1.5 rounded-full px-3 py-2 text-sm font-semibold whitespace-nowrap text-stone-700 hover:bg-lagoon-50 dark:text-stone-200 dark:hover:bg-white/5"
        >
          <UserRound aria-hidden="true" className="size-4" />
          {strings.signIn}
        </a>
      </div>
    );
  }
  return layout === 'menu' ? (
    <InlineAccount user={state.user} strings={strings} />
  ) : (
    <AccountPanel user={state.user} strings={strings} />
  );
}

const isStaff = (user: SessionUser) => user.role === 'admin' || user.role === 'editor';

function InlineAccount({ user, strings }: { user: SessionUser; strings: AccountStrings }) {
  const { busy, signOut } = useSignOut();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl bg-white p-3 ring-1 ring-stone-200 dark:bg-abyss-900 dark:ring-white/10">
      <Avatar name={user.fullName} className="size-9 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold [overflow-wrap:anywhere] text-stone-900 dark:text-stone-50">
          {user.fullName}
        </p>
        {user.fullName !== user.email ? (
          <p className="text-xs [overflow-wrap:anywhere] text-stone-600 dark:text-stone-400">{user.email}</p>
        ) : null}
      </div>
      <div className="flex items-center gap-1">
        <AccountActions user={user} onSignOut={signOut} busy={busy} strings={strings} />
      </div>
    </div>
  );
}

/** A disclosure (button + panel): Escape, a click outside or focus leaving it closes the panel. */
function AccountPanel({ user, strings }: { user: SessionUser; strings: AccountStrings }) {
  const [open, setOpen] = useState(false);
  const { busy, signOut } = useSignOut();
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={trigger}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={strings.menuLabel.replace('{name}', () => user.fullName)}
        title={user.fullName}
        onClick={() => setOpen((shown) => !shown)}
        className="flex items-center gap-1 rounded-full p-1 text-stone-600 transition hover:bg-lagoon-50 aria-expanded:bg-lagoon-50 dark:text-stone-300 dark:hover:bg-white/5 dark:aria-expanded:bg-white/5"
      >
        <Avatar name={user.fullName} />
        <ChevronDown aria-hidden="true" className={`size-4 transition ${open ? 'rotate-180' : ''}`} />
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute top-full right-0 z-50 mt-2 w-72 rounded-2xl border border-stone-200 bg-white p-2 shadow-2xl shadow-abyss-900/10 dark:border-white/10 dark:bg-abyss-900"
      >
        <div className="flex items-center gap-3 px-3 pt-2 pb-3">
          <Avatar name={user.fullName} className="size-10 text-sm" />
          <div className="min-w-0">
            <p className="text-xs text-stone-600 dark:text-stone-400">{strings.signedInAs}</p>
            <p className="text-sm font-semibold [overflow-wrap:anywhere] text-stone-900 dark:text-stone-50">
              {user.fullName}
            </p>
            {user.fullName !== user.email ? (
              <p className="text-xs [overflow-wrap:anywhere] text-stone-600 dark:text-stone-400">{user.email}</p>
            ) : null}
          </div>
        </div>
        <div className="border-t border-stone-200 pt-2 dark:border-white/10">
          <AccountActions user={user} onSignOut={signOut} busy={busy} strings={strings} />
        </div>
      </div>
    </div>
  );
}

/**
 * Shows the toast the previous page left for this one ('Welcome back!' after signing in,
 * 'E-mail confirmed' after the link): sonner is only downloaded when there is one.
 */
export function PendingToast() {
  const [ready, setReady] = useState<{ sonner: typeof Sonner; toast: FlashToast } | null>(null);

  useEffect(() => {
    const toast = takeFlashToast();
    if (toast) void import('sonner').then((sonner) => setReady({ sonner, toast }));
  }, []);

  // Runs after the Toaster below has mounted and subscribed.
  useEffect(() => {
    if (ready) ready.sonner.toast[ready.toast.type](ready.toast.title, { description: ready.toast.description });
  }, [ready]);

  if (!ready) return null;
  const { Toaster } = ready.sonner;
  return createPortal(<Toaster {...toasterSettings} />, document.body);
}

/** What a signed-in visitor can do from the header: open the admin (staff) and sign out. */
function AccountActions({
  user,
  onSignOut,
  busy,
  strings,
}: {
  user: SessionUser;
  onSignOut: () => void;
  busy: boolean;
  strings: AccountStrings;
}) {
  return (
    <>
      {isStaff(user) ? (
        <a href="/admin" className={itemClass}>
          <Settings aria-hidden="true" className="size-4" />
          {strings.admin}
        </a>
      ) : null}
      <button type="button" onClick={onSignOut} disabled={busy} className={itemClass}>
        <LogOut aria-hidden="true" className="size-4" />
        {strings.signOut}
      </button>
    </>
  );
}
