import { CheckCircle2, ImageOff, Link2 } from 'lucide-react';
import { useState } from 'react';
import { previewUrl, seoTone, seoToneClasses, usagePhrase, type ImageDto } from './media-api';

/**
 * The image grid (2 columns small, 4 medium, 6 large screens by default). Each tile is a button:
 * it opens 'Edit Image' in the library, or selects the image in the picker (`selectedId`).
 */
export function MediaGrid({
  images,
  onOpen,
  onActivate,
  selectedId,
  columns = 'grid-cols-2 md:grid-cols-4 lg:grid-cols-6',
  label = 'Images',
}: {
  images: ImageDto[];
  onOpen: (image: ImageDto) => void;
  /** Double-click: choose at once (picker). */
  onActivate?: (image: ImageDto) => void;
  /** Set in selection mode: tiles are toggle buttons and this one is pressed. */
  selectedId?: string | null;
  columns?: string;
  label?: string;
}) {
  const selecting = selectedId !== undefined;
  return (
    <ul aria-label={label} className={`grid gap-3 ${columns}`}>
      {images.map((image) => {
        const selected = selecting && image.id === selectedId;
        return (
          <li key={image.id} className="min-w-0" data-image-id={image.id}>
            <button
              type="button"
              onClick={() => onOpen(image)}
              onDoubleClick={onActivate ? () => onActivate(image) : undefined}
              aria-pressed={selecting ? selected : undefined}
              aria-haspopup={selecting ? undefined : 'dialog'}
              className={`group relative block w-full overflow-hidden rounded-xl border bg-white text-left transition hover:shadow-md dark:bg-abyss-900 ${
                selected
                  ? 'border-lagoon-600 ring-2 ring-lagoon-500'
                  : 'border-stone-200 hover:border-stone-300 dark:border-white/10 dark:hover:border-white/20'
              }`}
            >
              <Tile image={image} />
              {selected ? (
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
