import type { SceneIllustration } from '../scenes';

/** `halfMoon` (scene-half-moon.ts): a half-moon of water under a great rock overhang. */
export const halfMoonIllustrations = [
  {
    name: 'cenote-chikin-ha',
    kind: 'halfMoon',
    params: { waterY: 560, sun: [1360, 300], halocline: 690 },
    alt: 'Illustration of Chikin Ha: a half-moon of clear water under a great rock overhang, lit by the low western sun, a diver entering the halocline tunnel',
    caption: 'Chikin Ha: western water under a great overhang.',
  },
] satisfies SceneIllustration<'halfMoon'>[];
