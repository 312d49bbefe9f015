import type { SnapshotPage } from '../publishing/page-snapshot';

/** Navigation as the public site needs it (also serialized into the header island's props). */
export interface SiteNavItem {
  title: string;
  href: string;
  description: string | null;
  children: SiteNavItem[];
}

export interface SocialLinks {
  twitter: string | null;
  facebook: string | null;
  instagram: string | null;
  youtube: string | null;
}

export interface SiteChrome {
  siteTitle: string;
  siteDescription: string;
  header: SiteNavItem[];
  footer: SiteNavItem[];
  social: SocialLinks;
  year: number;
}

export interface SearchSuggestion {
  path: string;
  title: string;
  excerpt: string;
  snippet: string;
}

/** The page fields the document head is built from: the SEO fields a page stores, and its title. */
export type HeadPageFields = Omit<SnapshotPage, 'slug' | 'title' | 'excerpt' | 'page_type'> & { title: string | null };
