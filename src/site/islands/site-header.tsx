import * as NavigationMenu from '@radix-ui/react-navigation-menu';
import { ChevronDown, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { LogoMark } from '../components/logo';
import type { SiteNavItem } from '../site-types';
import { AccountMenu, PendingToast, useAccount } from './account-menu';
import { SearchBox } from './search-box';

export interface SiteHeaderProps {
  siteTitle: string;
  items: SiteNavItem[];
  currentPath: string;
}

/** A group's own page leads its dropdown, unless an editor already listed it among the children. */
function dropdownEntries(item: SiteNavItem): SiteNavItem[] {
  return item.children.some((child) => child.href === item.href)
    ? item.children
    : [{ ...item, children: [] }, ...item.children];
}

function isCurrent(item: SiteNavItem, path: string): boolean {
  return item.href === path || item.children.some((child) => isCurrent(child, path));
}

/** Desktop: Radix NavigationMenu dropdowns (hover delay 200 ms, skip delay 300 ms). Mobile: collapsible groups. */
export function SiteHeader({ siteTitle, items, currentPath }: SiteHeaderProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const account = useAccount();
  const [openGroups, setOpenGroups] = useState<Record<number, boolean>>({});

  return (
    <header className="sticky top-0 z-40 border-b border-stone-200/70 bg-limestone-50/90 backdrop-blur-md dark:border-white/10 dark:bg-abyss-950/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-5 sm:px-8">
        <a href="/" className="flex shrink-0 items-center gap-2.5 rounded-lg" aria-label={`${siteTitle} home`}>
          <LogoMark />
          <span className="font-display text-xl font-semibold tracking-tight text-stone-900 dark:text-stone-50">
            {siteTitle}
          </span>
        </a>

        <NavigationMenu.Root
          delayDuration={200}
          skipDelayDuration={300}
          className="relative hidden flex-1 justify-center lg:flex"
          aria-label="Main"
        >
          <NavigationMenu.List className="flex items-center gap-1">
            {items.map((item) => (
              <NavigationMenu.Item key={item.href + item.title}>
                {item.children.length > 0 ? (
                  <>
                    <NavigationMenu.Trigger
                      className={`group flex items-center gap-1 rounded-full px-3.5 py-2 text-[0.95rem] font-medium transition hover:bg-lagoon-50 hover:text-lagoon-800 data-[state=open]:bg-lagoon-50 data-[state=open]:text-lagoon-800 dark:hover:bg-white/5 dark:hover:text-lagoon-200 dark:data-[state=open]:bg-white/5 ${
                        isCurrent(item, currentPath)
                          ? 'text-lagoon-800 dark:text-lagoon-300'
                          : 'text-stone-700 dark:text-stone-300'
                      }`}
                    >
                      {item.title}
                      <ChevronDown
                        aria-hidden="true"
                        className="size-4 transition group-data-[state=open]:rotate-180"
                      />
                    </NavigationMenu.Trigger>
                    <NavigationMenu.Content className="absolute top-0 left-0 w-[min(92vw,36rem)] p-3">
                      <ul className="grid gap-1 sm:grid-cols-2">
                        {dropdownEntries(item).map((child) => (
                          <li key={child.href + child.title}>
                            <NavigationMenu.Link
                              href={child.href}
                              active={child.href === currentPath}
                              className="block rounded-xl p-3 transition hover:bg-lagoon-50 focus-visible:bg-lagoon-50 data-[active]:bg-lagoon-50 dark:hover:bg-white/5 dark:focus-visible:bg-white/5"
                            >
                              <span className="block font-semibold text-stone-900 dark:text-stone-100">
                                {child.title}
                              </span>
                              {child.description ? (
                                <span className="mt-0.5 block text-sm leading-snug text-stone-600 dark:text-stone-400">
                                  {child.description}
                                </span>
                              ) : null}
                            </NavigationMenu.Link>
                          </li>
                        ))}
                      </ul>
                    </NavigationMenu.Content>
                  </>
                ) : (
                  <NavigationMenu.Link
                    href={item.href}
                    active={item.href === currentPath}
                    className="block rounded-full px-3.5 py-2 text-[0.95rem] font-medium text-stone-700 transition hover:bg-lagoon-50 hover:text-lagoon-800 data-[active]:text-lagoon-800 dark:text-stone-300 dark:hover:bg-white/5"
                  >
                    {item.title}
                  </NavigationMenu.Link>
                )}
              </NavigationMenu.Item>
            ))}
          </NavigationMenu.List>
          <div className="absolute top-full left-1/2 flex -translate-x-1/2 justify-center pt-2">
            <NavigationMenu.Viewport className="relative h-[var(--radix-navigation-menu-viewport-height)] w-[var(--radix-navigation-menu-viewport-width)] origin-top overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-2xl shadow-abyss-900/10 transition-[width,height] duration-200 dark:border-white/10 dark:bg-abyss-900" />
          </div>
        </NavigationMenu.Root>

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
