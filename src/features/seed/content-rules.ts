/** What the editorial content must cover (spec section 2, decisions 5). */
export const topicSlugs = [
  'what-are-cenotes',
  'historical-significance',
  'geographical-distribution',
  'types-of-cenotes',
  'open-cenotes',
  'semi-open-cenotes',
  'underground-cenotes',
  'cenote-diving',
  'introduction-to-cenote-diving',
  'safety-guidelines',
  'required-certifications',
  'equipment-essentials',
  'notable-cenotes',
  'environmental-aspects',
  'flora-and-fauna',
  'conservation-efforts',
  'impact-of-tourism',
  'geological-insights',
  'formation-processes',
  'hydrology-of-cenotes',
] as const;

export const cenoteSlugs = [
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
] as const;

export const legalSlugs = ['privacy-policy', 'terms-of-service', 'contact'] as const;

export const requiredSlugs = ['home', ...topicSlugs, ...cenoteSlugs, ...legalSlugs] as const;

export const minimumWords = { topic: 400, cenote: 300, home: 300, legal: 150 } as const;

/** The four facts every cenote page carries in its facts block (spec section 1's cards), in this order. */
export const cenoteFactLabels = ['Difficulty Level', 'Depth Range', 'Water Temperature', 'Location'] as const;

/**
 * The Depth Range fact's value for each cenote: spec section 3, word for word in meaning.
 * Chikin Ha is missing from the spec's table; its range is our own (see content/README.md).
 */
export const depthTable: Record<(typeof cenoteSlugs)[number], string> = {
  'cenote-dos-ojos': '5-10 m',
  'cenote-chac-mool': '6-12 m',
  'cenote-kukulkan': '8-15 m',
  'cenote-carwash': '3-15 m',
  'cenote-chikin-ha': '6-15 m',
  'cenote-garden-of-eden': '2-10 m',
  'cenote-angelita': '30-60 m',
  'cenote-casa-cenote': '3-8 m',
  'cenote-nohoch-nah-chich': '10-25 m',
  'cenote-yaakun': '8-18 m',
  'cenote-tak-be-lum': '12-24 m',
  'cenote-tak-bi-ha': '10-20 m',
  'cenote-el-pit': 'Over 119 m deep; recreational limit 40 m',
  'cenote-nicte-ha': '2-8 m',
  'cenote-dreamgate': '15-30 m',
};

/** Paths served by the application itself rather than by a content page. */
export const applicationPaths = ['/', '/auth', '/search', '/sitemap.xml', '/robots.txt', '/feed.xml'] as const;
