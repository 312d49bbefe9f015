import * as Dialog from '@radix-ui/react-dialog';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { BlockDto, PageDto } from '../../../features/pages/pages.dto';
import {
  snapshotBlockOf,
  snapshotPageOf,
  type PageSnapshot,
  type SnapshotPage,
} from '../../../features/publishing/page-snapshot';
import { diffSnapshots } from '../../../features/publishing/revision-diff';
import { api } from '../../../shared/lib/api-client';
import { exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { useReturnFocus } from '../ui/use-return-focus';
import { RevisionChanges } from './revision-changes';

type RevisionKind = 'published' | 'saved' | 'autosave' | 'restored';

interface RevisionSummary {
  id: string;
  number: number;
  kind: RevisionKind;
  author: string;
  note: string | null;
  created_at: string;
}

interface RevisionList {
  items: RevisionSummary[];
  next_cursor: string | null;
}

interface RevisionDetail extends RevisionSummary {
  snapshot: { page: Record<string, unknown>; blocks: PageSnapshot['blocks'] };
}

/** Revisions fetched per request; 'Load older' asks for the next ones. */
const pageSize = 30;

const kindLabels: Record<RevisionKind, string> = {
  published: 'Published',
  saved: 'Saved',
  autosave: 'Autosave',
  restored: 'Restored',
};

const kindTones: Record<RevisionKind, string> = {
  published: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  saved: 'bg-stone-100 text-stone-800 dark:bg-white/10 dark:text-stone-200',
  autosave:
    'bg-white text-stone-700 ring-1 ring-stone-300 ring-inset dark:bg-transparent dark:text-stone-300 dark:ring-white/20',
  restored: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
};

function KindBadge({ kind }: { kind: RevisionKind }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-[0.6875rem] leading-4 font-semibold ${kindTones[kind]}`}>
      {kindLabels[kind]}
    </span>
  );
}

function When({ iso }: { iso: string }) {
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={exactTime(date)}>
      {relativeTime(date)}
    </time>
  );
}

const revisionsKey = (pageId: string) => ['revisions', pageId] as const;

/**
 * The editor's 'Revisions' side panel (decision 31): every publish, save, autosave and restore of
 * the page, newest first; choosing one shows what differs from the current draft and can restore it
 * into the draft (never publishing).
 */
export function RevisionsPanel({
  pageId,
  open,
  onClose,
  onRestored,
}: {
  pageId: string;
  open: boolean;
  onClose: () => void;
  onRestored: (page: PageDto) => void;
}) {
  const returnFocus = useReturnFocus();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-stone-950/30" />
        <Dialog.Content
          {...returnFocus}
          className="fixed inset-y-0 right-0 z-40 flex w-[min(100vw,62rem)] flex-col border-l border-stone-200 bg-white shadow-2xl outline-none dark:border-white/10 dark:bg-abyss-900"
        >
          <div className="flex items-start gap-3 border-b border-stone-200 px-5 py-3 dark:border-white/10">
            <div className="mr-auto">
              <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">
                Revisions
              </Dialog.Title>
              <Dialog.Description className="text-sm text-stone-600 dark:text-stone-400">
                Every publish, save and restore of this page. Choose one to compare it with the current draft.
              </Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button
                type="button"
                aria-label="Close revisions"
                title="Close (Esc)"
                className="inline-flex size-8 items-center justify-center rounded-md text-stone-500 hover:bg-stone-100 hover:text-stone-900 dark:hover:bg-white/5 dark:hover:text-stone-100"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </Dialog.Close>
          </div>
          <PanelBody pageId={pageId} onRestored={onRestored} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Mounted only while the panel is open, so opening it always fetches the latest list and draft. */
function PanelBody({ pageId, onRestored }: { pageId: string; onRestored: (page: PageDto) => void }) {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const revisions = useInfiniteQuery({
    queryKey: revisionsKey(pageId),
    queryFn: ({ pageParam }) =>
      api.get<RevisionList>(
        `/api/v1/pages/${pageId}/revisions?limit=${pageSize}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`,
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const items = useMemo(() => revisions.data?.pages.flatMap((page) => page.items) ?? [], [revisions.data]);
  const selected = items.find((item) => item.id === selectedId) ?? null;

  return (
    <div className="grid min-h-0 flex-1 grid-rows-[minmax(0,16rem)_minmax(0,1fr)] md:grid-cols-[18rem_minmax(0,1fr)] md:grid-rows-1">
      <div className="flex min-h-0 flex-col overflow-y-auto border-b border-stone-200 md:border-r md:border-b-0 dark:border-white/10">
        {revisions.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-5" label="Loading revisions" />
          </div>
        ) : revisions.isError ? (
          <p role="alert" className="m-4 rounded-lg bg-red-50 p-3 text-sm text-red-800">
            The revisions could not be loaded.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void revisions.refetch()}>
              Try again
            </button>
          </p>
        ) : items.length === 0 ? (
          <p className="p-4 text-sm text-stone-600 dark:text-stone-400">This page has no revisions yet.</p>
        ) : (
          <>
            <RevisionListbox items={items} selectedId={selectedId} onSelect={setSelectedId} />
            {revisions.hasNextPage ? (
              <div className="border-t border-stone-100 p-3 dark:border-white/5">
                <Button
                  variant="secondary"
                  size="sm"
                  className="w-full"
                  busy={revisions.isFetchingNextPage}
                  onClick={() => void revisions.fetchNextPage()}
                >
                  Load older
                </Button>
              </div>
            ) : null}
          </>
        )}
      </div>
      <div className="min-h-0 overflow-y-auto">
        {selected ? (
          <RevisionDetailView key={selected.id} pageId={pageId} summary={selected} onRestored={onRestored} />
        ) : (
          <p className="p-5 text-sm text-stone-600 dark:text-stone-400">
            Choose a revision to see what differs from the current draft.
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The list of revisions as a listbox: one Tab stop, Arrow keys (and Home/End) move between
 * revisions, Enter or Space chooses one. Focus and choice are separate so moving is cheap.
 */
function RevisionListbox({
  items,
  selectedId,
  onSelect,
}: {
  items: RevisionSummary[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  // The Tab stop follows the revision, not its place: a restore adds one above it.
  const [activeId, setActiveId] = useState<string | null>(null);
  const options = useRef<Array<HTMLLIElement | null>>([]);
  const active = Math.max(
    0,
    items.findIndex((item) => item.id === activeId),
  );

  const focusAt = (index: number) => {
    const next = Math.max(0, Math.min(items.length - 1, index));
    const item = items[next];
    if (item) setActiveId(item.id);
    options.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>, index: number, id: string) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
      PageDown: index + 10,
      PageUp: index - 10,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusAt(target);
    } else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelect(id);
    }
  };

  return (
    <ul role="listbox" aria-label="Revisions, newest first" className="divide-y divide-stone-100 dark:divide-white/5">
      {items.map((item, index) => {
        const isSelected = item.id === selectedId;
        return (
          <li
            key={item.id}
            ref={(element) => {
              options.current[index] = element;
            }}
            role="option"
            aria-selected={isSelected}
            tabIndex={index === active ? 0 : -1}
            onClick={() => {
              setActiveId(item.id);
              onSelect(item.id);
            }}
            onFocus={() => setActiveId(item.id)}
            onKeyDown={(event) => onKeyDown(event, index, item.id)}
            className={`cursor-pointer border-l-2 px-4 py-2.5 text-sm outline-offset-[-2px] ${
              isSelected
                ? 'border-lagoon-600 bg-lagoon-50 dark:border-lagoon-400 dark:bg-lagoon-950/60'
                : 'border-transparent hover:bg-stone-50 dark:hover:bg-white/5'
            }`}
          >
            <div className="flex items-center gap-2">
              <KindBadge kind={item.kind} />
              <span className="font-medium text-stone-900 dark:text-stone-100">Revision {item.number}</span>
              <span className="ml-auto text-xs text-stone-500 dark:text-stone-400">
                <When iso={item.created_at} />
              </span>
            </div>
            <div className="mt-0.5 truncate text-xs text-stone-600 dark:text-stone-400">
              {item.author}
              {item.note ? <span> · {item.note}</span> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The draft as a snapshot, for comparing: the page's content fields and every block. */
function draftSnapshot(page: PageDto, blocks: BlockDto[]): PageSnapshot {
  return { page: snapshotPageOf(page), blocks: blocks.map(snapshotBlockOf) };
}

function RevisionDetailView({
  pageId,
  summary,
  onRestored,
}: {
  pageId: string;
  summary: RevisionSummary;
  onRestored: (page: PageDto) => void;
}) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revision = useQuery({
    queryKey: [...revisionsKey(pageId), 'revision', summary.id],
    queryFn: () =>
      api
        .get<{ revision: RevisionDetail }>(`/api/v1/pages/${pageId}/revisions/${summary.id}`)
        .then((body) => body.revision),
    staleTime: 0,
  });
  // The draft as the server has it now; its own key, so the editor's form (keyed ['page', id])
  // is not reloaded under the editor's hands just because the panel looked.
  const draft = useQuery({
    queryKey: [...revisionsKey(pageId), 'draft'],
    queryFn: async () => {
      const [page, blocks] = await Promise.all([
        api.get<{ page: PageDto }>(`/api/v1/pages/${pageId}`),
        api.get<{ blocks: BlockDto[] }>(`/api/v1/pages/${pageId}/blocks`),
      ]);
      return draftSnapshot(page.page, blocks.blocks);
    },
    staleTime: 0,
    refetchOnMount: 'always',
  });
  const diff = useMemo(
    () =>
      revision.data && draft.data
        ? diffSnapshots(
            { page: revision.data.snapshot.page as SnapshotPage, blocks: revision.data.snapshot.blocks },
            draft.data,
          )
        : null,
    [revision.data, draft.data],
  );

  const restore = useMutation({
    mutationFn: () => api.post<{ page: PageDto }>(`/api/v1/pages/${pageId}/revisions/${summary.id}/restore`),
    onSuccess: ({ page }) => {
      setConfirming(false);
      toastSuccess('Version restored', `Revision ${summary.number} is now the draft. Publish to put it on the site.`);
      void queryClient.invalidateQueries({ queryKey: ['page', pageId] });
      void queryClient.invalidateQueries({ queryKey: ['blocks', pageId] });
      void queryClient.invalidateQueries({ queryKey: ['pages'] });
      void queryClient.invalidateQueries({ queryKey: revisionsKey(pageId) });
      onRestored(page);
    },
    onError: (error) => {
      setConfirming(false);
      toastFailure('Failed to restore this version.', error);
    },
  });

  // Tell screen readers what they chose once its changes are known.
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!diff) return;
    setAnnouncement(
      diff.identical
        ? `Revision ${summary.number}: the same as the current draft.`
        : `Revision ${summary.number} loaded with its changes against the current draft.`,
    );
  }, [diff, summary.number]);

  const when = new Date(summary.created_at);
  return (
    <section aria-labelledby="revision-detail-title" className="p-5">
      <div className="flex flex-wrap items-start gap-3">
        <div className="mr-auto min-w-0">
          <h3
            id="revision-detail-title"
            className="flex items-center gap-2 text-sm font-semibold text-stone-900 dark:text-stone-50"
          >
            Revision {summary.number} <KindBadge kind={summary.kind} />
          </h3>
          <p className="mt-0.5 text-xs text-stone-600 dark:text-stone-400">
            {summary.author} · {exactTime(when)} (<When iso={summary.created_at} />)
            {summary.note ? ` · ${summary.note}` : ''}
          </p>
        </div>
        <Button size="sm" variant="secondary" disabled={!revision.data} onClick={() => setConfirming(true)}>
          Restore this version
        </Button>
      </div>

      <h4 className="mt-5 border-b border-stone-200 pb-1.5 text-sm font-semibold text-stone-900 dark:border-white/10 dark:text-stone-100">
        Changes against the current draft
      </h4>
      <p className="mt-1.5 mb-3 text-xs text-stone-600 dark:text-stone-400">
        Read from this version to the current draft:{' '}
        <del className="text-red-800 decoration-red-600 decoration-2 dark:text-red-200">struck text</del> was removed
        since,{' '}
        <ins className="text-emerald-900 decoration-emerald-600 decoration-2 underline-offset-2 dark:text-emerald-100">
          underlined text
        </ins>{' '}
        was added. Restoring brings this version back.
      </p>
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {revision.isError || draft.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          This revision could not be compared with the draft.{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => {
              void revision.refetch();
              void draft.refetch();
            }}
          >
            Try again
          </button>
        </p>
      ) : diff ? (
        <RevisionChanges diff={diff} />
      ) : (
        <div className="flex justify-center py-8">
          <Spinner className="size-5" label="Comparing with the current draft" />
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={(next) => {
          if (!restore.isPending) setConfirming(next);
        }}
        title="Restore this version?"
        description={
          <>
            Revision {summary.number} ({kindLabels[summary.kind].toLowerCase()}, {relativeTime(when)}) replaces the
            page&rsquo;s draft: its fields and all of its blocks. This does not publish: visitors keep seeing the
            published page until you publish. The current draft stays in the list of revisions.
          </>
        }
        confirmLabel="Restore"
        busy={restore.isPending}
        onConfirm={() => restore.mutate()}
      />
    </section>
  );
}
