import { CheckCircle2, ImageOff, Link2 } from 'lucide-react';
import { useState } from 'react';
import { previewUrl, seoTone, seoToneClasses, usagePhrase, type ImageDto } from './media-api';

/** The library's multi-select: a checkbox beside each tile's button (bulk move and delete). */
export interface BulkSelection {
  checked: ReadonlySet<string>;
  /** `range`: Shift was held, so everything from the last toggled tile follows. */
  onToggle: (image: ImageDto, checked: boolean, range: boolean) => void;
}

/**
 * The image grid (2 columns small, 4 medium, 6 large screens by default). Each tile is a button:
 * it opens 'Edit Image' in the library, selects the image in the picker (`selectedId`), or, when
 * several can be chosen (`selectedIds`), is a checkbox: Space or a click toggles it, and Enter
 * confirms the selection (`onConfirm`). Selected tiles show their place in the selection.
 * With `bulk` (the library) each tile also has its own 'Select <file name>' checkbox, shown on
 * hover and focus, and always once something is selected.
 */
export function MediaGrid({
  images,
  onOpen,
  onActivate,
  selectedId,
  selectedIds,
  onConfirm,
  columns = 'grid-cols-2 md:grid-cols-4 lg:grid-cols-6',
  label = 'Images',
  bulk,
}: {
  images: ImageDto[];
  onOpen: (image: ImageDto) => void;
  /** Double-click: choose at once (picker). */
  onActivate?: (image: ImageDto) => void;
  /** Set in selection mode: tiles are toggle buttons and this one is pressed. */
  selectedId?: string | null;
  /** Set when several can be chosen: tiles are checkboxes, these are checked (in selection order). */
  selectedIds?: readonly string[];
  /** Enter on a tile when several can be chosen. */
  onConfirm?: (image: ImageDto) => void;
  columns?: string;
  label?: string;
  bulk?: BulkSelection;
}) {
  const many = selectedIds !== undefined;
  const bulkActive = bulk !== undefined && bulk.checked.size > 0;
  const selecting = many || selectedId !== undefined;
  return (
    <ul aria-label={label} className={`grid gap-3 ${columns}`}>
      {images.map((image) => {
        const place = many ? selectedIds.indexOf(image.id) + 1 : 0;
        const selected = many ? place > 0 : selecting && image.id === selectedId;
        const bulkChecked = bulk?.checked.has(image.id) ?? false;
        return (
          <li key={image.id} className="group/tile relative min-w-0" data-image-id={image.id}>
            {bulk ? (
              <input
                type="checkbox"
                aria-label={`Select ${image.filename}`}
                checked={bulkChecked}
                onChange={(event) =>
                  bulk.onToggle(image, event.target.checked, (event.nativeEvent as MouseEvent).shiftKey === true)
                }
                className={`absolute top-2 left-2 z-10 size-5 cursor-pointer rounded accent-lagoon-700 shadow ring-2 ring-white/90 transition-opacity focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lagoon-600 dark:ring-abyss-900/90 ${
                  // Touch screens have no hover: there the boxes always show.
                  bulkActive || bulkChecked
                    ? 'opacity-100'
                    : 'opacity-0 group-hover/tile:opacity-100 [@media(hover:none)]:opacity-100'
                }`}
              />
            ) : null}
            <button
              type="button"
              onClick={() => onOpen(image)}
              onDoubleClick={onActivate && !many ? () => onActivate(image) : undefined}
              onKeyDown={
                many && onConfirm
                  ? (event) => {
                      // Enter confirms instead of toggling (a button would click on Enter).
                      if (event.key !== 'Enter') return;
                      event.preventDefault();
                      onConfirm(image);
                    }
                  : undefined
              }
              role={many ? 'checkbox' : undefined}
              aria-checked={many ? selected : undefined}
              aria-pressed={selecting && !many ? selected : undefined}
              aria-haspopup={selecting ? undefined : 'dialog'}
              className={`group relative block w-full overflow-hidden rounded-xl border bg-white text-left transition hover:shadow-md dark:bg-abyss-900 ${
                selected || bulkChecked
                  ? 'border-lagoon-600 ring-2 ring-lagoon-500'
                  : 'border-stone-200 hover:border-stone-300 dark:border-white/10 dark:hover:border-white/20'
              }`}
            >
              <Tile image={image} />
              {many ? (
                <span
                  aria-hidden="true"
                  className={`absolute top-2 right-2 flex size-6 items-center justify-center rounded-full text-xs font-bold tabular-nums shadow ring-1 ${
                    selected
                      ? 'bg-lagoon-700 text-white ring-lagoon-800'
                      : 'bg-white/90 text-transparent ring-stone-300 group-hover:ring-stone-400'
                  }`}
                >
                  {selected ? place : ''}
                </span>
              ) : selected ? (
                <CheckCircle2
                  aria-hidden="true"
                  className="absolute top-2 right-2 size-6 rounded-full bg-white text-lagoon-700 shadow"
                />
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function Tile({ image }: { image: ImageDto }) {
  const [failed, setFailed] = useState(false);
  const tone = seoTone(image.seo_score);
  return (
    <>
      <span className="flex aspect-[4/3] items-center justify-center overflow-hidden bg-stone-100 dark:bg-abyss-800">
        {failed ? (
          <ImageOff aria-hidden="true" className="size-5 text-stone-400" />
        ) : (
          <img
            src={previewUrl(image)}
            alt=""
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
            onError={() => setFailed(true)}
            className="size-full object-cover transition duration-300 group-hover:scale-[1.02]"
          />
        )}
      </span>
      <span className="block space-y-1 px-2.5 pt-2 pb-2.5">
        <span className="block truncate text-sm font-medium text-stone-900 dark:text-stone-100" title={image.filename}>
          {image.filename}
        </span>
        <span className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 text-xs text-stone-500 dark:text-stone-400">
          <span className="whitespace-nowrap tabular-nums">
            <span className="sr-only">, </span>
            {image.width} × {image.height}
          </span>
          <span
            className={`shrink-0 rounded-full px-1.5 py-px whitespace-nowrap text-[0.6875rem] font-semibold tabular-nums ring-1 ${seoToneClasses[tone]}`}
          >
            <span className="sr-only">, </span>SEO {image.seo_score}
          </span>
        </span>
        <span
          className={`flex items-center gap-1 text-xs ${
            image.usage_count > 0 ? 'text-stone-700 dark:text-stone-300' : 'text-stone-500 dark:text-stone-400'
          }`}
        >
          <Link2 aria-hidden="true" className="size-3.5 shrink-0" />
          <span className="sr-only">, </span>
          {usagePhrase(image.usage_count)}
        </span>
      </span>
    </>
  );
}
