import { createHmac, randomBytes } from 'node:crypto';
import type { Database } from '../../platform/db/client.server';
import { openSealedSecret, sealSecret } from '../auth/sealed-secrets.server';

export const webhookSecretMinLength = 16;
export const webhookSecretMaxLength = 200;

/** 32 random bytes as 64 hex characters, when the admin brings no secret of their own. */
export function newWebhookSecret(): string {
  return randomBytes(32).toString('hex');
}

/** The value of X-Atlas-Signature: `sha256=` and the hex HMAC-SHA256 of the exact body bytes. */
export function signWebhookBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/**
 * The secret is needed in clear to sign every delivery, so it cannot be hashed: it is sealed for
 * its webhook (src/features/auth/sealed-secrets.server.ts).
 */
export async function encryptWebhookSecret(db: Database, webhookId: string, secret: string): Promise<string> {
  return sealSecret(db, 'webhook-secret', webhookId, secret);
}

export async function decryptWebhookSecret(db: Database, webhookId: string, stored: string): Promise<string> {
  return openSealedSecret(db, 'webhook-secret', webhookId, stored);
}
