import type { Messages } from './en';

/**
 * The public site's own words in Spanish. Typed as `Messages`: a key missing here, or one English
 * does not have, is a type error. Visitors are addressed with 'tú', as Mexican travel and diving
 * sites do.
 */
export const es: Messages = {
  // The layout
  'layout.skipToContent': 'Saltar al contenido',

  // The header
  'header.homeLabel': 'Inicio de {{siteTitle}}',
  'header.menu': 'Menú',
  'header.mainNav': 'Principal',

  // The language switch (read from this catalog when the link leads to Spanish)
  'languageSwitch.samePage': 'Leer esta página en español',
  'languageSwitch.otherSite': 'Ir al sitio en español',
  'languageSwitch.caption': 'Idioma',

  // The header's search box
  'search.label': 'Buscar',
  'search.placeholder': 'Buscar cenotes…',
  'search.clear': 'Borrar la búsqueda',
  'search.suggestions': 'Sugerencias',

  // The header's account area
  'account.signIn': 'Iniciar sesión',
  'account.signedInAs': 'Sesión iniciada como',
  'account.menuLabel': 'Cuenta: {{name}}',
  'account.admin': 'Administración',
  'account.signOut': 'Cerrar sesión',

  // The search results page
  'searchPage.title': 'Búsqueda',
  'searchPage.titleFor': 'Búsqueda: {{query}}',
  'searchPage.resultsFor': 'Resultados para “{{query}}”',
  'searchPage.inputLabel': 'Buscar en el sitio',
  'searchPage.submit': 'Buscar',
  'searchPage.matches_zero': 'No se encontró ninguna página.',
  'searchPage.matches_one': 'Se encontró {{count}} página.',
  'searchPage.matches_other': 'Se encontraron {{count}} páginas.',
  // Spanish uses this form for millions (Intl.PluralRules 'many'); i18next does not fall back to 'other'.
  'searchPage.matches_many': 'Se encontraron {{count}} páginas.',
  'searchPage.hint': 'Escribe una o dos palabras, por ejemplo “haloclina” o “Dos Ojos”.',

  // The 'nothing here' page
  'notFound.pageTitle': 'Página no encontrada',
  'notFound.heading': '¡Uy! Página no encontrada',
  'notFound.message': 'Este pasaje termina aquí. Puede que la página se haya movido o que el enlace tenga un error.',
  'notFound.backHome': 'Volver al inicio',

  // Breadcrumbs
  'breadcrumbs.label': 'Ruta de navegación',
  'breadcrumbs.home': 'Inicio',

  // The 'On this page' table of contents
  'toc.label': 'En esta página',
  'toc.sections_one': '{{count}} sección',
  'toc.sections_other': '{{count}} secciones',
  // Spanish uses this form for millions (Intl.PluralRules 'many'); i18next does not fall back to 'other'.
  'toc.sections_many': '{{count}} secciones',
  'toc.backToTop': 'Volver arriba',

  // A stored page
  'contentPage.draftNotice':
    'Borrador: esta página no está publicada. Solo los editores con sesión iniciada pueden ver esta vista previa.',
  'emptyPage.heading': 'Contenido de la página',
  'emptyPage.message': 'Esta página no tiene bloques de contenido.',
  'emptyPage.pageId': 'ID de la página',
  'emptyPage.notInDatabase': 'La página no está en la base de datos.',
  'emptyPage.slug': 'Slug',
  'emptyPage.pages': 'Páginas',
  'emptyPage.slugs': 'Slugs',

  // The preview strip
  'preview.label': 'Vista previa',
  'preview.notPublished': 'Vista previa de una página que aún no se ha publicado: los visitantes no pueden verla.',
  'preview.unpublishedChanges':
    'Vista previa de cambios sin publicar: los visitantes no los verán hasta que se publique la página.',
  'preview.sameAsLive': 'Vista previa del borrador: coincide con lo que los visitantes ven ahora.',

  // The footer
  'footer.tagline':
    'Una guía independiente de los cenotes de la península de Yucatán: cómo se formaron, qué vida albergan y cómo bucear en ellos con seguridad y respeto.',
  'footer.socialMedia': 'Redes sociales',
  'footer.social.twitter': 'X (Twitter)',
  'footer.social.facebook': 'Facebook',
  'footer.social.instagram': 'Instagram',
  'footer.social.youtube': 'YouTube',
  'footer.quickLinks': 'Enlaces rápidos',
  'footer.divingResources': 'Recursos de buceo',
  'footer.resource.certifications': 'Certificaciones requeridas',
  'footer.resource.equipment': 'Equipo esencial',
  'footer.resource.conservation': 'Acciones de conservación',
  'footer.resource.tourism': 'Impacto del turismo',
  'footer.legalTitle': 'Legal y contacto',
  'footer.legal.privacy': 'Política de privacidad',
  'footer.legal.terms': 'Términos del servicio',
  'footer.legal.contact': 'Contacto',
  'footer.partners': 'Nuestros socios y patrocinadores',
  'footer.copyright': '© {{year}} {{siteTitle}}. Todos los derechos reservados.',

  // The Atom feed's description (English uses the site description from the SEO settings)
  'site.description':
    'Explora los cenotes de la península de Yucatán, en México: cómo se formaron, la vida que albergan y cómo bucear en ellos de forma segura y responsable.',

  // Block renderers' own words (never the editors' content)
  'blocks.cards.difficulty': 'Dificultad',
  'blocks.cards.maxDepth': 'Profundidad máxima',
  'blocks.cards.highlights': 'Lo más destacado',
  'blocks.gallery.openImage': 'Abrir la imagen {{number}} de {{count}}',
  'blocks.gallery.openTitledImage': 'Abrir la imagen {{number}} de {{count}}: {{title}}',
  'blocks.gallery.viewer': 'Visor de imágenes',
  'blocks.gallery.previous': 'Imagen anterior',
  'blocks.gallery.next': 'Imagen siguiente',
  'blocks.gallery.close': 'Cerrar',
};
