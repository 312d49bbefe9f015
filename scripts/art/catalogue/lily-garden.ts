import type { SceneIllustration } from '../scenes';

/** `lilyGarden` (scene-lily-garden.ts): looking up from under water at lily pads against the light. */
export const lilyGardenIllustrations = [
  {
    name: 'cenote-nicte-ha',
    kind: 'lilyGarden',
    params: { horizon: 300, farBed: 470, pads: 26, warmth: 0.35 },
    alt: 'Illustration of Nicte Ha from under the water: lily pads dark against the bright sunlit surface, long stems, small fish and a turtle',
    caption: 'Nicte Ha: a shallow, sunlit garden of water lilies.',
  },
] satisfies SceneIllustration<'lilyGarden'>[];
