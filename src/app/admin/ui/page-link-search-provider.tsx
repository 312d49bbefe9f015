import { useQueryClient } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import {
  PageLinkSearchContext,
  type PageLinkOption,
  type PageLinkSearch,
} from '../../../features/blocks/page-link-search';
import type { PageDto } from '../../../features/pages/pages.dto';
import { api } from '../../../shared/lib/api-client';
import type { Locale } from '../../../shared/lib/locale';

/** Answers stay fresh this long: typing back and forth over a title asks the server once. */
const searchStaleMs = 30_000;

/**
 * Gives every link field under it a page search (PageLinkSearchContext): the admin's page list
 * (drafts too) filtered by the server on title or slug. Cached under ['pages', …], so every page
 * write, which invalidates ['pages'], refreshes it. A Spanish page's editor wraps its fields in
 * one with `locale="es"`: its links go to Spanish pages.
 */
export function PageLinkSearchProvider({ children, locale = 'en' }: { children: ReactNode; locale?: Locale }) {
  const queryClient = useQueryClient();
  const search = useMemo<PageLinkSearch>(
    () => ({
      search: (query) =>
        queryClient
          .fetchQuery({
            queryKey: ['pages', 'link-search', locale, query],
            queryFn: () =>
              api
                .get<{ pages: PageDto[] }>(`/api/v1/pages?q=${encodeURIComponent(query)}&locale=${locale}`)
                .then((body) => body.pages),
            staleTime: searchStaleMs,
          })
          .then((pages) =>
            pages.map((page): PageLinkOption => ({
              id: page.id,
              title: page.title,
              path: page.path,
              published: page.is_published,
            })),
          ),
    }),
    [queryClient, locale],
  );
  return <PageLinkSearchContext.Provider value={search}>{children}</PageLinkSearchContext.Provider>;
}
