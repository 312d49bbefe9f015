import type { Locale } from '../../shared/lib/locale';
import { and, asc, eq, gte, isNull, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.server';
import { badRequest, conflict, notFound } from '../../platform/http/app-error.server';
import { presentFields } from '../../shared/lib/update-schema';
import { versionConflictMessage } from '../../platform/http/app-error.server';
import { images } from '../media/media.table';
import type { MenuType, NavigationItemDto, NavigationNode } from './navigation.dto';
import { moveNavigationItem } from './navigation-move';
import { buildNavigationTree, findNavigationItem, listNavigationItems } from './navigation.repo.server';
import {
  navigationItemInputSchema,
  navigationItemPatchSchema,
  navigationMessages,
  navigationMoveSchema,
} from './navigation.schema';
import { navigationItems, type NavigationItemRow } from './navigation.table';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Every write that changes the shape of the menus (create, move, delete) holds this
 * transaction-scoped advisory lock, so two editors dragging at once (or two server instances on
 * one PostgreSQL) run one after another and orders stay 1..n. "navi" in ASCII.
 */
const navigationLockKey = 0x6e617669;

async function lockNavigation(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${navigationLockKey})`);
}

/** Parses with the shared schema; the first problem becomes a 400 naming its field. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const message = issue?.message ?? 'The request is not valid.';
  const field = issue?.path.map(String).join('.') || undefined;
  const code =
    message === navigationMessages.missing
      ? 'missing_information'
      : message === navigationMessages.badLink
        ? 'invalid_link'
        : 'invalid_input';
  throw badRequest(code, message, field);
}

async function assertImageExists(tx: Transaction, imageId: string): Promise<void> {
  const [image] = await tx.select({ id: images.id }).from(images).where(eq(images.id, imageId)).limit(1);
  if (!image) {
    throw badRequest('image_not_found', 'That image is no longer in the media library. Pick another one.', 'image_id');
  }
}

/** One sibling list: the same language, menu and parent (each language has its own menus). */
const siblingsWhere = (menu: MenuType, parentId: string | null, locale: Locale) =>
  and(
    eq(navigationItems.menu_type, menu),
    eq(navigationItems.locale, locale),
    parentId === null ? isNull(navigationItems.parent_id) : eq(navigationItems.parent_id, parentId),
  );

/** Renumbers one sibling list 1..n in its current order (display_order, then title). */
async function renumberSiblings(
  tx: Transaction,
  menu: MenuType,
  parentId: string | null,
  locale: Locale,
): Promise<void> {
  const rows = await tx
    .select({ id: navigationItems.id, display_order: navigationItems.display_order })
    .from(navigationItems)
    .where(siblingsWhere(menu, parentId, locale))
    .orderBy(asc(navigationItems.display_order), asc(navigationItems.title));
  for (const [index, row] of rows.entries()) {
    if (row.display_order === index + 1) continue;
    await tx
      .update(navigationItems)
      .set({ display_order: index + 1 })
      .where(eq(navigationItems.id, row.id));
  }
}

async function readItem(tx: Transaction | Database, id: string): Promise<NavigationItemDto> {
  const item = await findNavigationItem(tx, id);
  if (!item) throw notFound('Navigation item');
  return item;
}

/** Every item of one menu, inactive ones too, as a tree in display_order (the admin's view). */
export async function listAdminNavigation(
  db: Database | Transaction,
  menu: MenuType,
  locale: Locale = 'en',
): Promise<NavigationNode[]> {
  return buildNavigationTree(await listNavigationItems(db, menu, { activeOnly: false, locale }));
}

/**
 * A new item starts active and goes last among its siblings (display_order = highest + 1), or at
 * the display_order asked for, its later siblings moving down by one.
 */
export async function createNavigationItem(db: Database, body: unknown): Promise<NavigationItemDto> {
  const input = parseInput(navigationItemInputSchema, body);
  return db.transaction(async (tx) => {
    await lockNavigation(tx);
    const parentId = input.parent_id ?? null;
    if (parentId !== null) {
      const [parent] = await tx
        .select({ menu_type: navigationItems.menu_type, locale: navigationItems.locale })
        .from(navigationItems)
        .where(eq(navigationItems.id, parentId))
        .limit(1);
      if (!parent) {
        throw badRequest(
          'parent_not_found',
          'The parent item no longer exists. Reload the navigation and try again.',
          'parent_id',
        );
      }
      if (parent.locale !== input.locale) {
        throw badRequest(
          'parent_in_other_language',
          'The parent item belongs to the menus of another language; pick a parent in this language.',
          'parent_id',
        );
      }
      if (parent.menu_type !== input.menu_type) {
        throw badRequest(
          'parent_in_other_menu',
          `The parent item belongs to the ${parent.menu_type} menu; pick a parent in the ${input.menu_type} menu.`,
          'parent_id',
        );
      }
    }
    if (input.image_id) await assertImageExists(tx, input.image_id);
    const [last] = await tx
      .select({ value: max(navigationItems.display_order) })
      .from(navigationItems)
      .where(siblingsWhere(input.menu_type, parentId, input.locale));
    const end = (last?.value ?? 0) + 1;
    const order = Math.min(input.display_order ?? end, end);
    if (order < end) {
      // Spec section 4's insert rule: the siblings at or after the new place first move down by one.
      await tx
        .update(navigationItems)
        .set({ display_order: sql`${navigationItems.display_order} + 1` })
        .where(and(siblingsWhere(input.menu_type, parentId, input.locale), gte(navigationItems.display_order, order)));
    }
    const [row] = await tx
      .insert(navigationItems)
      .values({
        title: input.title,
        link_url: input.link_url,
        description: input.description,
        menu_type: input.menu_type,
        locale: input.locale,
        parent_id: parentId,
        image_id: input.image_id ?? null,
        display_order: order,
        is_active: true,
      })
      .returning({ id: navigationItems.id });
    return readItem(tx, row!.id);
  });
}

/** Changes the fields of the edit dialog; refused with 409 when `version` is stale. */
export async function updateNavigationItem(db: Database, id: string, body: unknown): Promise<NavigationItemDto> {
  const { version, ...fields } = parseInput(navigationItemPatchSchema, body);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(navigationItems).where(eq(navigationItems.id, id)).limit(1);
    if (!current) throw notFound('Navigation item');
    if (current.version !== version) throw conflict('version_conflict', versionConflictMessage);
    if (fields.image_id) await assertImageExists(tx, fields.image_id);
    // Only the fields the request names are written; every other column keeps its value.
    const changes: Partial<NavigationItemRow> = {
      ...presentFields(fields),
      version: current.version + 1,
      updated_at: new Date(),
    };
    const [row] = await tx
      .update(navigationItems)
      .set(changes)
      .where(and(eq(navigationItems.id, id), eq(navigationItems.version, version)))
      .returning({ id: navigationItems.id });
    // Another transaction committed between our read and our write.
    if (!row) throw conflict('version_conflict', versionConflictMessage);
    return readItem(tx, id);
  });
}

/** Deletes an item with its whole subtree (foreign-key cascade); its siblings close the gap. */
export async function deleteNavigationItem(db: Database, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockNavigation(tx);
    const [current] = await tx.delete(navigationItems).where(eq(navigationItems.id, id)).returning({
      menu_type: navigationItems.menu_type,
      parent_id: navigationItems.parent_id,
      locale: navigationItems.locale,
    });
    if (!current) throw notFound('Navigation item');
    await renumberSiblings(tx, current.menu_type as MenuType, current.parent_id, current.locale);
  });
}

/**
 * Applies one drag (spec section 4) in one transaction: the pure rules of navigation-move.ts
 * decide the new parent, order and menu of every affected row; a refused move changes nothing.
 * Answers with the whole tree (inactive items too) of the menu the item ended up in.
 */
export async function moveNavigation(
  db: Database,
  id: string,
  body: unknown,
): Promise<{ menu: MenuType; items: NavigationNode[] }> {
  const { targetId, position } = parseInput(navigationMoveSchema, body);
  return db.transaction(async (tx) => {
    await lockNavigation(tx);
    const [moved] = await tx
      .select({ locale: navigationItems.locale })
      .from(navigationItems)
      .where(eq(navigationItems.id, id))
      .limit(1);
    if (!moved) throw notFound('Navigation item');
    // A drag stays within its language's menus: the other language's items are not in play.
    const rows = await tx
      .select({
        id: navigationItems.id,
        parent_id: navigationItems.parent_id,
        display_order: navigationItems.display_order,
        menu_type: navigationItems.menu_type,
      })
      .from(navigationItems)
      .where(eq(navigationItems.locale, moved.locale))
      .orderBy(asc(navigationItems.display_order), asc(navigationItems.title));
    const result = moveNavigationItem(
      rows.map((row) => ({ ...row, menu_type: row.menu_type as MenuType })),
      id,
      targetId,
      position,
    );
    if (!result.ok) {
      if (result.code === 'item_not_found') throw notFound('Navigation item');
      throw badRequest(result.code, result.message, 'targetId');
    }
    const now = new Date();
    for (const item of result.changed) {
      await tx
        .update(navigationItems)
        .set({
          parent_id: item.parent_id,
          display_order: item.display_order,
          menu_type: item.menu_type,
          updated_at: now,
        })
        .where(eq(navigationItems.id, item.id));
    }
    return { menu: result.menu, items: await listAdminNavigation(tx, result.menu, moved.locale) };
  });
}
