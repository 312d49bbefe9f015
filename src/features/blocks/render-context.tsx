import { createContext, useContext, type ReactNode } from 'react';
import type { Locale } from '../../shared/lib/locale';
import { objectPosition, type FocalPoint } from '../media/focal-point';
import { mediumWidth, thumbnailWidth } from '../media/variant-widths';

/** An image as the renderer needs it: every stored variant, its real size, alt text and focal point. */
export interface ResolvedImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  webp: string | null;
  avif: string | null;
  thumbnailWebp: string | null;
  /** The 800 px copies for phones (ADR 043); null for narrower images and older uploads not yet given them. */
  mediumWebp: string | null;
  mediumAvif: string | null;
  /** Where crops are centred (decision 35). */
  focalPoint: FocalPoint;
}

/** Performance settings that shape image markup (decision 23). */
export interface ImagePolicy {
  webp: boolean;
  avif: boolean;
  lazy: boolean;
}

export interface BlockRenderContext {
  images: Record<string, ResolvedImage>;
  policy: ImagePolicy;
  /** The page's language, for the renderers' own words (useBlockText); English when absent. */
  locale?: Locale;
}

const defaultContext: BlockRenderContext = { images: {}, policy: { webp: true, avif: true, lazy: true } };
const RenderContext = createContext<BlockRenderContext>(defaultContext);

export function BlockRenderProvider({ value, children }: { value: BlockRenderContext; children: ReactNode }) {
  return <RenderContext.Provider value={value}>{children}</RenderContext.Provider>;
}

export function useBlockRenderContext(): BlockRenderContext {
  return useContext(RenderContext);
}

/** The context subset one island needs, so it can be serialized into its props. */
export function pickImages(context: BlockRenderContext, urls: string[]): BlockRenderContext {
  const images: Record<string, ResolvedImage> = {};
  for (const url of urls) {
    const image = context.images[url];
    if (image) images[url] = image;
  }
  return { images, policy: context.policy };
}

export interface PictureProps {
  src: string;
  /** Overrides the media library's alt text; '' marks a decorative image. */
  alt?: string;
  /** Above the fold: load eagerly with high priority (the hero). */
  priority?: boolean;
  sizes?: string;
  className?: string;
  frameClassName?: string;
  /**
   * 'cover' (the default) fills the frame and crops, keeping the image's focal point in view;
   * 'contain' shows the whole image (the gallery's lightbox), so the focal point plays no part.
   */
  fit?: 'cover' | 'contain';
}

/**
 * A srcset of one format's copies that exist, narrowest first, the full-size copy last; a smaller
 * copy at least as wide as the image itself is left out.
 */
function srcSet(candidates: Array<[url: string | null, width: number]>): string {
  const [widestUrl, widest] = candidates.at(-1) ?? [null, 0];
  // Without the full-size copy in this format, the smaller ones alone would stand in for every size.
  if (!widestUrl) return '';
  return candidates
    .filter(([url, width], index) => url && (index === candidates.length - 1 || width < widest))
    .map(([url, width]) => `${url} ${width}w`)
    .join(', ');
}

/**
 * `<picture>` with AVIF and WebP sources when those variants exist and are enabled, the real
 * width and height (no layout shift), lazy loading below the fold, and a fade-in that never
 * hides the image from no-JS visitors or crawlers (the hiding class only applies under html.js);
 * the priority image does not fade.
 */
export function Picture({
  src,
  alt,
  priority = false,
  sizes = '100vw',
  className = '',
  frameClassName = '',
  fit = 'cover',
}: PictureProps) {
  const { images, policy } = useBlockRenderContext();
  const image = images[src];
  const altText = alt ?? image?.alt ?? '';
  const loading = priority || !policy.lazy ? 'eager' : 'lazy';
  // The priority image (the hero, usually the largest paint) shows the moment it decodes: fading
  // it in would only delay what the visitor is waiting for.
  const fade = priority ? '' : 'img-fade ';
  const imgClass = `${fade}h-full w-full ${fit === 'cover' ? 'object-cover' : 'object-contain'} ${className}`;
  // Centred crops (most images) carry no style attribute: the centre is the browser's default.
  const position = fit === 'cover' ? objectPosition(image?.focalPoint) : undefined;
  if (!image) {
    return (
      <span className={`img-frame block overflow-hidden ${frameClassName}`}>
        <img src={src} alt={altText} loading={loading} decoding="async" className={imgClass} />
      </span>
    );
  }
  const avifSet = srcSet([
    [image.mediumAvif, mediumWidth],
    [image.avif, image.width],
  ]);
  const webpSet = srcSet([
    [image.thumbnailWebp, thumbnailWidth],
    [image.mediumWebp, mediumWidth],
    [image.webp, image.width],
  ]);
  return (
    <span className={`img-frame block overflow-hidden ${frameClassName}`}>
      <picture>
        {policy.avif && image.avif ? <source type="image/avif" srcSet={avifSet} sizes={sizes} /> : null}
        {policy.webp && webpSet ? <source type="image/webp" srcSet={webpSet} sizes={sizes} /> : null}
        <img
          src={image.src}
          alt={altText}
          width={image.width}
          height={image.height}
          loading={loading}
          decoding={priority ? 'sync' : 'async'}
          fetchPriority={priority ? 'high' : 'auto'}
          className={imgClass}
          style={position ? { objectPosition: position } : undefined}
        />
      </picture>
    </span>
  );
}
