import type { FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/client.server';
import type { Transaction } from '../../platform/jobs/job-queue.server';
import { auditLog } from './audit.table';

/**
 * Every action the audit log records (decision 40). The Audit log screen offers these as its
 * action filter; a new action is added here first, so a typo cannot write an entry nobody finds.
 */
export const auditActions = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.password_reset': 'Reset password',
  'two_factor.enabled': 'Turned on two-factor',
  'two_factor.disabled': 'Turned off two-factor',
  'two_factor.recovery_code_used': 'Used a recovery code',
  'two_factor.recovery_codes_replaced': 'Made new recovery codes',
  'two_factor.failed': 'Wrong two-factor code',
  'user.role_changed': 'Changed a role',
  'user.disabled': 'Disabled an account',
  'user.enabled': 'Enabled an account',
  'user.signed_out_everywhere': 'Signed a user out everywhere',
  'invitation.created': 'Invited someone',
  'invitation.resent': 'Resent an invitation',
  'invitation.revoked': 'Revoked an invitation',
  'invitation.accepted': 'Accepted an invitation',
  'page.published': 'Published a page',
  'page.unpublished': 'Unpublished a page',
  'page.scheduled': 'Scheduled a page',
  'page.deleted': 'Moved a page to Trash',
  'page.restored': 'Restored a page from Trash',
  'page.purged': 'Deleted a page for good',
  'settings.updated': 'Changed settings',
  'redirect.created': 'Added a redirect',
  'redirect.updated': 'Changed a redirect',
  'redirect.deleted': 'Deleted a redirect',
  'backup.exported': 'Downloaded a backup',
  'backup.restored': 'Restored a backup',
  'api_token.created': 'Created an API token',
  'api_token.revoked': 'Revoked an API token',
  'webhook.created': 'Added a webhook',
  'webhook.deleted': 'Deleted a webhook',
} as const;

export type AuditAction = keyof typeof auditActions;

export interface AuditActor {
  type: 'user' | 'token' | 'anonymous' | 'system';
  id?: string | null;
  /** The person's e-mail address or the token's name, kept as it was at the time. */
  label?: string | null;
  tokenId?: string | null;
}

export interface AuditTarget {
  type: string;
  id?: string | null;
  label?: string | null;
}

export interface AuditEntry {
  action: AuditAction;
  actor: AuditActor;
  target?: AuditTarget;
  ip?: string | null;
  /** One short sentence for people, e.g. 'Changed role from editor to admin.' */
  summary: string;
}

const summaryMaxLength = 500;

/**
 * Appends one entry. Pass the transaction that makes the change when there is one, so the entry
 * exists exactly when the change does (a rolled-back publish leaves no 'published' entry).
 */
export async function recordAudit(db: Database | Transaction, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor_type: entry.actor.type,
    actor_id: entry.actor.id ?? null,
    actor_label: entry.actor.label ?? null,
    token_id: entry.actor.tokenId ?? null,
    action: entry.action,
    target_type: entry.target?.type ?? null,
    target_id: entry.target?.id ?? null,
    target_label: entry.target?.label ?? null,
    ip: entry.ip ?? null,
    summary: entry.summary.slice(0, summaryMaxLength),
  });
}

/** Who made this request: the signed-in user, the API token (and its creator), or nobody. */
export function actorOf(request: FastifyRequest): AuditActor {
  const user = request.viewer?.user;
  if (request.apiToken) {
    return { type: 'token', id: user?.id ?? null, label: request.apiToken.name, tokenId: request.apiToken.id };
  }
  if (user) return { type: 'user', id: user.id, label: user.email };
  return { type: 'anonymous' };
}

/** `recordAudit` with the actor and address taken from the request. */
export async function auditRequest(
  request: FastifyRequest,
  db: Database | Transaction,
  entry: Omit<AuditEntry, 'actor' | 'ip'>,
): Promise<void> {
  await recordAudit(db, { ...entry, actor: actorOf(request), ip: request.ip });
}
