import { type Rng } from './basics';
import { conservation, limestoneLayers, sinkholeStages } from './illustrations-geology';
import { jungleCanopy, mayaTemple, ogDefault } from './illustrations-land';
import { caveFauna, certificationCards, safetyLights } from './illustrations-safety';
import { aquiferMap, diveGear } from './illustrations-water';
import { cavernView, type CavernOpts } from './scene-cavern';
import { crossFull, type CrossOpts } from './scene-cross-section';
import { darkCave, type DarkCaveOpts } from './scene-dark-cave';
import { dryCave, type DryCaveOpts } from './scene-dry-cave';
import { elPit } from './scene-el-pit';
import { halfMoon, type HalfMoonOpts } from './scene-half-moon';
import { hiddenHall, type HiddenHallOpts } from './scene-hidden-hall';
import { knobblyCavern, type KnobblyCavernOpts } from './scene-knobbly-cavern';
import { lilyGarden, type LilyGardenOpts } from './scene-lily-garden';
import { mangroves, type MangroveOpts } from './scene-mangroves';
import { oblique, type ObliqueOpts } from './scene-oblique';
import { topDown, type TopOpts } from './scene-top-down';
import { type Svg } from './svg';

/* ------------------------------------------------------------------------------------------------ */
/* The drawings an illustration in scripts/art/catalogue/ can name as its `kind`                    */
/* ------------------------------------------------------------------------------------------------ */

export type Draw = (s: Svg, rng: Rng) => void;

/** What each scene takes; the data files are checked against this, so a misspelt parameter fails tsc. */
export interface SceneParams {
  cavernView: CavernOpts;
  crossFull: Partial<CrossOpts>;
  darkCave: DarkCaveOpts;
  dryCave: DryCaveOpts;
  halfMoon: HalfMoonOpts;
  hiddenHall: HiddenHallOpts;
  knobblyCavern: KnobblyCavernOpts;
  lilyGarden: LilyGardenOpts;
  mangroves: MangroveOpts;
  oblique: ObliqueOpts;
  topDown: TopOpts;
}

export type SceneKind = keyof SceneParams;

// Written as a mapped type (not inferred) so that `scenes[kind]` keeps the link between a kind and
// its parameters when the kind is generic; the loader relies on it to call a scene without a cast.
export const scenes: { [K in SceneKind]: (s: Svg, rng: Rng, params: SceneParams[K]) => void } = {
  cavernView,
  crossFull,
  darkCave,
  dryCave,
  halfMoon,
  hiddenHall,
  knobblyCavern,
  lilyGarden,
  mangroves,
  oblique,
  topDown,
};

/** One-off illustrations: the whole picture is the code, so their data is only the words around it. */
export const fixed = {
  aquiferMap,
  caveFauna,
  certificationCards,
  conservation,
  diveGear,
  elPit,
  jungleCanopy,
  limestoneLayers,
  mayaTemple,
  ogDefault,
  safetyLights,
  sinkholeStages,
} satisfies Record<string, Draw>;

export type FixedKind = keyof typeof fixed;

/* ------------------------------------------------------------------------------------------------ */
/* The shape of the data files                                                                      */
/* ------------------------------------------------------------------------------------------------ */

/**
 * A number drawn from the image's seeded generator, between `random[0]` and `random[1]`: the picture
 * still comes out the same on every run, but the number need not be picked by hand.
 */
export interface Random {
  random: readonly [min: number, max: number];
}

/** A scene's parameters where any top-level number may instead be a `Random`. */
export type Varied<T> = { [K in keyof T]: T[K] extends number | undefined ? T[K] | Random : T[K] };

interface Words {
  /** The file name (without .svg) and the manifest key. */
  name: string;
  /** 10-200 characters, describing what the picture shows for people who cannot see it. */
  alt: string;
  caption: string;
  /** Canvas size; 1600x900 when left out. */
  w?: number;
  h?: number;
}

export interface SceneIllustration<K extends SceneKind> extends Words {
  kind: K;
  params: Varied<SceneParams[K]>;
}

export interface FixedIllustration extends Words {
  kind: FixedKind;
}

export type Illustration = { [K in SceneKind]: SceneIllustration<K> }[SceneKind] | FixedIllustration;
