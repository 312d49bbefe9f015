import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { pages } from '../pages/pages.table';

export const contentBlocks = pgTable(
  'content_blocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    page_id: uuid('page_id')
      .notNull()
      .references(() => pages.id, { onDelete: 'cascade' }),
    block_type: text('block_type').notNull(),
    block_data: jsonb('block_data').$type<Record<string, unknown>>().notNull().default({}),
    block_order: integer('block_order').notNull().default(1),
    is_active: boolean('is_active').notNull().default(true),
    version: integer('version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('content_blocks_page_order_idx').on(table.page_id, table.block_order),
    check('content_blocks_order_positive', sql`${table.block_order} >= 1`),
    check('content_blocks_type_format', sql`${table.block_type} ~ '^[a-z][a-z0-9_-]{0,39}$'`),
  ],
);

export type BlockRow = typeof contentBlocks.$inferSelect;
