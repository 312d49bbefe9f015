import { CalendarClock, History, Trash2, Undo2, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import type { PageDto } from '../../../features/pages/pages.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { AutosaveIndicator, type AutosaveStatus } from './autosave';
import { PageStatusBadge, PreviewButtons, ScheduleBadges, ScheduleDialog } from './editorial-actions';

export interface Publishing {
  busy: 'publish' | 'unpublish' | 'discard' | null;
  publish: () => Promise<void>;
  unpublish: () => Promise<void>;
  discard: () => Promise<void>;
}

/**
 * Publishing from the editor (decision 30). Every autosave still waiting is sent first, so the
 * publish includes the last keystrokes and no save can land after it (Payload #1748). A failed
 * publish changes nothing: the draft stays and the buttons stay usable (Payload #17517).
 */
export function usePublishing({
  page,
  flushAll,
  onSaved,
  onReloadDraft,
}: {
  page: PageDto;
  flushAll: () => Promise<boolean>;
  onSaved: (page: PageDto) => void;
  onReloadDraft: () => void;
}): Publishing {
  const [busy, setBusy] = useState<Publishing['busy']>(null);

  const run = async (kind: NonNullable<Publishing['busy']>, action: () => Promise<void>, failure: string) => {
    setBusy(kind);
    try {
      await action();
    } catch (error) {
      toastFailure(failure, error);
    } finally {
      setBusy(null);
    }
  };

  return {
    busy,
    publish: () =>
      run(
        'publish',
        async () => {
          if (!(await flushAll())) {
            throw new ApiError(409, 'unsaved_edits', 'Some edits could not be saved yet. Resolve them, then publish.');
          }
          // The page version after the last autosave, read now: the one on screen may be a save behind.
          const current = await api.get<{ page: PageDto }>(`/api/v1/pages/${page.id}`);
          const { page: published } = await api.post<{ page: PageDto }>(`/api/v1/pages/${page.id}/publish`, {
            version: current.page.version,
          });
          onSaved(published);
          toastSuccess(page.is_published ? 'Changes published' : 'Page published', 'Visitors now see this version.');
        },
        'Failed to publish the page.',
      ),
    unpublish: () =>
      run(
        'unpublish',
        async () => {
          const { page: saved } = await api.post<{ page: PageDto }>(`/api/v1/pages/${page.id}/unpublish`);
          onSaved(saved);
          toastSuccess('Page taken off the site', 'Visitors get "page not found" until you publish it again.');
        },
        'Failed to take the page off the site.',
      ),
    discard: () =>
      run(
        'discard',
        async () => {
          await flushAll();
          const { page: saved } = await api.post<{ page: PageDto }>(`/api/v1/pages/${page.id}/discard`);
          onSaved(saved);
          onReloadDraft();
          toastSuccess('Changes discarded', 'The draft is the published version again.');
        },
        'Failed to discard the changes.',
      ),
  };
}

/**
 * The editor's bar: where the page stands (Draft / Published / Unpublished changes, schedule,
 * autosave), and what can be done with it.
 */
export function PageEditorToolbar({
  page,
  timeZone,
  title,
  autosaveStatus,
  publishing,
  flushAll,
  onSaved,
  onLeave,
  revisionsOpen,
  onToggleRevisions,
}: {
  page: PageDto;
  timeZone: string;
  title: string;
  autosaveStatus: AutosaveStatus;
  publishing: Publishing;
  flushAll: () => Promise<boolean>;
  onSaved: (page: PageDto) => void;
  onLeave: () => void;
  revisionsOpen: boolean;
  onToggleRevisions: () => void;
}) {
  const [confirm, setConfirm] = useState<'discard' | 'trash' | null>(null);
  const [scheduling, setScheduling] = useState(false);
  const [trashing, setTrashing] = useState(false);

  const moveToTrash = async () => {
    setTrashing(true);
    try {
      await api.delete(`/api/v1/pages/${page.id}`);
      toastSuccess('Moved to Trash', `"${title}" can be restored from Trash for 30 days.`);
      onLeave();
    } catch (error) {
      toastFailure('Failed to move the page to Trash.', error);
      setTrashing(false);
    }
  };

  const canDiscard = page.is_published && page.has_unpublished_changes === true;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded-xl border border-stone-200 bg-white px-3 py-2 dark:border-white/10 dark:bg-abyss-900">
      <div role="group" className="mr-auto flex flex-wrap items-center gap-2" aria-label="Page status">
        <PageStatusBadge page={page} />
        <ScheduleBadges page={page} timeZone={timeZone} />
        {page.published_at ? (
          <span className="text-xs text-stone-500 dark:text-stone-400" title={exactTime(new Date(page.published_at))}>
            Last published {relativeTime(new Date(page.published_at))}
          </span>
        ) : null}
        <AutosaveIndicator status={autosaveStatus} />
      </div>
      <Button
        variant="secondary"
        icon={<History aria-hidden="true" className="size-4" />}
        aria-haspopup="dialog"
        aria-expanded={revisionsOpen}
        onClick={() => void flushAll().then(onToggleRevisions)}
      >
        Revisions
      </Button>
      <PreviewButtons pageId={page.id} beforePreview={flushAll} />
      <Button
        variant="secondary"
        icon={<CalendarClock aria-hidden="true" className="size-4" />}
        onClick={() => setScheduling(true)}
      >
        Schedule
      </Button>
      <Button
        variant="secondary"
        icon={<Trash2 aria-hidden="true" className="size-4" />}
        onClick={() => setConfirm('trash')}
      >
        Move to Trash
      </Button>
      {canDiscard ? (
        <Button
          variant="secondary"
          icon={<Undo2 aria-hidden="true" className="size-4" />}
          busy={publishing.busy === 'discard'}
          onClick={() => setConfirm('discard')}
        >
          Discard changes
        </Button>
      ) : null}
      <Button type="submit" variant="secondary">
        Save
      </Button>
      {!page.is_published || page.has_unpublished_changes ? (
        <Button
          icon={<UploadCloud aria-hidden="true" className="size-4" />}
          busy={publishing.busy === 'publish'}
          disabled={publishing.busy !== null}
          onClick={() => void publishing.publish()}
        >
          {page.is_published ? 'Publish changes' : 'Publish'}
        </Button>
      ) : null}

      <ScheduleDialog
        key={`${page.publish_at ?? ''}|${page.unpublish_at ?? ''}`}
        page={page}
        timeZone={timeZone}
        open={scheduling}
        onOpenChange={setScheduling}
        onSaved={onSaved}
      />
      <ConfirmDialog
        open={confirm === 'discard'}
        onOpenChange={(open) => setConfirm(open ? 'discard' : null)}
        title="Discard changes"
        description="The draft goes back to the version visitors see now. Edits made since the last publish are dropped (they stay in Revisions)."
        confirmLabel="Discard changes"
        busy={publishing.busy === 'discard'}
        onConfirm={() => void publishing.discard().then(() => setConfirm(null))}
      />
      <ConfirmDialog
        open={confirm === 'trash'}
        onOpenChange={(open) => setConfirm(open ? 'trash' : null)}
        title="Move to Trash"
        description={`"${title}" moves to Trash and visitors no longer see it. You can restore it from Trash for 30 days; after that it is deleted for good.`}
        confirmLabel="Move to Trash"
        busy={trashing}
        onConfirm={() => void moveToTrash()}
      />
    </div>
  );
}
