import { FolderPlus, ImagePlus, Upload } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { LoadMore } from '../ui/load-more';
import { BulkToolbar, DeleteImagesFlow, MoveImagesDialog } from './bulk-actions';
import { EditImageDialog } from './edit-image-dialog';
import {
  folderOptions,
  useDebounced,
  useMediaFolders,
  useMediaPages,
  type FolderFilter,
  type ImageDto,
} from './media-api';
import { MediaFilters } from './media-filters';
import { MediaGrid, type BulkSelection } from './media-grid';
import { NewFolderDialog } from './new-folder-dialog';
import { UploadDialog } from './upload-dialog';

/**
 * 'Media Library': folder filter, search, the image grid read 48 at a time, multi-select with
 * bulk move and delete, and the New Folder, Upload and Edit dialogs.
 */
export function MediaScreen() {
  const [params, setParams] = useSearchParams();
  const folder: FolderFilter = params.get('folder') ?? 'all';
  const query = params.get('q') ?? '';
  const debouncedQuery = useDebounced(query);
  const folders = useMediaFolders();
  const options = useMemo(() => folderOptions(folders.data ?? []), [folders.data]);
  const knownFolder = folder === 'all' || folder === 'none' || options.some((option) => option.id === folder);
  const { query: list, images } = useMediaPages(folder, debouncedQuery);
  const [editing, setEditing] = useState<ImageDto | null>(null);
  const [uploading, setUploading] = useState(false);
  const [creatingFolder, setCreatingFolder] = useState(false);
  const [bulkAction, setBulkAction] = useState<'move' | 'delete' | null>(null);
  const selection = useImageSelection(images, `${folder}|${debouncedQuery.trim()}`);
  const selectAllRef = useRef<HTMLInputElement>(null);
  /** After a bulk action the toolbar that opened it is gone: the keyboard continues at 'Select all shown'. */
  const finishBulkAction = () => {
    setBulkAction(null);
    setTimeout(() => (selectAllRef.current ?? document.getElementById('media-search'))?.focus(), 0);
  };

  const categories = useMemo(
    () => [...new Set(images.map((image) => image.category).filter((value): value is string => Boolean(value)))].sort(),
    [images],
  );

  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '' || (key === 'folder' && value === 'all')) next.delete(key);
    else next.set(key, value);
    setParams(next, { replace: true });
  };

  const currentFolder = options.find((option) => option.id === folder);
  const uploadTarget = currentFolder ? currentFolder.id : null;
  const searching = debouncedQuery.trim() !== '';
  const scope =
    folder === 'all' ? 'All folders' : folder === 'none' ? 'No folder' : (currentFolder?.label ?? 'Unknown folder');

  return (
    <section aria-labelledby="media-title">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="media-title" className="mr-auto text-lg font-semibold text-stone-900 dark:text-stone-50">
          Media Library
        </h2>
        <MediaFilters
          idPrefix="media"
          folder={folder}
          onFolderChange={(value) => setParam('folder', value)}
          query={query}
          onQueryChange={(value) => setParam('q', value)}
          folders={options}
        />
        <Button
          variant="secondary"
          icon={<FolderPlus aria-hidden="true" className="size-4" />}
          onClick={() => setCreatingFolder(true)}
        >
          New Folder
        </Button>
        <Button icon={<Upload aria-hidden="true" className="size-4" />} onClick={() => setUploading(true)}>
          Upload Image
        </Button>
      </div>

      {list.isPending || folders.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-6" label="Loading images" />
        </div>
      ) : list.isError ? (
        <p role="alert" className="mt-6 rounded-lg bg-red-50 p-4 text-sm text-red-800">
          The images could not be loaded. {list.error instanceof Error ? list.error.message : ''}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
            Try again
          </button>
        </p>
      ) : (
        <>
          <div className="mt-4 mb-3 flex flex-wrap items-center gap-x-4 gap-y-2">
            {images.length > 0 && knownFolder ? (
              <SelectAllShown ref={selectAllRef} selection={selection} count={images.length} />
            ) : null}
            <p className="flex items-center gap-2 text-sm text-stone-600 dark:text-stone-400" role="status">
              <span>
                {list.hasNextPage ? 'Showing ' : ''}
                {images.length} {images.length === 1 ? 'image' : 'images'}
                <span className="mx-1.5" aria-hidden="true">
                  ·
                </span>
                {scope}
                {searching ? ` · matching "${debouncedQuery.trim()}"` : ''}
              </span>
              {list.isFetching && !list.isFetchingNextPage ? <Spinner className="size-3.5" /> : null}
            </p>
          </div>
          {selection.checked.size > 0 ? (
            <BulkToolbar
              count={selection.checked.size}
              onMove={() => setBulkAction('move')}
              onDelete={() => setBulkAction('delete')}
              onClear={selection.clear}
            />
          ) : null}
          {!knownFolder ? (
            <EmptyState text="That folder does not exist (it may have been deleted)." />
          ) : images.length === 0 ? (
            <EmptyState
              text={
                searching
                  ? 'No images found.'
                  : folder === 'all'
                    ? 'No images yet.'
                    : folder === 'none'
                      ? 'Every image is in a folder.'
                      : 'No images in this folder yet.'
              }
              action={
                searching ? null : (
                  <Button
                    className="mt-4"
                    icon={<ImagePlus aria-hidden="true" className="size-4" />}
                    onClick={() => setUploading(true)}
                  >
                    Upload Image
                  </Button>
                )
              }
            />
          ) : (
            <>
              <MediaGrid images={images} onOpen={setEditing} bulk={selection} />
              <LoadMore list={list} className="mt-6" />
            </>
          )}
        </>
      )}

      <NewFolderDialog
        open={creatingFolder}
        onOpenChange={setCreatingFolder}
        folders={options}
        onCreated={(created) => setParam('folder', created.id)}
      />
      {/* Keyed by the target folder so the dialog starts with the folder on screen. */}
      <UploadDialog
        key={uploadTarget ?? 'none'}
        open={uploading}
        onOpenChange={setUploading}
        folders={options}
        defaultFolderId={uploadTarget}
      />
      <EditImageDialog image={editing} folders={options} categories={categories} onClose={() => setEditing(null)} />
      {bulkAction === 'move' ? (
        <MoveImagesDialog
          images={selection.selected}
          folders={options}
          currentFolder={currentFolder?.id ?? null}
          onClose={() => setBulkAction(null)}
          onMoved={() => {
            selection.clear();
            finishBulkAction();
          }}
        />
      ) : null}
      {bulkAction === 'delete' ? (
        <DeleteImagesFlow
          images={selection.selected}
          onClose={() => setBulkAction(null)}
          onDeleted={(ids) => {
            selection.remove(ids);
            finishBulkAction();
          }}
        />
      ) : null}
    </section>
  );
}

interface ImageSelection extends BulkSelection {
  /** The selected images in the order they were selected. */
  selected: ImageDto[];
  setShown: (checked: boolean) => void;
  allShown: boolean;
  someShown: boolean;
  clear: () => void;
  remove: (ids: readonly string[]) => void;
}

/**
 * The library's multi-select. It holds the images themselves (their names stay known for the
 * dialogs while the list reloads) and starts empty again when the folder or search changes:
 * images no longer shown are never acted on unseen. Shift extends from the last toggled tile.
 */
function useImageSelection(images: readonly ImageDto[], scope: string): ImageSelection {
  const [selected, setSelected] = useState<ReadonlyMap<string, ImageDto>>(new Map());
  const lastToggled = useRef<string | null>(null);
  useEffect(() => {
    setSelected(new Map());
    lastToggled.current = null;
  }, [scope]);
  const checked = useMemo(() => new Set(selected.keys()), [selected]);
  const shownSelected = images.filter((image) => checked.has(image.id)).length;

  const onToggle = (image: ImageDto, isChecked: boolean, range: boolean) => {
    const from = range && lastToggled.current ? images.findIndex((item) => item.id === lastToggled.current) : -1;
    const to = images.findIndex((item) => item.id === image.id);
    const affected = from >= 0 && to >= 0 ? images.slice(Math.min(from, to), Math.max(from, to) + 1) : [image];
    lastToggled.current = image.id;
    setSelected((current) => {
      const next = new Map(current);
      for (const item of affected) {
        if (isChecked) next.set(item.id, item);
        else next.delete(item.id);
      }
      return next;
    });
  };

  return {
    checked,
    onToggle,
    selected: [...selected.values()],
    allShown: images.length > 0 && shownSelected === images.length,
    someShown: shownSelected > 0,
    setShown: (isChecked) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const image of images) {
          if (isChecked) next.set(image.id, image);
          else next.delete(image.id);
        }
        return next;
      }),
    clear: () => {
      setSelected(new Map());
      lastToggled.current = null;
    },
    remove: (ids) =>
      setSelected((current) => {
        const next = new Map(current);
        for (const id of ids) next.delete(id);
        return next;
      }),
  };
}

/** 'Select all shown': checked when every loaded image is, mixed when some are. */
function SelectAllShown({
  ref,
  selection,
  count,
}: {
  ref: RefObject<HTMLInputElement | null>;
  selection: ImageSelection;
  count: number;
}) {
  const mixed = selection.someShown && !selection.allShown;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [ref, mixed]);
  return (
    <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-stone-800 dark:text-stone-200">
      <input
        ref={ref}
        type="checkbox"
        checked={selection.allShown}
        aria-checked={mixed ? 'mixed' : selection.allShown}
        onChange={() => selection.setShown(!selection.allShown)}
        className="size-4 accent-lagoon-700"
      />
      Select all shown
      <span className="sr-only">({count})</span>
    </label>
  );
}

function EmptyState({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-6 py-16 text-center dark:border-white/15 dark:bg-abyss-900">
      <p className="text-sm text-stone-600 dark:text-stone-300">{text}</p>
      {action}
    </div>
  );
}
