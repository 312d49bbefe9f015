import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { PageDto } from '../../../features/pages/pages.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { Spinner } from '../../../shared/ui/spinner';
import { counterpartOf } from './page-types';

interface PageResponse {
  page: PageDto;
  site_time_zone: string;
}

/** The open page as the server has it, kept current with the answers of the editor's writes. */
export function useOpenPage(id: string | undefined, isNew: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['page', id],
    enabled: !isNew,
    queryFn: () => api.get<PageResponse>(`/api/v1/pages/${id}`),
  });
  const page = query.data?.page;

  /**
   * Reads the page's languages again after a write whose answer leaves them out. Only those fields
   * are taken: the rest of the cached page (its version above all) stays the one the saves set.
   */
  const refreshLanguages = async () => {
    try {
      const { page: fresh } = await api.get<{ page: PageDto }>(`/api/v1/pages/${id}`);
      queryClient.setQueryData<PageResponse>(['page', id], (current) =>
        current
          ? {
              ...current,
              page: {
                ...current.page,
                translations: fresh.translations,
                translation_out_of_date: fresh.translation_out_of_date,
              },
            }
          : current,
      );
    } catch {
      // The languages shown stay as they were until the page is opened again.
    }
  };

  const applySaved = (saved: PageDto) => {
    // Merged: a write's answer may leave out what only the page's own GET tells (its languages).
    queryClient.setQueryData<PageResponse>(['page', id], (current) =>
      current ? { ...current, page: { ...current.page, ...saved } } : current,
    );
    void queryClient.invalidateQueries({ queryKey: ['pages'] });
    // A publish here can put the other language out of date; an edit there can bring it up to date.
    const other = page ? counterpartOf(page) : undefined;
    if (!page || !other) return;
    void queryClient.invalidateQueries({ queryKey: ['page', other.id] });
    const languagesMayChange =
      page.locale === 'es' ? page.translation_out_of_date === true : saved.published_at !== page.published_at;
    if (saved.translations === undefined && languagesMayChange) void refreshLanguages();
  };

  const reloadBlocks = () => void queryClient.invalidateQueries({ queryKey: ['blocks', id] });
  return {
    query,
    page,
    applySaved,
    refreshLanguages,
    /** After a discard: the draft is the published version again. */
    reloadDraft: () => {
      void queryClient.invalidateQueries({ queryKey: ['page', id] });
      reloadBlocks();
    },
    /** After a revision was restored into the draft. */
    reloadAfterRestore: () => {
      void query.refetch();
      reloadBlocks();
    },
  };
}

/** In place of the editor while the page loads, or when it could not be loaded. */
export function OpenPageFallback({ query, onBack }: { query: UseQueryResult<PageResponse>; onBack: () => void }) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner className="size-6" label="Loading page" />
      </div>
    );
  }
  return (
    <div role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
      This page could not be loaded
      {query.error instanceof ApiError && query.error.status === 404
        ? ': it does not exist (it may have been deleted).'
        : '.'}{' '}
      <button type="button" className="font-semibold underline" onClick={onBack}>
        Back to Pages
      </button>
    </div>
  );
}
