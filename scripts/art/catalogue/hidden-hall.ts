import type { SceneIllustration } from '../scenes';

/** `hiddenHall` (scene-hidden-hall.ts): a lamp-lit hall of formations reached down stairs from a hole. */
export const hiddenHallIllustrations = [
  {
    name: 'cenote-tak-bi-ha',
    kind: 'hiddenHall',
    params: {
      waterY: 520,
      hole: { x: 250, y: 70, r: 46 },
      lamps: [
        [620, 500],
        [1080, 470],
        [1400, 500],
      ],
    },
    alt: 'Illustration of Tak Bi Ha: stairs from a small hole in the ground into a lamp-lit hall of stalactites and columns above glass-clear water',
    caption: 'Tak Bi Ha: a hidden hall of formations over crystal water.',
  },
] satisfies SceneIllustration<'hiddenHall'>[];
