import type { SceneIllustration } from '../scenes';

/** `dryCave` (scene-dry-cave.ts): a roofed cave lit by one shaft through a hole in the roof. */
export const dryCaveIllustrations = [
  {
    name: 'underground-cenote',
    kind: 'dryCave',
    params: {
      opening: { x: 760, y: 110, r: 80 },
      impact: [860, 640],
      warmth: 0.55,
      water: 'turquoise',
      roots: 7,
      density: 0.5,
    },
    alt: 'Illustration of an underground cenote: a dark cave with stalactites, a small hole in the roof and one shaft of light on the water',
    caption: 'Underground cenotes keep their roof: light enters through a single small hole.',
  },
] satisfies SceneIllustration<'dryCave'>[];
