import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BlockRenderProvider, Picture, type ImagePolicy, type ResolvedImage } from './render-context';

const seeded: ResolvedImage = {
  src: '/media/seed/reef.jpg',
  alt: 'A reef',
  width: 1600,
  height: 900,
  webp: '/media/seed/reef.webp',
  avif: '/media/seed/reef.avif',
  thumbnailWebp: '/media/seed/reef-thumb.webp',
  mediumWebp: '/media/seed/reef-800.webp',
  mediumAvif: '/media/seed/reef-800.avif',
  focalPoint: { x: 50, y: 50 },
};
const allFormats: ImagePolicy = { webp: true, avif: true, lazy: true };

function render(image: ResolvedImage, policy = allFormats): string {
  return renderToStaticMarkup(
    <BlockRenderProvider value={{ images: { [image.src]: image }, policy }}>
      <Picture src={image.src} sizes="100vw" priority />
    </BlockRenderProvider>,
  );
}

const sourceSet = (html: string, type: string) =>
  new RegExp(`<source type="image/${type}" srcSet="([^"]*)"`).exec(html)?.[1];

describe('Picture', () => {
  it('offers the 800 px copies beside the full size, narrowest first', () => {
    const html = render(seeded);
    expect(sourceSet(html, 'avif')).toBe('/media/seed/reef-800.avif 800w, /media/seed/reef.avif 1600w');
    expect(sourceSet(html, 'webp')).toBe(
      '/media/seed/reef-thumb.webp 400w, /media/seed/reef-800.webp 800w, /media/seed/reef.webp 1600w',
    );
    expect(html).toContain('src="/media/seed/reef.jpg"');
  });

  it('leaves out copies an older image does not have yet', () => {
    const html = render({ ...seeded, mediumWebp: null, mediumAvif: null });
    expect(sourceSet(html, 'avif')).toBe('/media/seed/reef.avif 1600w');
    expect(sourceSet(html, 'webp')).toBe('/media/seed/reef-thumb.webp 400w, /media/seed/reef.webp 1600w');
  });

  it('lists an image no wider than a copy once, at its own width', () => {
    const small = { ...seeded, width: 400, height: 300, mediumWebp: null, mediumAvif: null };
    expect(sourceSet(render(small), 'webp')).toBe('/media/seed/reef.webp 400w');
  });

  it('offers no source for a format the image lacks or the settings turn off', () => {
    const noWebp = render({ ...seeded, webp: null, mediumWebp: null });
    // The thumbnail alone would stand in for every size.
    expect(sourceSet(noWebp, 'webp')).toBeUndefined();
    expect(sourceSet(noWebp, 'avif')).toBeDefined();
    const avifOff = render(seeded, { ...allFormats, avif: false });
    expect(sourceSet(avifOff, 'avif')).toBeUndefined();
    expect(sourceSet(avifOff, 'webp')).toContain('reef-800.webp 800w');
  });
});
