import type { SceneIllustration } from '../scenes';

/** `oblique` (scene-oblique.ts): an open cenote seen at an angle from its rim, sky behind. */
export const obliqueIllustrations = [
  {
    name: 'tourism-boardwalk',
    kind: 'oblique',
    params: {
      horizon: 300,
      cx: 860,
      cy: 560,
      rx: 470,
      ry: 165,
      depth: 135,
      warmth: 0.35,
      boardwalk: true,
      lily: 0,
      swimmers: 3,
      vines: 14,
    },
    alt: 'Illustration of a wooden boardwalk and stairs leading down into an open cenote, where swimmers float in turquoise water',
    caption: 'Boardwalks and stairs protect the fragile cenote edges.',
  },
] satisfies SceneIllustration<'oblique'>[];
