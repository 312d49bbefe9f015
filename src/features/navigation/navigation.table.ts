import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Locale } from '../../shared/lib/locale';
import { images } from '../media/media.table';

export const navigationItems = pgTable(
  'navigation_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    link_url: text('link_url').notNull(),
    display_order: integer('display_order').notNull().default(1),
    is_active: boolean('is_active').notNull().default(true),
    menu_type: text('menu_type').notNull(),
    /** Each language has its own menus (decision 44). */
    locale: text('locale').$type<Locale>().notNull().default('en'),
    parent_id: uuid('parent_id').references((): AnyPgColumn => navigationItems.id, { onDelete: 'cascade' }),
    image_id: uuid('image_id').references(() => images.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('navigation_items_menu_parent_order_idx').on(
      table.locale,
      table.menu_type,
      table.parent_id,
      table.display_order,
    ),
    check('navigation_items_menu_type', sql`${table.menu_type} in ('header', 'footer')`),
    check('navigation_items_order_positive', sql`${table.display_order} >= 1`),
    check('navigation_items_not_own_parent', sql`${table.parent_id} is null or ${table.parent_id} <> ${table.id}`),
  ],
);

export type NavigationItemRow = typeof navigationItems.$inferSelect;
