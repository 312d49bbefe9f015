/**
 * The site's languages (decision 44). English lives at `/…`, Spanish at `/es/…`; each page has at
 * most one translation per language, and its own slug in it.
 */
export const locales = ['en', 'es'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** '' for English, '/es' for Spanish: what every public path of that language starts with. */
export function localePrefix(locale: Locale): string {
  return locale === defaultLocale ? '' : `/${locale}`;
}

/** A page's public path: '/' and '/es' for the home pages, '/slug' and '/es/slug' for the rest. */
export function pagePath(locale: Locale, slug: string): string {
  const prefix = localePrefix(locale);
  if (slug === 'home') return prefix || '/';
  return `${prefix}/${slug}`;
}

/** The search page of a language. */
export function searchPath(locale: Locale): string {
  return locale === 'es' ? '/es/buscar' : '/search';
}

/** The language a public path belongs to ('/es' and '/es/…' are Spanish). */
export function localeOfPath(path: string): Locale {
  return path === '/es' || path.startsWith('/es/') || path.startsWith('/es?') ? 'es' : 'en';
}

/** BCP 47 tags for `<html lang>`, hreflang and Intl formatting. */
export const localeTags: Record<Locale, string> = { en: 'en', es: 'es' };

/** Each language named in itself (the language switch). */
export const localeNames: Record<Locale, string> = { en: 'English', es: 'Español' };
