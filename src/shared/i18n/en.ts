/**
 * The public site's own words in English: everything the site shows around the content (the
 * content itself is stored per language in the database). `es.ts` must have exactly these keys.
 *
 * Keys are flat ('area.name'); `{{name}}` is a value filled in when the text is used; keys ending
 * in `_zero`, `_one`, `_other` are the plural forms of one text, chosen by `{{count}}`.
 */
export const en = {
  // The layout
  'layout.skipToContent': 'Skip to content',

  // The header
  'header.homeLabel': '{{siteTitle}} home',
  'header.menu': 'Menu',
  'header.mainNav': 'Main',

  // The language switch. These two are read from the catalog of the language the link leads to,
  // so each says where it goes in that language.
  'languageSwitch.samePage': 'Read this page in English',
  'languageSwitch.otherSite': 'Go to the English site',
  'languageSwitch.caption': 'Language',

  // The header's search box
  'search.label': 'Search',
  'search.placeholder': 'Search cenotes...',
  'search.clear': 'Clear search',
  'search.suggestions': 'Suggestions',

  // The header's account area
  'account.signIn': 'Sign In',
  'account.signedInAs': 'Signed in as',
  'account.menuLabel': 'Account: {{name}}',
  'account.admin': 'Admin',
  'account.signOut': 'Sign Out',

  // The search results page
  'searchPage.title': 'Search',
  'searchPage.titleFor': 'Search: {{query}}',
  'searchPage.resultsFor': 'Results for “{{query}}”',
  'searchPage.inputLabel': 'Search the site',
  'searchPage.submit': 'Search',
  'searchPage.matches_zero': '{{count}} pages match.',
  'searchPage.matches_one': '{{count}} page matches.',
  'searchPage.matches_other': '{{count}} pages match.',
  'searchPage.matches_many': '{{count}} pages match.',
  'searchPage.hint': 'Type a word or two, for example “halocline” or “Dos Ojos”.',

  // The 'nothing here' page
  'notFound.pageTitle': 'Page not found',
  'notFound.heading': 'Oops! Page not found',
  'notFound.message': 'This passage ends here. The page may have moved, or the link may be mistyped.',
  'notFound.backHome': 'Return to Home',

  // Breadcrumbs
  'breadcrumbs.label': 'Breadcrumb',
  'breadcrumbs.home': 'Home',

  // The 'On this page' table of contents
  'toc.label': 'On this page',
  'toc.sections_one': '{{count}} section',
  'toc.sections_other': '{{count}} sections',
  'toc.sections_many': '{{count}} sections',
  'toc.backToTop': 'Back to top',

  // A stored page
  'contentPage.draftNotice': 'Draft — this page is not published. Only signed-in editors can see this preview.',
  'emptyPage.heading': 'Page Content',
  'emptyPage.message': 'No content blocks found for this page.',
  'emptyPage.pageId': 'Page id',
  'emptyPage.notInDatabase': 'Page not found in database.',
  'emptyPage.slug': 'Slug',
  'emptyPage.pages': 'Pages',
  'emptyPage.slugs': 'Slugs',

  // The preview strip
  'preview.label': 'Preview',
  'preview.notPublished': 'Preview of a page that is not published yet — visitors cannot see it.',
  'preview.unpublishedChanges':
    'Preview of unpublished changes — visitors do not see them until the page is published.',
  'preview.sameAsLive': 'Preview of the draft — it matches what visitors see now.',

  // The footer
  'footer.tagline':
    'An independent guide to the cenotes of the Yucatán Peninsula: how they formed, what lives in them, and how to dive them safely and with respect.',
  'footer.socialMedia': 'Social media',
  'footer.social.twitter': 'X (Twitter)',
  'footer.social.facebook': 'Facebook',
  'footer.social.instagram': 'Instagram',
  'footer.social.youtube': 'YouTube',
  'footer.quickLinks': 'Quick Links',
  'footer.divingResources': 'Diving Resources',
  'footer.resource.certifications': 'Required Certifications',
  'footer.resource.equipment': 'Equipment Essentials',
  'footer.resource.conservation': 'Conservation Efforts',
  'footer.resource.tourism': 'Impact of Tourism',
  'footer.legalTitle': 'Legal & Contact',
  'footer.legal.privacy': 'Privacy Policy',
  'footer.legal.terms': 'Terms of Service',
  'footer.legal.contact': 'Contact',
  'footer.partners': 'Our Partners & Sponsors',
  'footer.copyright': '© {{year}} {{siteTitle}}. All rights reserved.',

  // The Atom feed's description (English uses the site description from the SEO settings)
  'site.description':
    'Explore the cenotes of Mexico’s Yucatán Peninsula: how they formed, the life they shelter, and how to dive them safely and responsibly.',

  // Block renderers' own words (never the editors' content)
  'blocks.cards.difficulty': 'Difficulty',
  'blocks.cards.maxDepth': 'Max Depth',
  'blocks.cards.highlights': 'Highlights',
  'blocks.gallery.openImage': 'Open image {{number}} of {{count}}',
  'blocks.gallery.openTitledImage': 'Open image {{number}} of {{count}}: {{title}}',
  'blocks.gallery.viewer': 'Image viewer',
  'blocks.gallery.previous': 'Previous image',
  'blocks.gallery.next': 'Next image',
  'blocks.gallery.close': 'Close',
} as const;

/** Every key of the catalog, plural forms included. */
export type CatalogKey = keyof typeof en;

/** A catalog of another language: exactly the English keys, each with its own text. */
export type Messages = { readonly [K in CatalogKey]: string };
