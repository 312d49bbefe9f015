import * as Dialog from '@radix-ui/react-dialog';
import { Button } from '../../../shared/ui/button';
import { previewUrl, type ImageDto } from './media-api';

/** Closing is refused while an upload runs. */
function CancelButton({ busy }: { busy: boolean }) {
  return (
    <Dialog.Close asChild>
      <Button variant="secondary" disabled={busy} className="disabled:opacity-50">
        Cancel
      </Button>
    </Dialog.Close>
  );
}

const imageCount = (count: number) => `${count} ${count === 1 ? 'image' : 'images'}`;

/** The picker's footer for one image: what is selected, with its alt text, and 'Use image'. */
export function OneSelectedSummary({
  selected,
  busy,
  onUse,
}: {
  selected: ImageDto | null;
  busy: boolean;
  onUse: (image: ImageDto) => void;
}) {
  return (
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
      <CancelButton busy={busy} />
      <Button disabled={!selected || busy} onClick={() => selected && onUse(selected)}>
        Use image
      </Button>
    </div>
  );
}

/**
 * The picker's footer for several images: how many are selected, their thumbnails in order,
 * 'Clear' and 'Add N images'.
 */
export function ManySelectedSummary({
  selected,
  busy,
  onClear,
  onAdd,
}: {
  selected: ImageDto[];
  busy: boolean;
  onClear: () => void;
  onAdd: () => void;
}) {
  const missingAlt = selected.filter((image) => !image.alt_text).length;
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div className="flex min-w-0 flex-1 basis-64 items-center gap-3">
        {selected.length > 0 ? (
          <ol aria-label="Selected images" className="flex shrink-0 -space-x-2">
            {selected.slice(0, 5).map((image, index) => (
              <li key={image.id}>
                <img
                  src={previewUrl(image)}
                  alt={`${index + 1}. ${image.filename}`}
                  className="size-9 rounded-md object-cover ring-2 ring-white dark:ring-abyss-900"
                />
              </li>
            ))}
          </ol>
        ) : null}
        <p className="min-w-0 text-sm text-stone-600 dark:text-stone-300" aria-live="polite">
          {selected.length === 0 ? (
            'No images selected.'
          ) : (
            <>
              <span className="font-medium text-stone-900 dark:text-stone-100">
                {imageCount(selected.length)} selected
              </span>
              {missingAlt > 0 ? (
                <span className="block text-xs text-amber-800 dark:text-amber-300">
                  {missingAlt === selected.length && missingAlt === 1
                    ? 'It has no alt text yet: add it in the Media Library.'
                    : `${imageCount(missingAlt)} without alt text yet: add it in the Media Library.`}
                </span>
              ) : null}
            </>
          )}
        </p>
        {selected.length > 0 ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={onClear}>
            Clear
          </Button>
        ) : null}
      </div>
      <div className="flex gap-3 max-sm:w-full max-sm:justify-end">
        <CancelButton busy={busy} />
        <Button disabled={selected.length === 0 || busy} onClick={onAdd}>
          {selected.length === 0 ? 'Add images' : `Add ${imageCount(selected.length)}`}
        </Button>
      </div>
    </div>
  );
}
