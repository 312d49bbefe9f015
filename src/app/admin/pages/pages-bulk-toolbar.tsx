import * as Dialog from '@radix-ui/react-dialog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CircleX, EyeOff, Send, Trash2, X } from 'lucide-react';
import { useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { api } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastFailure, toastSuccess } from '../ui/toasts';

export type BulkAction = 'publish' | 'unpublish' | 'trash';

interface BulkResult {
  id: string;
  ok: boolean;
  error?: { code: string; message: string };
}

/** A page of the selection: enough to name it in the answer. */
export interface SelectedPage {
  id: string;
  title: string;
}

export interface BulkFailure {
  id: string;
  title: string;
  message: string;
}

const pagesWord = (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`;

const done: Record<BulkAction, (n: number) => string> = {
  publish: (n) => `${pagesWord(n)} published`,
  unpublish: (n) => `${pagesWord(n)} taken off the site`,
  trash: (n) => `${pagesWord(n)} moved to Trash`,
};

const failedTitle: Record<BulkAction, string> = {
  publish: 'Not published',
  unpublish: 'Not taken off the site',
  trash: 'Not moved to Trash',
};

/**
 * The bar over the pages list: 'Select all shown' and, with a selection, what to do with it
 * (decision 033). Every page is handled on its own: the toast counts what was done, and the pages
 * that were not are listed in a dialog with the reason and a link to open each.
 */
export function PagesBulkBar({
  shown,
  selected,
  onSelectAll,
  onClear,
  onDone,
  total,
  selectAllRef,
}: {
  shown: SelectedPage[];
  selected: SelectedPage[];
  onSelectAll: (select: boolean) => void;
  onClear: () => void;
  /** After an action: the ids that still need attention stay selected. */
  onDone: (keepSelected: string[]) => void;
  /** How many pages match the filters in all (undefined while unknown). */
  total: number | undefined;
  selectAllRef: RefObject<HTMLInputElement | null>;
}) {
  const queryClient = useQueryClient();
  const [confirmTrash, setConfirmTrash] = useState(false);
  const [failures, setFailures] = useState<{ action: BulkAction; pages: BulkFailure[] } | null>(null);

  const run = useMutation({
    mutationFn: ({ action, pages }: { action: BulkAction; pages: SelectedPage[] }) =>
      api.post<{ results: BulkResult[] }>('/api/v1/pages/bulk', { action, ids: pages.map((page) => page.id) }),
    onSuccess: async ({ results }, { action, pages }) => {
      const titles = new Map(pages.map((page) => [page.id, page.title]));
      const succeeded = results.filter((result) => result.ok).length;
      const failed = results
        .filter((result) => !result.ok)
        .map((result) => ({
          id: result.id,
          title: titles.get(result.id) ?? 'A page',
          message: result.error?.message ?? 'It could not be changed.',
        }));
      setConfirmTrash(false);
      if (succeeded > 0) {
        toastSuccess(
          done[action](succeeded),
          failed.length > 0 ? `${pagesWord(failed.length)} could not be changed: see the list.` : undefined,
        );
      }
      if (failed.length > 0) setFailures({ action, pages: failed });
      onDone(failed.map((failure) => failure.id));
      await queryClient.invalidateQueries({ queryKey: ['pages'] });
    },
    onError: (error) => {
      setConfirmTrash(false);
      toastFailure('The pages could not be changed.', error);
    },
  });

  const count = selected.length;
  const allShown = shown.length > 0 && shown.every((page) => selected.some((s) => s.id === page.id));
  const someShown = !allShown && shown.some((page) => selected.some((s) => s.id === page.id));
  const busy = (action: BulkAction) => run.isPending && run.variables?.action === action;

  return (
    <>
      <div
        role="region"
        aria-label="Selection"
        className="sticky top-0 z-20 flex rounded-t-xl min-h-12 flex-wrap items-center gap-x-3 gap-y-2 border-b border-stone-200 bg-stone-50/95 px-3 py-2 backdrop-blur dark:border-white/10 dark:bg-abyss-950/95"
      >
        <label className="inline-flex items-center gap-2 text-sm text-stone-700 dark:text-stone-300">
          <input
            ref={(element) => {
              selectAllRef.current = element;
              if (element) element.indeterminate = someShown;
            }}
            type="checkbox"
            checked={allShown}
            disabled={shown.length === 0}
            onChange={(event) => onSelectAll(event.target.checked)}
            className="size-4 accent-lagoon-700"
          />
          Select all shown
        </label>
        {count > 0 ? (
          <>
            <span className="text-sm font-semibold text-stone-900 dark:text-stone-50" aria-live="polite">
              {count} selected
            </span>
            <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
              <Button
                size="sm"
                busy={busy('publish')}
                disabled={run.isPending}
                icon={<Send aria-hidden="true" className="size-3.5" />}
                onClick={() => run.mutate({ action: 'publish', pages: selected })}
              >
                Publish
              </Button>
              <Button
                size="sm"
                variant="secondary"
                busy={busy('unpublish')}
                disabled={run.isPending}
                icon={<EyeOff aria-hidden="true" className="size-3.5" />}
                onClick={() => run.mutate({ action: 'unpublish', pages: selected })}
              >
                Unpublish
              </Button>
              <Button
                size="sm"
                variant="secondary"
                disabled={run.isPending}
                icon={<Trash2 aria-hidden="true" className="size-3.5" />}
                onClick={() => setConfirmTrash(true)}
              >
                Move to Trash
              </Button>
              <Button
                size="sm"
                variant="ghost"
                disabled={run.isPending}
                icon={<X aria-hidden="true" className="size-3.5" />}
                onClick={onClear}
              >
                Clear selection
              </Button>
            </div>
          </>
        ) : (
          <span className="ml-auto text-sm text-stone-600 dark:text-stone-400">
            {total === undefined
              ? null
              : shown.length < total
                ? `${shown.length} of ${pagesWord(total)} shown`
                : pagesWord(total)}
          </span>
        )}
      </div>

      <ConfirmDialog
        open={confirmTrash}
        onOpenChange={setConfirmTrash}
        title={`Move ${pagesWord(count)} to Trash`}
        description={`${count === 1 ? 'It moves' : 'They move'} to Trash and visitors no longer see ${count === 1 ? 'it' : 'them'}. You can restore ${count === 1 ? 'it' : 'them'} from Trash for 30 days; after that ${count === 1 ? 'it is' : 'they are'} deleted for good.`}
        confirmLabel="Move to Trash"
        busy={busy('trash')}
        onConfirm={() => run.mutate({ action: 'trash', pages: selected })}
      />
      <BulkFailuresDialog
        failures={failures?.pages ?? null}
        title={failures ? failedTitle[failures.action] : ''}
        onClose={() => {
          setFailures(null);
        }}
      />
    </>
  );
}

/** The pages an action could not change, each with the reason and a link to open it. */
function BulkFailuresDialog({
  failures,
  title,
  onClose,
}: {
  failures: BulkFailure[] | null;
  title: string;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={failures !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(94vw,36rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white shadow-2xl dark:bg-abyss-900">
          <div className="border-b border-stone-200 px-5 pt-5 pb-4 dark:border-white/10">
            <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">
              {title}: {pagesWord(failures?.length ?? 0)}
            </Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-300">
              The other selected pages were changed. These were left as they were:
            </Dialog.Description>
          </div>
          <ul className="min-h-0 flex-1 divide-y divide-stone-200 overflow-y-auto px-5 dark:divide-white/10">
            {(failures ?? []).map((failure) => (
              <li key={failure.id} className="flex items-start gap-2 py-3 text-sm">
                <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-400" />
                <div className="min-w-0">
                  <Link
                    to={`/admin/pages/${failure.id}`}
                    className="font-semibold text-stone-900 underline-offset-2 hover:underline dark:text-stone-50"
                  >
                    Open “{failure.title}”
                  </Link>
                  <p className="mt-0.5 text-stone-700 dark:text-stone-300">{failure.message}</p>
                </div>
              </li>
            ))}
          </ul>
          <div className="flex justify-end border-t border-stone-200 px-5 py-4 dark:border-white/10">
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
