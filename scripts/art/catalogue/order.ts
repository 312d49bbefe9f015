import { cenoteSlugs } from '../../../src/features/seed/content-rules';

/**
 * The order of content/images/manifest.json, which the seed follows when it adds the images to the
 * media library. The data files group illustrations by drawing, so the order is kept here: a new
 * illustration's name goes here as well as into its data file, or generation stops and says so.
 */
export const manifestOrder = [
  'home-hero',
  'open-cenote',
  'semi-open-cenote',
  'underground-cenote',
  'cavern-light-beams',
  'cave-diver-guideline',
  'halocline',
  'stalactites',
  'jungle-canopy',
  'mangrove-roots',
  'limestone-layers',
  'sinkhole-formation',
  'aquifer-map',
  'maya-temple',
  'dive-gear',
  'safety-lights',
  'certification-cards',
  'cave-fauna',
  'conservation',
  'tourism-boardwalk',
  'og-default',
  // One picture per cenote page, named after its slug, in the seed's order.
  ...cenoteSlugs,
];
