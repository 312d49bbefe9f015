import { and, asc, eq, gt, ilike, isNull, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import type { Transaction } from '../../platform/jobs/job-queue.server';
import { AppError, notFound } from '../../platform/http/app-error.server';
import { recordAudit, type AuditActor } from '../audit/audit.server';
import type { Role } from '../auth/auth.dto';
import { users, type UserRow } from '../auth/auth.table';
import { deleteSessionsOfUser } from '../auth/sessions.server';
import type { UserListItem, UserStatus } from './users.dto';
import { invalidCursor } from '../../platform/db/list-cursor.server';

/** Who made a change and from where, for its audit entry. */
export interface ChangeOrigin {
  actor: AuditActor;
  ip: string | null;
}

export const usersMessages = {
  lastAdmin: 'Cenote Atlas needs at least one active admin. Make someone else an admin first.',
  ownAccount: 'You cannot disable your own account. Ask another admin to do it.',
} as const;

export function statusOf(user: Pick<UserRow, 'disabled_at' | 'email_verified_at'>): UserStatus {
  if (user.disabled_at) return 'disabled';
  return user.email_verified_at ? 'active' : 'unverified';
}

export function toUserListItem(user: UserRow): UserListItem {
  return {
    id: user.id,
    email: user.email,
    full_name: user.full_name,
    role: user.role as Role,
    status: statusOf(user),
    two_factor: user.totp_enabled_at !== null,
    last_sign_in_at: user.last_sign_in_at?.toISOString() ?? null,
    created_at: user.created_at.toISOString(),
  };
}

/** An opaque list position: the last row's name and id (the list is ordered by both). */
function encodeCursor(user: Pick<UserRow, 'full_name' | 'id'>): string {
  return Buffer.from(JSON.stringify([user.full_name, user.id])).toString('base64url');
}

function decodeCursor(cursor: string): { name: string; id: string } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (Array.isArray(value) && typeof value[0] === 'string' && typeof value[1] === 'string') {
      if (/^[0-9a-f-]{36}$/.test(value[1])) return { name: value[0], id: value[1] };
    }
  } catch {
    // Falls through to the same refusal as any other malformed cursor.
  }
  throw invalidCursor();
}

/** `%` and `_` typed into the search box are letters, not wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** Accounts ordered by name (then id), optionally searched by name or e-mail and filtered by role. */
export async function listUsers(
  db: Database,
  options: { q?: string | undefined; role?: Role | undefined; limit: number; cursor?: string | undefined },
): Promise<{ items: UserListItem[]; next_cursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  const q = options.q?.trim();
  const rows = await db
    .select()
    .from(users)
    .where(
      and(
        q ? or(ilike(users.full_name, likePattern(q)), ilike(users.email, likePattern(q))) : undefined,
        options.role ? eq(users.role, options.role) : undefined,
        after
          ? or(gt(users.full_name, after.name), and(eq(users.full_name, after.name), gt(users.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(asc(users.full_name), asc(users.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  const last = items.at(-1);
  return {
    items: items.map(toUserListItem),
    next_cursor: rows.length > options.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * Locks the rows of every active admin until the transaction ends (always in id order, so two
 * changes cannot deadlock) and returns their ids. Two admins demoting or disabling each other at
 * the same moment queue here: the second sees the first's change and is refused, so the site
 * cannot lose its last admin by a race.
 */
async function lockActiveAdmins(tx: Transaction): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.disabled_at)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

const roleNames: Record<Role, string> = { viewer: 'viewer', editor: 'editor', admin: 'admin' };

/**
 * Changes a role and/or turns an account off or on, in one transaction with its audit entries
 * (one per change made). Disabling ends every session of the account at once; the session check
 * also refuses disabled accounts, so nothing it held keeps working. The last active admin can be
 * neither demoted nor disabled, and nobody disables their own account (`selfId`): an admin who
 * locked themself out could only be let back in by another admin.
 */
export async function updateUserAccount(
  db: Database,
  now: Date,
  input: { userId: string; role?: Role | undefined; disabled?: boolean | undefined; selfId?: string | undefined },
  origin: ChangeOrigin,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const activeAdmins = await lockActiveAdmins(tx);
    const [current] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    if (!current) throw notFound('User');
    const roleChanges = input.role !== undefined && input.role !== current.role;
    const disables = input.disabled === true && current.disabled_at === null;
    const enables = input.disabled === false && current.disabled_at !== null;
    if (!roleChanges && !disables && !enables) return current;
    const lastAdmin = activeAdmins.length === 1 && activeAdmins[0] === current.id;
    if (lastAdmin && (roleChanges || disables)) throw new AppError(409, 'last_admin', usersMessages.lastAdmin);
    if (disables && input.selfId === current.id) {
      throw new AppError(409, 'own_account', usersMessages.ownAccount, 'disabled');
    }
    const [updated] = await tx
      .update(users)
      .set({
        ...(roleChanges ? { role: input.role } : {}),
        ...(disables ? { disabled_at: now } : enables ? { disabled_at: null } : {}),
        updated_at: now,
      })
      .where(eq(users.id, current.id))
      .returning();
    if (!updated) throw notFound('User');
    const target = { type: 'user', id: current.id, label: current.email };
    if (roleChanges) {
      await recordAudit(tx, {
        action: 'user.role_changed',
        actor: origin.actor,
        ip: origin.ip,
        target,
        summary: `Changed the role of ${current.email} from ${roleNames[current.role as Role]} to ${roleNames[updated.role as Role]}.`,
      });
    }
    if (disables) {
      await deleteSessionsOfUser(tx, current.id);
      await recordAudit(tx, {
        action: 'user.disabled',
        actor: origin.actor,
        ip: origin.ip,
        target,
        summary: `Disabled the account of ${current.email} and ended its sessions.`,
      });
    }
    if (enables) {
      await recordAudit(tx, {
        action: 'user.enabled',
        actor: origin.actor,
        ip: origin.ip,
        target,
        summary: `Enabled the account of ${current.email} again.`,
      });
    }
    return updated;
  });
}

/** The command line's `user role`: the same rules and audit entry as the Users screen. */
export async function changeRoleByEmail(
  db: Database,
  now: Date,
  email: string,
  role: Role,
  origin: ChangeOrigin,
): Promise<UserRow | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email.trim().toLowerCase()));
  if (!user) return undefined;
  return updateUserAccount(db, now, { userId: user.id, role }, origin);
}

/** Ends every session of an account (its browsers must sign in again). */
export async function signOutEverywhere(db: Database, userId: string, origin: ChangeOrigin): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User');
    await deleteSessionsOfUser(tx, user.id);
    await recordAudit(tx, {
      action: 'user.signed_out_everywhere',
      actor: origin.actor,
      ip: origin.ip,
      target: { type: 'user', id: user.id, label: user.email },
      summary: `Signed ${user.email} out everywhere.`,
    });
  });
}
