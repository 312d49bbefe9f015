import type { ReactNode } from 'react';
import { defaultLocale, type Locale } from '../../shared/lib/locale';
import { Island } from '../../shared/ui/island';
import { headerStrings, languageSwitchLink } from '../i18n/island-strings';
import { SiteLocaleProvider } from '../../shared/i18n/site-locale';
import { siteText } from '../../shared/i18n/site-text';
import { SiteHeader } from '../islands/site-header';
import type { SiteChrome } from '../../features/site-data/site-types';
import { SiteFooter } from './site-footer';

export interface SiteLayoutProps {
  chrome: SiteChrome;
  currentPath: string;
  /** A strip above the header (the preview notice); public pages have none. */
  banner?: ReactNode;
  /** The page's language: every text around the content, and the content's components, use it. */
  locale?: Locale;
  /** This same page's path in each language that has it (the language switch links there). */
  alternates?: Partial<Record<Locale, string>>;
  children: ReactNode;
}

export function SiteLayout({
  chrome,
  currentPath,
  banner,
  locale = defaultLocale,
  alternates,
  children,
}: SiteLayoutProps) {
  const t = siteText(locale);
  return (
    <SiteLocaleProvider locale={locale}>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-lagoon-800 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          {t('layout.skipToContent')}
        </a>
        {banner}
        <Island
          name="header"
          component={SiteHeader}
          props={{
            siteTitle: chrome.siteTitle,
            items: chrome.header,
            currentPath,
            locale,
            strings: headerStrings(t, chrome.siteTitle),
            languageSwitch: languageSwitchLink(locale, alternates),
          }}
        />
        <main id="main" className="flex-1">
          {children}
        </main>
        <SiteFooter chrome={chrome} />
      </div>
    </SiteLocaleProvider>
  );
}
