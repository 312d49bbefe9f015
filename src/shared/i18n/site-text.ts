import i18next, { type i18n } from 'i18next';
import { defaultLocale, locales, type Locale } from '../lib/locale';
import { en, type CatalogKey, type Messages } from './en';
import { es } from './es';

/**
 * The public site's texts per language, on i18next. Server only (and the admin's block
 * previews): islands never import this module, so neither i18next nor the catalogs reach the
 * public page's JavaScript; the server hands each island the few texts it needs as props.
 */
export const catalogs: Record<Locale, Messages> = { en, es };

type PluralForm = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** A text's key as it is asked for: a plural text by its base key ('toc.sections', not 'toc.sections_one'). */
export type MessageKey = CatalogKey extends infer K ? (K extends `${infer Base}_${PluralForm}` ? Base : K) : never;

/** The English text of a key (of its `_other` form for a plural text). */
type TemplateOf<K extends MessageKey> = K extends CatalogKey ? (typeof en)[K] : (typeof en)[`${K}_other` & CatalogKey];

/** The `{{name}}`s a text needs. */
type Placeholders<S> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The values a key needs: none, or each of its placeholders (`count`, which picks the plural form, is a number). */
type ValuesOf<K extends MessageKey> = {
  [N in Placeholders<TemplateOf<K>>]: N extends 'count' ? number : string | number;
};

/** The keys of texts without placeholders: `t(key)` alone reads them. */
export type PlainMessageKey = {
  [K in MessageKey]: [Placeholders<TemplateOf<K>>] extends [never] ? K : never;
}[MessageKey];

/** `t(key)`, or `t(key, { name: value })` for a text with placeholders; which values a key needs is checked. */
export type SiteText = <K extends MessageKey>(
  key: K,
  ...values: [Placeholders<TemplateOf<K>>] extends [never] ? [] : [values: ValuesOf<K>]
) => string;

function createText(locale: Locale): SiteText {
  const instance: i18n = i18next.createInstance();
  // Resources are in memory and initImmediate is off: init finishes before it returns, so `t` works at once.
  void instance.init({
    lng: locale,
    fallbackLng: defaultLocale,
    supportedLngs: [...locales],
    resources: Object.fromEntries(locales.map((code) => [code, { translation: catalogs[code] }])),
    initImmediate: false,
    // Flat keys that contain dots ('header.menu') and no namespaces.
    keySeparator: false,
    nsSeparator: false,
    // React escapes what it renders; escaping here too would show '&amp;' on the page.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  // Our keys and values are checked by SiteText; i18next's own key typing (CustomTypeOptions) is not used.
  const t = instance.t.bind(instance) as unknown as (key: string, options: object) => string;
  // A text without values never changes (the catalogs are fixed): looked up once. A render asks
  // for dozens, and i18next's lookup was about 6 % of an uncached page render.
  const plainTexts = new Map<string, string>();
  return (key, ...values) => {
    if (values[0] !== undefined) return t(key, values[0]);
    let text = plainTexts.get(key);
    if (text === undefined) {
      text = t(key, {});
      plainTexts.set(key, text);
    }
    return text;
  };
}

const texts = Object.fromEntries(locales.map((locale) => [locale, createText(locale)])) as Record<Locale, SiteText>;

/** The text function of a language: `siteText('es')('header.menu')` is 'Menú'. */
export function siteText(locale: Locale = defaultLocale): SiteText {
  return texts[locale];
}

/** The site's other language: the one the language switch offers. */
export function otherLocale(locale: Locale): Locale {
  return locales.find((code) => code !== locale) ?? defaultLocale;
}
