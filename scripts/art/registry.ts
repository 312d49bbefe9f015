import { type Rng } from './basics';
import { cavernIllustrations } from './catalogue/cavern';
import { crossSectionIllustrations } from './catalogue/cross-section';
import { darkCaveIllustrations } from './catalogue/dark-cave';
import { dryCaveIllustrations } from './catalogue/dry-cave';
import { fixedIllustrations } from './catalogue/fixed';
import { halfMoonIllustrations } from './catalogue/half-moon';
import { hiddenHallIllustrations } from './catalogue/hidden-hall';
import { knobblyCavernIllustrations } from './catalogue/knobbly-cavern';
import { lilyGardenIllustrations } from './catalogue/lily-garden';
import { mangroveIllustrations } from './catalogue/mangroves';
import { obliqueIllustrations } from './catalogue/oblique';
import { manifestOrder } from './catalogue/order';
import { topDownIllustrations } from './catalogue/top-down';
import {
  type Draw,
  fixed,
  type Illustration,
  type Random,
  type SceneKind,
  type SceneParams,
  scenes,
  type Varied,
} from './scenes';

/* ------------------------------------------------------------------------------------------------ */
/* Registry: the illustrations of the catalogue, bound to their drawings, in manifest order         */
/* ------------------------------------------------------------------------------------------------ */

export interface Art {
  name: string;
  w: number;
  h: number;
  draw: Draw;
  alt: string;
  caption: string;
}

const illustrations: readonly Illustration[] = [
  ...cavernIllustrations,
  ...crossSectionIllustrations,
  ...darkCaveIllustrations,
  ...dryCaveIllustrations,
  ...fixedIllustrations,
  ...halfMoonIllustrations,
  ...hiddenHallIllustrations,
  ...knobblyCavernIllustrations,
  ...lilyGardenIllustrations,
  ...mangroveIllustrations,
  ...obliqueIllustrations,
  ...topDownIllustrations,
];

const isRandom = (value: unknown): value is Random =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && 'random' in value;

/**
 * The random numbers come from the image's generator before the scene's own draws, in the order the
 * parameters are listed, so the sequence is the same on every run; it also means that swapping two
 * random parameters of an entry changes its picture.
 */
function resolve<K extends SceneKind>(params: Varied<SceneParams[K]>, rng: Rng): SceneParams[K] {
  const entries: [string, unknown][] = Object.entries(params);
  const out: Record<string, unknown> = {};
  for (const [key, value] of entries) out[key] = isRandom(value) ? rng.range(value.random[0], value.random[1]) : value;
  // Varied<T> differs from T only where a Random stood, and every Random was just replaced by a number.
  return out as SceneParams[K];
}

function sceneDraw<K extends SceneKind>(kind: K, params: Varied<SceneParams[K]>): Draw {
  return (s, rng) => {
    scenes[kind](s, rng, resolve<K>(params, rng));
  };
}

function toArt(i: Illustration): Art {
  const draw = 'params' in i ? sceneDraw(i.kind, i.params) : fixed[i.kind];
  return { name: i.name, w: i.w ?? 1600, h: i.h ?? 900, draw, alt: i.alt, caption: i.caption };
}

/** Every illustration in manifest order; a name missing from either side stops generation here. */
function load(): Art[] {
  const byName = new Map<string, Illustration>();
  for (const i of illustrations) {
    if (byName.has(i.name)) throw new Error(`scripts/art/data: "${i.name}" is described twice`);
    byName.set(i.name, i);
  }
  const listed = new Set<string>();
  const result = manifestOrder.map((name) => {
    const i = byName.get(name);
    if (!i) throw new Error(`scripts/art/catalogue/order.ts lists "${name}", but no data file describes it`);
    if (listed.has(name)) throw new Error(`scripts/art/catalogue/order.ts lists "${name}" twice`);
    listed.add(name);
    return toArt(i);
  });
  const unlisted = [...byName.keys()].filter((name) => !listed.has(name));
  if (unlisted.length > 0) {
    throw new Error(`scripts/art/catalogue/order.ts does not list ${unlisted.map((n) => `"${n}"`).join(', ')}`);
  }
  return result;
}

export const art: readonly Art[] = load();
