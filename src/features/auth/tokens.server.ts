import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** E-mail and setup links: 32 random bytes as 64 hex characters (spec section 9). */
export function newLinkToken(): string {
  return randomBytes(32).toString('hex');
}

/** Session cookie values and CSRF tokens: 256 random bits, base64url (43 characters). */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export const linkTokenPattern = /^[0-9a-f]{64}$/;
export const opaqueTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/** Only this digest is stored, so a leaked table holds no usable token. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time comparison of two strings (false when the lengths differ). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
