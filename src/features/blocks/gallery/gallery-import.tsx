import { ImageUp, Images } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from '../../../shared/ui/button';
import { useImagePicker } from '../image-picker-context';
import { maxGalleryImages } from './block';

const imageCount = (count: number) => `${count} ${count === 1 ? 'image' : 'images'}`;

/** Whether a drag carries files from the computer (not text, not a dnd-kit item). */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * Several images into a gallery at once: 'Add from library' checks several in the chooser,
 * 'Upload images' (or files dropped on the gallery) uploads them into the library first. Each
 * way appends them in order; the library keeps their alt text, which the site shows with them.
 * Without a media library (no ImagePicker) only the list's own 'Add image' remains.
 */
export function GalleryImport({
  idPrefix,
  count,
  onAdd,
  children,
}: {
  idPrefix: string;
  /** Images the gallery has now. */
  count: number;
  onAdd: (urls: string[]) => void;
  /** The images list: files dropped on it are uploaded. */
  children: (addActions: ReactNode) => ReactNode;
}) {
  const picker = useImagePicker();
  const [busy, setBusy] = useState(false);
  const [dragging, setDragging] = useState(false);
  const [status, setStatus] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const room = maxGalleryImages - count;
  // The dialogs answer later: appending goes to the gallery as it is then, not as it was on the click.
  const latestOnAdd = useRef(onAdd);
  useEffect(() => {
    latestOnAdd.current = onAdd;
  });

  const add = (urls: string[], how: string) => {
    if (urls.length === 0) return;
    latestOnAdd.current(urls);
    setStatus(`${imageCount(urls.length)} ${how}.`);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setStatus('');
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const fromLibrary = () =>
    run(async () => {
      if (!picker) return;
      add((await picker.pickMany({ max: room })) ?? [], 'added from the library');
    });

  const upload = (files: File[]) =>
    run(async () => {
      if (!picker || files.length === 0) return;
      const fitting = files.slice(0, room);
      add(await picker.upload({ files: fitting, max: room }), 'uploaded and added');
      if (fitting.length < files.length) {
        setStatus(
          (text) =>
            `${text} ${imageCount(files.length - fitting.length)} left out: a gallery holds at most ${maxGalleryImages}.`,
        );
      }
    });

  if (!picker) return <>{children(null)}</>;

  const full = room <= 0;
  const actions = (
    <>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        icon={<Images aria-hidden="true" className="size-4" />}
        disabled={busy || full}
        onClick={() => void fromLibrary()}
      >
        Add from library
      </Button>
      <Button
        variant="secondary"
        size="sm"
        aria-haspopup="dialog"
        aria-describedby={`${idPrefix}-drop-hint`}
        icon={<ImageUp aria-hidden="true" className="size-4" />}
        disabled={busy || full}
        onClick={() => fileInput.current?.click()}
      >
        Upload images
      </Button>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        multiple
        hidden
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          void upload(files);
        }}
      />
      <span id={`${idPrefix}-drop-hint`} className="text-xs text-stone-500 dark:text-stone-400">
        or drop image files on the list
      </span>
      <span role="status" className="w-full text-xs font-medium text-emerald-800 empty:hidden dark:text-emerald-300">
        {status}
      </span>
    </>
  );

  return (
    <div
      onDragOver={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = busy || full ? 'none' : 'copy';
        if (!dragging) setDragging(true);
      }}
      onDragLeave={(event) => {
        // Leaving for a child is not leaving the list.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={(event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        setDragging(false);
        if (!busy && !full) void upload([...event.dataTransfer.files]);
      }}
      className={`-m-2 rounded-xl p-2 transition ${dragging ? 'bg-lagoon-50 outline-2 outline-lagoon-400 outline-dashed dark:bg-lagoon-950/40' : ''}`}
    >
      {children(actions)}
    </div>
  );
}
