import { ChevronDown, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { LogoMark } from '../components/logo';
import type { SiteNavItem } from '../site-types';
import { AccountMenu, PendingToast, useAccount } from './account-menu';
import { DesktopNav, dropdownEntries } from './desktop-nav';
import { SearchBox } from './search-box';

export interface SiteHeaderProps {
  siteTitle: string;
  items: SiteNavItem[];
  currentPath: string;
}

/** Desktop: dropdown menus (hover delay 200 ms, skip delay 300 ms). Mobile: collapsible groups behind a menu button. */
export function SiteHeader({ siteTitle, items, currentPath }: SiteHeaderProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const account = useAccount();
  const [openGroups, setOpenGroups] = useState<Record<number, boolean>>({});

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/70 bg-limestone-50/90 backdrop-blur-md dark:border-white/10 dark:bg-abyss-950/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-5 sm:px-8">
        <a href="/" className="flex shrink-0 items-center gap-2.5 rounded-lg" aria-label={`${siteTitle} home`}>
          <LogoMark id="header-logo" />
          <span className="font-display text-xl font-semibold tracking-tight text-stone-900 dark:text-stone-50">
            {siteTitle}
          </span>
        </a>

        <DesktopNav items={items} currentPath={currentPath} />

        {/* 14rem: with a wider box the nav's two-word items wrap at 1280 px and up. */}
        <div className="ml-auto hidden w-56 lg:block">
          <SearchBox idPrefix="desktop" />
        </div>
        <div className="hidden lg:block">
          <AccountMenu currentPath={currentPath} state={account} />
        </div>

        <button
          type="button"
          className="ml-auto inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 lg:hidden dark:text-stone-100 dark:ring-white/20"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          onClick={() => setMobileOpen((open) => !open)}
        >
          {mobileOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
          Menu
        </button>
      </div>

      <div
        id="mobile-menu"
        hidden={!mobileOpen}
        className="border-t border-stone-200 bg-limestone-50 px-5 pt-4 pb-6 lg:hidden dark:border-white/10 dark:bg-abyss-950"
      >
        <SearchBox idPrefix="mobile" />
        <div className="mt-3">
          <AccountMenu currentPath={currentPath} state={account} layout="menu" />
        </div>
        <nav aria-label="Main" className="mt-4">
          <ul className="divide-y divide-stone-200 dark:divide-white/10">
            {items.map((item, index) => (
              <li key={item.href + item.title} className="py-1">
                {item.children.length > 0 ? (
                  <>
                    <button
                      type="button"
                      className="flex w-full items-center justify-between py-3 text-left text-base font-semibold text-stone-900 dark:text-stone-100"
                      aria-expanded={Boolean(openGroups[index])}
                      aria-controls={`mobile-group-${index}`}
                      onClick={() => setOpenGroups((groups) => ({ ...groups, [index]: !groups[index] }))}
                    >
                      {item.title}
                      <ChevronDown
                        aria-hidden="true"
                        className={`size-5 transition ${openGroups[index] ? 'rotate-180' : ''}`}
                      />
                    </button>
                    <ul id={`mobile-group-${index}`} hidden={!openGroups[index]} className="pb-3 pl-3">
                      {dropdownEntries(item).map((child) => (
                        <li key={child.href + child.title}>
                          <a
                            href={child.href}
                            aria-current={child.href === currentPath ? 'page' : undefined}
                            className="block rounded-lg px-3 py-2 text-stone-700 hover:bg-lagoon-50 aria-[current=page]:font-semibold aria-[current=page]:text-lagoon-800 dark:text-stone-300 dark:hover:bg-white/5"
                          >
                            {child.title}
                          </a>
                          {child.children.length > 0 ? (
                            <ul className="ml-3 border-l border-stone-200 pl-2 dark:border-white/10">
                              {child.children.map((grandchild) => (
                                <li key={grandchild.href + grandchild.title}>
                                  <a
                                    href={grandchild.href}
                                    className="block rounded-lg px-3 py-1.5 text-sm text-stone-600 hover:bg-lagoon-50 dark:text-stone-400 dark:hover:bg-white/5"
                                  >
                                    {grandchild.title}
                                  </a>
                                </li>
                              ))}
                            </ul>
                          ) : null}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : (
                  <a href={item.href} className="block py-3 text-base font-semibold text-stone-900 dark:text-stone-100">
                    {item.title}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <PendingToast />
    </header>
  );
}
