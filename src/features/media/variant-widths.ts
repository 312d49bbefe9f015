/** The widths of an image's smaller stored copies, shared by the pipeline and the `<picture>` markup. */
export const thumbnailWidth = 400;
/**
 * The responsive copies (ADR 043): what a phone's full-width hero needs (412 CSS px at 1.75 device
 * pixels is 721), so mobile visitors do not download the 1600–1920 px image.
 */
export const mediumWidth = 800;
