import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';

/**
 * Webhooks (decision 42): URLs that receive a signed JSON POST when a page is published,
 * unpublished or deleted. The secret is kept (encrypted with a server secret) because every
 * delivery is signed with it.
 */
export const webhooks = pgTable('webhooks', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  /** Subset of page.published, page.unpublished, page.deleted. */
  events: jsonb('events').$type<string[]>().notNull(),
  secret: text('secret').notNull(),
  active: boolean('active').notNull().default(true),
  created_by: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One event sent to one webhook, with the outcome of its latest attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    webhook_id: uuid('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    /** The exact JSON body sent (and signed) on every attempt. */
    body: text('body').notNull(),
    /** 'pending' (waiting for its first or next try), 'delivered', 'failed' (gave up). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    response_status: integer('response_status'),
    last_error: text('last_error'),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }),
    last_attempt_at: timestamp('last_attempt_at', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('webhook_deliveries_status', sql`${table.status} in ('pending', 'delivered', 'failed')`),
    index('webhook_deliveries_webhook_idx').on(table.webhook_id, table.created_at.desc()),
  ],
);
