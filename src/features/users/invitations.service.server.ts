import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { AuthDeps } from '../auth/auth.service.server';
import type { Database } from '../../platform/db/client.server';
import { AppError, badRequest, notFound } from '../../platform/http/app-error.server';
import { recordAudit } from '../audit/audit.server';
import type { Role } from '../auth/auth.dto';
import { checkNewPassword, parseEmail } from '../auth/auth.service.server';
import { invitations, users, type UserRow } from '../auth/auth.table';
import { hashPassword } from '../auth/passwords.server';
import { addressSubject, enforceRateLimits, type RateLimitRule } from '../auth/rate-limits.server';
import { linkTokenPattern, newLinkToken, sha256 } from '../auth/tokens.server';
import { invitationEmail } from './invitation-email.server';
import type { Invitation } from './users.dto';
import type { ChangeOrigin } from './users-admin.service.server';
import { decodeTimeCursor, encodeTimeCursor } from '../../platform/db/list-cursor.server';

export const invitationLifetimeMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Per client address, like sign-up's limit (decision 9), but looser: the links come from an
 * admin, several people in one office may accept theirs from one address, and a token (256 bits)
 * cannot be guessed. The limits keep the password hashing from being used to load the server.
 */
export const invitationRateLimits = {
  lookupIp: { name: 'invitation-lookup:ip', limit: 30, windowMs: 60 * 60 * 1000 },
  acceptIp: { name: 'accept-invitation:ip', limit: 10, windowMs: 60 * 60 * 1000 },
} satisfies Record<string, RateLimitRule>;

export const invitationMessages = {
  invalid: 'This invitation link is no longer valid. Ask for a new one.',
  emailTaken: 'An account with this e-mail address already exists. Change its role in the list instead.',
  nameRequired: 'Please enter your name.',
  acceptEmailTaken: 'An account with this e-mail address already exists. Sign in, or reset your password.',
} as const;

/** The same services as sign-up and password reset. */
export type InvitationDeps = AuthDeps;

function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/invitation?token=${token}`;
}

type InvitationWithInviter = typeof invitations.$inferSelect & { inviter: string | null };

function toInvitation(row: InvitationWithInviter, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role as Role,
    invited_by: row.inviter,
    expires_at: row.expires_at.toISOString(),
    created_at: row.created_at.toISOString(),
    status: row.expires_at.getTime() > now.getTime() ? 'pending' : 'expired',
  };
}

const withInviter = { inviter: users.full_name } as const;

async function findOpenInvitation(db: Database, id: string): Promise<InvitationWithInviter | undefined> {
  const [row] = await db
    .select({ invitation: invitations, ...withInviter })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .where(and(eq(invitations.id, id), isNull(invitations.accepted_at)));
  return row ? { ...row.invitation, inviter: row.inviter } : undefined;
}

function sendInvitation(deps: InvitationDeps, invitation: InvitationWithInviter, token: string): void {
  deps.mailer.send(
    invitationEmail(invitation.email, {
      role: invitation.role as Role,
      invitedBy: invitation.inviter,
      link: invitationLink(deps.publicUrl, token),
    }),
  );
}

/**
 * Invites an address with a role. An address that already has an account is refused (change its
 * role instead). Inviting an address again replaces its open invitation: one link per person,
 * and only the newest works.
 */
export async function createInvitation(
  deps: InvitationDeps,
  input: { email: string | undefined; role: Role; invitedBy: string | null },
  origin: ChangeOrigin,
): Promise<Invitation> {
  const email = parseEmail(input.email);
  const token = newLinkToken();
  const now = deps.now();
  const invitation = await deps.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) throw new AppError(409, 'email_taken', invitationMessages.emailTaken, 'email');
    const replaced = await tx
      .delete(invitations)
      .where(and(eq(invitations.email, email), isNull(invitations.accepted_at)))
      .returning({ id: invitations.id });
    const [row] = await tx
      .insert(invitations)
      .values({
        email,
        role: input.role,
        token_hash: sha256(token),
        invited_by: input.invitedBy,
        expires_at: new Date(now.getTime() + invitationLifetimeMs),
        created_at: now,
      })
      .returning();
    if (!row) throw new Error('Creating the invitation returned nothing');
    await recordAudit(tx, {
      action: 'invitation.created',
      actor: origin.actor,
      ip: origin.ip,
      target: { type: 'invitation', id: row.id, label: email },
      summary:
        replaced.length > 0
          ? `Invited ${email} as ${input.role} again (the earlier link no longer works).`
          : `Invited ${email} as ${input.role}.`,
    });
    return row;
  });
  const [inviter] = input.invitedBy
    ? await deps.db.select({ name: users.full_name }).from(users).where(eq(users.id, input.invitedBy))
    : [];
  const full = { ...invitation, inviter: inviter?.name ?? null };
  sendInvitation(deps, full, token);
  return toInvitation(full, now);
}

/** Invitations not accepted yet, newest first; expired ones stay listed (as expired) until revoked or resent. */
export async function listInvitations(
  db: Database,
  now: Date,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ items: Invitation[]; next_cursor: string | null }> {
  const after = options.cursor ? decodeTimeCursor(options.cursor) : undefined;
  const rows = await db
    .select({ invitation: invitations, ...withInviter })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invited_by))
    .where(
      and(
        isNull(invitations.accepted_at),
        after
          ? or(
              lt(invitations.created_at, after.date),
              and(eq(invitations.created_at, after.date), lt(invitations.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(invitations.created_at), desc(invitations.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit).map((row) => ({ ...row.invitation, inviter: row.inviter }));
  const last = items.at(-1);
  return {
    items: items.map((row) => toInvitation(row, now)),
    next_cursor: rows.length > options.limit && last ? encodeTimeCursor(last.created_at, last.id) : null,
  };
}

/** Withdraws an invitation: its link stops working at once. */
export async function revokeInvitation(db: Database, id: string, origin: ChangeOrigin): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(invitations)
      .where(and(eq(invitations.id, id), isNull(invitations.accepted_at)))
      .returning();
    if (!removed) throw notFound('Invitation');
    await recordAudit(tx, {
      action: 'invitation.revoked',
      actor: origin.actor,
      ip: origin.ip,
      target: { type: 'invitation', id: removed.id, label: removed.email },
      summary: `Revoked the invitation of ${removed.email}.`,
    });
  });
}

/** Sends the invitation again with a new link valid 7 more days; the old link stops working. */
export async function resendInvitation(deps: InvitationDeps, id: string, origin: ChangeOrigin): Promise<Invitation> {
  const token = newLinkToken();
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ token_hash: sha256(token), expires_at: new Date(now.getTime() + invitationLifetimeMs) })
      .where(and(eq(invitations.id, id), isNull(invitations.accepted_at)))
      .returning();
    if (!row) throw notFound('Invitation');
    await recordAudit(tx, {
      action: 'invitation.resent',
      actor: origin.actor,
      ip: origin.ip,
      target: { type: 'invitation', id: row.id, label: row.email },
      summary: `Sent the invitation of ${row.email} again with a new link.`,
    });
  });
  const invitation = await findOpenInvitation(deps.db, id);
  if (!invitation) throw notFound('Invitation');
  sendInvitation(deps, invitation, token);
  return toInvitation(invitation, now);
}

function tokenHashOf(token: string | undefined): string {
  if (!token || !linkTokenPattern.test(token)) throw badRequest('invalid_token', invitationMessages.invalid, 'token');
  return sha256(token);
}

/** The address and role an invitation link is for (the invitee screen shows them), or 400. */
export async function describeInvitation(
  deps: Pick<InvitationDeps, 'db' | 'now'>,
  ip: string,
  token: string | undefined,
): Promise<{ email: string; role: Role }> {
  const now = deps.now();
  await enforceRateLimits(deps.db, now, [[invitationRateLimits.lookupIp, addressSubject(ip)]]);
  const [row] = await deps.db
    .select({ email: invitations.email, role: invitations.role })
    .from(invitations)
    .where(
      and(
        eq(invitations.token_hash, tokenHashOf(token)),
        isNull(invitations.accepted_at),
        gt(invitations.expires_at, now),
      ),
    );
  if (!row) throw badRequest('invalid_token', invitationMessages.invalid, 'token');
  return { email: row.email, role: row.role as Role };
}

/**
 * Creates the invited account with the invitation's role and a proven address (the link came by
 * e-mail), and uses the invitation up. One statement claims the invitation, so a link opened
 * twice at once makes one account. The caller signs the new account in.
 */
export async function acceptInvitation(
  deps: Pick<InvitationDeps, 'db' | 'now'>,
  ip: string,
  input: { token?: string | undefined; fullName?: string | undefined; password?: string | undefined },
): Promise<UserRow> {
  const tokenHash = tokenHashOf(input.token);
  const fullName = input.fullName?.trim() ?? '';
  if (!fullName) throw badRequest('name_required', invitationMessages.nameRequired, 'fullName');
  const password = checkNewPassword(input.password);
  const now = deps.now();
  await enforceRateLimits(deps.db, now, [[invitationRateLimits.acceptIp, addressSubject(ip)]]);
  const passwordHash = await hashPassword(password);
  return deps.db.transaction(async (tx) => {
    const [invitation] = await tx
      .update(invitations)
      .set({ accepted_at: now })
      .where(
        and(eq(invitations.token_hash, tokenHash), isNull(invitations.accepted_at), gt(invitations.expires_at, now)),
      )
      .returning();
    if (!invitation) throw badRequest('invalid_token', invitationMessages.invalid, 'token');
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, invitation.email));
    // Someone signed up with the address after the invitation was sent: the rollback keeps the link.
    if (existing) throw new AppError(409, 'email_taken', invitationMessages.acceptEmailTaken, 'email');
    const [user] = await tx
      .insert(users)
      .values({
        email: invitation.email,
        password_hash: passwordHash,
        full_name: fullName,
        role: invitation.role,
        email_verified_at: now,
        created_at: now,
        updated_at: now,
      })
      .returning();
    if (!user) throw new Error('Creating the user returned nothing');
    await recordAudit(tx, {
      action: 'invitation.accepted',
      actor: { type: 'user', id: user.id, label: user.email },
      ip,
      target: { type: 'invitation', id: invitation.id, label: invitation.email },
      summary: `Accepted the invitation and joined as ${invitation.role}.`,
    });
    return user;
  });
}
