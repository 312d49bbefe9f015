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
  // the cenotes: each has its own recognisable composition
  'cenote-dos-ojos',
  'cenote-chac-mool',
  'cenote-kukulkan',
  'cenote-carwash',
  'cenote-chikin-ha',
  'cenote-garden-of-eden',
  'cenote-angelita',
  'cenote-casa-cenote',
  'cenote-nohoch-nah-chich',
  'cenote-yaakun',
  'cenote-tak-be-lum',
  'cenote-tak-bi-ha',
  'cenote-el-pit',
  'cenote-nicte-ha',
  'cenote-dreamgate',
];
