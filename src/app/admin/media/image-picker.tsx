import { ChevronDown, ImagePlus } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ImagePickerContext, type ImagePicker } from '../../../features/blocks/image-picker-context';
import { Button } from '../../../shared/ui/button';
import { Spinner } from '../../../shared/ui/spinner';
import { MediaDialog } from './media-dialog';
import { LoadMore } from '../ui/load-more';
import {
  folderOptions,
  useDebounced,
  useMediaFolders,
  useMediaPages,
  type FolderFilter,
  type ImageDto,
} from './media-api';
import { MediaFilters } from './media-filters';
import { MediaGrid } from './media-grid';
import { ManySelectedSummary, OneSelectedSummary } from './picker-summary';
import { UploadIntoDialog } from './upload-into-dialog';
import { UploadPanel } from './upload-panel';

/** What the chooser is asked for: one image for a field, or several (a gallery). */
export type PickerMode = { kind: 'one'; current: string } | { kind: 'many'; max: number };

type Request =
  | { kind: 'pick'; mode: PickerMode; resolve: (urls: string[] | null) => void }
  | { kind: 'upload'; files: File[]; max: number; resolve: (urls: string[]) => void };

/**
 * Gives every image field under it 'Choose from library' (ImagePickerContext), galleries a
 * chooser for several images and an upload straight into them, and renders those dialogs. One
 * request at a time: a new one cancels the previous one.
 */
export function ImagePickerProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<Request | null>(null);
  const pending = useRef<Request | null>(null);

  const open = useCallback((next: Request) => {
    const previous = pending.current;
    if (previous?.kind === 'pick') previous.resolve(null);
    else if (previous?.kind === 'upload') previous.resolve([]);
    pending.current = next;
    setRequest(next);
  }, []);

  const picker = useMemo<ImagePicker>(
    () => ({
      pick: (current) =>
        new Promise((resolve) =>
          open({ kind: 'pick', mode: { kind: 'one', current }, resolve: (urls) => resolve(urls?.[0] ?? null) }),
        ),
      pickMany: ({ max }) => new Promise((resolve) => open({ kind: 'pick', mode: { kind: 'many', max }, resolve })),
      upload: ({ files, max }) => new Promise((resolve) => open({ kind: 'upload', files, max, resolve })),
    }),
    [open],
  );

  const finish = (result: string[] | null) => {
    const current = pending.current;
    pending.current = null;
    setRequest(null);
    if (current?.kind === 'pick') current.resolve(result);
    else if (current?.kind === 'upload') current.resolve(result ?? []);
  };

  return (
    <ImagePickerContext.Provider value={picker}>
      {children}
      {request?.kind === 'pick' ? <PickerDialog mode={request.mode} onDone={finish} /> : null}
      {request?.kind === 'upload' ? (
        <UploadIntoDialog files={request.files} max={request.max} onDone={(urls) => finish(urls)} />
      ) : null}
    </ImagePickerContext.Provider>
  );
}

/**
 * Browse folders, search, upload inline; pick one image, or check several (Space or a click
 * toggles, Enter or 'Add N images' confirms). Resolves the chosen original_urls in the order
 * they were selected. The library is read 48 images at a time ('Load more' under the grid).
 */
function PickerDialog({ mode, onDone }: { mode: PickerMode; onDone: (urls: string[] | null) => void }) {
  const many = mode.kind === 'many';
  const [busy, setBusy] = useState(false);
  const [folder, setFolder] = useState<FolderFilter>('all');
  const [query, setQuery] = useState('');
  const debouncedQuery = useDebounced(query);
  const [showUpload, setShowUpload] = useState(false);
  const [chosen, setChosen] = useState<ImageDto | null>(null);
  const [checked, setChecked] = useState<ImageDto[]>([]);
  const folders = useMediaFolders();
  const options = useMemo(() => folderOptions(folders.data ?? []), [folders.data]);
  const { query: list, images } = useMediaPages(folder, debouncedQuery);
  const trimmedCurrent = mode.kind === 'one' ? mode.current.trim() : '';
  const initial = trimmedCurrent ? (images.find((image) => image.original_url === trimmedCurrent) ?? null) : null;
  const selected = chosen ?? initial;
  const uploadFolder = options.some((option) => option.id === folder) ? folder : null;
  const max = mode.kind === 'many' ? mode.max : 1;

  // The field's current image starts in view.
  const gridRef = useRef<HTMLDivElement>(null);
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!initial || chosen || scrolledTo.current === initial.id) return;
    scrolledTo.current = initial.id;
    gridRef.current?.querySelector(`[data-image-id="${initial.id}"]`)?.scrollIntoView({ block: 'center' });
  }, [initial, chosen]);

  /** Adds or removes one image; the selection keeps the order of the clicks. */
  const toggle = (image: ImageDto) => {
    if (checked.some((item) => item.id === image.id)) {
      setChecked(checked.filter((item) => item.id !== image.id));
    } else if (checked.length >= max) {
      toast.error('Selection full', {
        description: `A gallery has room for ${max} more ${max === 1 ? 'image' : 'images'} (at most 60).`,
      });
    } else {
      setChecked([...checked, image]);
    }
  };

  /** Enter on a tile: adds the selection; with nothing selected yet, that tile alone. */
  const confirmFrom = (image: ImageDto) => {
    const selection = checked.length > 0 ? checked : [image];
    onDone(selection.map((item) => item.original_url));
  };

  const footer = many ? (
    <ManySelectedSummary
      selected={checked}
      busy={busy}
      onClear={() => setChecked([])}
      onAdd={() => onDone(checked.map((item) => item.original_url))}
    />
  ) : (
    <OneSelectedSummary selected={selected} busy={busy} onUse={(image) => onDone([image.original_url])} />
  );

  return (
    <MediaDialog
      open
      onOpenChange={(next) => !next && onDone(null)}
      title="Choose from library"
      description={
        many
          ? `Select images in the order they should appear (at most ${max}), or upload new ones. Space selects, Enter adds them.`
          : 'Select an image, or upload a new one. Its alt text and formats come from the library.'
      }
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
            // A new upload joins the selection (several) or becomes it (one).
            onUploaded={
              many
                ? (image) => setChecked((current) => (current.length < max ? [...current, image] : current))
                : setChosen
            }
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
        ) : many ? (
          <MediaGrid
            images={images}
            label="Library images"
            columns="grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
            selectedIds={checked.map((item) => item.id)}
            onOpen={toggle}
            onConfirm={confirmFrom}
          />
        ) : (
          <MediaGrid
            images={images}
            label="Library images"
            columns="grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5"
            selectedId={selected?.id ?? null}
            onOpen={setChosen}
            onActivate={(image) => onDone([image.original_url])}
          />
        )}
        {images.length > 0 ? <LoadMore list={list} className="mt-4" /> : null}
      </div>
    </MediaDialog>
  );
}
