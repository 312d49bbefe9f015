import type { ComponentType } from 'react';
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SiteHeader } from './islands/site-header';

/** Islands by name. The header is on every page; the rest load only where they appear. */
const islands: Record<string, () => Promise<ComponentType<never>>> = {
  header: async () => SiteHeader as ComponentType<never>,
  gallery: async () => (await import('../features/blocks/gallery/gallery-view')).GalleryView as ComponentType<never>,
};

function markImagesLoaded(): void {
  for (const image of document.querySelectorAll<HTMLImageElement>('img.img-fade')) {
    if (image.complete) image.classList.add('is-loaded');
    else {
      const done = () => image.classList.add('is-loaded');
      image.addEventListener('load', done, { once: true });
      image.addEventListener('error', done, { once: true });
    }
  }
}

// Mark images before turning on the fade, so images already on screen never flash.
markImagesLoaded();
document.documentElement.classList.add('js');

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const load = islands[element.dataset['island'] ?? ''];
  if (!load) continue;
  const props = JSON.parse(element.dataset['props'] ?? '{}') as object;
  void load().then((component) => {
    hydrateRoot(element, createElement(component, props as never));
    // Hydrated islands may contain images (the gallery's lightbox).
    markImagesLoaded();
  });
}
