import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The audit log (decision 40): who did what, to what, from where. Append-only: a trigger in the
 * migration refuses every UPDATE, and every DELETE of an entry younger than a year (the retention
 * job removes only older ones). No foreign keys on purpose: an entry outlives the user, token or
 * page it names, and keeps the label they had at the time.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'user' (a browser session), 'token' (an API token), 'anonymous' (e.g. a failed sign-in), 'system' (a job). */
    actor_type: text('actor_type').notNull(),
    actor_id: uuid('actor_id'),
    /** The user's e-mail address (or the token's name) when the entry was written. */
    actor_label: text('actor_label'),
    /** The API token used, when the actor acted through one. */
    token_id: uuid('token_id'),
    /** Dotted verb, e.g. `auth.sign_in`, `page.published`, `user.role_changed`. */
    action: text('action').notNull(),
    target_type: text('target_type'),
    target_id: text('target_id'),
    target_label: text('target_label'),
    ip: text('ip'),
    /** One short sentence for people: "Changed role from editor to admin." */
    summary: text('summary').notNull(),
  },
  (table) => [
    check('audit_log_actor_type', sql`${table.actor_type} in ('user', 'token', 'anonymous', 'system')`),
    index('audit_log_created_idx').on(table.created_at.desc(), table.id.desc()),
    index('audit_log_actor_idx').on(table.actor_id, table.created_at.desc()),
    index('audit_log_action_idx').on(table.action, table.created_at.desc()),
  ],
);

export type AuditRow = typeof auditLog.$inferSelect;
