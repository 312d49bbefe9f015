import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { ChevronRight, MoreHorizontal, Pencil, Plus, Search, Trash2, CalendarClock } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageStatusBadge } from './editorial-actions';
import { api } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { inputClass } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { LoadMore } from '../ui/load-more';
import { PagesBulkBar } from './pages-bulk-toolbar';
import { PageLanguagesCell } from './page-languages';
import { blockTypeCounts, type AdminPage } from './page-types';
import { useAddTranslation } from './translations-api';
import { useTrashCount } from './trash-screen';

export const pagesQueryKey = ['pages', 'admin'] as const;

export function usePagesList() {
  return useQuery({
    queryKey: pagesQueryKey,
    queryFn: () => api.get<{ pages: AdminPage[] }>('/api/v1/pages?include=blocks').then((body) => body.pages),
  });
}

type StatusFilter = 'all' | 'published' | 'draft';

/** The admin list reads this many pages at a time ('Load more' for the next ones). */
const pageSize = 50;
/** Typing waits this long before the list asks the server again. */
const searchDelayMs = 250;

interface PagedPages {
  items: AdminPage[];
  next_cursor: string | null;
  total?: number;
}

/**
 * The Pages screen's list, read page by page with the server filtering (`?limit=&cursor=`), so it
 * stays fast with thousands of pages. Under ['pages'], so every page write refreshes it.
 */
function usePagedPages(query: string, status: StatusFilter) {
  return useInfiniteQuery({
    queryKey: [...pagesQueryKey, 'paged', { query, status }],
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams({ limit: String(pageSize), include: 'blocks' });
      if (query) params.set('q', query);
      if (status !== 'all') params.set('status', status);
      if (pageParam) params.set('cursor', pageParam);
      return api.get<PagedPages>(`/api/v1/pages?${params.toString()}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    // The list on screen stays while the next search's answer loads: no flash of a spinner per word.
    placeholderData: keepPreviousData,
  });
}

/** 'Pages Management': search, status filter, expandable rows with their blocks, Edit and Delete. */
export function PagesScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const status = (params.get('status') as StatusFilter | null) ?? 'all';
  // What the box shows at once; the URL (and the server) get it once typing pauses.
  const [searchText, setSearchText] = useState(query);
  const pages = usePagedPages(query.trim(), status);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());
  const [selected, setSelected] = useState<Map<string, AdminPage>>(new Map());
  const selectAllRef = useRef<HTMLInputElement | null>(null);
  const [deleting, setDeleting] = useState<AdminPage | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const trashCount = useTrashCount();
  const translating = useAddTranslation();

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '' || (key === 'status' && value === 'all')) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
    // A selection is of pages on screen: another filter shows other pages.
    setSelected(new Map());
  };

  useEffect(() => {
    if (searchText === query) return;
    const timer = setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (searchText === '') next.delete('q');
          else next.set('q', searchText);
          return next;
        },
        { replace: true },
      );
      setSelected(new Map());
    }, searchDelayMs);
    return () => clearTimeout(timer);
  }, [searchText, query, setParams]);

  const remove = useMutation({
    mutationFn: (page: AdminPage) => api.delete(`/api/v1/pages/${page.id}`),
    onSuccess: (_result, page) => {
      toastSuccess('Moved to Trash', `"${page.title}" can be restored from Trash for 30 days.`);
      setDeleting(null);
      setSelected((current) => {
        const next = new Map(current);
        next.delete(page.id);
        return next;
      });
      void queryClient.invalidateQueries({ queryKey: ['pages'] });
    },
    onError: (error) => toastFailure('Failed to move the page to Trash.', error),
  });

  const visible = useMemo(() => pages.data?.pages.flatMap((stretch) => stretch.items) ?? [], [pages.data]);
  const total = pages.data?.pages[0]?.total;
  const filtered = query.trim() !== '' || status !== 'all';

  const toggleSelected = (page: AdminPage) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(page.id)) next.delete(page.id);
      else next.set(page.id, page);
      return next;
    });
  const selectAllShown = (select: boolean) =>
    setSelected(select ? new Map(visible.map((page) => [page.id, page])) : new Map());
  const clearSelection = () => {
    setSelected(new Map());
    // The bar's buttons go away with the selection: keep the keyboard user next to it.
    selectAllRef.current?.focus();
  };

  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <section aria-labelledby="pages-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="pages-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          Pages Management
        </h2>
        <div className="relative w-full sm:w-64">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-stone-400"
          />
          <label htmlFor="pages-search" className="sr-only">
            Search pages
          </label>
          <input
            id="pages-search"
            type="search"
            placeholder="Search pages..."
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className={`${inputClass} pl-8`}
          />
        </div>
        <label htmlFor="pages-status" className="sr-only">
          Status
        </label>
        <select
          id="pages-status"
          value={status}
          onChange={(event) => setParam('status', event.target.value)}
          className={`${inputClass} sm:w-auto`}
        >
          <option value="all">All Pages</option>
          <option value="published">Published</option>
          <option value="draft">Drafts</option>
        </select>
        <Link
          to="/admin/pages/trash"
          className="inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-stone-700 ring-1 ring-stone-300 hover:bg-stone-50 dark:text-stone-200 dark:ring-white/15 dark:hover:bg-white/5"
        >
          <Trash2 aria-hidden="true" className="size-4" /> Trash
          {trashCount !== null && trashCount !== '0' ? (
            <>
              <span
                aria-hidden="true"
                className="rounded-full bg-stone-100 px-1.5 text-xs font-semibold text-stone-700 dark:bg-white/10 dark:text-stone-200"
              >
                {trashCount}
              </span>
              <span className="sr-only">{` (${trashCount} ${trashCount === '1' ? 'page' : 'pages'})`}</span>
            </>
          ) : null}
        </Link>
        <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => void navigate('/admin/pages/new')}>
          Create Page
        </Button>
      </div>

      {pages.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading pages" />
        </div>
      ) : pages.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          The pages could not be loaded. {pages.error instanceof Error ? pages.error.message : ''}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void pages.refetch()}>
            Try again
          </button>
        </p>
      ) : visible.length === 0 ? (
        <div className="mt-6 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center dark:border-white/15 dark:bg-abyss-900">
          <p className="text-sm text-stone-600 dark:text-stone-300">
            {filtered ? 'No pages match the search or the filter.' : 'No pages found.'}
          </p>
          {filtered ? null : (
            <Button
              className="mt-4"
              icon={<Plus aria-hidden="true" className="size-4" />}
              onClick={() => void navigate('/admin/pages/new')}
            >
              Create Your First Page
            </Button>
          )}
        </div>
      ) : (
        <>
          <div className="mt-4 rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900">
            <PagesBulkBar
              shown={visible}
              selected={[...selected.values()]}
              onSelectAll={selectAllShown}
              onClear={clearSelection}
              onDone={(keep) => {
                setSelected((current) => new Map([...current].filter(([id]) => keep.includes(id))));
                if (keep.length === 0) selectAllRef.current?.focus();
              }}
              total={total}
              selectAllRef={selectAllRef}
            />
            {/* The columns' names, for the eye (each cell names itself for assistive technology). */}
            <div
              aria-hidden="true"
              className="hidden items-center gap-2 border-b border-stone-200 bg-stone-50/60 px-3 py-1.5 text-xs font-medium text-stone-500 sm:flex dark:border-white/10 dark:bg-white/[0.02] dark:text-stone-400"
            >
              <span className="flex-1 pl-14">Page</span>
              <span className="w-56">Languages</span>
              <span className="w-7" />
            </div>
            <ul className="divide-y divide-stone-200 dark:divide-white/10" aria-label="Pages">
              {visible.map((page) => {
                const isOpen = expanded.has(page.id);
                const counts = blockTypeCounts(page.blocks);
                const ordered = [...page.blocks].sort((a, b) => a.block_order - b.block_order);
                return (
                  <li key={page.id}>
                    <div className="flex flex-wrap items-start gap-2 px-3 py-3 sm:flex-nowrap">
                      <input
                        type="checkbox"
                        aria-label={`Select ${page.title}`}
                        checked={selected.has(page.id)}
                        onChange={() => toggleSelected(page)}
                        className="mt-1.5 size-4 shrink-0 accent-lagoon-700"
                      />
                      <button
                        type="button"
                        onClick={() => toggle(page.id)}
                        aria-expanded={isOpen}
                        aria-controls={`page-blocks-${page.id}`}
                        aria-label={`${isOpen ? 'Collapse' : 'Expand'} ${page.title}`}
                        className="mt-0.5 rounded p-1 text-stone-500 hover:bg-stone-100 dark:hover:bg-white/5"
                      >
                        <ChevronRight aria-hidden="true" className={`size-4 transition ${isOpen ? 'rotate-90' : ''}`} />
                      </button>
                      <div className="min-w-0 flex-1">
                        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                          <Link
                            to={`/admin/pages/${page.id}`}
                            className="font-semibold text-stone-900 hover:underline dark:text-stone-50"
                          >
                            {page.title}
                          </Link>
                          <span className="font-mono text-xs text-stone-500">{page.path}</span>
                          <PageStatusBadge page={page} />
                          {page.publish_at || page.unpublish_at ? (
                            <span className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900 dark:bg-sky-950 dark:text-sky-200">
                              <CalendarClock aria-hidden="true" className="size-3" /> Scheduled
                            </span>
                          ) : null}
                          <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700 dark:bg-white/10 dark:text-stone-300">
                            {page.page_type || 'standard'}
                          </span>
                        </div>
                        {page.excerpt ? (
                          <p className="mt-1 line-clamp-1 text-sm text-stone-600 dark:text-stone-400">{page.excerpt}</p>
                        ) : null}
                        <p className="mt-1 text-xs text-stone-500">
                          {counts.length > 0
                            ? counts.map(([type, total]) => `${type} ×${total}`).join(' · ')
                            : 'No blocks'}
                          <span className="mx-2" aria-hidden="true">
                            ·
                          </span>
                          Updated {format(new Date(page.updated_at), 'MMM dd, yyyy')}
                        </p>
                      </div>
                      <div className="order-last basis-full pl-14 sm:order-none sm:w-56 sm:shrink-0 sm:basis-auto sm:pt-0.5 sm:pl-0">
                        <PageLanguagesCell
                          page={page}
                          adding={translating.busyId === page.id}
                          onAdd={() => void translating.add(page)}
                        />
                      </div>
                      <DropdownMenu.Root>
                        <DropdownMenu.Trigger asChild>
                          <button
                            type="button"
                            aria-label={`Actions for ${page.title}`}
                            className="rounded p-1.5 text-stone-500 hover:bg-stone-100 dark:hover:bg-white/5"
                          >
                            <MoreHorizontal aria-hidden="true" className="size-4" />
                          </button>
                        </DropdownMenu.Trigger>
                        <DropdownMenu.Portal>
                          <DropdownMenu.Content
                            align="end"
                            className="z-40 min-w-36 rounded-lg border border-stone-200 bg-white p-1 text-sm shadow-lg dark:border-white/10 dark:bg-abyss-900"
                          >
                            <DropdownMenu.Item
                              onSelect={() => void navigate(`/admin/pages/${page.id}`)}
                              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 outline-none data-[highlighted]:bg-stone-100 dark:data-[highlighted]:bg-white/10"
                            >
                              <Pencil aria-hidden="true" className="size-4" /> Edit
                            </DropdownMenu.Item>
                            <DropdownMenu.Item
                              onSelect={() => setDeleting(page)}
                              className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-red-700 outline-none data-[highlighted]:bg-red-50"
                            >
                              <Trash2 aria-hidden="true" className="size-4" /> Delete
                            </DropdownMenu.Item>
                          </DropdownMenu.Content>
                        </DropdownMenu.Portal>
                      </DropdownMenu.Root>
                    </div>
                    <div
                      id={`page-blocks-${page.id}`}
                      hidden={!isOpen}
                      className="border-t border-stone-100 bg-stone-50 px-12 py-3 dark:border-white/5 dark:bg-abyss-950/40"
                    >
                      {ordered.length === 0 ? (
                        <p className="text-sm text-stone-600 dark:text-stone-400">
                          No content blocks found. Edit this page to add content blocks.
                        </p>
                      ) : (
                        <ol className="space-y-1 text-sm">
                          {ordered.map((block) => (
                            <li key={block.id} className="flex items-center gap-3">
                              <span className="w-6 text-right font-mono text-xs text-stone-500">
                                {block.block_order}
                              </span>
                              <span className="font-medium">{block.block_type}</span>
                              <span
                                className={`text-xs font-medium ${block.is_active ? 'text-emerald-700' : 'text-stone-500'}`}
                              >
                                {block.is_active ? 'Active' : 'Inactive'}
                              </span>
                            </li>
                          ))}
                        </ol>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
          <LoadMore list={pages} />
        </>
      )}

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Move to Trash"
        description={
          deleting
            ? `"${deleting.title}" moves to Trash and visitors no longer see it. You can restore it from Trash for 30 days; after that it is deleted for good.`
            : ''
        }
        confirmLabel="Move to Trash"
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </section>
  );
}
