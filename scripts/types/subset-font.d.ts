/** The part of subset-font (HarfBuzz's subsetter in WebAssembly, a build-time dev dependency) the build uses. */
declare module 'subset-font' {
  interface SubsetFontOptions {
    targetFormat?: 'sfnt' | 'woff' | 'woff2' | 'truetype';
    /** Limits (or, with a number, pins) a variation axis: an instance of the variable font. */
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
    /** Keeps every glyph: with `variationAxes`, only the axes change. */
    keepAllGlyphs?: boolean;
  }
  export default function subsetFont(font: Buffer, text: string | null, options?: SubsetFontOptions): Promise<Buffer>;
}
