/**
 * Breadcrumbs for a content page: Home › the header-navigation sections it sits under › the page.
 * Pure: the server builds the trail from the navigation tree it already loaded for the header.
 */
import { defaultLocale, pagePath, type Locale } from '../shared/lib/locale';
import { siteText } from '../shared/i18n/site-text';
import type { SiteNavItem } from '../features/site-data/site-types';

export interface Crumb {
  title: string;
  /** A site path ('/', '/cenote-diving'). */
  href: string;
}

/** The header items above the one that links to `path`, outermost first; [] when none or not found. */
function ancestorsOf(items: readonly SiteNavItem[], path: string): SiteNavItem[] | undefined {
  for (const item of items) {
    if (item.href === path) return [];
    const below = ancestorsOf(item.children, path);
    if (below !== undefined) return [item, ...below];
  }
  return undefined;
}

/**
 * The trail to a page. A navigation parent that links to this very page (the 'Diving' menu opens
 * /cenote-diving, which is also its first child) is the page itself, not a section above it, so it
 * is left out, as is any parent that links off the site. The first crumb is the home page of the
 * page's language ('Home' at '/', 'Inicio' at '/es').
 */
export function breadcrumbTrail(
  header: readonly SiteNavItem[],
  path: string,
  title: string,
  locale: Locale = defaultLocale,
): Crumb[] {
  const home = pagePath(locale, 'home');
  const sections = (ancestorsOf(header, path) ?? [])
    .filter((item) => item.href !== path && item.href !== '/' && item.href !== home && item.href.startsWith('/'))
    .map((item) => ({ title: item.title, href: item.href }));
  return [{ title: siteText(locale)('breadcrumbs.home'), href: home }, ...sections, { title, href: path }];
}

/** schema.org BreadcrumbList for the page's head, with absolute addresses. */
export function breadcrumbJsonLd(trail: readonly Crumb[], publicUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.title,
      item: `${publicUrl}${crumb.href}`,
    })),
  };
}
