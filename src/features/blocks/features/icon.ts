/** The most characters (as seen by the reader, e.g. one emoji) a feature icon may have. */
export const maxIconGraphemes = 2;
/** The schema's limit in UTF-16 code units (an emoji with modifiers can take several). */
export const maxIconLength = 16;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Keeps the first two visible characters of what was typed, within the schema's length. */
export function limitIcon(value: string): string {
  let result = '';
  let count = 0;
  for (const { segment } of segmenter.segment(value.trim())) {
    if (count === maxIconGraphemes || result.length + segment.length > maxIconLength) break;
    result += segment;
    count += 1;
  }
  return result;
}

/** A small set of emoji that fit a cenote diving site, with names for screen readers. */
export const iconChoices: ReadonlyArray<{ emoji: string; name: string }> = [
  { emoji: '🤿', name: 'Diving mask' },
  { emoji: '💡', name: 'Light bulb' },
  { emoji: '🧭', name: 'Compass' },
  { emoji: '🌊', name: 'Wave' },
  { emoji: '🦐', name: 'Shrimp' },
  { emoji: '🐟', name: 'Fish' },
  { emoji: '🌿', name: 'Leaves' },
  { emoji: '🪨', name: 'Rock' },
  { emoji: '⚠️', name: 'Warning' },
  { emoji: '🔦', name: 'Torch' },
  { emoji: '🧪', name: 'Test tube' },
  { emoji: '🗺️', name: 'Map' },
  { emoji: '🏛️', name: 'Classical building' },
  { emoji: '🐢', name: 'Turtle' },
  { emoji: '♻️', name: 'Recycling' },
  { emoji: '📏', name: 'Ruler' },
  { emoji: '☀️', name: 'Sun' },
  { emoji: '🫧', name: 'Bubbles' },
  { emoji: '🧵', name: 'Thread (guideline)' },
  { emoji: '🕳️', name: 'Hole' },
];
