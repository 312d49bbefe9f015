import type { SceneIllustration } from '../scenes';

/**
 * `crossFull` (scene-cross-section.ts): a cenote cut in half, sky and jungle above, limestone and a
 * flooded chamber below. Parameters left out take the defaults in `crossFull`.
 */
export const crossSectionIllustrations = [
  {
    name: 'home-hero',
    kind: 'crossFull',
    params: {
      openW: 300,
      chamberW: 1100,
      divers: 2,
      tunnels: 2,
      beams: 6,
      stalactites: 34,
      roots: 12,
      fish: 10,
      palms: 4,
      warmth: 0.35,
    },
    alt: 'Illustration of a cenote in cross-section: jungle above, sunbeams falling through the opening into a turquoise flooded cavern with divers',
    caption: 'A cenote: a window from the jungle into the flooded caves below.',
  },
  {
    name: 'semi-open-cenote',
    kind: 'crossFull',
    params: {
      openW: 220,
      cx: 540,
      chamberW: 1040,
      chamberShift: 300,
      waterY: 500,
      divers: 1,
      tunnels: 1,
      sunAngle: 16,
      warmth: 0.45,
    },
    alt: 'Illustration of a semi-open cenote in cross-section: a rock overhang shelters part of the pool while light enters through a side opening',
    caption: 'Semi-open cenotes are half pool, half cavern under a rock overhang.',
  },
  {
    name: 'cenote-yaakun',
    kind: 'crossFull',
    params: {
      openW: 140,
      chamberW: 1180,
      waterY: 470,
      bottomY: 850,
      divers: 1,
      tunnels: 2,
      beams: 3,
      warmth: 0.9,
      sunAngle: 4,
      stalactites: 44,
      roots: 14,
      fish: 0,
      dim: 0.7,
      palms: 5,
    },
    alt: 'Illustration of Yaakun cenote in cross-section: a small opening in the jungle floor at golden hour over a vast, dim chamber with one light beam',
    caption: 'Yaakun: a narrow opening over a vast, dim chamber.',
  },
] satisfies SceneIllustration<'crossFull'>[];
