import type { SceneIllustration } from '../scenes';

/** `knobblyCavern` (scene-knobbly-cavern.ts): a dark cavern of swollen formations in one torch cone. */
export const knobblyCavernIllustrations = [
  {
    name: 'cenote-tak-be-lum',
    kind: 'knobblyCavern',
    params: { diver: { x: 280, y: 420, scale: 0.85 }, aim: [1080, 470], spread: 24, floor: [640, 700] },
    alt: 'Illustration of Tak Be Lum: a diver’s torch in a pitch-dark cavern lighting swollen, knobbly formations, silt dunes, mist and a pale blind fish',
    caption: 'Tak Be Lum: darkness, strange formations and a blind fish.',
  },
] satisfies SceneIllustration<'knobblyCavern'>[];
