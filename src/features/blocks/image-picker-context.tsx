import { createContext, useContext } from 'react';

/**
 * A way to choose an image from the media library, provided by the admin app (features never
 * import from the app). `pick` opens the chooser and resolves with the chosen image's URL, or
 * null when the editor cancels. Without a provider (public site, tests) it is null and image
 * fields only take a typed address.
 */
export interface ImagePicker {
  pick: (current: string) => Promise<string | null>;
}

export const ImagePickerContext = createContext<ImagePicker | null>(null);

export function useImagePicker(): ImagePicker | null {
  return useContext(ImagePickerContext);
}
