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

/** The page fields the document head is built from. */
export interface HeadPageFields {
  title: string | null;
  meta_title: string | null;
  meta_description: string | null;
  og_title: string | null;
  og_description: string | null;
  og_image: string | null;
  twitter_title: string | null;
  twitter_description: string | null;
  twitter_image: string | null;
  canonical_url: string | null;
  structured_data: Record<string, unknown> | null;
}
