import { FolderPlus, ImagePlus, Upload } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { EditImageDialog } from './edit-image-dialog';
import {
  folderOptions,
  useDebounced,
  useMediaFolders,
  useMediaList,
  type FolderFilter,
  type ImageDto,
} from './media-api';
import { MediaFilters } from './media-filters';
import { MediaGrid } from './media-grid';
import { NewFolderDialog } from './new-folder-dialog';
import { UploadDialog } from './upload-dialog';

/** 'Media Library': folder filter, search, the image grid, and the New Folder, Upload and Edit dialogs. */
export function MediaScreen() {
  const [params, setParams] = useSearchParams();
  const folder: FolderFilter = params.get('folder') ?? 'all';
  const query = params.get('q') ?? '';
  const debouncedQuery = useDebounced(query);
  const folders = useMediaFolders();
  const options = useMemo(() => folderOptions(folders.data ?? []), [folders.data]);
  const knownFolder = folder === 'all' || folder === 'none' || options.some((option) => option.id === folder);
  const list = useMediaList(folder, debouncedQuery);
  const [editing, setEditing] = useState<ImageDto | null>(null);
  const [uploading, setUploading] = useState(false);
  const [creatingFolder, setCreatingFolder] = useState(false);

  const images = list.data ?? [];
  const categories = useMemo(
    () =>
      [
        ...new Set((list.data ?? []).map((image) => image.category).filter((value): value is string => Boolean(value))),
      ].sort(),
    [list.data],
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
          <p className="mt-4 mb-3 flex items-center gap-2 text-sm text-stone-600 dark:text-stone-400" role="status">
            <span>
              {images.length} {images.length === 1 ? 'image' : 'images'}
              <span className="mx-1.5" aria-hidden="true">
                ·
              </span>
              {scope}
              {searching ? ` · matching "${debouncedQuery.trim()}"` : ''}
            </span>
            {list.isFetching ? <Spinner className="size-3.5" /> : null}
          </p>
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
            <MediaGrid images={images} onOpen={setEditing} />
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
    </section>
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
