import type { ctaBackgrounds, highlightBackgrounds, highlightTextColors } from './cta/block';
import type { featureBackgrounds } from './features/block';

/** Friendly names for the section background classes the cta and features blocks allow. */
export const sectionBackgroundNames: Record<
  (typeof ctaBackgrounds)[number] & (typeof featureBackgrounds)[number],
  string
> = {
  'bg-white': 'White',
  'bg-gray-50': 'Light gray',
  'bg-teal-50': 'Light teal',
  'bg-blue-50': 'Light blue',
};

export const highlightBackgroundNames: Record<(typeof highlightBackgrounds)[number], string> = {
  'bg-teal-100': 'Teal',
  'bg-blue-100': 'Blue',
  'bg-amber-100': 'Amber',
  'bg-gray-100': 'Gray',
};

export const highlightTextColorNames: Record<(typeof highlightTextColors)[number], string> = {
  'text-teal-900': 'Dark teal',
  'text-blue-900': 'Dark blue',
  'text-amber-900': 'Dark amber',
  'text-gray-900': 'Near black',
};

/** Radio choices with a colour sample: the class itself is the sample (and Tailwind sees it here). */
export function colorChoices<V extends string>(
  values: readonly V[],
  names: Record<V, string>,
  sample: (value: V) => string = (value) => value,
) {
  return values.map((value) => ({ value, label: names[value], swatchClass: sample(value) }));
}
