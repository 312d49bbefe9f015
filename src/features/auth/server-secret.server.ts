import { hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { serverSecrets } from './auth.table';

const signingKeyName = 'signing-key';

/**
 * What each derived key is for; a key made for one purpose never verifies another's values.
 * `totp-secret` and `webhook-secret` are not signing keys but the AES-256-GCM keys that encrypt
 * two-factor and webhook secrets.
 */
export type SigningPurpose = 'csrf' | 'known-browser' | 'preview-link' | 'totp-secret' | 'webhook-secret';

const masterKeys = new WeakMap<Database, Promise<Buffer>>();
const derivedKeys = new WeakMap<Database, Map<SigningPurpose, Promise<Buffer>>>();

/**
 * The first instance to ask stores 32 random bytes; every later ask, on any instance sharing the
 * database, reads the same row. `ON CONFLICT DO NOTHING` makes two first starts agree on one key.
 */
async function loadMasterKey(db: Database): Promise<Buffer> {
  await db
    .insert(serverSecrets)
    .values({ name: signingKeyName, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: serverSecrets.name });
  const [row] = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, signingKeyName));
  if (!row) throw new Error('The signing key could not be stored');
  const key = Buffer.from(row.value, 'base64url');
  if (key.length < 32) throw new Error('The stored signing key is shorter than 32 bytes');
  return key;
}

function masterKey(db: Database): Promise<Buffer> {
  let key = masterKeys.get(db);
  if (!key) {
    key = loadMasterKey(db);
    masterKeys.set(db, key);
    // A failed read (database down) is tried again by the next request, not remembered.
    key.catch(() => masterKeys.delete(db));
  }
  return key;
}

/** A 32-byte HMAC key for one purpose, derived (HKDF-SHA256) from the stored master key. */
export function signingKey(db: Database, purpose: SigningPurpose): Promise<Buffer> {
  const keys = derivedKeys.get(db) ?? new Map<SigningPurpose, Promise<Buffer>>();
  derivedKeys.set(db, keys);
  let key = keys.get(purpose);
  if (!key) {
    key = masterKey(db).then((master) => Buffer.from(hkdfSync('sha256', master, '', `cenote-atlas ${purpose}`, 32)));
    keys.set(purpose, key);
    key.catch(() => keys.delete(purpose));
  }
  return key;
}
