import { useQueryClient } from '@tanstack/react-query';
import { AlertCircle, CheckCircle2, ImageUp, RotateCcw, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { maxAltTextLength } from '../../../features/media/media.dto';
import { uploadWithProgress } from '../../../shared/lib/upload';
import { Button } from '../../../shared/ui/button';
import { IconButton } from '../../../shared/ui/icon-button';
import { inputClass } from '../../../shared/ui/field';
import { toastSuccess } from '../ui/toasts';
import { formatBytes, invalidateMedia, type FolderOption, type ImageDto } from './media-api';
import {
  describeUploadFailure,
  invalidFileToast,
  isImageFile,
  progressSteps,
  sendingProgress,
  uploadFailureOf,
  type UploadStatus,
} from './upload-progress';

interface UploadRow {
  key: string;
  file: File;
  /** An object URL for the local preview. */
  preview: string;
  altText: string;
  status: UploadStatus;
  progress: number;
  error: string | null;
}

interface UploadResponse {
  images: ImageDto[];
  errors?: { filename: string; code: string; message: string }[];
}

class UploadRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const statusText: Record<UploadStatus, string> = {
  idle: 'Ready to upload',
  uploading: 'Uploading…',
  processing: 'Processing…',
  complete: 'Uploaded',
  error: 'Failed',
};

/**
 * Choose or drop images, then upload them one request per file so each row shows its own
 * progress (spec section 4 steps). Shared by the 'Upload Image' dialog and the image picker.
 */
export function UploadPanel({
  folders,
  defaultFolderId,
  idPrefix,
  onUploaded,
  onBusyChange,
  onBatchDone,
  initialFiles,
  actions,
  autoFocus = false,
}: {
  folders: FolderOption[];
  /** The folder new images go to; null for none. */
  defaultFolderId: string | null;
  idPrefix: string;
  onUploaded?: (image: ImageDto) => void;
  onBusyChange?: (busy: boolean) => void;
  /** After each press of 'Upload': what this round uploaded, in order, and how many files failed. */
  onBatchDone?: (result: { uploaded: ImageDto[]; failed: number }) => void;
  /** Files to start with (chosen or dropped before the panel opened). */
  initialFiles?: readonly File[];
  /** Buttons shown left of 'Upload' (a dialog's Close). */
  actions?: ReactNode;
  /** Focus the drop zone when shown (the Upload Image dialog starts there). */
  autoFocus?: boolean;
}) {
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<UploadRow[]>([]);
  const [folderId, setFolderId] = useState(defaultFolderId ?? '');
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const nextKey = useRef(0);
  const previews = useRef(new Set<string>());

  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  useEffect(() => {
    const urls = previews.current;
    return () => {
      for (const url of urls) URL.revokeObjectURL(url);
      urls.clear();
    };
  }, []);

  const update = (key: string, patch: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const addFiles = useCallback((list: FileList | readonly File[] | null) => {
    const files = [...(list ?? [])];
    if (files.length === 0) return;
    const accepted = files.filter(isImageFile);
    if (accepted.length < files.length) {
      toast.error(invalidFileToast.title, { description: invalidFileToast.message });
    }
    if (accepted.length === 0) return;
    const added = accepted.map((file): UploadRow => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      nextKey.current += 1;
      return {
        key: `upload-${nextKey.current}`,
        file,
        preview,
        altText: '',
        status: 'idle',
        progress: progressSteps.idle,
        error: null,
      };
    });
    setRows((current) => [...current, ...added]);
  }, []);

  // The files chosen before the panel opened, once (a ref, so React's StrictMode re-run adds nothing).
  const seeded = useRef(false);
  useEffect(() => {
    if (seeded.current || !initialFiles) return;
    seeded.current = true;
    addFiles(initialFiles);
  }, [initialFiles, addFiles]);

  const removeRow = (row: UploadRow) => {
    URL.revokeObjectURL(row.preview);
    previews.current.delete(row.preview);
    setRows((current) => current.filter((candidate) => candidate.key !== row.key));
  };

  const uploadOne = async (row: UploadRow): Promise<ImageDto | null> => {
    update(row.key, { status: 'uploading', progress: progressSteps.started, error: null });
    try {
      const body = await uploadWithProgress<UploadResponse>(
        row.file,
        { folder_id: folderId || null, alt_text: row.altText.trim() },
        (progress) => {
          if (progress.phase === 'uploading') {
            update(row.key, { status: 'uploading', progress: sendingProgress(progress.loaded, progress.total) });
          } else {
            update(row.key, { status: 'processing', progress: progressSteps.sent });
          }
        },
      );
      update(row.key, { status: 'processing', progress: progressSteps.answered });
      const image = body.images[0];
      if (!image) {
        const refusal = body.errors?.[0];
        throw new UploadRefused(refusal?.code ?? 'upload_failed', refusal?.message ?? '');
      }
      await invalidateMedia(queryClient);
      update(row.key, { status: 'complete', progress: progressSteps.complete });
      toastSuccess('Image uploaded', `${image.filename} was optimized and uploaded.`);
      onUploaded?.(image);
      return image;
    } catch (error) {
      const failure =
        error instanceof UploadRefused ? describeUploadFailure(error.code, error.message) : uploadFailureOf(error);
      update(row.key, { status: 'error', error: failure.message });
      toast.error(failure.title, { description: failure.message });
      return null;
    }
  };

  const waiting = rows.filter((row) => row.status === 'idle');
  const finished = rows.filter((row) => row.status === 'complete');

  const start = async () => {
    if (waiting.length === 0) return;
    setBusy(true);
    const uploaded: ImageDto[] = [];
    try {
      for (const row of waiting) {
        const image = await uploadOne(row);
        if (image) uploaded.push(image);
      }
    } finally {
      setBusy(false);
    }
    onBatchDone?.({ uploaded, failed: waiting.length - uploaded.length });
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!busy) addFiles(event.dataTransfer.files);
  };
  const onDragOver = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    if (!dragging) setDragging(true);
  };

  const folderSelectId = `${idPrefix}-folder`;
  return (
    <div className="space-y-4">
      <button
        type="button"
        onClick={() => inputRef.current?.click()}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        disabled={busy}
        autoFocus={autoFocus}
        aria-describedby={`${idPrefix}-drop-hint`}
        className={`flex w-full flex-col items-center justify-center gap-1.5 rounded-xl border-2 border-dashed px-4 py-7 text-center transition disabled:cursor-not-allowed disabled:opacity-60 ${
          dragging
            ? 'border-lagoon-500 bg-lagoon-50 dark:bg-lagoon-950'
            : 'border-stone-300 bg-stone-50/60 hover:border-lagoon-400 hover:bg-lagoon-50/50 dark:border-white/15 dark:bg-white/[0.02] dark:hover:bg-lagoon-950/40'
        }`}
      >
        <ImageUp aria-hidden="true" className="size-7 text-lagoon-700 dark:text-lagoon-300" />
        <span className="text-sm font-semibold text-stone-800 dark:text-stone-100">
          Drop images here or choose files
        </span>
        <span id={`${idPrefix}-drop-hint`} className="text-xs text-stone-500 dark:text-stone-400">
          JPEG, PNG, WebP, AVIF or GIF, up to 20 MB each. Several at once are fine.
        </span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        multiple
        hidden
        aria-label="Choose image files"
        onChange={(event) => {
          addFiles(event.target.files);
          event.target.value = '';
        }}
      />

      <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        <label htmlFor={folderSelectId} className="text-sm font-medium text-stone-800 dark:text-stone-200">
          Upload to folder
        </label>
        <select
          id={folderSelectId}
          value={folderId}
          disabled={busy}
          onChange={(event) => setFolderId(event.target.value)}
          className={`${inputClass} w-auto min-w-48 flex-1 sm:flex-none`}
        >
          <option value="">No folder</option>
          {folders.map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.label}
            </option>
          ))}
        </select>
      </div>

      {rows.length > 0 ? (
        <ul
          aria-label="Files to upload"
          className="max-h-[min(22rem,45vh)] divide-y divide-stone-100 overflow-y-auto rounded-xl border border-stone-200 dark:divide-white/5 dark:border-white/10"
        >
          {rows.map((row) => (
            <UploadRowItem
              key={row.key}
              row={row}
              busy={busy}
              onAltText={(altText) => update(row.key, { altText })}
              onRemove={() => removeRow(row)}
              onRetry={() => update(row.key, { status: 'idle', progress: progressSteps.idle, error: null })}
            />
          ))}
        </ul>
      ) : null}

      <div className="flex flex-wrap items-center justify-end gap-2 pt-1">
        {finished.length > 0 && !busy ? (
          <Button
            variant="ghost"
            size="sm"
            className="mr-auto"
            onClick={() => {
              for (const row of finished) removeRow(row);
            }}
          >
            Clear finished
          </Button>
        ) : null}
        {actions}
        {rows.length > 0 && waiting.length === 0 && !busy ? null : (
          <Button
            onClick={() => void start()}
            busy={busy}
            disabled={waiting.length === 0}
            icon={<ImageUp aria-hidden="true" className="size-4" />}
          >
            {busy
              ? 'Uploading…'
              : waiting.length > 1
                ? `Upload ${waiting.length} images`
                : waiting.length === 1
                  ? 'Upload 1 image'
                  : 'Upload'}
          </Button>
        )}
      </div>
    </div>
  );
}

function UploadRowItem({
  row,
  busy,
  onAltText,
  onRemove,
  onRetry,
}: {
  row: UploadRow;
  busy: boolean;
  onAltText: (value: string) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const name = row.file.name;
  const inFlight = row.status === 'uploading' || row.status === 'processing';
  return (
    <li className="flex items-start gap-3 p-3" aria-label={name}>
      <img
        src={row.preview}
        alt=""
        className="size-12 shrink-0 rounded-md bg-stone-100 object-cover ring-1 ring-stone-200 dark:bg-abyss-800 dark:ring-white/10"
      />
      <div className="min-w-0 flex-1">
        <div className="flex items-baseline gap-2">
          <span className="truncate text-sm font-medium text-stone-900 dark:text-stone-100" title={name}>
            {name}
          </span>
          <span className="shrink-0 text-xs text-stone-500 dark:text-stone-400">{formatBytes(row.file.size)}</span>
        </div>
        {row.status === 'idle' ? (
          <input
            type="text"
            value={row.altText}
            maxLength={maxAltTextLength}
            disabled={busy}
            onChange={(event) => onAltText(event.target.value)}
            placeholder="Alt text (optional): what the image shows"
            aria-label={`Alt text for ${name}`}
            className={`${inputClass} mt-1.5 py-1.5`}
          />
        ) : null}
        {row.status === 'error' ? (
          <p className="mt-1 flex items-start gap-1.5 text-xs font-medium text-red-700 dark:text-red-400">
            <AlertCircle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
            <span>{row.error}</span>
          </p>
        ) : (
          <div className="mt-1.5 flex items-center gap-2">
            <div
              role="progressbar"
              aria-label={`Upload of ${name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={row.progress}
              aria-valuetext={`${row.progress}% – ${statusText[row.status]}`}
              className="h-1.5 flex-1 overflow-hidden rounded-full bg-stone-100 dark:bg-white/10"
            >
              <div
                className={`h-full rounded-full transition-[width] duration-300 ease-out ${
                  row.status === 'complete' ? 'bg-emerald-600' : 'bg-lagoon-600'
                }`}
                style={{ width: `${row.progress}%` }}
              />
            </div>
            <span
              data-status={row.status}
              className={`flex w-28 shrink-0 items-center justify-end gap-1 text-xs tabular-nums ${
                row.status === 'complete'
                  ? 'font-medium text-emerald-700 dark:text-emerald-400'
                  : 'text-stone-600 dark:text-stone-400'
              }`}
            >
              {row.status === 'complete' ? <CheckCircle2 aria-hidden="true" className="size-3.5" /> : null}
              {statusText[row.status]}
              {inFlight ? ` ${row.progress}%` : ''}
            </span>
          </div>
        )}
      </div>
      <div className="flex min-w-7 justify-end">
        {row.status === 'error' ? (
          <IconButton
            label={`Try ${name} again`}
            icon={<RotateCcw aria-hidden="true" className="size-4" />}
            disabled={busy}
            onClick={onRetry}
          />
        ) : null}
        {row.status === 'idle' || row.status === 'error' ? (
          <IconButton
            label={`Remove ${name}`}
            icon={<X aria-hidden="true" className="size-4" />}
            disabled={busy}
            onClick={onRemove}
          />
        ) : null}
      </div>
    </li>
  );
}
