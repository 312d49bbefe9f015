import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, RotateCcw } from 'lucide-react';
import { useMemo, useRef } from 'react';
import { useNavigate } from 'react-router';
import type { PageDto } from '../../../features/pages/pages.dto';
import { api } from '../../../shared/lib/api-client';
import { dayOf, exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { LoadMore } from '../ui/load-more';

export interface TrashItem {
  id: string;
  title: string;
  slug: string;
  path: string;
  is_published: boolean;
  deleted_at: string;
  purge_at: string;
}

interface TrashList {
  items: TrashItem[];
  next_cursor: string | null;
}

/** Under ['pages'], so every change to pages (a delete, a restore) refreshes Trash too. */
const trashKey = ['pages', 'trash'] as const;
const pageSize = 50;
/** The Pages screen counts Trash up to this many ('100+' beyond): one small request. */
const countLimit = 100;

/** How many pages are in Trash, for the link on the Pages screen: '3', or '100+'. */
export function useTrashCount(): string | null {
  const count = useQuery({
    queryKey: [...trashKey, 'count'],
    queryFn: () => api.get<TrashList>(`/api/v1/trash?limit=${countLimit}`),
  });
  if (!count.data) return null;
  return count.data.next_cursor ? `${countLimit}+` : String(count.data.items.length);
}

/** Trash (decision 35): deleted pages for 30 days, each restorable with its blocks and state. */
export function TrashScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const trash = useInfiniteQuery({
    queryKey: [...trashKey, 'list'],
    queryFn: ({ pageParam }) =>
      api.get<TrashList>(
        `/api/v1/trash?limit=${pageSize}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
  });
  const items = useMemo(() => trash.data?.pages.flatMap((page) => page.items) ?? [], [trash.data]);

  const restore = useMutation({
    mutationFn: (item: TrashItem) => api.post<{ page: PageDto }>(`/api/v1/pages/${item.id}/restore`),
    onSuccess: async ({ page }, item) => {
      toastSuccess(
        `"${item.title}" was restored`,
        page.is_published ? 'It is back on the site and in Pages.' : 'It is back in Pages as a draft.',
      );
      await queryClient.invalidateQueries({ queryKey: ['pages'] });
      // The row (and the button that had focus) is gone: keep the keyboard user in the screen.
      heading.current?.focus();
    },
    onError: (error) => toastFailure('Failed to restore the page.', error),
  });

  const now = new Date();
  return (
    <section aria-labelledby="trash-title">
      <div className="flex flex-wrap items-center gap-2">
        <Button
          variant="ghost"
          icon={<ArrowLeft aria-hidden="true" className="size-4" />}
          onClick={() => void navigate('/admin/pages')}
        >
          Back to Pages
        </Button>
        <h2
          id="trash-title"
          ref={heading}
          tabIndex={-1}
          className="mr-auto text-lg font-semibold text-stone-900 outline-none dark:text-stone-50"
        >
          Trash
        </h2>
      </div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        Deleted pages stay here for 30 days, then they are deleted for good. Restoring brings a page back with its
        blocks and revisions; a page that was published goes back on the site.
      </p>

      {trash.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading Trash" />
        </div>
      ) : trash.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          Trash could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void trash.refetch()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center dark:border-white/15 dark:bg-abyss-900">
          <p className="text-sm text-stone-600 dark:text-stone-300">
            Trash is empty. Deleted pages stay here for 30 days.
          </p>
        </div>
      ) : (
        <>
          <div className="mt-4 overflow-x-auto rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Pages in Trash, most recently deleted first</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 dark:border-white/10 dark:bg-abyss-950/40 dark:text-stone-400">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Page
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Restores as
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Deleted
                  </th>
                  <th scope="col" className="px-4 py-2 font-semibold">
                    Deleted for good
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200 dark:divide-white/10">
                {items.map((item) => {
                  const deleted = new Date(item.deleted_at);
                  const purge = new Date(item.purge_at);
                  const busy = restore.isPending && restore.variables?.id === item.id;
                  return (
                    <tr key={item.id} className="align-middle">
                      <th scope="row" className="px-4 py-2.5 font-normal">
                        <span className="block font-semibold text-stone-900 dark:text-stone-50">{item.title}</span>
                        <span className="block font-mono text-xs text-stone-500">{item.path}</span>
                      </th>
                      <td className="px-4 py-2.5">
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                            item.is_published ? 'bg-emerald-100 text-emerald-800' : 'bg-amber-100 text-amber-900'
                          }`}
                        >
                          {item.is_published ? 'Published' : 'Draft'}
                        </span>
                      </td>
                      <td className="px-4 py-2.5 whitespace-nowrap text-stone-700 dark:text-stone-300">
                        <time dateTime={item.deleted_at} title={exactTime(deleted)}>
                          {relativeTime(deleted, now)}
                        </time>
                      </td>
                      <td className="px-4 py-2.5 whitespace-nowrap text-stone-700 dark:text-stone-300">
                        <time dateTime={item.purge_at} title={exactTime(purge)}>
                          on {dayOf(purge)}
                        </time>
                      </td>
                      <td className="px-4 py-2 text-right">
                        <Button
                          variant="secondary"
                          size="sm"
                          busy={busy}
                          disabled={restore.isPending && !busy}
                          icon={<RotateCcw aria-hidden="true" className="size-3.5" />}
                          onClick={() => restore.mutate(item)}
                        >
                          Restore<span className="sr-only"> {item.title}</span>
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <LoadMore list={trash} />
        </>
      )}
    </section>
  );
}
