import { and, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.server';
import { enqueueJob, type Transaction } from '../../platform/jobs/job-queue.server';
import { jobs } from '../../platform/jobs/jobs.table';
import { badRequest } from '../../platform/http/app-error.server';
import { users } from '../auth/auth.table';
import { auditActions, type AuditAction } from './audit.server';
import { auditLog } from './audit.table';
import type { AuditActionGroups, AuditActors, AuditItem, AuditList } from './audit.dto';
import { decodeTimeCursor, encodeTimeCursor } from '../../platform/db/list-cursor.server';

/** The areas of the action filter, in the screen's order; every action belongs to the first that claims its prefix. */
const actionAreas: Array<{ label: string; prefixes: string[] }> = [
  { label: 'Sign-in', prefixes: ['auth.'] },
  { label: 'Two-factor', prefixes: ['two_factor.'] },
  { label: 'People', prefixes: ['user.', 'invitation.'] },
  { label: 'Pages', prefixes: ['page.'] },
  { label: 'Redirects', prefixes: ['redirect.'] },
  { label: 'Settings', prefixes: ['settings.'] },
  { label: 'Backups', prefixes: ['backup.'] },
  { label: 'API tokens', prefixes: ['api_token.'] },
  { label: 'Webhooks', prefixes: ['webhook.'] },
];

const allActions = Object.keys(auditActions) as AuditAction[];
const isAuditAction = (value: string): value is AuditAction => Object.hasOwn(auditActions, value);

/** The action filter's choices, grouped by area; an action no area claims lands under 'Other'. */
export function auditActionGroups(): AuditActionGroups {
  const claimed = new Set<string>();
  const groups = actionAreas.map((area) => {
    const actions = allActions.filter((action) => area.prefixes.some((prefix) => action.startsWith(prefix)));
    for (const action of actions) claimed.add(action);
    return { label: area.label, actions: actions.map((action) => ({ action, label: auditActions[action] })) };
  });
  const other = allActions.filter((action) => !claimed.has(action));
  if (other.length > 0) {
    groups.push({ label: 'Other', actions: other.map((action) => ({ action, label: auditActions[action] })) });
  }
  return { groups: groups.filter((group) => group.actions.length > 0) };
}

export interface AuditQuery {
  actor?: string | undefined;
  action?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A date and time with a zone (Z or ±hh:mm), as the API's times are written. */
const isoDateTimePattern = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

function parseTime(value: string, field: 'since' | 'until'): Date {
  const time = new Date(value);
  if (!isoDateTimePattern.test(value) || Number.isNaN(time.getTime())) {
    throw badRequest(
      'invalid_input',
      `${field}: give a date and time in ISO 8601 with its zone, like 2026-03-01T00:00:00Z.`,
      field,
    );
  }
  return time;
}

/** The actions one `action` filter stands for: itself, or every action of an area prefix such as 'page.'. */
function actionsMatching(filter: string): AuditAction[] {
  if (isAuditAction(filter)) return [filter];
  const prefixed = filter.endsWith('.') ? allActions.filter((action) => action.startsWith(filter)) : [];
  if (prefixed.length === 0) {
    throw badRequest(
      'invalid_input',
      `action: “${filter.slice(0, 60)}” is not an action the audit log records (for example page.published, or page. for every page action).`,
      'action',
    );
  }
  return prefixed;
}

/* The cursor keeps created_at to the microsecond (list-cursor.server.ts says why). */

const microsecondTime = sql<string>`to_char(${auditLog.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Entries newest first, filtered, one page at a time (keyset on created_at and id). */
export async function listAuditEntries(db: Database, query: AuditQuery): Promise<AuditList> {
  const conditions: SQL[] = [];
  if (query.actor !== undefined && query.actor !== '') {
    if (!uuidPattern.test(query.actor)) {
      throw badRequest('invalid_input', 'actor: give the id of a person (a UUID) from the people filter.', 'actor');
    }
    conditions.push(eq(auditLog.actor_id, query.actor));
  }
  if (query.action !== undefined && query.action !== '') {
    const actions = actionsMatching(query.action);
    conditions.push(actions.length === 1 ? eq(auditLog.action, actions[0]!) : inArray(auditLog.action, actions));
  }
  const since = query.since ? parseTime(query.since, 'since') : undefined;
  const until = query.until ? parseTime(query.until, 'until') : undefined;
  if (since && until && until.getTime() <= since.getTime()) {
    throw badRequest('invalid_input', 'until: the end of the range must come after its start (since).', 'until');
  }
  if (since) conditions.push(gte(auditLog.created_at, since));
  if (until) conditions.push(lt(auditLog.created_at, until));
  if (query.cursor) {
    const after = decodeTimeCursor(query.cursor);
    conditions.push(sql`(${auditLog.created_at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({ row: auditLog, cursorAt: microsecondTime })
    .from(auditLog)
    .where(and(...conditions))
    .orderBy(desc(auditLog.created_at), desc(auditLog.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(({ row }) => toAuditItem(row)),
    next_cursor: rows.length > query.limit && last ? encodeTimeCursor(last.cursorAt, last.row.id) : null,
  };
}

function toAuditItem(row: typeof auditLog.$inferSelect): AuditItem {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    actor: {
      type: row.actor_type as AuditItem['actor']['type'],
      id: row.actor_id,
      label: row.actor_label,
      token_id: row.token_id,
    },
    action: row.action,
    action_label: isAuditAction(row.action) ? auditActions[row.action] : row.action,
    target: row.target_type ? { type: row.target_type, id: row.target_id, label: row.target_label } : null,
    ip: row.ip,
    summary: row.summary,
  };
}

/**
 * Everyone the log names as the one who acted (directly or through a token), for the person
 * filter. The label is today's name and address when the account still exists, otherwise the
 * address the log last recorded for it.
 */
export async function listAuditActors(db: Database): Promise<AuditActors> {
  const seen = await db
    .selectDistinctOn([auditLog.actor_id], { id: auditLog.actor_id, label: auditLog.actor_label })
    .from(auditLog)
    .where(isNotNull(auditLog.actor_id))
    // A user's own entry carries their address; a token's carries the token's name.
    .orderBy(auditLog.actor_id, sql`(${auditLog.actor_type} = 'user') desc`, desc(auditLog.created_at));
  const ids = seen.map((row) => row.id).filter((id): id is string => id !== null);
  const accounts =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, fullName: users.full_name })
          .from(users)
          .where(inArray(users.id, ids));
  const byId = new Map(accounts.map((account) => [account.id, account]));
  const items = ids.map((id) => {
    const account = byId.get(id);
    if (account) {
      const label =
        account.fullName && account.fullName !== account.email
          ? `${account.fullName} (${account.email})`
          : account.email;
      return { id, label };
    }
    const recorded = seen.find((row) => row.id === id)?.label;
    return { id, label: recorded ? `${recorded} (account removed)` : 'Removed account' };
  });
  return { items: items.sort((a, b) => a.label.localeCompare(b.label)) };
}

/** Decision 40: entries are kept for a year. The database refuses to delete younger ones. */
export const auditRetentionJob = 'audit.retention';
const retentionEveryMs = 24 * 60 * 60 * 1000;

export async function deleteExpiredAuditEntries(db: Database | Transaction): Promise<number> {
  // The database's clock, as in the trigger that guards the table: both agree on what "a year" is.
  const deleted = await db
    .delete(auditLog)
    .where(lt(auditLog.created_at, sql`now() - interval '1 year'`))
    .returning({ id: auditLog.id });
  return deleted.length;
}

/**
 * Makes sure the daily retention job is pending: at start-up (under the migration lock, so two
 * instances starting together add it once). A pending one keeps its time, so restarts never put
 * it off; the first run is a day after the first start (nothing in the log is a year old before).
 */
export async function scheduleAuditRetention(db: Database, now: Date): Promise<void> {
  const [pending] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.key, auditRetentionJob), eq(jobs.state, 'pending')))
    .limit(1);
  if (pending) return;
  await enqueueJob(db, {
    kind: auditRetentionJob,
    key: auditRetentionJob,
    runAt: new Date(now.getTime() + retentionEveryMs),
  });
}

/** The retention job deletes what is over a year old, then books its own next run a day later. */
export function registerAuditRetention(app: FastifyInstance): void {
  app.jobs.register(auditRetentionJob, async (tx) => {
    const deleted = await deleteExpiredAuditEntries(tx);
    if (deleted > 0) app.log.info({ deleted }, 'audit log entries older than a year deleted');
    await enqueueJob(tx, {
      kind: auditRetentionJob,
      key: auditRetentionJob,
      runAt: new Date(app.clock.now().getTime() + retentionEveryMs),
    });
  });
}
