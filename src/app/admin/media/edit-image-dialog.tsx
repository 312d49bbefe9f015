import * as Dialog from '@radix-ui/react-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { Check, Copy, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { mayDiscard, useUnsavedGuard } from '../ui/use-unsaved-guard';
import { samePoint, type FocalPoint } from '../../../features/media/focal-point';
import { scoreImageSeo } from '../../../features/media/image-seo';
import { maxAltTextLength, maxCaptionLength, maxCategoryLength } from '../../../features/media/media.dto';
import { api, ApiError } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button';
import { inputClass, TextAreaField, TextField } from '../../../shared/ui/field';
import { IconButton } from '../../../shared/ui/icon-button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { FocalPointControls, FocalPointPicker } from './focal-point-field';
import { MediaDialog } from './media-dialog';
import {
  formatBytes,
  invalidateMedia,
  seoTone,
  seoToneBar,
  seoToneClasses,
  usagePhrase,
  type FolderOption,
  type ImageDto,
} from './media-api';

const conflictMessage = 'This was changed by someone else. Reload to see their changes.';

interface Draft {
  alt_text: string;
  caption: string;
  /** Decision 44: what Spanish pages show; an empty alt text there falls back to the English one. */
  alt_text_es: string;
  caption_es: string;
  folder_id: string;
  category: string;
  focal_point: FocalPoint;
}

const draftOf = (image: ImageDto): Draft => ({
  alt_text: image.alt_text ?? '',
  caption: image.caption ?? '',
  alt_text_es: image.alt_text_es ?? '',
  caption_es: image.caption_es ?? '',
  folder_id: image.folder_id ?? '',
  category: image.category ?? '',
  focal_point: image.focal_point,
});

const sameDraft = (a: Draft, b: Draft) =>
  a.alt_text === b.alt_text &&
  a.caption === b.caption &&
  a.alt_text_es === b.alt_text_es &&
  a.caption_es === b.caption_es &&
  a.folder_id === b.folder_id &&
  a.category === b.category &&
  samePoint(a.focal_point, b.focal_point);

/**
 * 'Edit Image': the image's texts (English and Spanish), folder, category and focal point, its SEO
 * score, usage, size and URLs.
 */
export function EditImageDialog({
  image,
  onClose,
  folders,
  categories,
}: {
  /** The image to edit; null when closed. */
  image: ImageDto | null;
  onClose: () => void;
  folders: FolderOption[];
  /** Categories already in use, offered as suggestions. */
  categories: string[];
}) {
  const [dirty, setDirty] = useState(false);
  useUnsavedGuard(image !== null && dirty);
  return (
    <MediaDialog
      open={image !== null}
      onOpenChange={async (open) => {
        if (!open && (await mayDiscard(dirty))) {
          setDirty(false);
          onClose();
        }
      }}
      title="Edit Image"
      description={image ? <span className="break-all">{image.filename}</span> : undefined}
      width="64rem"
    >
      {image ? (
        <EditImageForm
          key={image.id}
          image={image}
          folders={folders}
          categories={categories}
          onClose={() => {
            setDirty(false);
            onClose();
          }}
          onDirtyChange={setDirty}
        />
      ) : null}
    </MediaDialog>
  );
}

function EditImageForm({
  image,
  folders,
  categories,
  onClose,
  onDirtyChange,
}: {
  image: ImageDto;
  folders: FolderOption[];
  categories: string[];
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const queryClient = useQueryClient();
  const idPrefix = `edit-image-${useId().replaceAll(':', '')}`;
  const [base, setBase] = useState(image);
  const [draft, setDraft] = useState<Draft>(() => draftOf(image));
  const [errors, setErrors] = useState<Partial<Record<keyof Draft, string>>>({});
  const [conflict, setConflict] = useState(false);
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const dirty = !sameDraft(draft, draftOf(base));
  useEffect(() => onDirtyChange(dirty && !saving), [dirty, saving, onDirtyChange]);

  // The grid's copy may be a moment old: take the server's usage count and score for this version.
  useEffect(() => {
    let cancelled = false;
    api
      .get<{ image: ImageDto }>(`/api/v1/media/${image.id}`)
      .then(({ image: fresh }) => {
        if (!cancelled) setBase((current) => (fresh.version === current.version ? fresh : current));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [image.id]);

  // The score as it will be once saved: it follows the alt text and caption as they are typed.
  const seo = scoreImageSeo({
    filename: base.filename,
    alt_text: draft.alt_text,
    caption: draft.caption,
    width: base.width,
    file_size: base.file_size,
  });
  const tone = seoTone(seo.score);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const { image: saved } = await api.patch<{ image: ImageDto }>(`/api/v1/media/${base.id}`, {
        version: base.version,
        alt_text: draft.alt_text.trim(),
        caption: draft.caption.trim(),
        alt_text_es: draft.alt_text_es.trim(),
        caption_es: draft.caption_es.trim(),
        category: draft.category.trim(),
        folder_id: draft.folder_id || null,
        focal_point: draft.focal_point,
      });
      setConflict(false);
      setBase(saved);
      setDraft(draftOf(saved));
      toastSuccess('Image updated');
      void invalidateMedia(queryClient);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'version_conflict') {
        setConflict(true);
      } else {
        // 'focal_point.x' and the like belong to the focal point's controls.
        const field = error instanceof ApiError ? error.field?.split('.')[0] : undefined;
        if (error instanceof ApiError && field && field in draft) {
          setErrors({ [field]: error.message.replace(/^[a-z_.]+: /, '') });
        }
        toastFailure('Failed to update image.', error);
      }
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const { image: fresh } = await api.get<{ image: ImageDto }>(`/api/v1/media/${base.id}`);
      setBase(fresh);
      setDraft(draftOf(fresh));
      setConflict(false);
      setErrors({});
      void invalidateMedia(queryClient);
    } catch (error) {
      toastFailure('Failed to update image.', error);
    } finally {
      setReloading(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await api.delete(`/api/v1/media/${base.id}`);
      toastSuccess('Image deleted', `"${base.filename}" has been deleted.`);
      setConfirmDelete(false);
      void invalidateMedia(queryClient);
      onClose();
    } catch (error) {
      toastFailure('Failed to delete image.', error);
    } finally {
      setDeleting(false);
    }
  };

  const urls = [
    { label: 'Original (JPEG)', value: base.original_url },
    { label: 'WebP', value: base.webp_url },
    { label: 'AVIF', value: base.avif_url },
    { label: 'WebP, 800 px', value: base.medium_webp_url },
    { label: 'AVIF, 800 px', value: base.medium_avif_url },
    { label: 'Thumbnail', value: base.thumbnail_url },
  ].filter((entry): entry is { label: string; value: string } => Boolean(entry.value));

  return (
    <form
      onSubmit={(event) => void save(event)}
      className="grid gap-6 md:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] md:grid-rows-[auto_1fr]"
    >
      <div className="min-w-0 space-y-4 self-start md:col-start-1 md:row-start-1">
        <FocalPointPicker
          idPrefix={idPrefix}
          src={base.original_url}
          alt={draft.alt_text}
          width={base.width}
          height={base.height}
          value={draft.focal_point}
          onChange={(point) => set('focal_point', point)}
        />
        <FocalPointControls
          idPrefix={idPrefix}
          previewSrc={base.thumbnail_url ?? base.original_url}
          value={draft.focal_point}
          onChange={(point) => set('focal_point', point)}
          error={errors.focal_point}
        />
      </div>
      <div className="min-w-0 space-y-4 md:col-start-2 md:row-span-2 md:row-start-1">
        {conflict ? (
          <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {conflictMessage}
            <div className="mt-2">
              <Button size="sm" variant="secondary" busy={reloading} onClick={() => void reload()}>
                Reload (discard my edits)
              </Button>
            </div>
          </div>
        ) : null}
        <TextAreaField
          label="Alt text"
          rows={2}
          autoFocus
          value={draft.alt_text}
          maxLength={maxAltTextLength}
          onChange={(event) => set('alt_text', event.target.value)}
          error={errors.alt_text}
          hint={`Describe what the image shows, for screen readers and search engines. 5–125 characters is best${
            draft.alt_text.trim() ? ` (now ${draft.alt_text.trim().length})` : ''
          }.`}
        />
        <TextAreaField
          label="Caption"
          rows={2}
          value={draft.caption}
          maxLength={maxCaptionLength}
          onChange={(event) => set('caption', event.target.value)}
          error={errors.caption}
        />
        <fieldset className="space-y-3 rounded-lg border border-stone-200 px-3 pt-1 pb-3 dark:border-white/10">
          <legend className="px-1 text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">
            Spanish
          </legend>
          <TextAreaField
            label="Alt text (Spanish)"
            lang="es"
            rows={2}
            value={draft.alt_text_es}
            maxLength={maxAltTextLength}
            onChange={(event) => set('alt_text_es', event.target.value)}
            error={errors.alt_text_es}
            hint="Spanish pages show the English alt text while this is empty."
          />
          <TextAreaField
            label="Caption (Spanish)"
            lang="es"
            rows={2}
            value={draft.caption_es}
            maxLength={maxCaptionLength}
            onChange={(event) => set('caption_es', event.target.value)}
            error={errors.caption_es}
          />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <div>
            <label
              htmlFor={`${idPrefix}-folder`}
              className="mb-1.5 block text-sm font-medium text-stone-800 dark:text-stone-200"
            >
              Folder
            </label>
            <select
              id={`${idPrefix}-folder`}
              value={draft.folder_id}
              onChange={(event) => set('folder_id', event.target.value)}
              aria-invalid={errors.folder_id ? true : undefined}
              className={inputClass}
            >
              <option value="">No folder</option>
              {folders.map((folder) => (
                <option key={folder.id} value={folder.id}>
                  {folder.label}
                </option>
              ))}
            </select>
            {errors.folder_id ? (
              <p className="mt-1 text-xs font-medium text-red-700 dark:text-red-400">{errors.folder_id}</p>
            ) : null}
          </div>
          <TextField
            label="Category"
            value={draft.category}
            maxLength={maxCategoryLength}
            list={`${idPrefix}-categories`}
            autoComplete="off"
            placeholder="e.g. Cenotes"
            onChange={(event) => set('category', event.target.value)}
            error={errors.category}
          />
          <datalist id={`${idPrefix}-categories`}>
            {categories.map((category) => (
              <option key={category} value={category} />
            ))}
          </datalist>
        </div>

        <section
          aria-labelledby={`${idPrefix}-seo`}
          className="rounded-lg border border-stone-200 p-3 dark:border-white/10"
        >
          <div className="flex items-center gap-3">
            <h3 id={`${idPrefix}-seo`} className="text-sm font-semibold text-stone-900 dark:text-stone-100">
              SEO score
            </h3>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ${seoToneClasses[tone]}`}
            >
              {seo.score}/100
            </span>
            {dirty && seo.score !== base.seo_score ? (
              <span className="text-xs text-stone-500 dark:text-stone-400">after saving (now {base.seo_score})</span>
            ) : null}
          </div>
          <div
            className="mt-2 h-1.5 overflow-hidden rounded-full bg-stone-100 dark:bg-white/10"
            role="meter"
            aria-label="SEO score"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={seo.score}
          >
            <div className={`h-full rounded-full ${seoToneBar[tone]}`} style={{ width: `${seo.score}%` }} />
          </div>
          {seo.reasons.length > 0 ? (
            <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-stone-700 marker:text-stone-400 dark:text-stone-300">
              {seo.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-emerald-800 dark:text-emerald-300">Nothing to improve.</p>
          )}
        </section>

        {/* Pinned to the bottom of the scrolling body: Save stays in reach below the Spanish fields. */}
        <div className="sticky -bottom-5 z-10 -mb-5 flex flex-wrap items-center gap-2 border-t border-stone-100 bg-white pt-4 pb-5 dark:border-white/5 dark:bg-abyss-900">
          <Button
            variant="ghost"
            className="mr-auto text-red-700 hover:bg-red-50 hover:text-red-800 dark:text-red-400 dark:hover:bg-red-950"
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            onClick={() => setConfirmDelete(true)}
          >
            Delete
          </Button>
          <Dialog.Close asChild>
            <Button variant="secondary">{dirty ? 'Cancel' : 'Close'}</Button>
          </Dialog.Close>
          <Button type="submit" busy={saving} disabled={!dirty}>
            Save changes
          </Button>
        </div>
      </div>

      <div className="min-w-0 space-y-4 md:col-start-1 md:row-start-2">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4">
          <Detail term="Dimensions" value={`${base.width} × ${base.height}`} />
          <Detail term="File size" value={formatBytes(base.file_size)} />
          <Detail term="Usage" value={usagePhrase(base.usage_count)} />
          <Detail term="Uploaded" value={format(new Date(base.created_at), 'MMM dd, yyyy')} />
        </dl>
        <div className="space-y-2">
          <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase dark:text-stone-400">URLs</p>
          {urls.map((entry) => (
            <CopyUrl key={entry.label} idPrefix={idPrefix} label={entry.label} value={entry.value} />
          ))}
        </div>
      </div>

      <ConfirmDialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete image"
        description={
          <>
            Are you sure you want to delete &quot;{base.filename}&quot;? This action cannot be undone.
            {base.usage_count > 0 ? (
              <span className="mt-3 block rounded-lg bg-red-50 p-3 font-medium text-red-800 dark:bg-red-950 dark:text-red-200">
                This image is used in {base.usage_count} {base.usage_count === 1 ? 'place' : 'places'}. Deleting it
                breaks them.
              </span>
            ) : null}
          </>
        }
        busy={deleting}
        onConfirm={() => void remove()}
      />
    </form>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-stone-500 dark:text-stone-400">{term}</dt>
      <dd className="truncate font-medium text-stone-900 tabular-nums dark:text-stone-100">{value}</dd>
    </div>
  );
}

function CopyUrl({ idPrefix, label, value }: { idPrefix: string; label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputId = `${idPrefix}-url-${label.replace(/\W+/g, '-').toLowerCase()}`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      // No clipboard API (an insecure origin): select the text so Ctrl+C copies it.
      inputRef.current?.select();
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), 2000);
  };

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={inputId} className="w-28 shrink-0 text-xs text-stone-600 dark:text-stone-400">
        {label}
      </label>
      <input
        ref={inputRef}
        id={inputId}
        readOnly
        value={value}
        onFocus={(event) => event.target.select()}
        className={`${inputClass} min-w-0 flex-1 py-1 font-mono text-xs`}
      />
      <IconButton
        label={copied ? `${label} URL copied` : `Copy ${label} URL`}
        icon={
          copied ? (
            <Check aria-hidden="true" className="size-4 text-emerald-600" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )
        }
        onClick={() => void copy()}
      />
      <span role="status" className="sr-only">
        {copied ? 'Copied' : ''}
      </span>
    </div>
  );
}
