import type { FixedIllustration } from '../scenes';

/**
 * One-off illustrations: the whole composition lives in its drawing function (illustrations-*.ts,
 * scene-el-pit.ts), so only the words and the canvas size are data.
 */
export const fixedIllustrations = [
  {
    name: 'jungle-canopy',
    kind: 'jungleCanopy',
    alt: 'Illustration of layered Yucatan jungle with palms, misty sunbeams and a small cenote glinting in a clearing',
    caption: 'The jungle canopy hides thousands of cenotes.',
  },
  {
    name: 'limestone-layers',
    kind: 'limestoneLayers',
    alt: 'Illustration of the Yucatan limestone in cross-section: layers with fossils, rain seeping down and flooded cave passages',
    caption: 'The peninsula is a sponge of porous limestone full of water.',
  },
  {
    name: 'sinkhole-formation',
    kind: 'sinkholeStages',
    alt: 'Illustration in three panels of how a cenote forms: a flooded cave, a cracking roof that collapses, then an open sinkhole',
    caption: 'How a cenote forms: a cave, a collapsing roof, an open window.',
  },
  {
    name: 'aquifer-map',
    kind: 'aquiferMap',
    alt: 'Illustrated map of the Yucatan Peninsula with the ring of cenotes around Chicxulub and underground rivers flowing to the Caribbean',
    caption: 'The ring of cenotes and the underground rivers of the Yucatan.',
  },
  {
    name: 'maya-temple',
    kind: 'mayaTemple',
    alt: 'Illustration of a stepped Maya pyramid rising from the jungle beside a round open cenote with vines on its walls',
    caption: 'The Maya built their cities beside cenotes, their only water.',
  },
  {
    name: 'dive-gear',
    kind: 'diveGear',
    alt: 'Illustration of scuba gear laid out flat: a steel tank, regulator, mask, a pair of fins, a dive torch and a line reel',
    caption: 'The basic kit for a cenote dive.',
  },
  {
    name: 'safety-lights',
    kind: 'safetyLights',
    alt: 'Illustration of three dive torches, a primary light with canister and two backups, shining beams across a dark cave',
    caption: 'Cave divers carry three lights: one primary and two backups.',
  },
  {
    name: 'certification-cards',
    kind: 'certificationCards',
    alt: 'Illustration of four colourful diving certification cards fanned out on a teal background',
    caption: 'Cavern and cave diving need specific certifications.',
  },
  {
    name: 'cave-fauna',
    kind: 'caveFauna',
    alt: 'Illustration of cenote cave life in a torch beam: a pale blind fish, translucent cave shrimp, a remipede and an isopod',
    caption: 'Blind fish and crustaceans live in the dark cave waters.',
  },
  {
    name: 'conservation',
    kind: 'conservation',
    alt: 'Illustration of a water drop holding a small cenote with jungle and sunbeams, cradled by leafy branches and circling arrows',
    caption: 'The cenotes are the peninsula’s only fresh water: protect them.',
  },
  {
    name: 'og-default',
    kind: 'ogDefault',
    alt: 'Cenote Atlas artwork: a circular emblem of a cenote with jungle, light beams and a diver, on a deep teal background',
    caption: 'Cenote Atlas',
    // the Open Graph card size
    w: 1200,
    h: 630,
  },
  {
    name: 'cenote-el-pit',
    kind: 'elPit',
    alt: 'Illustration of El Pit: a deep vertical shaft with one dramatic sunbeam plunging past tiny divers to a hazy cloud far below',
    caption: 'The Pit: a deep shaft with a famous beam of light.',
  },
] satisfies FixedIllustration[];
