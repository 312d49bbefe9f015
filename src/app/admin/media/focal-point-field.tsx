import { Crosshair } from 'lucide-react';
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import {
  centre,
  clampPercent,
  describePoint,
  isCentre,
  movedByKey,
  objectPosition,
  pointFromClick,
  type FocalPoint,
} from '../../../features/media/focal-point';
import { Button } from '../../../shared/ui/button';
import { TextField } from '../../../shared/ui/field';

/** The crops the site makes, as the editor should picture them (decision 35). */
const crops = [
  { label: 'Hero', ratio: '16:5', aspect: 'aspect-[16/5]' },
  { label: 'Card', ratio: '16:10', aspect: 'aspect-[16/10]' },
  { label: 'Square', ratio: '1:1', aspect: 'aspect-square' },
] as const;

/**
 * The image itself, where a click (or a drag) sets the point of interest. The marker is a 2D
 * slider: arrow keys move it 1%, Shift+arrow 10%. A click moves focus onto the marker, so the
 * arrow keys fine-tune it straight away.
 */
export function FocalPointPicker({
  idPrefix,
  src,
  alt,
  width,
  height,
  value,
  onChange,
}: {
  idPrefix: string;
  src: string;
  alt: string;
  width: number;
  height: number;
  value: FocalPoint;
  onChange: (point: FocalPoint) => void;
}) {
  const imageRef = useRef<HTMLImageElement>(null);
  const markerRef = useRef<HTMLDivElement>(null);

  const pointAt = (event: PointerEvent) => {
    const box = imageRef.current?.getBoundingClientRect();
    if (box) onChange(pointFromClick(box, event.clientX, event.clientY));
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    // No native image drag or text selection; focus goes to the marker instead.
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    pointAt(event);
    markerRef.current?.focus({ preventScroll: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = movedByKey(value, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    onChange(next);
  };

  return (
    // Not overflow-hidden: a marker on the image's edge must stay whole.
    <div className="flex min-w-0 items-center justify-center rounded-lg bg-stone-100 ring-1 ring-stone-200 dark:bg-abyss-800 dark:ring-white/10">
      <div
        className="relative max-w-full cursor-crosshair touch-none select-none"
        onPointerDown={onPointerDown}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture(event.pointerId)) pointAt(event);
        }}
      >
        <img
          ref={imageRef}
          src={src}
          alt={alt}
          width={width}
          height={height}
          draggable={false}
          className="block h-auto max-h-56 w-auto max-w-full rounded-lg object-contain md:max-h-[22rem]"
        />
        <div
          ref={markerRef}
          id={`${idPrefix}-marker`}
          role="slider"
          tabIndex={0}
          aria-label="Focal point"
          aria-describedby={`${idPrefix}-focal-hint`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value.x}
          aria-valuetext={describePoint(value)}
          title={describePoint(value)}
          onKeyDown={onKeyDown}
          style={{ left: `${value.x}%`, top: `${value.y}%` }}
          className="absolute size-7 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-lagoon-600/35 shadow-[0_0_0_1.5px_rgba(0,0,0,0.55),0_2px_6px_rgba(0,0,0,0.4)] outline-none focus-visible:ring-4 focus-visible:ring-lagoon-300"
        >
          <span
            aria-hidden="true"
            className="absolute top-1/2 left-1/2 size-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-white"
          />
        </div>
      </div>
    </div>
  );
}

/**
 * The focal point in numbers (typed values are clamped to 0..100), 'Reset to centre' and small
 * crops drawn as the site draws them, so the effect of the point is visible before saving.
 */
export function FocalPointControls({
  idPrefix,
  previewSrc,
  value,
  onChange,
  error,
}: {
  idPrefix: string;
  /** A small variant of the image for the crop previews. */
  previewSrc: string;
  value: FocalPoint;
  onChange: (point: FocalPoint) => void;
  error: string | undefined;
}) {
  const position = objectPosition(value);
  return (
    <section aria-labelledby={`${idPrefix}-focal`} className="space-y-3">
      <div>
        <h3
          id={`${idPrefix}-focal`}
          className="flex items-center gap-1.5 text-sm font-semibold text-stone-900 dark:text-stone-100"
        >
          <Crosshair aria-hidden="true" className="size-4 text-stone-500 dark:text-stone-400" />
          Focal point
        </h3>
        <p id={`${idPrefix}-focal-hint`} className="mt-1 text-xs text-stone-600 dark:text-stone-400">
          Click the point of interest on the image; crops keep it in view. Arrow keys move the marker by 1%, with Shift
          by 10%.
        </p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <PercentInput
          id={`${idPrefix}-focal-x`}
          label="Across"
          value={value.x}
          onChange={(x) => onChange({ ...value, x })}
          invalid={Boolean(error)}
        />
        <PercentInput
          id={`${idPrefix}-focal-y`}
          label="Down"
          value={value.y}
          onChange={(y) => onChange({ ...value, y })}
          invalid={Boolean(error)}
        />
        <Button variant="secondary" disabled={isCentre(value)} onClick={() => onChange(centre)}>
          Reset to centre
        </Button>
      </div>
      {error ? <p className="text-xs font-medium text-red-700 dark:text-red-400">{error}</p> : null}
      <div>
        <p className="mb-1.5 text-xs text-stone-600 dark:text-stone-400">How crops on the site look:</p>
        <div className="grid grid-cols-[3.2fr_1.6fr_1fr] items-start gap-2">
          {crops.map((crop) => (
            <figure key={crop.label} className="min-w-0">
              <div
                className={`${crop.aspect} overflow-hidden rounded-md bg-stone-100 ring-1 ring-stone-200 dark:bg-abyss-800 dark:ring-white/10`}
              >
                <img
                  src={previewSrc}
                  alt=""
                  className="size-full object-cover"
                  style={position ? { objectPosition: position } : undefined}
                />
              </div>
              <figcaption className="mt-1 text-xs leading-tight text-stone-600 dark:text-stone-400">
                {crop.label} <span className="whitespace-nowrap tabular-nums">{crop.ratio}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </div>
    </section>
  );
}

/** A whole percent; while typing, a number out of range is clamped and an empty box waits. */
function PercentInput({
  id,
  label,
  value,
  onChange,
  invalid,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  invalid: boolean;
}) {
  const [text, setText] = useState(String(value));
  const [followed, setFollowed] = useState(value);
  // Follow the marker (clicks, arrow keys, reset) unless the box already says the same number.
  // Adjusted during render, not in an effect, so the box and the marker change in the same commit.
  if (followed !== value) {
    setFollowed(value);
    if (!(Number(text) === value && text.trim() !== '')) setText(String(value));
  }
  return (
    <TextField
      id={id}
      label={`${label} (%)`}
      type="number"
      inputMode="numeric"
      min={0}
      max={100}
      step={1}
      value={text}
      className="w-20"
      aria-invalid={invalid || undefined}
      onChange={(event) => {
        setText(event.target.value);
        const typed = event.target.valueAsNumber;
        if (Number.isFinite(typed)) onChange(clampPercent(typed));
      }}
      onBlur={() => setText(String(value))}
    />
  );
}
