import * as Dialog from '@radix-ui/react-dialog';
import { ChevronDown, ImagePlus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ImagePickerContext, type ImagePicker } from '../../../features/blocks/image-picker-context';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { MediaDialog } from './media-dialog';
import {
  folderOptions,
  previewUrl,
  useDebounced,
  useMediaFolders,
  useMediaList,
  type FolderFilter,
  type ImageDto,
} from './media-api';
import { MediaFilters } from './media-filters';
import { MediaGrid } from './media-grid';
import { UploadPanel } from './upload-panel';

/**
 * Gives every ImageField under it a 'Choose from library' button (ImagePickerContext) and
 * renders the chooser dialog. One request at a time: a new one cancels the previous one.
 */
export function ImagePickerProvider({ children }: { children: ReactNode }) {
  const pending = useRef<((url: string | null) => void) | null>(null);
  const [current, setCurrent] = useState<string | null>(null);

  const pick = useCallback(
    (value: string) =>
      new Promise<string | null>((resolve) => {
        pending.current?.(null);
        pending.current = resolve;
        setCurrent(value);
      }),
    [],
  );

  const finish = (url: string | null) => {
    const resolve = pending.current;
    pending.current = null;
    setCurrent(null);
    resolve?.(url);
  };

  const picker = useMemo<ImagePicker>(() => ({ pick }), [pick]);
  return (
    <ImagePickerContext.Provider value={picker}>
      {children}
      <ImagePickerDialog open={current !== null} current={current ?? ''} onDone={finish} />
    </ImagePickerContext.Provider>
  );
}

/** The chooser: browse folders, search, upload inline, pick one image; resolves its original_url. */
export function ImagePickerDialog({
  open,
  current,
  onDone,
}: {
  open: boolean;
  /** The field's current URL: its image starts selected. */
  current: string;
  onDone: (url: string | null) => void;
}) {
  // Mounted per opening, so every opening starts with a fresh search and selection.
  return open ? <PickerDialog current={current} onDone={onDone} /> : null;
}

function PickerDialog({ current, onDone }: { current: string; onDone: (url: string | null) => void }) {
  const [busy, setBusy] = useState(false);
  const [folder, setFolder] = useState<FolderFilter>('all');
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebounced(query);
  const [showUpload, setShowUpload] = useState(false);
  const [chosen, setChosen] = useState<ImageDto | null>(null);
  const folders = useMediaFolders();
  const options = useMemo(() => folderOptions(folders.data ?? []), [folders.data]);
  const list = useMediaList(folder, debouncedQuery);
  const images = list.data ?? [];
  const trimmedCurrent = current.trim();
  const initial = trimmedCurrent ? (images.find((image) => image.original_url === trimmedCurrent) ?? null) : null;
  const selected = chosen ?? initial;
  const uploadFolder = options.some((option) => option.id === folder) ? folder : null;

  // The field's current image starts in view.
  const gridRef = useRef<HTMLDivElement>(null);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!initial || chosen || scrolledTo.current === initial.id) return;
    scrolledTo.current = initial.id;
    gridRef.current?.querySelector(`[data-image-id="${initial.id}"]`)?.scrollIntoView({ block: 'center' });
  }, [initial, chosen]);

  const footer = (
    <div className="flex flex-wrap items-center gap-3">
      <div className="flex min-w-0 flex-1 items-center gap-3" aria-live="polite">
        {selected ? (
          <>
            <img
              src={previewUrl(selected)}
              alt=""
              className="size-10 shrink-0 rounded-md object-cover ring-1 ring-stone-200 dark:ring-white/10"
            />
            <span className="min-w-0 text-sm">
              <span className="block truncate font-medium text-stone-900 dark:text-stone-100">{selected.filename}</span>
              <span className="block truncate text-xs text-stone-500 dark:text-stone-400">
                {selected.width} × {selected.height}
                {selected.alt_text ? ` · Alt: ${selected.alt_text}` : ' · No alt text yet'}
              </span>
            </span>
          </>
        ) : (
          <span className="text-sm text-stone-500 dark:text-stone-400">No image selected.</span>
        )}
      </div>
      <Dialog.Close asChild>
        <Button variant="secondary" disabled={busy} className="disabled:opacity-50">
          Cancel
        </Button>
      </Dialog.Close>
      <Button disabled={!selected || busy} onClick={() => selected && onDone(selected.original_url)}>
        Use image
      </Button>
    </div>
  );

  return (
    <MediaDialog
      open
      onOpenChange={(next) => !next && onDone(null)}
      title="Choose from library"
      description="Select an image, or upload a new one. Its alt text and formats come from the library."
      width="68rem"
      locked={busy}
      fill
      footer={footer}
    >
      <div className="flex flex-wrap items-center gap-3">
        <MediaFilters
          idPrefix="picker"
          folder={folder}
          onFolderChange={setFolder}
          query={query}
          onQueryChange={setQuery}
          folders={options}
          autoFocus
        />
        <Button
          variant="secondary"
          className="sm:ml-auto"
          aria-expanded={showUpload}
          aria-controls="picker-upload"
          icon={<ImagePlus aria-hidden="true" className="size-4" />}
          disabled={busy}
          onClick={() => setShowUpload((value) => !value)}
        >
          Upload new
          <ChevronDown aria-hidden="true" className={`size-4 transition ${showUpload ? 'rotate-180' : ''}`} />
        </Button>
      </div>

      <div
        id="picker-upload"
        hidden={!showUpload}
        className="mt-4 shrink-0 rounded-xl bg-stone-50 p-4 dark:bg-white/[0.03]"
      >
        {showUpload ? (
          <UploadPanel
            idPrefix="picker-upload"
            folders={options}
            defaultFolderId={uploadFolder}
            onBusyChange={setBusy}
            onUploaded={setChosen}
          />
        ) : null}
      </div>

      <div
        ref={gridRef}
        className="mt-4 min-h-[14rem] flex-1 overflow-y-auto rounded-xl border border-stone-200 bg-stone-50/50 p-3 dark:border-white/10 dark:bg-white/[0.02]"
      >
        {list.isPending ? (
          <div className="flex h-full items-center justify-center">
            <Spinner className="size-6" label="Loading images" />
          </div>
        ) : list.isError ? (
          <p role="alert" className="rounded-lg bg-red-50 p-4 text-sm text-red-800">
            The images could not be loaded.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) : images.length === 0 ? (
          <p className="flex h-full items-center justify-center text-center text-sm text-stone-600 dark:text-stone-400">
            {debouncedQuery.trim() ? 'No images found.' : 'No images here yet. Use Upload new to add one.'}
          </p>
        ) : (
          <MediaGrid
            images={images}
            label="Library images"
            columns="grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
            selectedId={selected?.id ?? null}
            onOpen={setChosen}
            onActivate={(image) => onDone(image.original_url)}
          />
        )}
      </div>
    </MediaDialog>
  );
}
