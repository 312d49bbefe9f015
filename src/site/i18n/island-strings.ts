import { localeNames, localeTags, pagePath, type Locale } from '../../shared/lib/locale';
import type { LanguageSwitchLink } from '../islands/language-switch';
import type { HeaderStrings } from '../islands/site-header';
import { otherLocale, siteText, type SiteText } from '../../shared/i18n/site-text';

/**
 * What islands need from the catalog, built on the server and passed as props: the browser gets
 * a handful of strings in the page's language instead of i18next and every catalog.
 */
export function headerStrings(t: SiteText, siteTitle: string): HeaderStrings {
  return {
    homeLabel: t('header.homeLabel', { siteTitle }),
    menu: t('header.menu'),
    mainNav: t('header.mainNav'),
    languageCaption: t('languageSwitch.caption'),
    search: {
      label: t('search.label'),
      placeholder: t('search.placeholder'),
      clear: t('search.clear'),
      suggestions: t('search.suggestions'),
    },
    account: {
      signIn: t('account.signIn'),
      signedInAs: t('account.signedInAs'),
      // The island puts the signed-in person's name (known only in the browser) where {name} is.
      menuLabel: t('account.menuLabel', { name: '{name}' }),
      admin: t('account.admin'),
      signOut: t('account.signOut'),
    },
  };
}

/**
 * The language switch of a page in `locale`: to this page in the other language when `alternates`
 * has it, else to that language's home. Its name is in the language it leads to, as are the
 * link's lang and hreflang.
 */
export function languageSwitchLink(
  locale: Locale,
  alternates: Partial<Record<Locale, string>> = {},
): LanguageSwitchLink {
  const other = otherLocale(locale);
  const samePage = alternates[other];
  const t = siteText(other);
  return {
    href: samePage ?? pagePath(other, 'home'),
    lang: localeTags[other],
    name: localeNames[other],
    label: t(samePage ? 'languageSwitch.samePage' : 'languageSwitch.otherSite'),
  };
}
