import * as Dialog from '@radix-ui/react-dialog';
import { CalendarClock, Copy, ExternalLink, X } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { PageDto } from '../../../features/pages/pages.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { describeZone, formatZoned, toZonedInput, zonedInputToIso } from '../../../shared/lib/zoned-time';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';
import type { OverflowAction } from '../ui/overflow-actions';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { mayDiscard } from '../ui/use-unsaved-guard';

/** Where a page stands for visitors, in the words of decision 30. */
export function pageStatusOf(page: Pick<PageDto, 'is_published' | 'has_unpublished_changes'>) {
  if (!page.is_published)
    return { label: 'Draft', tone: 'bg-stone-200 text-stone-800 dark:bg-white/10 dark:text-stone-200' };
  if (page.has_unpublished_changes) {
    return { label: 'Unpublished changes', tone: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' };
  }
  return { label: 'Published', tone: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' };
}

export function PageStatusBadge({ page }: { page: Pick<PageDto, 'is_published' | 'has_unpublished_changes'> }) {
  const status = pageStatusOf(page);
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}>
      {status.label}
    </span>
  );
}

/** 'Publishes Tue 1 Dec 2026, 09:00 Cancun time' badges for a page's pending schedule. */
export function ScheduleBadges({ page, timeZone }: { page: PageDto; timeZone: string }) {
  const items = [
    page.publish_at ? `Publishes ${formatZoned(new Date(page.publish_at), timeZone)}` : null,
    page.unpublish_at ? `Taken down ${formatZoned(new Date(page.unpublish_at), timeZone)}` : null,
  ].filter((item): item is string => item !== null);
  return (
    <>
      {items.map((item) => (
        <span
          key={item}
          className="inline-flex items-center gap-1 rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900 dark:bg-sky-950 dark:text-sky-200"
        >
          <CalendarClock aria-hidden="true" className="size-3" /> {item}
        </span>
      ))}
    </>
  );
}

async function createPreviewLink(pageId: string): Promise<{ url: string; expires_at: string }> {
  return api.post<{ url: string; expires_at: string }>(`/api/v1/pages/${pageId}/preview-link`);
}

/**
 * 'Preview' opens the draft as visitors would see it; 'Copy preview link' gives a link that works
 * signed out for 24 hours (decision 33). Pending autosaves are saved first, so the preview shows
 * what is on screen. Returned as actions for the editor's toolbar (buttons, or items of its More
 * menu), with the dialog that shows the link when the clipboard is out of reach.
 */
export function usePreviewActions({
  pageId,
  beforePreview,
}: {
  pageId: string;
  beforePreview: () => Promise<boolean>;
}): { actions: OverflowAction[]; linkDialog: ReactNode } {
  const [busy, setBusy] = useState<'open' | 'copy' | null>(null);
  const [shownLink, setShownLink] = useState<string | null>(null);

  const open = async () => {
    // Opened now, inside the click, so no pop-up blocker stops it; it is pointed at the link below.
    const tab = window.open('about:blank', '_blank');
    setBusy('open');
    try {
      await beforePreview();
      const { url } = await createPreviewLink(pageId);
      // Same origin as the admin: the public address may differ (a proxy, a CDN) from where the editor works.
      const local = new URL(url).pathname;
      if (tab) tab.location.href = local;
      else window.location.assign(local);
    } catch (error) {
      tab?.close();
      toastFailure('Failed to open the preview.', error);
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    setBusy('copy');
    try {
      await beforePreview();
      const { url, expires_at } = await createPreviewLink(pageId);
      const until = new Date(expires_at).toLocaleString();
      try {
        await navigator.clipboard.writeText(url);
        toastSuccess('Preview link copied', `Anyone with the link can see this draft until ${until}.`);
      } catch {
        // No clipboard access (an old browser, a denied permission): show the link to copy by hand.
        setShownLink(url);
      }
    } catch (error) {
      toastFailure('Failed to create a preview link.', error);
    } finally {
      setBusy(null);
    }
  };

  const actions: OverflowAction[] = [
    {
      key: 'preview',
      label: 'Preview',
      icon: <ExternalLink aria-hidden="true" className="size-4" />,
      busy: busy === 'open',
      onSelect: () => void open(),
    },
    {
      key: 'copy-preview-link',
      label: 'Copy preview link',
      icon: <Copy aria-hidden="true" className="size-4" />,
      busy: busy === 'copy',
      onSelect: () => void copy(),
    },
  ];
  const linkDialog = (
    <Dialog.Root open={shownLink !== null} onOpenChange={(next) => (next ? undefined : setShownLink(null))}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl dark:bg-abyss-900">
          <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">
            Preview link
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-300">
            Copy this link: it shows the draft to anyone who has it, for 24 hours.
          </Dialog.Description>
          <input
            readOnly
            value={shownLink ?? ''}
            aria-label="Preview link"
            onFocus={(event) => event.currentTarget.select()}
            className="mt-4 w-full rounded-lg border border-stone-300 px-3 py-2 font-mono text-xs dark:border-white/15 dark:bg-abyss-950"
          />
          <div className="mt-4 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
  return { actions, linkDialog };
}

/**
 * 'Schedule': publish at and/or take down at, typed in the site's time zone (shown), sent as
 * instants with an offset (decision 34). Leaving a field empty clears that part of the schedule.
 */
export function ScheduleDialog({
  page,
  timeZone,
  open,
  onOpenChange,
  onSaved,
}: {
  page: PageDto;
  timeZone: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (page: PageDto) => void;
}) {
  const initial = (value: string | null | undefined) => (value ? toZonedInput(new Date(value), timeZone) : '');
  const [publishAt, setPublishAt] = useState(initial(page.publish_at));
  const [unpublishAt, setUnpublishAt] = useState(initial(page.unpublish_at));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const reset = async (next: boolean) => {
    const edited = publishAt !== initial(page.publish_at) || unpublishAt !== initial(page.unpublish_at);
    if (!next && !saving && !(await mayDiscard(edited))) return;
    if (next) {
      setPublishAt(initial(page.publish_at));
      setUnpublishAt(initial(page.unpublish_at));
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const toIso = (value: string) => (value === '' ? null : zonedInputToIso(value, timeZone));
    const body = { publish_at: toIso(publishAt), unpublish_at: toIso(unpublishAt) };
    const problems: Record<string, string> = {};
    if (body.publish_at === undefined) problems['publish_at'] = 'Enter a date and a time.';
    if (body.unpublish_at === undefined) problems['unpublish_at'] = 'Enter a date and a time.';
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    try {
      const result = await api.put<{ page: PageDto }>(`/api/v1/pages/${page.id}/schedule`, body);
      onSaved(result.page);
      toastSuccess(
        'Schedule saved',
        result.page.publish_at || result.page.unpublish_at
          ? 'It runs at the times you set.'
          : 'Nothing is scheduled now.',
      );
      onOpenChange(false);
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
      else toastFailure('Failed to save the schedule.', error);
    } finally {
      setSaving(false);
    }
  };

  const zone = describeZone(timeZone);
  return (
    <Dialog.Root open={open} onOpenChange={reset}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-white p-6 shadow-2xl dark:bg-abyss-900">
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-base font-semibold text-stone-900 dark:text-stone-50">Schedule</Dialog.Title>
            <Dialog.Close
              className="rounded p-1 text-stone-500 hover:bg-stone-100 dark:hover:bg-white/5"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-4" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="mt-1 text-sm text-stone-600 dark:text-stone-300">
            Times are in {zone}. Publishing puts the draft as it is then on the site. Leave a field empty to clear it.
          </Dialog.Description>
          <form onSubmit={(event) => void submit(event)} noValidate className="mt-4 space-y-4">
            <TextField
              label="Publish at"
              type="datetime-local"
              value={publishAt}
              onChange={(event) => setPublishAt(event.target.value)}
              error={errors['publish_at']}
              hint={zone}
            />
            <TextField
              label="Take down at"
              type="datetime-local"
              value={unpublishAt}
              onChange={(event) => setUnpublishAt(event.target.value)}
              error={errors['unpublish_at']}
              hint={page.is_published || publishAt ? zone : 'Only for a page that is on the site or will be.'}
            />
            <div className="flex justify-end gap-2 pt-2">
              <Dialog.Close asChild>
                <Button variant="secondary">Cancel</Button>
              </Dialog.Close>
              <Button type="submit" busy={saving}>
                Save schedule
              </Button>
            </div>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
