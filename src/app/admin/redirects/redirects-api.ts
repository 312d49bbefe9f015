import { useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/lib/api-client';

/** A redirect as GET/POST/PATCH /api/v1/redirects answer it (decision 36). */
export interface RedirectDto {
  id: string;
  from: string;
  to: string;
  status: RedirectStatus;
  source: 'manual' | 'slug_change';
  page_id: string | null;
  hits: number;
  last_hit_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
}

export type RedirectStatus = 301 | 302;

interface RedirectList {
  items: RedirectDto[];
  next_cursor: string | null;
}

export const redirectsKey = ['redirects'] as const;
const pageSize = 50;
/** The API's longest search. */
export const searchMaxLength = 200;

export const statusLabels: Record<RedirectStatus, string> = { 301: 'Permanent', 302: 'Temporary' };

/** A target on another site (http(s)://…) rather than a path here. */
export function isExternalTarget(target: string): boolean {
  return !target.startsWith('/');
}

function listPath(query: string, cursor: string, limit = pageSize): string {
  const params = new URLSearchParams({ limit: String(limit) });
  if (query) params.set('q', query);
  if (cursor) params.set('cursor', cursor);
  return `/api/v1/redirects?${params.toString()}`;
}

/** Redirects by old path, 50 at a time, searched on both addresses. */
export function useRedirectList(query: string) {
  return useInfiniteQuery({
    queryKey: [...redirectsKey, 'list', query],
    queryFn: ({ pageParam }) => api.get<RedirectList>(listPath(query, pageParam)),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // Hit counts move while the screen is away: always ask again on return.
    staleTime: 0,
  });
}

/**
 * The redirect as it is now, after someone else changed it (the API has no single-redirect
 * read): searched by its old address first, then the whole list. Undefined when it was deleted.
 */
export async function findRedirect(id: string, from: string): Promise<RedirectDto | undefined> {
  const near = await api.get<RedirectList>(listPath(from, '', 200));
  const found = near.items.find((item) => item.id === id);
  if (found) return found;
  let cursor = '';
  do {
    const page = await api.get<RedirectList>(listPath('', cursor, 200));
    const match = page.items.find((item) => item.id === id);
    if (match) return match;
    cursor = page.next_cursor ?? '';
  } while (cursor);
  return undefined;
}

/** Reloads every redirect list on screen and waits for it: focus can then move to a row. */
export function refreshRedirects(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: redirectsKey });
}
