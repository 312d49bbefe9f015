import { inArray, eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import type { ResolvedImage } from '../blocks/render-context';
import { images } from '../media/media.table';
import type { NavigationNode } from '../navigation/navigation.dto';
import { buildNavigationTree, listNavigationItems } from '../navigation/navigation.repo.server';
import { readPublicSeoSettings } from '../settings/settings.repo.server';
import { performanceSettings } from '../settings/settings.table';
import { defaultPerformanceSettings, type PublicSeoSettings } from '../settings/settings.dto';
import type { SiteChrome, SiteNavItem } from './site-types';
import type { Locale } from '../../shared/lib/locale';

function toSiteNav(nodes: NavigationNode[]): SiteNavItem[] {
  return nodes.map((node) => ({
    title: node.title,
    href: node.link_url,
    description: node.description,
    children: toSiteNav(node.children),
  }));
}

export async function loadChrome(
  db: Database,
  locale: Locale = 'en',
  now = new Date(),
): Promise<{ chrome: SiteChrome; seo: PublicSeoSettings }> {
  const [seo, header, footer] = await Promise.all([
    readPublicSeoSettings(db),
    listNavigationItems(db, 'header', { activeOnly: true, locale }),
    listNavigationItems(db, 'footer', { activeOnly: true, locale }),
  ]);
  return {
    seo,
    chrome: {
      siteTitle: seo.site_title || 'Cenote Atlas',
      siteDescription: seo.site_description,
      header: toSiteNav(buildNavigationTree(header)),
      footer: toSiteNav(buildNavigationTree(footer)),
      social: {
        twitter: seo.twitter_handle ? `https://x.com/${seo.twitter_handle.replace(/^@/, '')}` : null,
        facebook: seo.facebook_page,
        instagram: seo.instagram_url,
        youtube: seo.youtube_url,
      },
      year: now.getFullYear(),
    },
  };
}

export async function loadImagePolicy(db: Database) {
  const [row] = await db.select().from(performanceSettings).where(eq(performanceSettings.id, 1)).limit(1);
  const settings = row ?? defaultPerformanceSettings;
  return {
    settings,
    policy: { webp: settings.enable_webp, avif: settings.enable_avif, lazy: settings.lazy_loading },
  };
}

/** Every stored-image URL a block's data mentions (image fields and gallery/card entries). */
export function imageUrlsIn(value: unknown, found = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.startsWith('/media/')) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) imageUrlsIn(item, found);
  } else if (value && typeof value === 'object') {
    for (const item of Object.values(value)) imageUrlsIn(item, found);
  }
  return found;
}

/** The images behind these URLs, their alt text in the page's language (English when it has none). */
export async function resolveImages(
  db: Database,
  urls: Iterable<string>,
  locale: Locale = 'en',
): Promise<Record<string, ResolvedImage>> {
  const list = [...urls];
  if (list.length === 0) return {};
  const rows = await db.select().from(images).where(inArray(images.original_url, list));
  return Object.fromEntries(
    rows.map((row) => [
      row.original_url,
      {
        src: row.original_url,
        alt: (locale === 'es' ? row.alt_text_es : null) ?? row.alt_text ?? '',
        width: row.width,
        height: row.height,
        webp: row.webp_url,
        avif: row.avif_url,
        thumbnailWebp: row.thumbnail_url,
        mediumWebp: row.medium_webp_url,
        mediumAvif: row.medium_avif_url,
        focalPoint: { x: row.focal_x, y: row.focal_y },
      } satisfies ResolvedImage,
    ]),
  );
}
