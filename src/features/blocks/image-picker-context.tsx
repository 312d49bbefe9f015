import { createContext, useContext } from 'react';

/**
 * A way to choose images from the media library, provided by the admin app (features never
 * import from the app). Without a provider (public site, tests) it is null and image fields only
 * take a typed address.
 */
export interface ImagePicker {
  /** Opens the chooser for one image; resolves with its URL, or null when the editor cancels. */
  pick: (current: string) => Promise<string | null>;
  /**
   * Opens the chooser with several selectable (at most `max`); resolves with their URLs in the
   * order the editor selected them, or null when the editor cancels.
   */
  pickMany: (options: { max: number }) => Promise<string[] | null>;
  /**
   * Uploads image files into the library with the usual upload dialog (alt text, folder,
   * progress); resolves with the URLs of those uploaded, in order, at most `max` (none when the
   * editor closes the dialog before uploading).
   */
  upload: (options: { files: File[]; max: number }) => Promise<string[]>;
}

export const ImagePickerContext = createContext<ImagePicker | null>(null);

export function useImagePicker(): ImagePicker | null {
  return useContext(ImagePickerContext);
}
