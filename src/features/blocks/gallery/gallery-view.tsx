import { ArrowLeft, ArrowRight, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BlockRenderProvider, Picture, type BlockRenderContext } from '../render-context';
import { headingId, Section, SectionHeading } from '../section';
import type { GalleryData } from './block';

const columnClasses = {
  2: 'grid-cols-1 sm:grid-cols-2',
  3: 'grid-cols-2 lg:grid-cols-3',
  4: 'grid-cols-2 md:grid-cols-3 lg:grid-cols-4',
} as const;

const controlClass =
  'inline-flex size-10 items-center justify-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:outline-white';

/** The gallery's own words in the page's language, built on the server from the site's catalog. */
export interface GalleryStrings {
  /** Each image's button: 'Open image 2 of 6: Dos Ojos'. */
  open: string[];
  /** The lightbox's name when the image has no title. */
  viewer: string;
  previous: string;
  next: string;
  close: string;
}

export interface GalleryViewProps {
  data: GalleryData;
  position: number;
  /** The heading's id from the page (see BlockRendererProps.anchorId). */
  anchorId?: string;
  context: BlockRenderContext;
  strings: GalleryStrings;
}

/** The gallery grid and its lightbox: a native <dialog> (focus trap and Escape built in), arrows to move. */
export function GalleryView({ data, position, anchorId, context, strings }: GalleryViewProps) {
  const id = anchorId ?? headingId('gallery', position);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [current, setCurrent] = useState<number | null>(null);
  const count = data.images.length;

  const open = (index: number) => {
    setCurrent(index);
    dialogRef.current?.showModal();
  };
  const close = useCallback(() => dialogRef.current?.close(), []);
  const step = useCallback(
    (delta: number) => setCurrent((index) => (index === null ? null : (index + delta + count) % count)),
    [count],
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const onClose = () => setCurrent(null);
    dialog.addEventListener('close', onClose);
    return () => dialog.removeEventListener('close', onClose);
  }, []);

  const shown = current === null ? undefined : data.images[current];

  return (
    <BlockRenderProvider value={context}>
      <Section labelledBy={id}>
        <SectionHeading id={id} title={data.title} intro={data.description} level={position === 0 ? 1 : 2} />
        <ul className={`grid gap-3 sm:gap-4 ${columnClasses[data.columns]}`}>
          {data.images.map((image, index) => (
            <li key={index}>
              <figure>
                <button
                  type="button"
                  onClick={() => open(index)}
                  className="group block w-full overflow-hidden rounded-xl focus-visible:ring-2 focus-visible:ring-lagoon-500"
                  aria-label={strings.open[index]}
                >
                  <Picture
                    src={image.url}
                    sizes="(min-width: 1024px) 30vw, 50vw"
                    frameClassName="aspect-[4/3] rounded-xl"
                    className="transition duration-500 group-hover:scale-105"
                  />
                </button>
                {image.title || image.description ? (
                  <figcaption className="mt-2 text-sm leading-snug">
                    {image.title ? (
                      <span className="font-semibold text-stone-800 dark:text-stone-200">{image.title}</span>
                    ) : null}
                    {image.description ? (
                      <span className="block text-stone-500 dark:text-stone-400">{image.description}</span>
                    ) : null}
                  </figcaption>
                ) : null}
              </figure>
            </li>
          ))}
        </ul>
      </Section>
      <dialog
        ref={dialogRef}
        aria-label={shown?.title || strings.viewer}
        onKeyDown={(event) => {
          if (event.key === 'ArrowRight') step(1);
          if (event.key === 'ArrowLeft') step(-1);
        }}
        onClick={(event) => {
          if (event.target === dialogRef.current) close();
        }}
        className="m-auto max-h-[92vh] w-[min(96vw,72rem)] overflow-hidden rounded-2xl bg-abyss-950 p-0 text-white backdrop:bg-black/80"
      >
        {shown && current !== null ? (
          <div className="flex flex-col">
            <Picture
              // A new element per image, so each one fades in rather than replacing the last in place.
              key={current}
              src={shown.url}
              priority
              sizes="96vw"
              fit="contain"
              className="max-h-[72vh]"
              frameClassName="bg-black"
            />
            <div className="flex flex-wrap items-center gap-x-3 gap-y-3 p-4 sm:flex-nowrap sm:gap-x-4">
              <div className="min-w-0 basis-full sm:flex-1 sm:basis-0">
                <p className="font-semibold">{shown.title}</p>
                {shown.description ? <p className="text-sm text-white/70">{shown.description}</p> : null}
              </div>
              <span className="mr-auto text-sm text-white/60 sm:mr-0" aria-live="polite">
                {current + 1} / {count}
              </span>
              {count > 1 ? (
                <>
                  <button type="button" onClick={() => step(-1)} className={controlClass} aria-label={strings.previous}>
                    <ArrowLeft aria-hidden="true" className="size-4" />
                  </button>
                  <button type="button" onClick={() => step(1)} className={controlClass} aria-label={strings.next}>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </button>
                </>
              ) : null}
              <button type="button" onClick={close} className={controlClass} aria-label={strings.close}>
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </BlockRenderProvider>
  );
}
