import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { AlertTriangle, ArchiveRestore, Download } from 'lucide-react';
import { useId, useState } from 'react';
import type { BackupSummary, RestoreResponse } from '../../../features/backup/backup.dto';
import { maxBackupUploadBytes } from '../../../features/backup/backup.dto';
import { ApiError } from '../../../shared/lib/api-client';
import { uploadWithProgress, type UploadProgress } from '../../../shared/lib/upload';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastSuccess } from '../ui/toasts';

const sectionClass = 'rounded-xl border border-stone-200 bg-white p-5 dark:border-white/10 dark:bg-abyss-900';
const restoreUrl = '/api/v1/backup/restore';

type Step =
  | { kind: 'idle' }
  | { kind: 'checking'; progress: UploadProgress | null }
  | { kind: 'checked'; summary: BackupSummary }
  | { kind: 'restoring'; summary: BackupSummary; progress: UploadProgress | null }
  | { kind: 'restored'; summary: BackupSummary }
  | { kind: 'failed'; message: string; summary?: BackupSummary };

function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date, "d MMM yyyy 'at' HH:mm");
}

function progressText(progress: UploadProgress | null, busyText: string): string {
  if (progress?.phase === 'uploading' && progress.total > 0) {
    return `Uploading… ${Math.round((progress.loaded / progress.total) * 100)}%`;
  }
  return busyText;
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** What the chosen backup holds, as the dry run reported it. */
function SummaryList({ summary }: { summary: BackupSummary }) {
  const source = [summary.source.site_title, summary.source.url].filter(Boolean).join(' · ') || 'Unknown';
  const settings = [summary.seo_settings ? 'SEO' : null, summary.performance_settings ? 'performance' : null].filter(
    Boolean,
  );
  const rows: Array<[string, string]> = [
    ['Made on', formatDate(summary.created_at)],
    ['Source site', source],
    ['Pages', `${summary.pages} (${summary.published_pages} published)`],
    [
      'Revisions',
      summary.format_version >= 3
        ? String(summary.revisions)
        : 'none: an older backup (each page starts its history when restored)',
    ],
    ['Content blocks', String(summary.blocks)],
    ['Navigation items', String(summary.navigation_items)],
    ['Images', `${summary.images} (${plural(summary.files, 'file')}, ${formatBytes(summary.file_bytes)})`],
    ['Media folders', String(summary.media_folders)],
    ['Settings', settings.length > 0 ? settings.join(' and ') : 'none (the defaults apply)'],
  ];
  return (
    <div>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-500 dark:text-stone-400">{label}</dt>
            <dd className="font-medium text-stone-900 tabular-nums dark:text-stone-50">{value}</dd>
          </div>
        ))}
      </dl>
      {summary.warnings.length > 0 ? (
        <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">Notes on this backup</p>
          <ul className="mt-1 list-disc space-y-1 pl-5">
            {summary.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** Settings → Backups (admins): download the whole site, or restore it from a backup after a dry run. */
export function BackupsScreen() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const hintId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [confirming, setConfirming] = useState(false);

  const failure = (error: unknown, what: string) =>
    error instanceof ApiError && error.status > 0 && error.status < 500
      ? error.message
      : `${what} failed. Please try again.`;

  const check = async (chosen: File) => {
    if (chosen.size > maxBackupUploadBytes) {
      setStep({ kind: 'failed', message: 'The backup file is larger than 2 GB, the most a restore takes.' });
      return;
    }
    setStep({ kind: 'checking', progress: null });
    try {
      const answer = await uploadWithProgress<RestoreResponse>(
        chosen,
        {},
        (progress) => setStep({ kind: 'checking', progress }),
        { url: `${restoreUrl}?dry_run=true` },
      );
      setStep({ kind: 'checked', summary: answer.summary });
    } catch (error) {
      setStep({ kind: 'failed', message: failure(error, 'Checking the backup') });
    }
  };

  const restore = async () => {
    if (!file || step.kind !== 'checked') return;
    const checked = step.summary;
    setConfirming(false);
    setStep({ kind: 'restoring', summary: checked, progress: null });
    try {
      const answer = await uploadWithProgress<RestoreResponse>(
        file,
        {},
        (progress) => setStep({ kind: 'restoring', summary: checked, progress }),
        { url: restoreUrl },
      );
      const { summary } = answer;
      setStep({ kind: 'restored', summary });
      // Every list in the admin shows other content now.
      await queryClient.invalidateQueries();
      toastSuccess(
        'Backup restored',
        `${plural(summary.pages, 'page')}, ${plural(summary.blocks, 'block')}, ${plural(summary.navigation_items, 'navigation item')} and ${plural(summary.images, 'image')} restored.`,
      );
    } catch (error) {
      setStep({ kind: 'failed', message: failure(error, 'Restoring the backup'), summary: checked });
    }
  };

  const busy = step.kind === 'checking' || step.kind === 'restoring';
  const summary = 'summary' in step ? step.summary : undefined;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="space-y-5">
        <h2 className="text-lg font-semibold text-stone-900 dark:text-stone-50">Backups</h2>

        <section aria-labelledby="download-title" className={sectionClass}>
          <h3 id="download-title" className="text-sm font-semibold">
            Download a backup
          </h3>
          <p className="mt-1 text-sm text-stone-600 dark:text-stone-300">
            One .tar.gz file with every page and block (drafts, published versions and revisions), the navigation, the
            media library with all image files, and the SEO and performance settings. Accounts are not included.
          </p>
          <a
            href="/api/v1/backup"
            download
            className="mt-4 inline-flex h-10 items-center gap-2 rounded-lg bg-lagoon-700 px-4 text-sm font-semibold text-white shadow-sm transition hover:bg-lagoon-800 dark:bg-lagoon-500 dark:text-abyss-950 dark:hover:bg-lagoon-400"
          >
            <Download aria-hidden="true" className="size-4" /> Download backup
          </a>
        </section>

        <section aria-labelledby="restore-title" className={sectionClass}>
          <h3 id="restore-title" className="text-sm font-semibold">
            Restore from a backup
          </h3>
          <p id={hintId} className="mt-1 text-sm text-stone-600 dark:text-stone-300">
            Choose a backup file: it is checked first and nothing changes until you confirm.
          </p>
          <div className="mt-4">
            <label htmlFor={inputId} className="block text-sm font-medium text-stone-800 dark:text-stone-100">
              Backup file
            </label>
            <input
              id={inputId}
              type="file"
              accept=".gz,.tgz,application/gzip"
              aria-describedby={hintId}
              disabled={busy}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                if (chosen) void check(chosen);
                else setStep({ kind: 'idle' });
              }}
              className="mt-1 block w-full text-sm text-stone-700 file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:text-sm file:font-semibold file:text-stone-800 hover:file:bg-stone-200 dark:text-stone-200 dark:file:bg-abyss-800 dark:file:text-stone-100"
            />
          </div>

          <div aria-live="polite" className="mt-4 space-y-4">
            {step.kind === 'checking' ? (
              <p className="flex items-center gap-2 text-sm text-stone-600 dark:text-stone-300">
                <Spinner /> {progressText(step.progress, 'Checking the backup…')}
              </p>
            ) : null}
            {step.kind === 'restoring' ? (
              <p className="flex items-center gap-2 text-sm text-stone-600 dark:text-stone-300">
                <Spinner />{' '}
                {progressText(step.progress, 'Restoring… the site keeps its old content until this is done.')}
              </p>
            ) : null}
            {step.kind === 'failed' ? (
              <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-900">
                <p className="font-semibold">This backup cannot be restored.</p>
                <p className="mt-1 break-words">{step.message}</p>
                {file ? (
                  <Button variant="secondary" size="sm" className="mt-3" onClick={() => void check(file)}>
                    Check the file again
                  </Button>
                ) : null}
              </div>
            ) : null}
            {step.kind === 'restored' ? (
              <p className="rounded-lg border border-lagoon-200 bg-lagoon-50 p-3 text-sm text-lagoon-950">
                The backup from {formatDate(step.summary.created_at)} was restored. The site shows its content now.
              </p>
            ) : null}
            {summary && step.kind !== 'failed' ? (
              <div>
                <h4 className="mb-2 text-sm font-semibold">
                  {step.kind === 'restored' ? 'Restored' : 'This backup holds'}
                </h4>
                <SummaryList summary={summary} />
              </div>
            ) : null}
            {step.kind === 'checked' ? (
              <Button
                variant="danger"
                icon={<ArchiveRestore aria-hidden="true" className="size-4" />}
                onClick={() => setConfirming(true)}
              >
                Restore this backup…
              </Button>
            ) : null}
          </div>
        </section>
      </div>

      <aside
        aria-labelledby="backup-notes-title"
        className="h-fit rounded-xl border border-amber-200 bg-amber-50 p-5 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
      >
        <h3 id="backup-notes-title" className="flex items-center gap-2 font-semibold">
          <AlertTriangle aria-hidden="true" className="size-4" /> What a restore does
        </h3>
        <ul className="mt-3 list-disc space-y-2 pl-5">
          <li>
            It replaces all pages with their published versions and revisions, blocks, navigation, media folders, images
            and their files, and the SEO and performance settings.
          </li>
          <li>It keeps the people: accounts, sessions and sign-ins stay as they are.</li>
          <li>
            Every row is checked like an edit in the admin; a backup with a problem is refused whole and nothing
            changes.
          </li>
          <li>Download a backup of the current site first if you might want it back.</li>
        </ul>
      </aside>

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Replace the site’s content with this backup?"
        description={
          summary ? (
            <>
              All pages, blocks, navigation, media and the SEO and performance settings are replaced by the backup from{' '}
              {formatDate(summary.created_at)}
              {summary.source.site_title ? ` (${summary.source.site_title})` : ''}: {plural(summary.pages, 'page')},{' '}
              {plural(summary.images, 'image')}. Accounts and sessions are kept. This cannot be undone.
            </>
          ) : (
            ''
          )
        }
        confirmLabel="Replace content"
        busy={step.kind === 'restoring'}
        onConfirm={() => void restore()}
      />
    </div>
  );
}
