import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pages } from '../pages/pages.table';
import { users } from '../auth/auth.table';

/**
 * Redirects (decision 36): an old address that sends visitors on. `from_path` is stored lowercased
 * and matched so; `to_target` is a path on this site or an http(s) address elsewhere. Chains are
 * collapsed on write, so a visitor is never sent more than once.
 */
export const redirects = pgTable(
  'redirects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    from_path: text('from_path').notNull().unique('redirects_from_path_unique'),
    to_target: text('to_target').notNull(),
    status: integer('status').notNull().default(301),
    /** 'manual' (added by someone) or 'slug_change' (added when a published page was renamed). */
    source: text('source').notNull().default('manual'),
    /** The renamed page, for redirects added by a slug change. */
    page_id: uuid('page_id').references(() => pages.id, { onDelete: 'set null' }),
    hits: integer('hits').notNull().default(0),
    last_hit_at: timestamp('last_hit_at', { withTimezone: true }),
    created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('redirects_status', sql`${table.status} in (301, 302)`),
    check('redirects_source', sql`${table.source} in ('manual', 'slug_change')`),
    check(
      'redirects_from_path_shape',
      sql`${table.from_path} ~ '^/[^?#]*$' and ${table.from_path} = lower(${table.from_path})`,
    ),
  ],
);

export type RedirectRow = typeof redirects.$inferSelect;
