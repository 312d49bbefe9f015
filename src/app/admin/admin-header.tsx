import { ExternalLink, LogOut, UserRound } from 'lucide-react';
import { useLayoutEffect, useRef } from 'react';
import { NavLink, useLocation } from 'react-router';
import { LogoMark } from '../../shared/ui/logo';
import type { AdminTab } from './admin-tabs';

/**
 * The admin's header: logo, title, account actions, and the section tabs. On a phone the tabs
 * scroll sideways; the active one is brought into view on load and after every navigation.
 */
export function AdminHeader({
  tabs,
  userName,
  onSignOut,
}: {
  tabs: AdminTab[];
  userName: string | undefined;
  onSignOut: () => void;
}) {
  const { pathname } = useLocation();
  const scroller = useRef<HTMLElement>(null);

  useLayoutEffect(() => {
    const nav = scroller.current;
    const active = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
    if (!nav || !active) return;
    // Centre the tab inside the strip only: scrollIntoView would also scroll the page itself.
    const navBox = nav.getBoundingClientRect();
    const tabBox = active.getBoundingClientRect();
    const left = nav.scrollLeft + tabBox.left - navBox.left - (navBox.width - tabBox.width) / 2;
    nav.scrollTo({ left: Math.max(0, left) });
  }, [pathname]);

  return (
    <header className="border-b border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <a href="/" className="flex shrink-0 items-center gap-2" aria-label="View the public site">
          <LogoMark className="size-7" />
        </a>
        <h1 className="min-w-0 text-sm leading-tight font-semibold text-stone-900 sm:text-base dark:text-stone-50">
          Content Management System
        </h1>
        <div className="ml-auto flex shrink-0 items-center gap-2 text-sm">
          <a
            href="/"
            className="hidden items-center gap-1.5 rounded-md px-2 py-1.5 whitespace-nowrap text-stone-600 hover:bg-stone-100 sm:inline-flex dark:text-stone-300 dark:hover:bg-white/5"
          >
            <ExternalLink aria-hidden="true" className="size-4" /> View site
          </a>
          <NavLink
            to="/admin/account"
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 whitespace-nowrap text-stone-600 hover:bg-stone-100 hover:text-stone-900 aria-[current=page]:text-lagoon-800 dark:text-stone-300 dark:hover:bg-white/5"
          >
            <UserRound aria-hidden="true" className="size-4" />
            {/* On a phone the icon alone; the name stays the link's accessible name. */}
            <span className="sr-only md:not-sr-only">{userName ?? 'Account'}</span>
          </NavLink>
          <button
            type="button"
            onClick={onSignOut}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 font-medium whitespace-nowrap text-stone-700 hover:bg-stone-100 dark:text-stone-200 dark:hover:bg-white/5"
          >
            <LogOut aria-hidden="true" className="size-4" /> Sign Out
          </button>
        </div>
      </div>
      <nav
        ref={scroller}
        aria-label="Admin sections"
        className="mx-auto max-w-7xl [scrollbar-width:thin] overflow-x-auto px-4 sm:px-6"
      >
        <ul className="flex gap-1">
          {tabs
            .filter((tab) => tab.inTabBar !== false)
            .map((tab) => (
              <li key={tab.path} className="shrink-0">
                <NavLink
                  to={`/admin/${tab.path}`}
                  className={({ isActive }) =>
                    `inline-flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition ${
                      isActive
                        ? 'border-lagoon-600 text-lagoon-800 dark:border-lagoon-400 dark:text-lagoon-200'
                        : 'border-transparent text-stone-600 hover:text-stone-900 dark:text-stone-400 dark:hover:text-stone-100'
                    }`
                  }
                >
                  <tab.icon aria-hidden="true" className="size-4" />
                  {tab.label}
                </NavLink>
              </li>
            ))}
        </ul>
      </nav>
    </header>
  );
}
