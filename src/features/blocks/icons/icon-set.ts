import { z } from 'zod';

/**
 * The icons editors choose from for feature and fact items: named lucide icons (decision 023),
 * rendered as inline SVG, so no visitor depends on an emoji font. Block data stores the name
 * ("lightbulb"); '' means no icon. Keep this list short and fitting the site: every icon here
 * is bundled into the admin, and the picker shows them all.
 */
export const blockIcons = [
  // Water and light
  { name: 'waves', label: 'Waves', keywords: 'water halocline current flow kicks' },
  { name: 'waves-arrow-down', label: 'Depth', keywords: 'deep descent down depth range' },
  { name: 'droplet', label: 'Water drop', keywords: 'fresh water rain tannin wastewater shower' },
  { name: 'thermometer', label: 'Temperature', keywords: 'warm cold climate water temperature' },
  { name: 'sun', label: 'Sunlight', keywords: 'light beams day open sky early' },
  { name: 'moon', label: 'Darkness', keywords: 'night dark cave half moon' },
  { name: 'cloud-fog', label: 'Haze', keywords: 'cloud hydrogen sulfide fog mist' },
  { name: 'wind', label: 'Weather', keywords: 'storm hurricane climate wind' },
  { name: 'gem', label: 'Clarity', keywords: 'clear crystal visibility glass' },
  { name: 'bubbles', label: 'Bubbles', keywords: 'air breathing dome' },
  { name: 'flashlight', label: 'Dive light', keywords: 'torch lamp lights' },
  { name: 'lightbulb', label: 'Idea', keywords: 'tip light bulb' },
  { name: 'sparkles', label: 'Highlight', keywords: 'special rainbow sparkle' },
  // Life
  { name: 'fish', label: 'Fish', keywords: 'animals wildlife life' },
  { name: 'shrimp', label: 'Shrimp', keywords: 'crustacean cave life' },
  { name: 'turtle', label: 'Turtle', keywords: 'wildlife reptile' },
  { name: 'paw-print', label: 'Wildlife', keywords: 'animals bats crocodile tracks' },
  { name: 'shell', label: 'Fossil', keywords: 'shell sea urchin coral' },
  { name: 'leaf', label: 'Plants', keywords: 'leaf algae green nature agriculture' },
  { name: 'trees', label: 'Forest', keywords: 'jungle trees mangrove roots' },
  { name: 'flower', label: 'Flower', keywords: 'lily water lilies bloom' },
  // Diving and safety
  { name: 'waves-ladder', label: 'Swimming', keywords: 'snorkel swim entry mask' },
  { name: 'compass', label: 'Navigation', keywords: 'compass direction orientation arrows' },
  { name: 'spool', label: 'Guideline', keywords: 'reel line spool thread rope' },
  { name: 'gauge', label: 'Difficulty', keywords: 'gauge level instruments computer' },
  { name: 'scale', label: 'Balance', keywords: 'trim buoyancy rule' },
  { name: 'fuel', label: 'Gas supply', keywords: 'air tank cylinder reserve thirds hose' },
  { name: 'handshake', label: 'Buddy', keywords: 'team partner together' },
  { name: 'graduation-cap', label: 'Training', keywords: 'certification course learn' },
  { name: 'life-buoy', label: 'Safety', keywords: 'rescue help safe tool' },
  { name: 'triangle-alert', label: 'Warning', keywords: 'danger caution risk' },
  { name: 'ban', label: 'Not allowed', keywords: 'forbidden no prohibited avoid' },
  { name: 'camera', label: 'Photography', keywords: 'photo picture' },
  // Places and geology
  { name: 'map', label: 'Map', keywords: 'system route region' },
  { name: 'map-pin', label: 'Location', keywords: 'place where address' },
  { name: 'mountain', label: 'Rock', keywords: 'stone hill slope geology landscape' },
  { name: 'layers', label: 'Layers', keywords: 'strata limestone sediment silt buried' },
  { name: 'cylinder', label: 'Sinkhole', keywords: 'shaft hole void opening cenote' },
  { name: 'landmark', label: 'Heritage', keywords: 'maya history temple culture decoration' },
  { name: 'house', label: 'Community', keywords: 'home local village stewards' },
  { name: 'construction', label: 'Construction', keywords: 'building works development' },
  // Care for the water
  { name: 'hand', label: 'Hands off', keywords: 'touch care' },
  { name: 'trash-2', label: 'Litter', keywords: 'waste rubbish trash' },
  { name: 'flask-conical', label: 'Science', keywords: 'chemistry research test' },
] as const satisfies ReadonlyArray<{ name: string; label: string; keywords: string }>;

export type BlockIconName = (typeof blockIcons)[number]['name'];

export const blockIconNames = blockIcons.map((icon) => icon.name) as [BlockIconName, ...BlockIconName[]];

const iconNameSet: ReadonlySet<string> = new Set(blockIconNames);

export function isBlockIconName(value: string): value is BlockIconName {
  return iconNameSet.has(value);
}

/** What an icon that cannot be recognized (old data) is shown as: never an emoji, never nothing. */
export const fallbackBlockIcon: BlockIconName = 'sparkles';

export function blockIconLabel(name: BlockIconName): string {
  return blockIcons.find((icon) => icon.name === name)?.label ?? name;
}

/**
 * Every emoji the features block held before icons had names (the seeded content and the old
 * picker), without variation selectors. The data migration 0006 holds the same pairs; a unit
 * test keeps the two in step.
 */
export const legacyEmojiIcons: Readonly<Record<string, BlockIconName>> = {
  '🌫': 'cloud-fog',
  '🌳': 'trees',
  '🌑': 'moon',
  '🌿': 'leaf',
  '🟤': 'droplet',
  '🧵': 'spool',
  '🌤': 'sun',
  '🐠': 'fish',
  '🐊': 'paw-print',
  '🤿': 'waves-ladder',
  '☀': 'sun',
  '🌊': 'waves',
  '🫧': 'bubbles',
  '🐚': 'shell',
  '🌓': 'moon',
  '🌈': 'sparkles',
  '🦔': 'shell',
  '🔦': 'flashlight',
  '🧭': 'compass',
  '🏛': 'landmark',
  '🦇': 'paw-print',
  '🗺': 'map',
  '⚖': 'scale',
  '🦶': 'waves',
  '🤝': 'handshake',
  '🐟': 'fish',
  '🏊': 'waves-ladder',
  '🪷': 'flower',
  '📷': 'camera',
  '🐢': 'turtle',
  '🎓': 'graduation-cap',
  '🏜': 'layers',
  '🕳': 'cylinder',
  '💎': 'gem',
  '🪢': 'spool',
  '⛰': 'mountain',
  '🧪': 'flask-conical',
  '🚿': 'droplet',
  '🧴': 'ban',
  '🤲': 'hand',
  '🗑': 'trash-2',
  '🏡': 'house',
  '🚽': 'droplet',
  '🌾': 'leaf',
  '🏗': 'construction',
  '🌀': 'wind',
  '➰': 'fuel',
  '➡': 'compass',
  '✂': 'life-buoy',
  '⌚': 'gauge',
  '🦐': 'shrimp',
  '💧': 'droplet',
  '🪨': 'mountain',
  '🏞': 'mountain',
  '☄': 'layers',
  '🦺': 'life-buoy',
  '🕗': 'sun',
  '🌱': 'leaf',
  '⛽': 'fuel',
  '📏': 'waves-arrow-down',
  '🚫': 'ban',
  '🔍': 'gem',
  '🌡': 'thermometer',
  // The old picker's choices that the seeded pages did not use.
  '💡': 'lightbulb',
  '⚠': 'triangle-alert',
  '♻': 'leaf',
};

/** U+FE0F asks for the emoji form of a character; "☀️" and "☀" are the same icon. */
function withoutVariationSelectors(value: string): string {
  return value.replace(/[\uFE0E\uFE0F]/g, '');
}

/** The name of a known icon or of a known legacy emoji; undefined for anything else. */
export function knownIconName(value: string): BlockIconName | undefined {
  const trimmed = value.trim();
  if (isBlockIconName(trimmed)) return trimmed;
  return legacyEmojiIcons[withoutVariationSelectors(trimmed)];
}

/**
 * The icon to show for whatever is stored (old revisions can hold any emoji an editor typed):
 * a name, '' for no icon, and the fallback icon for anything unrecognized, so no emoji reaches
 * a visitor.
 */
export function storedIconName(value: unknown): BlockIconName | '' {
  if (typeof value !== 'string' || value.trim() === '') return '';
  return knownIconName(value) ?? fallbackBlockIcon;
}

/**
 * An item's `icon` as the API takes it: one of the names, or '' for none. A known legacy emoji
 * (an old API client) is translated to its name; anything else is refused with a sentence.
 */
export const blockIconSchema = z
  .preprocess(
    (value) => (typeof value === 'string' ? (knownIconName(value) ?? value.trim()) : value),
    z.enum(['', ...blockIconNames], {
      error: (issue) =>
        `Choose one of the icons by name (such as "waves", "fish" or "map-pin"), or "" for none; ${
          typeof issue.input === 'string' ? `"${issue.input.slice(0, 40)}" is not one` : 'got no text'
        }.`,
    }),
  )
  .default('');
