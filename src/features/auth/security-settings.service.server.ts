import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { badRequest, versionConflict } from '../../platform/http/app-error.server';
import { recordAudit } from '../audit/audit.server';
import { securitySettings, users } from './auth.table';
import type { AuditContext } from './two-factor.service.server';

export interface SecuritySettingsRecord {
  require_two_factor: boolean;
  version: number;
  updated_at: string;
}

const settingsRowId = 1;

/** The single row (the migration creates it; a database restored without it gets it back here). */
export async function readSecuritySettings(db: Database): Promise<SecuritySettingsRecord> {
  let [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, settingsRowId));
  if (!row) {
    await db.insert(securitySettings).values({ id: settingsRowId }).onConflictDoNothing();
    [row] = await db.select().from(securitySettings).where(eq(securitySettings.id, settingsRowId));
  }
  if (!row) throw new Error('The security settings row could not be created');
  return { require_two_factor: row.require_two_factor, version: row.version, updated_at: row.updated_at.toISOString() };
}

/**
 * Whether editors and admins must have two-factor on before they may do anything else, as a
 * column expression: the session lookup reads it in its own query, so a signed-in request pays
 * no extra round trip for the policy.
 */
export const twoFactorRequiredColumn = sql<boolean>`coalesce((select ${securitySettings.require_two_factor} from ${securitySettings} where ${securitySettings.id} = ${settingsRowId}), false)`;

/** Whether editors and admins must have two-factor on before they may do anything else. */
export async function twoFactorIsRequired(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ required: securitySettings.require_two_factor })
    .from(securitySettings)
    .where(eq(securitySettings.id, settingsRowId));
  return row?.required ?? false;
}

export const securitySettingsMessages = {
  ownTwoFactorOff: 'Turn on two-factor sign-in for your own account first.',
} as const;

/**
 * Saves the policy when the caller read the current version (409 otherwise). Requiring two-factor
 * is refused to an admin who has not turned it on: they would be the first one sent to set it up.
 */
export async function saveSecuritySettings(
  db: Database,
  adminId: string,
  input: { require_two_factor: boolean; version: number },
  now: Date,
  audit: AuditContext,
): Promise<SecuritySettingsRecord> {
  if (input.require_two_factor) {
    const [admin] = await db
      .select({ enabledAt: users.totp_enabled_at })
      .from(users)
      .where(eq(users.id, adminId))
      .limit(1);
    if (!admin?.enabledAt) {
      throw badRequest('two_factor_off', securitySettingsMessages.ownTwoFactorOff, 'require_two_factor');
    }
  }
  await readSecuritySettings(db);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(securitySettings)
      .set({
        require_two_factor: input.require_two_factor,
        version: sql`${securitySettings.version} + 1`,
        updated_at: now,
      })
      .where(and(eq(securitySettings.id, settingsRowId), eq(securitySettings.version, input.version)))
      .returning();
    if (!row) throw versionConflict();
    await recordAudit(tx, {
      action: 'settings.updated',
      actor: audit.actor,
      target: { type: 'settings', id: 'security', label: 'Sign-in policy' },
      ip: audit.ip,
      summary: input.require_two_factor
        ? 'Required two-factor sign-in for editors and admins.'
        : 'Stopped requiring two-factor sign-in for editors and admins.',
    });
    return {
      require_two_factor: row.require_two_factor,
      version: row.version,
      updated_at: row.updated_at.toISOString(),
    };
  });
}
