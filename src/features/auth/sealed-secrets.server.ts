import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/client.server';
import { signingKey } from './server-secret.server';

/** Secrets the server must read back in clear (so they cannot be hashed), kept encrypted at rest. */
export type SealedSecretPurpose = 'totp-secret' | 'webhook-secret';

const format = 'v1';

/**
 * AES-256-GCM with a key derived from the server secret for this purpose, so a copy of one table
 * alone (a leaked export of it, a read-only SQL injection) holds no usable secret. `boundTo` (the
 * owning row's id) is the additional data: a sealed value copied onto another row does not open.
 * Stored as `v1.<iv>.<ciphertext>.<tag>`, base64url.
 */
export async function sealSecret(
  db: Database,
  purpose: SealedSecretPurpose,
  boundTo: string,
  plaintext: string,
): Promise<string> {
  const key = await signingKey(db, purpose);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`${purpose}:${boundTo}`));
  const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [format, ...[iv, encrypted, cipher.getAuthTag()].map((part) => part.toString('base64url'))].join('.');
}

export async function openSealedSecret(
  db: Database,
  purpose: SealedSecretPurpose,
  boundTo: string,
  sealed: string,
): Promise<string> {
  const [prefix, iv, encrypted, tag] = sealed.split('.');
  if (prefix !== format || !iv || encrypted === undefined || !tag) {
    throw new Error(`A stored ${purpose} is not in a known format.`);
  }
  const key = await signingKey(db, purpose);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`${purpose}:${boundTo}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString('utf8');
}
