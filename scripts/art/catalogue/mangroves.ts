import type { SceneIllustration } from '../scenes';

/** `mangroves` (scene-mangroves.ts): mangrove trees split above and below the water line. */
export const mangroveIllustrations = [
  {
    name: 'mangrove-roots',
    kind: 'mangroves',
    params: { waterY: 430, river: false, trees: 4, diver: false, warmth: 0.3 },
    alt: 'Illustration of mangrove trees seen above and below the water line, their arching roots reaching into clear turquoise water',
    caption: 'Mangrove roots shelter fish where cenotes meet the coast.',
  },
  {
    name: 'cenote-casa-cenote',
    kind: 'mangroves',
    params: { waterY: 420, river: true, trees: 5, diver: true, warmth: 0.4 },
    alt: 'Illustration of Casa Cenote: a river-like cenote lined by mangroves, their roots hanging into clear water where a diver swims',
    caption: 'Casa Cenote: a mangrove river that meets the sea underground.',
  },
] satisfies SceneIllustration<'mangroves'>[];
