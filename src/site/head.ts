import { escapeHtml, jsonForScript } from '../shared/lib/html';
import { localeTags, locales, type Locale } from '../shared/lib/locale';
import type { HeadPageFields } from '../features/site-data/site-types';

export interface HeadSiteFields {
  site_title: string;
  site_description: string;
  default_og_image: string | null;
  twitter_handle: string | null;
}

export const productName = 'Cenote Atlas';

export interface HeadMetadata {
  title: string;
  description: string;
  ogTitle: string;
  ogDescription: string;
  ogImage: string | null;
  twitterTitle: string;
  twitterDescription: string;
  twitterImage: string | null;
  twitterSite: string | null;
  canonical: string | null;
  url: string;
  structuredData: Record<string, unknown> | null;
}

const blank = (value: string | null | undefined): value is null | undefined | '' => !value || value.trim() === '';
const first = (...values: Array<string | null | undefined>): string | null =>
  values.find((value) => !blank(value)) ?? null;

/** Spec section 7: every fallback chain of the head metadata, in one place. */
export function resolveHeadMetadata(
  page: Partial<HeadPageFields>,
  site: HeadSiteFields,
  options: { publicUrl: string; path: string },
): HeadMetadata {
  const absolute = (url: string | null) => (url && url.startsWith('/') ? `${options.publicUrl}${url}` : url);
  const title = first(page.meta_title, page.title, site.site_title) ?? productName;
  const description = first(page.meta_description, site.site_description) ?? '';
  const ogTitle = first(page.og_title) ?? title;
  const ogDescription = first(page.og_description) ?? description;
  const ogImage = absolute(first(page.og_image, site.default_og_image));
  const handle = first(site.twitter_handle);
  return {
    title,
    description,
    ogTitle,
    ogDescription,
    ogImage,
    twitterTitle: first(page.twitter_title) ?? ogTitle,
    twitterDescription: first(page.twitter_description) ?? ogDescription,
    twitterImage: absolute(first(page.twitter_image)) ?? ogImage,
    twitterSite: handle ? (handle.startsWith('@') ? handle : `@${handle}`) : null,
    canonical: first(page.canonical_url),
    url: `${options.publicUrl}${options.path}`,
    structuredData: page.structured_data && Object.keys(page.structured_data).length > 0 ? page.structured_data : null,
  };
}

/**
 * The head tags; `extraStructuredData` (the page's breadcrumb trail) follows the page's own JSON-LD,
 * each object in its own script element.
 */
export function renderHeadTags(
  meta: HeadMetadata,
  siteTitle: string,
  extraStructuredData: ReadonlyArray<Record<string, unknown>> = [],
  language: PageLanguage = { locale: 'en', alternates: {}, publicUrl: '' },
): string {
  const tag = (name: string, attribute: 'name' | 'property', content: string | null) =>
    content ? `<meta ${attribute}="${name}" content="${escapeHtml(content)}">` : '';
  return [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('description', 'name', meta.description),
    tag('og:type', 'property', 'website'),
    tag('og:site_name', 'property', siteTitle),
    tag('og:url', 'property', meta.canonical ?? meta.url),
    tag('og:title', 'property', meta.ogTitle),
    tag('og:description', 'property', meta.ogDescription),
    tag('og:image', 'property', meta.ogImage),
    tag('twitter:card', 'name', 'summary_large_image'),
    tag('twitter:site', 'name', meta.twitterSite),
    tag('twitter:title', 'name', meta.twitterTitle),
    tag('twitter:description', 'name', meta.twitterDescription),
    tag('twitter:image', 'name', meta.twitterImage),
    meta.canonical ? `<link rel="canonical" href="${escapeHtml(meta.canonical)}">` : '',
    ...hreflangLinks(language),
    tag('og:locale', 'property', ogLocales[language.locale]),
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(siteTitle)}" href="${feedPath(language.locale)}">`,
    meta.structuredData ? `<script type="application/ld+json">${jsonForScript(meta.structuredData)}</script>` : '',
    ...extraStructuredData.map((data) => `<script type="application/ld+json">${jsonForScript(data)}</script>`),
  ]
    .filter(Boolean)
    .join('\n');
}

/** A page's language and the paths of the same page in each language that has it live. */
export interface PageLanguage {
  locale: Locale;
  alternates: Partial<Record<Locale, string>>;
  publicUrl: string;
}

const ogLocales: Record<Locale, string> = { en: 'en_US', es: 'es_MX' };

/** The feed of a language: '/feed.xml' and '/es/feed.xml'. */
export function feedPath(locale: Locale): string {
  return locale === 'es' ? '/es/feed.xml' : '/feed.xml';
}

/**
 * `hreflang` alternates (decision 44): one per language the page is live in, itself included, and
 * `x-default` on the English page. A page with no translation gets none (nothing to point at).
 */
/**
 * The hreflang alternates of a page: one per language it is live in (itself included) and
 * `x-default` (the English page); none when it has no translation (nothing to point at). The
 * head's links and the sitemap's `xhtml:link`s both come from here.
 */
export function hreflangAlternates(alternates: PageLanguage['alternates']): Array<{ hreflang: string; path: string }> {
  const present = locales.filter((locale) => alternates[locale] !== undefined);
  if (present.length < 2) return [];
  return [
    ...present.map((locale) => ({ hreflang: localeTags[locale], path: alternates[locale]! })),
    { hreflang: 'x-default', path: alternates.en ?? alternates[present[0]!]! },
  ];
}

function hreflangLinks({ alternates, publicUrl }: PageLanguage): string[] {
  return hreflangAlternates(alternates).map(
    ({ hreflang, path }) => `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(`${publicUrl}${path}`)}">`,
  );
}
