import { z } from 'zod';

/**
 * A link an editor may put on the site: a path on this site, an in-page anchor,
 * an http(s) address or a mailto: address. Every other scheme (javascript:, data:, ...)
 * is refused, because these values end up in href attributes.
 */
export function isSafeLink(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('#')) return /^#[A-Za-z0-9_-]*$/.test(value);
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}

export const linkSchema = z.string().trim().max(2048).refine(isSafeLink, {
  message: 'Use a site path like /safety-guidelines or an address starting with https://',
});

/** An image reference: a stored media URL on this site or an http(s) address. */
export function isSafeImageUrl(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/')) return !value.startsWith('//') && !/[\s\\"'<>]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export const imageUrlSchema = z
  .string()
  .trim()
  .max(2048)
  .refine(isSafeImageUrl, { message: 'Pick an image from the media library or use an https:// address' });
