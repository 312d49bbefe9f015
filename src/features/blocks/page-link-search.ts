import { createContext, useContext } from 'react';

/** A page a link can point at: its title for the editor, its path for the link. */
export interface PageLinkOption {
  id: string;
  title: string;
  /** '/' for home, otherwise '/slug'. */
  path: string;
  /** False for pages visitors cannot see yet (the publish check flags links to them). */
  published: boolean;
}

/**
 * Finds pages by title (or slug) for the link fields, provided by the admin app (features never
 * import from the app). Without a provider (public site, tests) it is null and link fields only
 * take a typed address.
 */
export interface PageLinkSearch {
  search: (query: string) => Promise<PageLinkOption[]>;
}

export const PageLinkSearchContext = createContext<PageLinkSearch | null>(null);

export function usePageLinkSearch(): PageLinkSearch | null {
  return useContext(PageLinkSearchContext);
}
