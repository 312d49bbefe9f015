import { Island } from '../../../shared/ui/island';
import { pickImages, useBlockRenderContext } from '../render-context';
import type { BlockRendererProps } from '../renderer-types';
import { GalleryView } from './gallery-view';

export function GalleryBlock({ data, position, anchorId }: BlockRendererProps<'gallery'>) {
  const context = pickImages(
    useBlockRenderContext(),
    data.images.map((image) => image.url),
  );
  return <Island name="gallery" component={GalleryView} props={{ data, position, anchorId, context }} />;
}
