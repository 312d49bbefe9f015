import { createHmac } from 'node:crypto';
import type { Database } from '../../platform/db/client.server';
import type { UserRow } from './auth.table';
import { signingKey } from './server-secret.server';
import { newOpaqueToken, safeEqual } from './tokens.server';

/**
 * A browser that has signed in to an account before carries `ca_known`: a random nonce and its
 * HMAC over the account's id and password hash. While failures from many addresses hold the
 * account-wide sign-in limit (decision 47), such a browser may still try (its own address and
 * account+address limits still apply), so a distributed attack cannot lock the owner out. Nothing
 * is stored; changing the password voids every such cookie of the account.
 */
export const knownBrowserCookieName = 'ca_known';

/** Renewed at every sign-in; a browser unused for a year is a stranger again. */
export const knownBrowserLifetimeSeconds = 365 * 24 * 60 * 60;

const knownBrowserPattern = /^[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/;

async function mac(db: Database, user: UserRow, nonce: string): Promise<string> {
  const key = await signingKey(db, 'known-browser');
  return createHmac('sha256', key).update(`${user.id}\0${user.password_hash}\0${nonce}`).digest('base64url');
}

export async function knownBrowserToken(db: Database, user: UserRow): Promise<string> {
  const nonce = newOpaqueToken();
  return `${nonce}.${await mac(db, user, nonce)}`;
}

/** True when the cookie was issued by this site at a sign-in to this account with its current password. */
export async function isKnownBrowser(db: Database, user: UserRow, cookie: string | undefined): Promise<boolean> {
  if (!cookie || !knownBrowserPattern.test(cookie)) return false;
  const [nonce = '', signature = ''] = cookie.split('.');
  return safeEqual(signature, await mac(db, user, nonce));
}
