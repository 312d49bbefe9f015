import type { ReactNode } from 'react';
import { defaultLocale, type Locale } from '../../shared/lib/locale';
import { Island } from '../../shared/ui/island';
import { headerStrings, languageSwitchLink } from '../i18n/island-strings';
import { SiteLocaleProvider } from '../../shared/i18n/site-locale';
import { siteText } from '../../shared/i18n/site-text';
import { SiteHeader, type SiteHeaderProps } from '../islands/site-header';
import type { SiteChrome } from '../../features/site-data/site-types';
import { SiteFooter } from './site-footer';

/** What the header island is rendered from: the chrome, the page and its language. */
interface HeaderInputs {
  chrome: SiteChrome;
  currentPath: string;
  locale: Locale;
  /** This same page's path in each language that has it (the language switch links there). */
  alternates?: Partial<Record<Locale, string>> | undefined;
}

function siteHeaderProps({ chrome, currentPath, locale, alternates }: HeaderInputs): SiteHeaderProps {
  return {
    siteTitle: chrome.siteTitle,
    items: chrome.header,
    currentPath,
    locale,
    strings: headerStrings(siteText(locale), chrome.siteTitle),
    languageSwitch: languageSwitchLink(locale, alternates),
  };
}

/** The header island, as the page shows it and the browser hydrates it. */
export function SiteHeaderIsland(inputs: HeaderInputs) {
  return <Island name="header" component={SiteHeader} props={siteHeaderProps(inputs)} />;
}

export interface SiteLayoutProps {
  chrome: SiteChrome;
  currentPath: string;
  /** A strip above the header (the preview notice); public pages have none. */
  banner?: ReactNode;
  /** The page's language: every text around the content, and the content's components, use it. */
  locale?: Locale;
  /** This same page's path in each language that has it (the language switch links there). */
  alternates?: Partial<Record<Locale, string>>;
  /**
   * In place of the header island and of the footer: the server's slots for the markup it keeps
   * (ADR 048). Without them both render here.
   */
  slots?: { header: ReactNode; footer: ReactNode };
  children: ReactNode;
}

export function SiteLayout({
  chrome,
  currentPath,
  banner,
  locale = defaultLocale,
  alternates,
  slots,
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
        {slots ? (
          slots.header
        ) : (
          <SiteHeaderIsland chrome={chrome} currentPath={currentPath} locale={locale} alternates={alternates} />
        )}
        <main id="main" className="flex-1">
          {children}
        </main>
        {slots ? slots.footer : <SiteFooter chrome={chrome} />}
      </div>
    </SiteLocaleProvider>
  );
}
