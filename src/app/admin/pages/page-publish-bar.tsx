import * as Switch from '@radix-ui/react-switch';
import { CalendarClock, History, Trash2, Undo2, UploadCloud } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PageDto } from '../../../features/pages/pages.dto';
import type { FindingDto } from '../../../features/publish-checks/publish-checks.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { exactTime, relativeTime } from '../../../shared/lib/relative-time';
import { Button } from '../../../shared/ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { OverflowActions, type OverflowAction } from '../ui/overflow-actions';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { AutosaveIndicator, type AutosaveStatus } from './autosave';
import { PageStatusBadge, ScheduleBadges, ScheduleDialog, usePreviewActions } from './editorial-actions';
import type { PageDraft } from './page-draft-form';
import { PublishCheckDialog } from './publish-check-dialog';

export interface Publishing {
  busy: 'publish' | 'unpublish' | 'discard' | null;
  /** Saves, runs the publish check, and publishes at once when it finds nothing. */
  publish: () => Promise<void>;
  /** What the publish check found, while its dialog is open. */
  findings: FindingDto[] | null;
  /** Publishes over the findings (the dialog's 'Publish anyway' / 'Publish with errors'). */
  publishAnyway: () => Promise<void>;
  closeFindings: () => void;
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
  page: Pick<PageDto, 'id' | 'is_published'>;
  flushAll: () => Promise<boolean>;
  onSaved: (page: PageDto) => void;
  onReloadDraft: () => void;
}): Publishing {
  const [busy, setBusy] = useState<Publishing['busy']>(null);
  const [findings, setFindings] = useState<FindingDto[] | null>(null);

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

  /** The publish itself, with the page version after the last autosave (the one on screen may be a save behind). */
  const publishNow = async () => {
    const current = await api.get<{ page: PageDto }>(`/api/v1/pages/${page.id}`);
    const { page: published } = await api.post<{ page: PageDto }>(`/api/v1/pages/${page.id}/publish`, {
      version: current.page.version,
    });
    setFindings(null);
    onSaved(published);
    toastSuccess(page.is_published ? 'Changes published' : 'Page published', 'Visitors now see this version.');
  };

  return {
    busy,
    findings,
    closeFindings: () => setFindings(null),
    publish: () =>
      run(
        'publish',
        async () => {
          if (!(await flushAll())) {
            throw new ApiError(409, 'unsaved_edits', 'Some edits could not be saved yet. Resolve them, then publish.');
          }
          // The publish check (decision 37) reads the saved draft: nothing found, nothing to ask.
          const found = await api.get<FindingDto[]>(`/api/v1/pages/${page.id}/checks`);
          if (found.length > 0) {
            setFindings(found);
            return;
          }
          await publishNow();
        },
        'Failed to publish the page.',
      ),
    publishAnyway: () =>
      run(
        'publish',
        async () => {
          if (!(await flushAll())) {
            throw new ApiError(409, 'unsaved_edits', 'Some edits could not be saved yet. Resolve them, then publish.');
          }
          await publishNow();
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
 * The editor's publish bar: where the page stands (Draft / Published / Unpublished changes,
 * schedule, autosave), and what can be done with it.
 */
export function PagePublishBar({
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

  const [, setParams] = useSearchParams();
  /** From the publish check: the Content Blocks tab, that block opened, the cursor on its row. */
  const showBlock = (blockId: string) => {
    setParams({ tab: 'blocks' }, { replace: true });
    // Two frames: the tab shows first, then the row can take focus.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        const toggle = document.querySelector<HTMLElement>(
          `li[data-block-id="${CSS.escape(blockId)}"] [data-block-toggle]`,
        );
        if (!toggle) return;
        if (toggle.getAttribute('aria-expanded') === 'false') toggle.click();
        toggle.scrollIntoView({ block: 'start' });
        toggle.focus();
      }),
    );
  };

  const canDiscard = page.is_published && page.has_unpublished_changes === true;
  const preview = usePreviewActions({ pageId: page.id, beforePreview: flushAll });
  // Secondary actions, most used first: the last ones move into the More menu first on a narrow screen.
  const actions: OverflowAction[] = [
    {
      key: 'revisions',
      label: 'Revisions',
      icon: <History aria-hidden="true" className="size-4" />,
      onSelect: () => void flushAll().then(onToggleRevisions),
      buttonProps: { 'aria-haspopup': 'dialog', 'aria-expanded': revisionsOpen },
    },
    ...preview.actions,
    {
      key: 'schedule',
      label: 'Schedule',
      icon: <CalendarClock aria-hidden="true" className="size-4" />,
      onSelect: () => setScheduling(true),
    },
    {
      key: 'trash',
      label: 'Move to Trash',
      icon: <Trash2 aria-hidden="true" className="size-4" />,
      tone: 'danger',
      onSelect: () => setConfirm('trash'),
    },
    ...(canDiscard
      ? [
          {
            key: 'discard',
            label: 'Discard changes',
            icon: <Undo2 aria-hidden="true" className="size-4" />,
            tone: 'danger' as const,
            busy: publishing.busy === 'discard',
            onSelect: () => setConfirm('discard'),
          },
        ]
      : []),
  ];
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
      <OverflowActions
        label="Page actions"
        actions={actions}
        primary={
          <>
            <Button type="submit" variant="secondary">
              Save
            </Button>
            {!page.is_published || page.has_unpublished_changes ? (
              <Button
                icon={<UploadCloud aria-hidden="true" className="size-4" />}
                busy={publishing.busy === 'publish'}
                disabled={publishing.busy !== null}
                data-publish-button=""
                onClick={() => void publishing.publish()}
              >
                {page.is_published ? 'Publish changes' : 'Publish'}
              </Button>
            ) : null}
          </>
        }
      />

      {preview.linkDialog}
      <PublishCheckDialog
        findings={publishing.findings}
        busy={publishing.busy === 'publish'}
        onPublish={() => void publishing.publishAnyway()}
        onClose={publishing.closeFindings}
        onShowBlock={(blockId) => {
          publishing.closeFindings();
          showBlock(blockId);
        }}
      />
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

/**
 * The Content tab's Published switch. On a new page it is a field of the form, sent when the page
 * is created; on a saved page it publishes at once, or asks before taking the page off the site.
 */
export function PublishedSwitch({
  page,
  draft,
  publishing,
}: {
  page: PageDto | undefined;
  draft: Pick<PageDraft, 'isNew' | 'form' | 'set'>;
  publishing: Publishing;
}) {
  const [confirmTakeDown, setConfirmTakeDown] = useState(false);
  const { isNew } = draft;
  return (
    <>
      <div>
        <label className="flex items-center gap-3 text-sm font-medium text-stone-800 dark:text-stone-200">
          <Switch.Root
            checked={isNew ? draft.form.is_published : (page?.is_published ?? false)}
            disabled={publishing.busy !== null}
            onCheckedChange={(checked) => {
              if (isNew) draft.set('is_published', checked);
              else if (checked) void publishing.publish();
              else setConfirmTakeDown(true);
            }}
            className="relative h-6 w-11 rounded-full bg-stone-300 transition data-[state=checked]:bg-lagoon-600 disabled:opacity-60"
          >
            <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white shadow transition data-[state=checked]:translate-x-[22px]" />
          </Switch.Root>
          Published
        </label>
        <p className="mt-1 text-xs text-stone-500 dark:text-stone-400">
          {isNew
            ? 'On: the page goes on the site when you save it.'
            : page?.is_published
              ? 'On the site. Turning this off takes the page off the site; the draft stays.'
              : 'Not on the site. Turning this on publishes the draft as it is now.'}
        </p>
      </div>
      <ConfirmDialog
        open={confirmTakeDown}
        onOpenChange={setConfirmTakeDown}
        title="Take the page off the site"
        description={`Visitors get "page not found" at ${page?.path ?? 'its address'} until the page is published again. The draft and its revisions stay.`}
        confirmLabel="Take off the site"
        busy={publishing.busy === 'unpublish'}
        onConfirm={() => void publishing.unpublish().then(() => setConfirmTakeDown(false))}
      />
    </>
  );
}
