import { Island } from '../../../shared/ui/island';
import { useBlockText } from '../block-text';
import { pickImages, useBlockRenderContext } from '../render-context';
import type { BlockRendererProps } from '../renderer-types';
import { GalleryView, type GalleryStrings } from './gallery-view';

export function GalleryBlock({ data, position, anchorId }: BlockRendererProps<'gallery'>) {
  const t = useBlockText();
  const context = pickImages(
    useBlockRenderContext(),
    data.images.map((image) => image.url),
  );
  // The island's words, in the page's language: built here, so the browser needs no catalog.
  const count = data.images.length;
  const strings: GalleryStrings = {
    open: data.images.map((image, index) =>
      image.title
        ? t('blocks.gallery.openTitledImage', { number: index + 1, count, title: image.title })
        : t('blocks.gallery.openImage', { number: index + 1, count }),
    ),
    viewer: t('blocks.gallery.viewer'),
    previous: t('blocks.gallery.previous'),
    next: t('blocks.gallery.next'),
    close: t('blocks.gallery.close'),
  };
  return <Island name="gallery" component={GalleryView} props={{ data, position, anchorId, context, strings }} />;
}
