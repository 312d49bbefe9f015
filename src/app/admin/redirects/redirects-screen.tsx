import { useQueryClient } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { inputClass } from '../../../shared/ui/field';
import { Spinner } from '../../../shared/ui/spinner';
import { useDebounced } from '../media/media-api';
import { confirmInApp } from '../ui/confirm-provider';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { RedirectDialog } from './redirect-dialog';
import { RedirectRow } from './redirect-row';
import { refreshRedirects, searchMaxLength, useRedirectList, type RedirectDto } from './redirects-api';

const searchId = 'redirects-search';

/** Where the keyboard goes when a dialog closes or a row goes away. */
type FocusTarget = { row: string } | 'search' | 'opener';

/** A row's Edit button, found again after the list re-rendered (ids outlive elements). */
function editButtonOf(id: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[data-redirect-edit="${CSS.escape(id)}"]`);
}

/**
 * Redirects (decision 36): old addresses that send visitors on, with their hit counts. Editors add,
 * edit and delete them; renaming a published page adds one by itself.
 */
export function RedirectsScreen() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const searched = useDebounced(query.trim());
  const list = useRedirectList(searched);
  const items = useMemo(() => list.data?.pages.flatMap((page) => page.items) ?? [], [list.data]);
  const queryClient = useQueryClient();

  const [dialogOpen, setDialogOpen] = useState(false);
  const [editing, setEditing] = useState<RedirectDto | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const focusAfterClose = useRef<FocusTarget>('opener');

  const setQuery = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete('q');
    else next.set('q', value);
    setParams(next, { replace: true });
  };

  const openDialog = (redirect: RedirectDto | null) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    focusAfterClose.current = 'opener';
    setEditing(redirect);
    setDialogOpen(true);
  };

  const moveFocus = (target: FocusTarget) => {
    const element =
      target === 'search'
        ? document.getElementById(searchId)
        : target === 'opener'
          ? opener.current?.isConnected
            ? opener.current
            : editing
              ? editButtonOf(editing.id)
              : null
          : (editButtonOf(target.row) ?? document.getElementById(searchId));
    if (!element) return false;
    element.focus();
    return true;
  };

  const refresh = async () => {
    try {
      await refreshRedirects(queryClient);
    } catch {
      // The list shows its own error; the change itself was saved.
    }
  };

  const onSaved = async (saved: RedirectDto) => {
    await refresh();
    // The saved row if the list (as searched and loaded so far) shows it, else the search: looked
    // up when the dialog has closed, after the refreshed list is on screen.
    focusAfterClose.current = { row: saved.id };
  };

  const remove = async (redirect: RedirectDto, index: number) => {
    const confirmed = await confirmInApp({
      title: 'Delete this redirect?',
      description: (
        <>
          Visitors who open <span className="font-mono break-all">{redirect.from}</span> will see “Page not found”
          again.
        </>
      ),
      confirmLabel: 'Delete redirect',
    });
    if (!confirmed) return;
    setDeletingId(redirect.id);
    // The row goes: the keyboard moves on to the next one (or the one before, or the search).
    const neighbour = items[index + 1] ?? items[index - 1];
    try {
      await api.delete(`/api/v1/redirects/${redirect.id}`);
      toastSuccess('Redirect deleted', `${redirect.from} no longer leads anywhere.`);
      await refresh();
      moveFocus(neighbour ? { row: neighbour.id } : 'search');
    } catch (error) {
      toastFailure('Failed to delete the redirect.', error);
    } finally {
      setDeletingId(null);
    }
  };

  const searching = searched !== '';

  return (
    <section aria-labelledby="redirects-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="redirects-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          Redirects
        </h2>
        <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => openDialog(null)}>
          Add redirect
        </Button>
      </div>
      <p className="mt-1 text-sm text-stone-600 dark:text-stone-400">
        Old addresses that send visitors to a new one. Renaming a published page adds one for you.
      </p>

      <div className="relative mt-4 w-full sm:w-80">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-stone-400"
        />
        <label htmlFor={searchId} className="sr-only">
          Search redirects
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Search old or new address…"
          maxLength={searchMaxLength}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={`${inputClass} pl-8`}
        />
      </div>

      {list.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading redirects" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          The redirects could not be loaded.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : items.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center dark:border-white/15 dark:bg-abyss-900">
          <p role="status" className="text-sm break-words text-stone-600 dark:text-stone-300">
            {searching ? (
              <>
                No redirect matches <span className="font-mono">{searched}</span>.
              </>
            ) : (
              'No redirects yet. Add one when a page moves; renaming a published page adds one for you.'
            )}
          </p>
        </div>
      ) : (
        <>
          <p role="status" className="mt-3 mb-2 flex items-center gap-2 text-xs text-stone-500 dark:text-stone-400">
            {items.length}
            {list.hasNextPage ? '+' : ''} {items.length === 1 ? 'redirect' : 'redirects'}
            {searching ? ` matching “${searched}”` : ''}
            {list.isFetching && !list.isFetchingNextPage ? <Spinner className="size-3" /> : null}
          </p>
          <div className="rounded-xl border border-stone-200 bg-white dark:border-white/10 dark:bg-abyss-900">
            <table className="w-full text-left text-sm max-md:block">
              <caption className="sr-only">Redirects by old address</caption>
              <thead className="border-b border-stone-200 bg-stone-50 text-xs text-stone-600 max-md:sr-only dark:border-white/10 dark:bg-abyss-950/40 dark:text-stone-400">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    From
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    To
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Type
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    Hits
                  </th>
                  <th scope="col" className="px-3 py-2 font-semibold">
                    Source
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200 max-md:block dark:divide-white/10">
                {items.map((redirect, index) => (
                  <RedirectRow
                    key={redirect.id}
                    redirect={redirect}
                    deleting={deletingId === redirect.id}
                    onEdit={() => openDialog(redirect)}
                    onDelete={() => void remove(redirect, index)}
                  />
                ))}
              </tbody>
            </table>
          </div>
          {list.hasNextPage ? (
            <div className="mt-3 flex justify-center">
              <Button
                variant="secondary"
                size="sm"
                busy={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                Load more
              </Button>
            </div>
          ) : null}
        </>
      )}

      <RedirectDialog
        open={dialogOpen}
        redirect={editing}
        onOpenChange={setDialogOpen}
        onSaved={onSaved}
        onGone={() => {
          focusAfterClose.current = 'search';
          setDialogOpen(false);
          void refresh();
        }}
        onCloseAutoFocus={(event) => {
          const target = focusAfterClose.current;
          focusAfterClose.current = 'opener';
          if (moveFocus(target)) event.preventDefault();
        }}
      />
    </section>
  );
}
