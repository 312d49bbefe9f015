import type { ReactNode } from 'react';
import { ImagePickerProvider } from '../media/image-picker';
import { PageLinkSearchProvider } from './page-link-search-provider';

/**
 * What the admin gives the editors' fields: image fields choose from the media library, link
 * fields find pages by title.
 */
export function EditorFieldProviders({ children }: { children: ReactNode }) {
  return (
    <ImagePickerProvider>
      <PageLinkSearchProvider>{children}</PageLinkSearchProvider>
    </ImagePickerProvider>
  );
}
