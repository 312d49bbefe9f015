import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { maxJsonDepth, withinJsonDepth } from '../../shared/lib/json-depth';
import { sanitizeRichText } from '../../shared/lib/sanitize-rich-text';
import type { Database } from '../../platform/db/client.server';
import { AppError, badRequest, conflict, notFound, versionConflictMessage } from '../../platform/http/app-error.server';
import { pages } from '../pages/pages.table';
import { draftChanged, lockDraft, type DraftSave } from '../publishing/publishing.service.server';
import type { BlockCreate, BlockPatch } from './blocks.schema';
import { contentBlocks, type BlockRow } from './blocks.table';
import { blockDefinitions, isKnownBlockType, upgradeStoredBlockData } from './registry';

export const maxBlockDataBytes = 256 * 1024;

/**
 * Validates block data against its type's schema (defaults fill blanks, rich text is sanitized);
 * data of an unknown type must at least be a JSON object. Throws 400 naming the field.
 */
export function validateBlockData(blockType: string, data: unknown): Record<string, unknown> {
  // Before JSON.stringify, which would overflow the stack on thousands of levels (a 500).
  if (!withinJsonDepth(data)) {
    throw badRequest('invalid_input', `Block data can be nested at most ${maxJsonDepth} levels deep.`, 'block_data');
  }
  const size = Buffer.byteLength(JSON.stringify(data ?? {}));
  if (size > maxBlockDataBytes) {
    throw new AppError(413, 'payload_too_large', 'Block data can be at most 256 KB.', 'block_data');
  }
  if (!isKnownBlockType(blockType)) {
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      throw badRequest('invalid_input', 'Block data must be a JSON object.', 'block_data');
    }
    return data as Record<string, unknown>;
  }
  const result = blockDefinitions[blockType].schema.safeParse(data ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    const field = ['block_data', ...(issue?.path ?? [])].join('.');
    throw badRequest('invalid_input', `${field}: ${issue?.message ?? 'invalid value'}`, field);
  }
  const parsed = result.data as Record<string, unknown>;
  if (blockType === 'text' && typeof parsed['content'] === 'string') {
    parsed['content'] = sanitizeRichText(parsed['content']);
  }
  return parsed;
}

async function requirePage(db: Database, pageId: string) {
  const [page] = await db
    .select({ id: pages.id, slug: pages.slug })
    .from(pages)
    .where(and(eq(pages.id, pageId), isNull(pages.deleted_at)))
    .limit(1);
  if (!page) throw notFound('Page');
  return page;
}

export async function listPageBlocks(db: Database, pageId: string): Promise<BlockRow[]> {
  await requirePage(db, pageId);
  return db
    .select()
    .from(contentBlocks)
    .where(eq(contentBlocks.page_id, pageId))
    .orderBy(asc(contentBlocks.block_order));
}

/**
 * A new block goes last (order = count + 1) and starts active (spec section 4). With `after_id` it
 * goes right after that block instead: the blocks below it move down one place in the same
 * transaction, so orders stay 1..n ("Add block below" and "Duplicate" in the editor).
 */
export async function createBlock(
  db: Database,
  pageId: string,
  input: Pick<BlockCreate, 'block_type' | 'block_data' | 'after_id'>,
  save: DraftSave,
): Promise<BlockRow> {
  if (!input.block_type) throw badRequest('missing_block_type', 'Please select a block type.', 'block_type');
  if (!isKnownBlockType(input.block_type)) {
    throw badRequest('unknown_block_type', `There is no block type "${input.block_type}".`, 'block_type');
  }
  const data = validateBlockData(input.block_type, input.block_data ?? {});
  return db.transaction(async (tx) => {
    // The page lock makes concurrent inserts and reorders of one page run one after another.
    await lockDraft(tx, pageId);
    let order: number;
    if (input.after_id) {
      const [after] = await tx
        .select({ block_order: contentBlocks.block_order })
        .from(contentBlocks)
        .where(and(eq(contentBlocks.id, input.after_id), eq(contentBlocks.page_id, pageId)))
        .limit(1);
      if (!after) {
        throw badRequest(
          'unknown_block',
          'The block to add after is not on this page (it may have been deleted). Reload the page and try again.',
          'after_id',
        );
      }
      order = after.block_order + 1;
      await tx
        .update(contentBlocks)
        .set({ block_order: sql`${contentBlocks.block_order} + 1` })
        .where(and(eq(contentBlocks.page_id, pageId), gt(contentBlocks.block_order, after.block_order)));
    } else {
      const [total] = await tx.select({ value: count() }).from(contentBlocks).where(eq(contentBlocks.page_id, pageId));
      order = (total?.value ?? 0) + 1;
    }
    const [row] = await tx
      .insert(contentBlocks)
      .values({
        page_id: pageId,
        block_type: input.block_type,
        block_data: data,
        block_order: order,
        is_active: true,
      })
      .returning();
    await draftChanged(tx, pageId, save);
    return row!;
  });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `sent` laid over `stored`: nested objects merge key by key, everything else (lists too) is replaced. */
function mergeData(stored: Record<string, unknown>, sent: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...stored };
  for (const [key, value] of Object.entries(sent)) {
    const merged = isPlainObject(value) && isPlainObject(stored[key]) ? mergeData(stored[key], value) : value;
    // defineProperty: a key named __proto__ stays a plain key instead of changing the prototype.
    Object.defineProperty(result, key, { value: merged, enumerable: true, writable: true, configurable: true });
  }
  return result;
}

/**
 * The block data to store after an edit. For a known type, the keys sent replace the stored ones
 * and the keys left out keep their values, inside nested objects too (a call to action's button):
 * validating the sent keys alone would let the type's defaults overwrite every key the request did
 * not name (decision 45). Data of an unknown type has no schema and no defaults; it is replaced as
 * a whole, so its raw JSON editor can remove a key.
 */
function mergedBlockData(
  blockType: string,
  stored: Record<string, unknown>,
  sent: Record<string, unknown>,
): Record<string, unknown> {
  if (!isKnownBlockType(blockType)) return validateBlockData(blockType, sent);
  // Stored keys the request leaves alone are brought up to date first (an icon that was an
  // emoji), so an edit of the title is never refused for a value the client did not send.
  const current = upgradeStoredBlockData(blockType, stored) as Record<string, unknown>;
  return validateBlockData(blockType, mergeData(current, sent));
}

export async function updateBlock(
  db: Database,
  blockId: string,
  input: BlockPatch,
  save: DraftSave,
): Promise<BlockRow> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contentBlocks).where(eq(contentBlocks.id, blockId)).limit(1);
    if (!current) throw notFound('Block');
    // Page first, then block, like every other write of a page's blocks: one lock order, no deadlocks.
    await lockDraft(tx, current.page_id);
    if (current.version !== input.version) throw conflict('version_conflict', versionConflictMessage);
    const changes: Partial<BlockRow> = { updated_at: new Date(), version: current.version + 1 };
    if (input.block_data !== undefined) {
      changes.block_data = mergedBlockData(current.block_type, current.block_data, input.block_data);
    }
    if (input.is_active !== undefined) changes.is_active = input.is_active;
    const [row] = await tx
      .update(contentBlocks)
      .set(changes)
      .where(and(eq(contentBlocks.id, blockId), eq(contentBlocks.version, input.version)))
      .returning();
    // Another transaction committed between our read and write.
    if (!row) throw conflict('version_conflict', versionConflictMessage);
    await draftChanged(tx, row.page_id, save);
    return row;
  });
}

/** Deletes a block and closes the gap, so orders stay 1..n. */
export async function deleteBlock(db: Database, blockId: string, save: DraftSave): Promise<{ pageId: string }> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(contentBlocks).where(eq(contentBlocks.id, blockId)).limit(1);
    if (!current) throw notFound('Block');
    await lockDraft(tx, current.page_id);
    await tx.delete(contentBlocks).where(eq(contentBlocks.id, blockId));
    const rest = await tx
      .select({ id: contentBlocks.id })
      .from(contentBlocks)
      .where(eq(contentBlocks.page_id, current.page_id))
      .orderBy(asc(contentBlocks.block_order));
    for (const [index, block] of rest.entries()) {
      await tx
        .update(contentBlocks)
        .set({ block_order: index + 1 })
        .where(eq(contentBlocks.id, block.id));
    }
    await draftChanged(tx, current.page_id, save);
    return { pageId: current.page_id };
  });
}

/** Sets the page's block order to `ids` (every block exactly once) in one transaction: orders 1..n. */
export async function reorderBlocks(db: Database, pageId: string, ids: string[], save: DraftSave): Promise<BlockRow[]> {
  return db.transaction(async (tx) => {
    await lockDraft(tx, pageId);
    const existing = await tx
      .select({ id: contentBlocks.id })
      .from(contentBlocks)
      .where(eq(contentBlocks.page_id, pageId));
    const known = new Set(existing.map((row) => row.id));
    if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id))) {
      throw badRequest(
        'order_mismatch',
        'The new order must list every block of this page exactly once. Reload the page and try again.',
        'ids',
      );
    }
    for (const [index, id] of ids.entries()) {
      await tx
        .update(contentBlocks)
        .set({ block_order: index + 1 })
        .where(eq(contentBlocks.id, id));
    }
    await draftChanged(tx, pageId, save);
    return tx
      .select()
      .from(contentBlocks)
      .where(eq(contentBlocks.page_id, pageId))
      .orderBy(asc(contentBlocks.block_order));
  });
}
