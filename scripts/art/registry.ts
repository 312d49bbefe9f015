import { conservation, limestoneLayers, sinkholeStages } from './illustrations-geology';
import { jungleCanopy, mayaTemple, ogDefault } from './illustrations-land';
import { caveFauna, certificationCards, safetyLights } from './illustrations-safety';
import { aquiferMap, crossFull, diveGear, type Draw } from './illustrations-water';
import { cavernView } from './scene-cavern';
import { darkCave } from './scene-dark-cave';
import { dryCave } from './scene-dry-cave';
import { elPit } from './scene-el-pit';
import { halfMoon } from './scene-half-moon';
import { hiddenHall } from './scene-hidden-hall';
import { knobblyCavern } from './scene-knobbly-cavern';
import { lilyGarden } from './scene-lily-garden';
import { mangroves } from './scene-mangroves';
import { oblique } from './scene-oblique';
import { topDown } from './scene-top-down';

/* ------------------------------------------------------------------------------------------------ */
/* Registry: every illustration, in manifest order                                                   */
/* ------------------------------------------------------------------------------------------------ */

export interface Art {
  name: string;
  w?: number;
  h?: number;
  draw: Draw;
  alt: string;
  caption: string;
}

export const art: Art[] = [];

export const add = (name: string, draw: Draw, alt: string, caption: string, w = 1600, h = 900): void => {
  art.push({ name, w, h, draw, alt, caption });
};

add(
  'home-hero',
  crossFull({
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
  }),
  'Illustration of a cenote in cross-section: jungle above, sunbeams falling through the opening into a turquoise flooded cavern with divers',
  'A cenote: a window from the jungle into the flooded caves below.',
);
add(
  'open-cenote',
  (s, rng) =>
    topDown(s, rng, {
      cx: 800,
      cy: 450,
      r: 300,
      rim: 95,
      jitter: 0.08,
      lily: 2,
      swimmers: 2,
      fish: 10,
      platform: true,
      cave: false,
      sun: [-0.6, -0.8],
      warmth: 0.3,
    }),
  'Illustration of an open cenote seen from above: a round turquoise pool inside a ring of limestone, surrounded by jungle',
  'Open cenotes are sunlit pools whose roofs collapsed long ago.',
);
add(
  'semi-open-cenote',
  crossFull({
    openW: 220,
    cx: 540,
    chamberW: 1040,
    chamberShift: 300,
    waterY: 500,
    divers: 1,
    tunnels: 1,
    sunAngle: 16,
    warmth: 0.45,
  }),
  'Illustration of a semi-open cenote in cross-section: a rock overhang shelters part of the pool while light enters through a side opening',
  'Semi-open cenotes are half pool, half cavern under a rock overhang.',
);
add(
  'underground-cenote',
  (s, rng) =>
    dryCave(s, rng, {
      opening: { x: 760, y: 110, r: 80 },
      impact: [860, 640],
      warmth: 0.55,
      water: 'turquoise',
      roots: 7,
      density: 0.5,
    }),
  'Illustration of an underground cenote: a dark cave with stalactites, a small hole in the roof and one shaft of light on the water',
  'Underground cenotes keep their roof: light enters through a single small hole.',
);
add(
  'cavern-light-beams',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 700, y: 90, rx: 170, ry: 70 }],
      beamTilt: 12,
      beamsPer: 9,
      warmth: 0.3,
      dark: 0.1,
      divers: [{ x: 1050, y: 600, scale: 0.75, angle: -8, flip: true }],
      ceilingY: 250,
      floorY: 780,
      stalactites: 0.55,
      fish: 8,
      roots: 6,
    }),
  'Illustration of sunbeams streaming through a cavern opening into clear blue water, with a diver silhouette below',
  'Light beams in a cavern zone, where daylight is always in sight.',
);
add(
  'cave-diver-guideline',
  (s, rng) =>
    darkCave(s, rng, {
      vp: [1050, 380],
      layers: 5,
      far: '#0b2a3d',
      near: '#03101a',
      lit: '#d9c29a',
      spot: [1080, 400],
      spotR: 320,
      density: 0.3,
      columns: 1,
      divers: [{ x: 560, y: 560, scale: 1.05 }],
      guideline: true,
    }),
  'Illustration of a cave diver following a white guideline through a dark flooded passage, lighting the way with a torch',
  'In the cave zone a continuous guideline leads back to daylight.',
);
add(
  'halocline',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 300, y: 60, rx: 120, ry: 50 }],
      beamTilt: 18,
      beamsPer: 5,
      warmth: 0.2,
      dark: 0.35,
      divers: [{ x: 820, y: 380, scale: 0.95, angle: 4 }],
      halocline: 560,
      ceilingY: 200,
      floorY: 820,
      stalactites: 0.45,
    }),
  'Illustration of a halocline: a shimmering, blurry layer where clear fresh water meets denser salt water, with a diver above',
  'The halocline: fresh water floats on salt water, and the boundary shimmers.',
);
add(
  'stalactites',
  (s, rng) =>
    darkCave(s, rng, {
      vp: [820, 420],
      layers: 5,
      far: '#0b2a3d',
      near: '#03101a',
      lit: '#f6e4bb',
      spot: [800, 300],
      spotR: 520,
      litPeak: 0.55,
      litWidth: 2.4,
      rim: true,
      density: 0.8,
      columns: 2,
      divers: [],
      torchFrom: [-60, 1000],
      water: '#15506a',
    }),
  'Illustration of a flooded cave richly decorated with stalactites, stalagmites and columns, lit by a diving torch',
  'Stalactites and stalagmites grew when these caves were dry, in the last ice age.',
);
add(
  'jungle-canopy',
  jungleCanopy,
  'Illustration of layered Yucatan jungle with palms, misty sunbeams and a small cenote glinting in a clearing',
  'The jungle canopy hides thousands of cenotes.',
);
add(
  'mangrove-roots',
  (s, rng) => mangroves(s, rng, { waterY: 430, river: false, trees: 4, diver: false, warmth: 0.3 }),
  'Illustration of mangrove trees seen above and below the water line, their arching roots reaching into clear turquoise water',
  'Mangrove roots shelter fish where cenotes meet the coast.',
);
add(
  'limestone-layers',
  limestoneLayers,
  'Illustration of the Yucatan limestone in cross-section: layers with fossils, rain seeping down and flooded cave passages',
  'The peninsula is a sponge of porous limestone full of water.',
);
add(
  'sinkhole-formation',
  sinkholeStages,
  'Illustration in three panels of how a cenote forms: a flooded cave, a cracking roof that collapses, then an open sinkhole',
  'How a cenote forms: a cave, a collapsing roof, an open window.',
);
add(
  'aquifer-map',
  aquiferMap,
  'Illustrated map of the Yucatan Peninsula with the ring of cenotes around Chicxulub and underground rivers flowing to the Caribbean',
  'The ring of cenotes and the underground rivers of the Yucatan.',
);
add(
  'maya-temple',
  mayaTemple,
  'Illustration of a stepped Maya pyramid rising from the jungle beside a round open cenote with vines on its walls',
  'The Maya built their cities beside cenotes, their only water.',
);
add(
  'dive-gear',
  diveGear,
  'Illustration of scuba gear laid out flat: a steel tank, regulator, mask, a pair of fins, a dive torch and a line reel',
  'The basic kit for a cenote dive.',
);
add(
  'safety-lights',
  safetyLights,
  'Illustration of three dive torches, a primary light with canister and two backups, shining beams across a dark cave',
  'Cave divers carry three lights: one primary and two backups.',
);
add(
  'certification-cards',
  certificationCards,
  'Illustration of four colourful diving certification cards fanned out on a teal background',
  'Cavern and cave diving need specific certifications.',
);
add(
  'cave-fauna',
  caveFauna,
  'Illustration of cenote cave life in a torch beam: a pale blind fish, translucent cave shrimp, a remipede and an isopod',
  'Blind fish and crustaceans live in the dark cave waters.',
);
add(
  'conservation',
  conservation,
  'Illustration of a water drop holding a small cenote with jungle and sunbeams, cradled by leafy branches and circling arrows',
  'The cenotes are the peninsula\u2019s only fresh water: protect them.',
);
add(
  'tourism-boardwalk',
  (s, rng) =>
    oblique(s, rng, {
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
    }),
  'Illustration of a wooden boardwalk and stairs leading down into an open cenote, where swimmers float in turquoise water',
  'Boardwalks and stairs protect the fragile cenote edges.',
);
add(
  'og-default',
  ogDefault,
  'Cenote Atlas artwork: a circular emblem of a cenote with jungle, light beams and a diver, on a deep teal background',
  'Cenote Atlas',
  1200,
  630,
);

// The cenotes: each has its own recognisable composition, varied by seeded parameters.
add(
  'cenote-dos-ojos',
  (s, rng) => {
    const tilt = rng.range(-10, 10);
    cavernView(s, rng, {
      openings: [
        { x: 470, y: 100, rx: 150, ry: 62 },
        { x: 1150, y: 110, rx: 140, ry: 58 },
      ],
      beamTilt: tilt,
      beamsPer: 6,
      warmth: rng.range(0.2, 0.5),
      dark: 0.15,
      divers: [
        { x: 760, y: 560, scale: 0.7, angle: -6 },
        { x: 930, y: 640, scale: 0.6, angle: 4, flip: true },
      ],
      guideline: [
        [240, 930],
        [520, 760],
        [840, 720],
        [1200, 700],
        [1420, 640],
      ],
      ceilingY: 260,
      floorY: 790,
      stalactites: 0.6,
      fish: 0,
      roots: 4,
    });
  },
  'Illustration of Dos Ojos: two bright cavern openings like a pair of eyes, light beams and divers following a guideline',
  'Dos Ojos: two cenotes, two eyes, one cavern between them.',
);
add(
  'cenote-chac-mool',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 380, y: 120, rx: 200, ry: 80 }],
      beamTilt: rng.range(18, 26),
      beamsPer: 8,
      warmth: 0.7,
      dark: 0.2,
      divers: [{ x: 1000, y: 520, scale: 0.8, angle: -4, flip: true }],
      halocline: 700,
      ceilingY: 240,
      floorY: 820,
      stalactites: 0.7,
      fish: 6,
      roots: 6,
    }),
  'Illustration of Chac Mool cenote: golden sunbeams slanting into a cavern full of stalactites, a diver above a shimmering halocline',
  'Chac Mool: slanting sunbeams and a halocline in the cavern.',
);
add(
  'cenote-kukulkan',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 1120, y: 110, rx: 260, ry: 90 }],
      beamTilt: rng.range(-22, -14),
      beamsPer: 9,
      warmth: 0.85,
      dark: 0.05,
      divers: [
        { x: 520, y: 560, scale: 0.75, angle: -6 },
        { x: 760, y: 650, scale: 0.6, angle: 5 },
      ],
      ceilingY: 250,
      floorY: 760,
      stalactites: 0.75,
      fish: 10,
      roots: 5,
      sand: true,
    }),
  'Illustration of Kukulkan cenote: a wide opening pouring warm golden light into a shallow cavern with stalactites, a sandy floor and divers',
  'Kukulkan: a bright, shallow cavern next to Chac Mool.',
);
add(
  'cenote-carwash',
  (s, rng) =>
    topDown(s, rng, {
      cx: 820,
      cy: 460,
      r: 330,
      rim: 70,
      jitter: 0.14,
      lily: 6,
      swimmers: 1,
      fish: 8,
      platform: true,
      cave: true,
      sun: [0.6, -0.8],
      warmth: 0.4,
    }),
  'Illustration of Car Wash cenote from above: a jungle pool with lily pads, swimmers, a wooden platform and a dark cavern entrance',
  'Car Wash (Aktun Ha): lily pads above, a cavern below.',
);
add(
  'cenote-chikin-ha',
  (s, rng) => halfMoon(s, rng, { waterY: 560, sun: [1360, 300], halocline: 690 }),
  'Illustration of Chikin Ha: a half-moon of clear water under a great rock overhang, lit by the low western sun, a diver entering the halocline tunnel',
  'Chikin Ha: western water under a great overhang.',
);
add(
  'cenote-garden-of-eden',
  (s, rng) =>
    topDown(s, rng, {
      cx: 780,
      cy: 450,
      r: 360,
      rim: 70,
      jitter: 0.12,
      lily: 3,
      swimmers: 4,
      fish: 22,
      platform: false,
      cave: false,
      sun: [-0.7, -0.7],
      warmth: 0.3,
    }),
  'Illustration of Garden of Eden cenote from above: a large clear turquoise pool with swimmers and fish, ringed by rock and jungle',
  'Garden of Eden: a big open pool full of fish.',
);
add(
  'cenote-angelita',
  (s, rng) =>
    cavernView(s, rng, {
      openings: [{ x: 800, y: 40, rx: 220, ry: 60 }],
      beamTilt: rng.range(-6, 6),
      beamsPer: 5,
      warmth: 0.1,
      dark: 0.55,
      divers: [{ x: 470, y: 340, scale: 0.7, angle: 12 }],
      h2s: 560,
      deadTree: { x: 980, h: 430 },
      ceilingY: 130,
      floorY: 880,
      stalactites: 0.2,
    }),
  'Illustration of Angelita cenote: a diver above a milky hydrogen sulfide cloud, with bare dead tree branches rising out of it',
  'Angelita: an underwater river of hydrogen sulfide with drowned trees.',
);
add(
  'cenote-casa-cenote',
  (s, rng) => mangroves(s, rng, { waterY: 420, river: true, trees: 5, diver: true, warmth: 0.4 }),
  'Illustration of Casa Cenote: a river-like cenote lined by mangroves, their roots hanging into clear water where a diver swims',
  'Casa Cenote: a mangrove river that meets the sea underground.',
);
add(
  'cenote-nohoch-nah-chich',
  (s, rng) =>
    darkCave(s, rng, {
      vp: [700, 420],
      layers: 6,
      far: '#0d3145',
      near: '#03101a',
      lit: '#eadcb8',
      spot: [760, 400],
      spotR: 470,
      density: 0.7,
      columns: 4,
      divers: [{ x: 1150, y: 620, scale: 0.8, flip: true }],
      guideline: true,
      farGlow: true,
    }),
  'Illustration of Nohoch Nah Chich: a wide flooded cave densely decorated with stalactites and columns, lit by a diver\u2019s torch',
  'Nohoch Nah Chich: one of the most decorated cave systems in the world.',
);
add(
  'cenote-yaakun',
  crossFull({
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
  }),
  'Illustration of Yaakun cenote in cross-section: a small opening in the jungle floor at golden hour over a vast, dim chamber with one light beam',
  'Yaakun: a narrow opening over a vast, dim chamber.',
);
add(
  'cenote-tak-be-lum',
  (s, rng) =>
    knobblyCavern(s, rng, { diver: { x: 280, y: 420, scale: 0.85 }, aim: [1080, 470], spread: 24, floor: [640, 700] }),
  'Illustration of Tak Be Lum: a diver\u2019s torch in a pitch-dark cavern lighting swollen, knobbly formations, silt dunes, mist and a pale blind fish',
  'Tak Be Lum: darkness, strange formations and a blind fish.',
);
add(
  'cenote-tak-bi-ha',
  (s, rng) =>
    hiddenHall(s, rng, {
      waterY: 520,
      hole: { x: 250, y: 70, r: 46 },
      lamps: [
        [620, 500],
        [1080, 470],
        [1400, 500],
      ],
    }),
  'Illustration of Tak Bi Ha: stairs from a small hole in the ground into a lamp-lit hall of stalactites and columns above glass-clear water',
  'Tak Bi Ha: a hidden hall of formations over crystal water.',
);
add(
  'cenote-el-pit',
  (s, rng) => elPit(s, rng),
  'Illustration of El Pit: a deep vertical shaft with one dramatic sunbeam plunging past tiny divers to a hazy cloud far below',
  'The Pit: a deep shaft with a famous beam of light.',
);
add(
  'cenote-nicte-ha',
  (s, rng) => lilyGarden(s, rng, { horizon: 300, farBed: 470, pads: 26, warmth: 0.35 }),
  'Illustration of Nicte Ha from under the water: lily pads dark against the bright sunlit surface, long stems, small fish and a turtle',
  'Nicte Ha: a shallow, sunlit garden of water lilies.',
);
add(
  'cenote-dreamgate',
  (s, rng) =>
    darkCave(s, rng, {
      vp: [900, 360],
      layers: 6,
      far: '#0a2233',
      near: '#020b12',
      lit: '#d2c09c',
      spot: [930, 340],
      spotR: 340,
      density: 0.75,
      columns: 3,
      divers: [
        { x: 420, y: 600, scale: 0.85 },
        { x: 1230, y: 640, scale: 0.6, flip: true },
      ],
      guideline: true,
    }),
  'Illustration of Dreamgate: two divers with torches in a pitch-dark cave crowded with stalactites, stalagmites and columns',
  'Dreamgate: a dark cave packed with formations.',
);
