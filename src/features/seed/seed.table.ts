import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What the seed has created, per content item ('page:<slug>', 'navigation', 'settings',
 * 'image:<name>'). A row here means "seeded once": the seed never creates that item again,
 * so an editor's deletion sticks, and never overwrites it, so edits stick.
 */
export const seedRecords = pgTable('seed_records', {
  key: text('key').primaryKey(),
  content_hash: text('content_hash').notNull(),
  seeded_at: timestamp('seeded_at', { withTimezone: true }).notNull().defaultNow(),
});
