import { ChevronDown, Menu, X } from 'lucide-react';
import { useState } from 'react';
import { pagePath, type Locale } from '../../shared/lib/locale';
import { LogoMark } from '../../shared/ui/logo';
import type { SiteNavItem } from '../../features/site-data/site-types';
import { AccountMenu, PendingToast, useAccount, type AccountState, type AccountStrings } from './account-menu';
import { DesktopNav, dropdownEntries } from './desktop-nav';
import { LanguageSwitch, type LanguageSwitchLink } from './language-switch';
import { SearchBox, type SearchBoxStrings } from './search-box';

/** The header's words in the page's language, built on the server from the site's catalog (headerStrings). */
export interface HeaderStrings {
  /** The logo link's name ('Cenote Atlas home'). */
  homeLabel: string;
  menu: string;
  /** The main navigation landmark's name. */
  mainNav: string;
  /** 'Language': the desktop strip's landmark name and the caption beside the switch in the mobile menu. */
  languageCaption: string;
  search: SearchBoxStrings;
  account: AccountStrings;
}

/** Serialized into the island's data-props: the texts travel with it, no catalog is downloaded. */
export interface SiteHeaderProps {
  siteTitle: string;
  items: SiteNavItem[];
  currentPath: string;
  locale: Locale;
  strings: HeaderStrings;
  languageSwitch: LanguageSwitchLink;
}

/** Desktop: dropdown menus (hover delay 200 ms, skip delay 300 ms). Mobile: collapsible groups behind a menu button. */
export function SiteHeader({ siteTitle, items, currentPath, locale, strings, languageSwitch }: SiteHeaderProps) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const account = useAccount();

  return (
    <>
      {/*
        Desktop: the language switch in a slim strip above the header, which scrolls away while the
        header sticks. The header row has no room left for it (the nav's items would wrap at 1280
        px), and a strip at the top is where bilingual sites put it. Phones: in the menu.
      */}
      <nav
        aria-label={strings.languageCaption}
        className="hidden border-b border-stone-200/70 bg-limestone-100/70 lg:block dark:border-white/10 dark:bg-abyss-900/70"
      >
        <div className="mx-auto flex h-9 max-w-7xl items-center justify-end px-5 sm:px-8">
          <LanguageSwitch link={languageSwitch} />
        </div>
      </nav>
      <header className="sticky top-0 z-40 border-b border-stone-200/70 bg-limestone-50/90 backdrop-blur-md dark:border-white/10 dark:bg-abyss-950/85">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-5 sm:px-8">
          <a
            href={pagePath(locale, 'home')}
            className="flex shrink-0 items-center gap-2.5 rounded-lg"
            aria-label={strings.homeLabel}
          >
            <LogoMark id="header-logo" />
            <span className="font-display text-xl font-semibold tracking-tight text-stone-900 dark:text-stone-50">
              {siteTitle}
            </span>
          </a>

          <DesktopNav items={items} currentPath={currentPath} label={strings.mainNav} />

          {/* 14rem: with a wider box the nav's two-word items wrap at 1280 px and up. */}
          <div className="ml-auto hidden w-56 lg:block">
            <SearchBox idPrefix="desktop" locale={locale} strings={strings.search} />
          </div>
          <div className="hidden lg:block">
            <AccountMenu currentPath={currentPath} state={account} strings={strings.account} />
          </div>

          <button
            type="button"
            className="ml-auto inline-flex items-center gap-2 rounded-full px-3 py-2 text-sm font-semibold text-stone-800 ring-1 ring-stone-300 lg:hidden dark:text-stone-100 dark:ring-white/20"
            aria-expanded={mobileOpen}
            aria-controls="mobile-menu"
            onClick={() => setMobileOpen((open) => !open)}
          >
            {mobileOpen ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
            {strings.menu}
          </button>
        </div>

        {/*
          The menu's contents exist only while it is open. Closed, they were 12 KB of every page's
          HTML that nobody could reach: without JavaScript the button does nothing, and crawlers
          find the same links in the desktop navigation.
        */}
        <div
          id="mobile-menu"
          hidden={!mobileOpen}
          className="border-t border-stone-200 bg-limestone-50 px-5 pt-4 pb-6 lg:hidden dark:border-white/10 dark:bg-abyss-950"
        >
          {mobileOpen ? (
            <MobileMenu
              items={items}
              currentPath={currentPath}
              locale={locale}
              strings={strings}
              account={account}
              languageSwitch={languageSwitch}
            />
          ) : null}
        </div>
        <PendingToast />
      </header>
    </>
  );
}

function MobileMenu({
  items,
  currentPath,
  locale,
  strings,
  account,
  languageSwitch,
}: Omit<SiteHeaderProps, 'siteTitle'> & { account: AccountState }) {
  const [openGroups, setOpenGroups] = useState<Record<number, boolean>>({});
  return (
    <>
      <SearchBox idPrefix="mobile" locale={locale} strings={strings.search} />
      <div className="mt-3">
        <AccountMenu currentPath={currentPath} state={account} strings={strings.account} layout="menu" />
      </div>
      <nav aria-label={strings.mainNav} className="mt-4">
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
      <div className="mt-4 flex items-center justify-between gap-4 border-t border-stone-200 pt-5 dark:border-white/10">
        <span className="text-xs font-semibold tracking-[0.14em] text-stone-500 uppercase dark:text-stone-400">
          {strings.languageCaption}
        </span>
        <LanguageSwitch link={languageSwitch} layout="menu" />
      </div>
    </>
  );
}
