import { createHmac } from 'node:crypto';
import { safeEqual } from '../auth/tokens.server';

/** How long a preview link works (decision 33). */
export const previewLinkLifetimeMs = 24 * 60 * 60 * 1000;

/**
 * `<page id>.<expiry>.<signature>`: the page's UUID as 16 bytes in base64url (22 characters), the
 * expiry in Unix seconds, and the HMAC-SHA256 of the text before the last dot (43 characters).
 * The whole token is at most 22 + 1 + 12 + 1 + 43 characters.
 */
const tokenShape = /^([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,11})\.([A-Za-z0-9_-]{43})$/;
export const previewTokenMaxLength = 79;

/**
 * The key is the server secret's 'preview-link' key (HKDF with its own label), never the CSRF
 * one, so neither kind of token can pass as the other; the label in the signed text is a second
 * fence and names the format's version.
 */
function signature(key: Buffer, payload: string): string {
  return createHmac('sha256', key).update(`preview-link v1\0${payload}`).digest('base64url');
}

function encodePageId(pageId: string): string {
  const bytes = Buffer.from(pageId.replaceAll('-', ''), 'hex');
  if (bytes.length !== 16) throw new Error(`Not a UUID: ${pageId}`);
  return bytes.toString('base64url');
}

function decodePageId(part: string): string {
  const hex = Buffer.from(part, 'base64url').toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A token that shows this page's draft until `expiresAt` (rounded down to the second). */
export function signPreviewToken(key: Buffer, pageId: string, expiresAt: Date): string {
  const payload = `${encodePageId(pageId)}.${Math.floor(expiresAt.getTime() / 1000)}`;
  return `${payload}.${signature(key, payload)}`;
}

export type PreviewTokenCheck =
  { status: 'valid'; pageId: string; expiresAt: Date } | { status: 'expired'; expiresAt: Date } | { status: 'invalid' };

/**
 * The signature is checked first (in constant time, over the exact text of the token), so an
 * altered page id or expiry is simply invalid; only a genuine token can be reported as expired.
 */
export function verifyPreviewToken(key: Buffer, token: string, now: Date): PreviewTokenCheck {
  const match = tokenShape.exec(token);
  if (!match) return { status: 'invalid' };
  const [, idPart = '', expiryPart = '', mac = ''] = match;
  if (!safeEqual(mac, signature(key, `${idPart}.${expiryPart}`))) return { status: 'invalid' };
  const expiresAt = new Date(Number(expiryPart) * 1000);
  if (now.getTime() >= expiresAt.getTime()) return { status: 'expired', expiresAt };
  return { status: 'valid', pageId: decodePageId(idPart), expiresAt };
}
