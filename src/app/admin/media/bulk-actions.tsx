import { useQueryClient } from '@tanstack/react-query';
import { ArrowUpRight, FolderInput, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { inputClass } from '../../../shared/ui/field';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { toastFailure, toastSuccess } from '../ui/toasts';
import { MediaDialog } from './media-dialog';
import {
  bulkDeleteImages,
  bulkMoveImages,
  imagesInUseOf,
  invalidateMedia,
  previewUrl,
  type FolderOption,
  type ImageDto,
  type ImageInUse,
} from './media-api';

const imagesPhrase = (count: number) => `${count} ${count === 1 ? 'image' : 'images'}`;

/** 'N selected' with Move to folder…, Delete and Clear selection; sticks to the top while the grid scrolls. */
export function BulkToolbar({
  count,
  onMove,
  onDelete,
  onClear,
}: {
  count: number;
  onMove: () => void;
  onDelete: () => void;
  onClear: () => void;
}) {
  return (
    <section
      aria-label="Selected images"
      className="sticky top-2 z-20 mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-lagoon-200 bg-lagoon-50/95 px-3 py-2 shadow-sm backdrop-blur dark:border-lagoon-800 dark:bg-abyss-800/95"
    >
      <p className="mr-auto text-sm font-semibold text-lagoon-900 dark:text-lagoon-100" aria-live="polite">
        {count} selected
      </p>
      <Button
        variant="secondary"
        size="sm"
        icon={<FolderInput aria-hidden="true" className="size-4" />}
        onClick={onMove}
      >
        Move to folder…
      </Button>
      <Button variant="danger" size="sm" icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={onDelete}>
        Delete
      </Button>
      <Button variant="ghost" size="sm" icon={<X aria-hidden="true" className="size-4" />} onClick={onClear}>
        Clear selection
      </Button>
    </section>
  );
}

/** Moves the selected images into one folder, or out of any ('No folder'). */
export function MoveImagesDialog({
  images,
  folders,
  currentFolder,
  onClose,
  onMoved,
}: {
  images: readonly ImageDto[];
  folders: readonly FolderOption[];
  /** The folder on screen: the dialog offers another one first. */
  currentFolder: string | null;
  onClose: () => void;
  onMoved: () => void;
}) {
  const queryClient = useQueryClient();
  const selectId = useId();
  const [target, setTarget] = useState(() => folders.find((option) => option.id !== currentFolder)?.id ?? '');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const result = await bulkMoveImages(
        images.map((image) => image.id),
        target === '' ? null : target,
      );
      const where =
        target === '' ? 'out of their folders' : `to ${folders.find((option) => option.id === target)?.label}`;
      toastSuccess(
        `Moved ${imagesPhrase(result.moved)} ${where}`,
        result.not_found.length > 0
          ? `${imagesPhrase(result.not_found.length)} had been deleted by someone else meanwhile.`
          : undefined,
      );
      await invalidateMedia(queryClient);
      onMoved();
    } catch (error) {
      toastFailure('Moving the images failed.', error);
      setBusy(false);
    }
  };

  return (
    <MediaDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Move ${imagesPhrase(images.length)}`}
      description="Choose the folder they go into. Pages that show them are not affected."
      locked={busy}
    >
      <form onSubmit={(event) => void submit(event)}>
        <label htmlFor={selectId} className="block text-sm font-medium text-stone-800 dark:text-stone-200">
          Move to
        </label>
        <select
          id={selectId}
          autoFocus
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          className={`${inputClass} mt-1.5 w-full`}
        >
          <option value="">No folder</option>
          {folders.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
        <div className="mt-6 flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Move {imagesPhrase(images.length)}
          </Button>
        </div>
      </form>
    </MediaDialog>
  );
}

/**
 * Deleting the selection: a confirmation, then the request. The server deletes all or nothing:
 * when some images are used it deletes none and says where they are used, and this shows that
 * list with links to the pages and offers to delete only the unused ones.
 */
export function DeleteImagesFlow({
  images,
  onClose,
  onDeleted,
}: {
  images: readonly ImageDto[];
  onClose: () => void;
  /** The ids that are gone now (deleted, or deleted by someone else before). */
  onDeleted: (ids: string[]) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [inUse, setInUse] = useState<ImageInUse[] | null>(null);
  const usedIds = new Set(inUse?.map((image) => image.id));
  const unused = images.filter((image) => !usedIds.has(image.id));

  const remove = async (targets: readonly ImageDto[], what: 'all' | 'unused') => {
    setBusy(true);
    try {
      const ids = targets.map((image) => image.id);
      const result = await bulkDeleteImages(ids);
      toastSuccess(
        `Deleted ${imagesPhrase(result.deleted)}`,
        what === 'unused'
          ? `${imagesPhrase(usedIds.size)} in use ${usedIds.size === 1 ? 'was' : 'were'} kept.`
          : undefined,
      );
      await invalidateMedia(queryClient);
      onDeleted(ids);
    } catch (error) {
      const used = imagesInUseOf(error);
      if (used) {
        // Refused: nothing was deleted. (Asked for the unused ones only, something changed meanwhile.)
        setInUse(what === 'all' ? used : [...(inUse ?? []), ...used]);
        // Usage counts on the tiles may be out of date.
        void invalidateMedia(queryClient);
      } else {
        toastFailure('Deleting the images failed.', error);
      }
      setBusy(false);
    }
  };

  if (inUse === null) {
    return (
      <ConfirmDialog
        open
        onOpenChange={(open) => !open && !busy && onClose()}
        title={`Delete ${imagesPhrase(images.length)}?`}
        description={
          <>
            They are deleted with all their files; this cannot be undone. Images that are used somewhere are never
            deleted here: if any of them is, nothing is deleted and you see where it is used.
          </>
        }
        confirmLabel={`Delete ${imagesPhrase(images.length)}`}
        busy={busy}
        onConfirm={() => void remove(images, 'all')}
      />
    );
  }

  const byId = new Map(images.map((image) => [image.id, image]));
  return (
    <MediaDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={inUse.length === 1 ? 'An image is in use' : `${inUse.length} images are in use`}
      description={
        <>
          Nothing was deleted. Remove {inUse.length === 1 ? 'this image' : 'these images'} from the places below first
          {unused.length > 0 ? `, or delete only the ${imagesPhrase(unused.length)} not in use.` : '.'}
        </>
      }
      width="40rem"
      locked={busy}
      footer={
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {unused.length > 0 ? 'Cancel' : 'Close'}
          </Button>
          {unused.length > 0 ? (
            <Button
              variant="danger"
              busy={busy}
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              onClick={() => void remove(unused, 'unused')}
            >
              Delete only the {imagesPhrase(unused.length)} not in use
            </Button>
          ) : null}
        </div>
      }
    >
      <ul aria-label="Images in use" className="divide-y divide-stone-100 dark:divide-white/5">
        {inUse.map((image) => {
          const tile = byId.get(image.id);
          return (
            <li key={image.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
              {tile ? (
                <img
                  src={previewUrl(tile)}
                  alt=""
                  width={64}
                  height={48}
                  className="h-12 w-16 shrink-0 rounded-md bg-stone-100 object-cover dark:bg-abyss-800"
                />
              ) : null}
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-stone-900 dark:text-stone-50" title={image.filename}>
                  {image.filename}
                </p>
                <ul aria-label={`Where ${image.filename} is used`} className="mt-1 space-y-1 text-sm">
                  {image.used_on.map((page) => (
                    <li key={page.page_id} className="flex flex-wrap items-baseline gap-x-2">
                      <Link
                        to={page.in_trash ? '/admin/pages/trash' : `/admin/pages/${page.page_id}`}
                        className="inline-flex items-center gap-1 font-medium text-lagoon-800 underline decoration-lagoon-300 underline-offset-2 hover:decoration-lagoon-700 dark:text-lagoon-300"
                      >
                        {page.title}
                        <ArrowUpRight aria-hidden="true" className="size-3.5" />
                        <span className="sr-only">{page.in_trash ? ' (open Trash)' : ' (open in the editor)'}</span>
                      </Link>
                      <span className="text-xs text-stone-500 dark:text-stone-400">
                        {page.path}
                        {page.in_trash ? ' · in Trash' : ''}
                      </span>
                    </li>
                  ))}
                  {image.used_elsewhere.map((place) => (
                    <li key={place} className="text-stone-700 dark:text-stone-300">
                      {place}
                    </li>
                  ))}
                </ul>
              </div>
            </li>
          );
        })}
      </ul>
    </MediaDialog>
  );
}
