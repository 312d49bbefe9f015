import type { ComponentType } from 'react';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SiteHeader } from './islands/site-header';

/** Islands by name. The header is on every page; the rest load only where they appear. */
const islands: Record<string, () => Promise<ComponentType<never>>> = {
  header: async () => SiteHeader as ComponentType<never>,
  gallery: async () => (await import('../features/blocks/gallery/gallery-view')).GalleryView as ComponentType<never>,
  'table-of-contents': async () =>
    (await import('./islands/table-of-contents-rail')).TableOfContentsRail as ComponentType<never>,
};

/**
 * Fades an image in: hidden (is-loading) while it loads, shown once it has loaded or failed (its
 * alt text then shows). An image already loaded is never hidden, so it cannot flash.
 */
function fadeIn(image: HTMLImageElement): void {
  if (image.complete) {
    image.classList.remove('is-loading');
    return;
  }
  image.classList.add('is-loading');
  const done = () => image.classList.remove('is-loading');
  image.addEventListener('load', done, { once: true });
  image.addEventListener('error', done, { once: true });
}

function fadeInImagesIn(root: ParentNode): void {
  for (const image of root.querySelectorAll<HTMLImageElement>('img.img-fade')) fadeIn(image);
}

const isFadingImage = (node: Node): node is HTMLImageElement =>
  node instanceof HTMLImageElement && node.classList.contains('img-fade');

fadeInImagesIn(document);
document.documentElement.classList.add('js');

// Images rendered later (the gallery's lightbox, anything an island shows) and images given a new
// address fade in the same way. Hiding is opt-in per image, so one this misses is simply shown.
new MutationObserver((records) => {
  for (const record of records) {
    if (record.type === 'attributes') {
      if (isFadingImage(record.target)) fadeIn(record.target);
      continue;
    }
    for (const node of record.addedNodes) {
      if (isFadingImage(node)) fadeIn(node);
      else if (node instanceof Element) fadeInImagesIn(node);
    }
  }
}).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['src'] });

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = islands[element.dataset['island'] ?? ''];
  if (!load) continue;
  const props = JSON.parse(element.dataset['props'] ?? '{}') as object;
  void load().then((component) => hydrateRoot(element, createElement(component, props as never)));
}
