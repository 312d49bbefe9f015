import { createContext, useContext, type ReactNode } from 'react';
import { defaultLocale, type Locale } from '../lib/locale';
import { siteText, type SiteText } from './site-text';

const SiteLocaleContext = createContext<Locale>(defaultLocale);

/**
 * The language of the page being rendered, for server-rendered components (SiteLayout provides
 * it). Islands do not use it: they get their locale and texts as props.
 */
export function SiteLocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <SiteLocaleContext.Provider value={locale}>{children}</SiteLocaleContext.Provider>;
}

/** The page's language and its texts; English without a provider. */
export function useSiteLocale(): { locale: Locale; t: SiteText } {
  const locale = useContext(SiteLocaleContext);
  return { locale, t: siteText(locale) };
}
