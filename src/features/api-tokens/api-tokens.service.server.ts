import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { badRequest, notFound } from '../../platform/http/app-error.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import { apiTokens, users, type UserRow } from '../auth/auth.table';
import { sha256 } from '../auth/tokens.server';
import {
  apiTokenNameMaxLength,
  apiTokenPattern,
  apiTokenPrefix,
  type ApiTokenDto,
  type ApiTokenRole,
  type ApiTokenStatus,
  type CreateApiTokenInput,
  type CreatedApiToken,
} from './api-tokens.dto';
import { decodeTimeCursor, encodeTimeCursor } from '../../platform/db/list-cursor.server';

export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** Who asked and from where, for the audit entry written with the change. */
export interface TokenChangeOrigin {
  actor: AuditActor;
  ip: string | null;
}

/** Characters after `cat_` kept for display: enough to tell tokens apart, far too few to guess the rest. */
const displayedPrefixLength = 8;

/** last_used_at is written at most this often per token, not on every request. */
export const lastUsedIntervalMs = 60 * 1000;

export function newApiToken(): string {
  return `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;
}

export function statusOf(row: Pick<ApiTokenRow, 'revoked_at' | 'expires_at'>, now: Date): ApiTokenStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at && row.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'active';
}

type CreatorColumns = Pick<UserRow, 'id' | 'full_name' | 'email' | 'disabled_at'>;

function toDto(row: ApiTokenRow, creator: CreatorColumns | null, now: Date): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    role: row.role as ApiTokenRole,
    token_prefix: row.token_prefix,
    created_by: creator
      ? { id: creator.id, name: creator.full_name || creator.email, disabled: creator.disabled_at !== null }
      : null,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at?.toISOString() ?? null,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    revoked_at: row.revoked_at?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}

/** A trimmed name and a future expiry (or none); the field at fault is named otherwise. */
function validInput(input: CreateApiTokenInput, now: Date): { name: string; expiresAt: Date | null } {
  const name = input.name.trim();
  if (name.length === 0) throw badRequest('invalid_input', 'Give the token a name.', 'name');
  if (name.length > apiTokenNameMaxLength) {
    throw badRequest('invalid_input', `Keep the name to ${apiTokenNameMaxLength} characters or fewer.`, 'name');
  }
  if (input.expires_at === undefined || input.expires_at === null) return { name, expiresAt: null };
  const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
  const expiresAt = new Date(input.expires_at);
  if (!isoWithOffset.test(input.expires_at) || Number.isNaN(expiresAt.getTime())) {
    throw badRequest(
      'invalid_input',
      'Give the expiry as a date and time with its offset, e.g. 2030-01-31T12:00:00Z.',
      'expires_at',
    );
  }
  if (expiresAt.getTime() <= now.getTime()) {
    throw badRequest('invalid_input', 'The expiry must be in the future.', 'expires_at');
  }
  return { name, expiresAt };
}

/** A new token: the caller gets the whole token once; the table keeps its SHA-256 and a short prefix. */
export async function createApiToken(
  db: Database,
  input: CreateApiTokenInput,
  context: { creatorId: string; now: Date; origin: TokenChangeOrigin },
): Promise<CreatedApiToken> {
  const { name, expiresAt } = validInput(input, context.now);
  const token = newApiToken();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(apiTokens)
      .values({
        name,
        role: input.role,
        token_hash: sha256(token),
        token_prefix: token.slice(apiTokenPrefix.length, apiTokenPrefix.length + displayedPrefixLength),
        created_by: context.creatorId,
        expires_at: expiresAt,
        // From the clock (milliseconds), so the list cursor round-trips exactly.
        created_at: context.now,
      })
      .returning();
    const [creator] = await tx
      .select({ id: users.id, full_name: users.full_name, email: users.email, disabled_at: users.disabled_at })
      .from(users)
      .where(eq(users.id, context.creatorId));
    await recordAudit(tx, {
      action: 'api_token.created',
      actor: context.origin.actor,
      ip: context.origin.ip,
      target: { type: 'api_token', id: row!.id, label: name },
      summary: `Created the ${input.role} API token “${name}”${expiresAt ? ` (expires ${expiresAt.toISOString()})` : ''}.`,
    });
    return { token, api_token: toDto(row!, creator ?? null, context.now) };
  });
}

/** Newest first, revoked and expired ones included (they stay for the record). */
export async function listApiTokens(
  db: Database,
  options: { limit: number; cursor?: string | undefined; now: Date },
): Promise<{ items: ApiTokenDto[]; next_cursor: string | null }> {
  const after = options.cursor ? decodeTimeCursor(options.cursor) : undefined;
  const rows = await db
    .select({
      token: apiTokens,
      creator: { id: users.id, full_name: users.full_name, email: users.email, disabled_at: users.disabled_at },
    })
    .from(apiTokens)
    .leftJoin(users, eq(users.id, apiTokens.created_by))
    .where(
      after
        ? or(
            lt(apiTokens.created_at, after.date),
            and(eq(apiTokens.created_at, after.date), lt(apiTokens.id, after.id)),
          )
        : undefined,
    )
    .orderBy(desc(apiTokens.created_at), desc(apiTokens.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toDto(row.token, row.creator, options.now)),
    next_cursor: rows.length > options.limit && last ? encodeTimeCursor(last.token.created_at, last.token.id) : null,
  };
}

/** Revoking keeps the row (the list and the audit log still name it); revoking twice changes nothing. */
export async function revokeApiToken(
  db: Database,
  id: string,
  context: { now: Date; origin: TokenChangeOrigin },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(apiTokens).where(eq(apiTokens.id, id)).for('update');
    if (!row) throw notFound('This API token');
    if (row.revoked_at) return;
    await tx.update(apiTokens).set({ revoked_at: context.now }).where(eq(apiTokens.id, id));
    await recordAudit(tx, {
      action: 'api_token.revoked',
      actor: context.origin.actor,
      ip: context.origin.ip,
      target: { type: 'api_token', id, label: row.name },
      summary: `Revoked the API token “${row.name}”.`,
    });
  });
}

export interface ResolvedApiToken {
  token: ApiTokenRow;
  creator: UserRow;
}

/**
 * The token and the account it acts for, or undefined when the token is unknown, revoked or
 * expired, or its creator was deleted or disabled. Looked up by its SHA-256: the hash of a wrong
 * guess reveals nothing, so no constant-time comparison is needed.
 */
export async function resolveApiToken(db: Database, token: string, now: Date): Promise<ResolvedApiToken | undefined> {
  if (!apiTokenPattern.test(token)) return undefined;
  const [row] = await db
    .select({ token: apiTokens, creator: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.created_by))
    .where(eq(apiTokens.token_hash, sha256(token)))
    .limit(1);
  if (!row || statusOf(row.token, now) !== 'active' || row.creator.disabled_at !== null) return undefined;
  return row;
}

/** Sets last_used_at when it is unset or over a minute old; the condition keeps parallel requests to one write. */
export async function noteApiTokenUse(db: Database, token: ApiTokenRow, now: Date): Promise<void> {
  if (token.last_used_at && now.getTime() - token.last_used_at.getTime() < lastUsedIntervalMs) return;
  const staleBefore = new Date(now.getTime() - lastUsedIntervalMs);
  await db
    .update(apiTokens)
    .set({ last_used_at: now })
    .where(
      and(eq(apiTokens.id, token.id), or(isNull(apiTokens.last_used_at), lte(apiTokens.last_used_at, staleBefore))),
    );
}
