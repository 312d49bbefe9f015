import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../platform/db/client.server';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/app-error.server';
import { versionConflictMessage } from '../../platform/http/app-error.server';
import { decodeTimeCursor, encodeTimeCursor } from '../../platform/db/list-cursor.server';
import { defaultPerformanceSettings } from '../settings/settings.dto';
import { performanceSettings } from '../settings/settings.table';
import { cleanFilename } from './file-name';
import { mediumKeys, processImage, storageStem, uploadKeys, type ImageSource } from './image-pipeline.server';
import { scoreImageSeo } from './image-seo';
import {
  maxFolderNameLength,
  uploadErrorMessages,
  type BulkMoveImagesInput,
  type ImageDto,
  type ImageInUse,
  type MediaFolderDto,
  type UpdateFolderInput,
  type UpdateImageInput,
} from './media.dto';
import { findWhereImagesAreUsed, refreshImageUsage, variantUrlsOf, type VariantUrlColumn } from './media-usage.server';
import { images, mediaFolders, type ImageRow, type MediaFolderRow } from './media.table';
import { contentTypeForKey, isValidMediaKey, mediaUrlOf, type MediaStore } from './storage.server';

export interface MediaDeps {
  db: Database;
  media: MediaStore;
  log: FastifyBaseLogger;
}

export function toImageDto(row: ImageRow): ImageDto {
  const seo = scoreImageSeo(row);
  return {
    id: row.id,
    filename: row.filename,
    original_url: row.original_url,
    thumbnail_url: row.thumbnail_url,
    webp_url: row.webp_url,
    avif_url: row.avif_url,
    medium_webp_url: row.medium_webp_url,
    medium_avif_url: row.medium_avif_url,
    folder_id: row.folder_id,
    width: row.width,
    height: row.height,
    file_size: row.file_size,
    alt_text: row.alt_text,
    caption: row.caption,
    alt_text_es: row.alt_text_es,
    caption_es: row.caption_es,
    category: row.category,
    focal_point: { x: row.focal_x, y: row.focal_y },
    usage_count: row.usage_count,
    seo_score: seo.score,
    seo_reasons: seo.reasons,
    version: row.version,
    created_at: row.created_at.toISOString(),
  };
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (character) => `\\${character}`);

/** Blank or whitespace-only text is stored as null. */
const textOrNull = (value: string | null | undefined) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export interface ImageFilter {
  /** A folder id, or 'none' for images in no folder. */
  folder?: string | undefined;
  /** Matches file name, alt text or caption, English or Spanish (case-insensitive substring). */
  q?: string | undefined;
}

function imageFilterConditions(filter: ImageFilter): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (filter.folder === 'none') conditions.push(isNull(images.folder_id));
  else if (filter.folder) conditions.push(eq(images.folder_id, filter.folder));
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${escapeLike(q)}%`;
    conditions.push(
      or(
        ilike(images.filename, pattern),
        ilike(images.alt_text, pattern),
        ilike(images.caption, pattern),
        ilike(images.alt_text_es, pattern),
        ilike(images.caption_es, pattern),
      ),
    );
  }
  return conditions;
}

/** The rows of these ids in this order, usage_count computed now. */
async function freshRowsInOrder(db: Database, ids: string[]): Promise<ImageRow[]> {
  const fresh = new Map((await refreshImageUsage(db, ids)).map((row) => [row.id, row]));
  return ids.map((id) => fresh.get(id)).filter((row): row is ImageRow => row !== undefined);
}

/**
 * Images newest first; `folder` is a folder id or 'none' (not in a folder); `q` matches file
 * name, alt text or caption, English or Spanish (case-insensitive substring). usage_count is
 * computed on read.
 */
export async function listImages(db: Database, filter: ImageFilter): Promise<ImageRow[]> {
  const rows = await db
    .select({ id: images.id })
    .from(images)
    .where(and(...imageFilterConditions(filter)))
    .orderBy(desc(images.created_at), desc(images.id));
  return freshRowsInOrder(
    db,
    rows.map((row) => row.id),
  );
}

/* The cursor keeps created_at to the microsecond: images uploaded together share milliseconds. */
const createdAtMicroseconds = sql<string>`to_char(${images.created_at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of the same list (keyset on created_at and id, newest first); only this page's usage
 * is computed. `cursor` is the previous page's next_cursor.
 */
export async function listImagePage(
  db: Database,
  filter: ImageFilter & { limit: number; cursor?: string | undefined },
): Promise<{ items: ImageRow[]; next_cursor: string | null }> {
  const conditions = imageFilterConditions(filter);
  if (filter.cursor) {
    const after = decodeTimeCursor(filter.cursor);
    conditions.push(sql`(${images.created_at}, ${images.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({ id: images.id, cursorAt: createdAtMicroseconds })
    .from(images)
    .where(and(...conditions))
    .orderBy(desc(images.created_at), desc(images.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return {
    items: await freshRowsInOrder(
      db,
      page.map((row) => row.id),
    ),
    next_cursor: rows.length > filter.limit && last ? encodeTimeCursor(last.cursorAt, last.id) : null,
  };
}

export async function getImage(db: Database, id: string): Promise<ImageRow> {
  const [row] = await refreshImageUsage(db, [id]);
  if (!row) throw notFound('Image');
  return row;
}

async function requireFolder(db: Database, folderId: string, field: string): Promise<MediaFolderRow> {
  const [folder] = await db.select().from(mediaFolders).where(eq(mediaFolders.id, folderId)).limit(1);
  if (!folder) throw badRequest('folder_not_found', 'That folder does not exist (it may have been deleted).', field);
  return folder;
}

export async function readPipelineSettings(db: Database) {
  const [row] = await db.select().from(performanceSettings).where(eq(performanceSettings.id, 1)).limit(1);
  const settings = row ?? defaultPerformanceSettings;
  return { quality: settings.image_quality, webp: settings.enable_webp, avif: settings.enable_avif };
}

/** Decision 29: a refused write is reported as a permission problem only when it is one. */
function storageFailure(error: unknown, log: FastifyBaseLogger): AppError {
  const candidate = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
  const permission =
    ['EACCES', 'EPERM', 'EROFS'].includes(String(candidate.code)) ||
    ['AccessDenied', 'Forbidden', 'AllAccessDisabled'].includes(String(candidate.name)) ||
    candidate.$metadata?.httpStatusCode === 403;
  log.error({ err: error }, 'storing an uploaded image failed');
  const code = permission ? 'storage_permission_denied' : 'upload_failed';
  return new AppError(500, code, uploadErrorMessages[code].message);
}

export interface UploadedFile {
  /** The name the browser sent (cleaned before it is stored). */
  filename: string;
  /** The bytes, or (uploads) the temporary file they were spooled to. */
  source: ImageSource;
}

export interface UploadFields {
  folder_id: string | null;
  alt_text: string | null;
  caption: string | null;
}

/**
 * One upload: checked and processed by the pipeline, every variant written to the store under
 * u/<uuid>…, then the row inserted. Files are removed again if anything after the first write fails.
 */
export async function uploadImage(deps: MediaDeps, file: UploadedFile, fields: UploadFields): Promise<ImageRow> {
  if (fields.folder_id) await requireFolder(deps.db, fields.folder_id, 'folder_id');
  const processed = await processImage(file.source, await readPipelineSettings(deps.db));
  const id = randomUUID();
  const keys = uploadKeys(id);
  const files: [string, Buffer][] = [
    [keys.jpeg, processed.jpeg],
    [keys.thumbnail, processed.thumbnail.data],
  ];
  if (processed.webp) files.push([keys.webp, processed.webp]);
  if (processed.avif) files.push([keys.avif, processed.avif]);
  if (processed.medium.webp) files.push([keys.mediumWebp, processed.medium.webp]);
  if (processed.medium.avif) files.push([keys.mediumAvif, processed.medium.avif]);
  const written: string[] = [];
  try {
    for (const [key, data] of files) {
      await deps.media.put(key, data, contentTypeForKey(key));
      written.push(key);
    }
  } catch (error) {
    await removeFiles(deps, written);
    throw storageFailure(error, deps.log);
  }
  const url = mediaUrlOf;
  const values = {
    id,
    filename: cleanFilename(file.filename),
    storage_key: keys.jpeg,
    original_url: url(keys.jpeg),
    thumbnail_url: url(keys.thumbnail),
    webp_url: processed.webp ? url(keys.webp) : null,
    avif_url: processed.avif ? url(keys.avif) : null,
    medium_webp_url: processed.medium.webp ? url(keys.mediumWebp) : null,
    medium_avif_url: processed.medium.avif ? url(keys.mediumAvif) : null,
    folder_id: fields.folder_id,
    width: processed.width,
    height: processed.height,
    file_size: processed.fileSize,
    alt_text: textOrNull(fields.alt_text),
    caption: textOrNull(fields.caption),
    category: null,
    usage_count: 0,
  };
  try {
    await deps.db.insert(images).values({ ...values, seo_score: scoreImageSeo(values).score });
  } catch (error) {
    await removeFiles(deps, written);
    throw error;
  }
  const [row] = await refreshImageUsage(deps.db, [id]);
  return row!;
}

export async function updateImage(db: Database, id: string, input: UpdateImageInput): Promise<ImageRow> {
  const [current] = await db.select().from(images).where(eq(images.id, id)).limit(1);
  if (!current) throw notFound('Image');
  if (current.version !== input.version) throw conflict('version_conflict', versionConflictMessage);
  if (input.folder_id) await requireFolder(db, input.folder_id, 'folder_id');
  const changes: Partial<ImageRow> = { version: current.version + 1, updated_at: new Date() };
  if (input.alt_text !== undefined) changes.alt_text = textOrNull(input.alt_text);
  if (input.caption !== undefined) changes.caption = textOrNull(input.caption);
  if (input.alt_text_es !== undefined) changes.alt_text_es = textOrNull(input.alt_text_es);
  if (input.caption_es !== undefined) changes.caption_es = textOrNull(input.caption_es);
  if (input.category !== undefined) changes.category = textOrNull(input.category);
  if (input.folder_id !== undefined) changes.folder_id = input.folder_id;
  if (input.focal_point !== undefined) {
    changes.focal_x = input.focal_point.x;
    changes.focal_y = input.focal_point.y;
  }
  changes.seo_score = scoreImageSeo({ ...current, ...changes }).score;
  const [row] = await db
    .update(images)
    .set(changes)
    .where(and(eq(images.id, id), eq(images.version, input.version)))
    .returning({ id: images.id });
  // Another request saved between our read and write.
  if (!row) throw conflict('version_conflict', versionConflictMessage);
  return getImage(db, id);
}

/** Every stored file of an image: its URLs' keys plus the variants its storage key implies. */
export function storedKeysOf(row: Pick<ImageRow, 'storage_key' | VariantUrlColumn>) {
  const keys = new Set<string>([row.storage_key]);
  const stem = storageStem(row.storage_key);
  for (const suffix of ['.jpg', '.webp', '.avif', '-thumb.webp']) keys.add(`${stem}${suffix}`);
  for (const key of Object.values(mediumKeys(stem))) keys.add(key);
  for (const url of variantUrlsOf(row)) {
    if (url.startsWith('/media/')) keys.add(url.slice('/media/'.length));
  }
  return [...keys].filter(isValidMediaKey);
}

async function removeFiles(deps: MediaDeps, keys: string[]): Promise<void> {
  for (const key of keys) {
    try {
      await deps.media.delete(key);
    } catch (error) {
      deps.log.error({ err: error, key }, 'removing a stored image file failed');
    }
  }
}

/**
 * Deletes the row, then every file of the image. A used image is deleted too (the admin warns
 * with usage_count first); navigation items using it keep their place without an image.
 */
export async function deleteImage(deps: MediaDeps, id: string): Promise<ImageRow> {
  const [row] = await deps.db.delete(images).where(eq(images.id, id)).returning();
  if (!row) throw notFound('Image');
  await removeFiles(deps, storedKeysOf(row));
  return row;
}

// Bulk work (decision 034) ----------------------------------------------------------------------

/** The ids of the request that name no image, in the request's order. */
function missingIds(requested: readonly string[], found: readonly { id: string }[]): string[] {
  const present = new Set(found.map((row) => row.id.toLowerCase()));
  return requested.filter((id) => !present.has(id.toLowerCase()));
}

/**
 * Moves the images that exist into a folder (null: out of any folder) in one statement; ids
 * that name no image are reported, not refused (they were deleted meanwhile, nothing to move).
 * A folder that does not exist refuses the whole request (404 folder_not_found). Each moved
 * image's version goes up, so an Edit Image dialog open on it reloads instead of moving it back.
 */
export async function bulkMoveImages(
  db: Database,
  input: BulkMoveImagesInput,
): Promise<{ moved: number; not_found: string[] }> {
  if (input.folder_id) {
    const [folder] = await db
      .select({ id: mediaFolders.id })
      .from(mediaFolders)
      .where(eq(mediaFolders.id, input.folder_id))
      .limit(1);
    if (!folder) {
      throw new AppError(
        404,
        'folder_not_found',
        'That folder does not exist (it may have been deleted). Choose another folder.',
        'folder_id',
      );
    }
  }
  const moved = await db
    .update(images)
    .set({ folder_id: input.folder_id, version: sql`${images.version} + 1`, updated_at: new Date() })
    .where(inArray(images.id, input.ids))
    .returning({ id: images.id });
  return { moved: moved.length, not_found: missingIds(input.ids, moved) };
}

export type BulkDeleteOutcome =
  { kind: 'deleted'; deleted: ImageRow[]; not_found: string[] } | { kind: 'in_use'; in_use: ImageInUse[] };

/**
 * Deletes all the images that exist, or none: when any of them is used (the places usage_count
 * counts), nothing is deleted and the used ones are returned with where they are used. Checking
 * and deleting happen in one transaction; the files go after it committed (removeFiles logs the
 * ones it could not remove). Ids that name no image are reported, not refused.
 */
export async function bulkDeleteImages(deps: MediaDeps, ids: readonly string[]): Promise<BulkDeleteOutcome> {
  const outcome = await deps.db.transaction(async (tx): Promise<BulkDeleteOutcome> => {
    // Locked, so a concurrent edit of these rows waits for the decision.
    const rows = await tx
      .select()
      .from(images)
      .where(inArray(images.id, [...ids]))
      .for('update');
    const whereUsed = await findWhereImagesAreUsed(tx, rows);
    if (whereUsed.size > 0) {
      const inUse = rows
        .filter((row) => whereUsed.has(row.id))
        .sort((a, b) => a.filename.localeCompare(b.filename) || a.id.localeCompare(b.id))
        .map((row) => {
          const where = whereUsed.get(row.id)!;
          return { id: row.id, filename: row.filename, used_on: where.pages, used_elsewhere: where.elsewhere };
        });
      return { kind: 'in_use', in_use: inUse };
    }
    const deleted =
      rows.length === 0
        ? []
        : await tx
            .delete(images)
            .where(inArray(images.id, [...ids]))
            .returning();
    return { kind: 'deleted', deleted, not_found: missingIds(ids, deleted) };
  });
  if (outcome.kind === 'deleted') {
    for (const row of outcome.deleted) await removeFiles(deps, storedKeysOf(row));
  }
  return outcome;
}

// Folders ----------------------------------------------------------------------------------------

export function toFolderDto(row: MediaFolderRow & { image_count?: number }): MediaFolderDto {
  return {
    id: row.id,
    name: row.name,
    parent_id: row.parent_id,
    image_count: row.image_count ?? 0,
    created_at: row.created_at.toISOString(),
  };
}

export async function listFolders(db: Database): Promise<MediaFolderDto[]> {
  const counts = db
    .select({ folder_id: images.folder_id, total: count().as('total') })
    .from(images)
    .groupBy(images.folder_id)
    .as('counts');
  const rows = await db
    .select({ folder: mediaFolders, total: counts.total })
    .from(mediaFolders)
    .leftJoin(counts, eq(counts.folder_id, mediaFolders.id))
    .orderBy(asc(sql`lower(${mediaFolders.name})`), asc(mediaFolders.name), asc(mediaFolders.id));
  return rows.map(({ folder, total }) => toFolderDto({ ...folder, image_count: Number(total ?? 0) }));
}

function folderName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw badRequest('missing_name', 'Please enter a folder name.', 'name');
  if (trimmed.length > maxFolderNameLength) {
    throw badRequest('invalid_input', `Folder names can be at most ${maxFolderNameLength} characters.`, 'name');
  }
  return trimmed;
}

async function refuseDuplicateName(db: Database, name: string, parentId: string | null, exceptId?: string) {
  const [existing] = await db
    .select({ id: mediaFolders.id })
    .from(mediaFolders)
    .where(
      and(
        sql`lower(${mediaFolders.name}) = lower(${name})`,
        parentId ? eq(mediaFolders.parent_id, parentId) : isNull(mediaFolders.parent_id),
        exceptId ? ne(mediaFolders.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (existing) throw conflict('folder_name_taken', `A folder named "${name}" already exists here.`, 'name');
}

export async function createFolder(
  db: Database,
  input: { name: string; parent_id?: string | null | undefined },
): Promise<MediaFolderDto> {
  const name = folderName(input.name);
  const parentId = input.parent_id ?? null;
  if (parentId) await requireFolder(db, parentId, 'parent_id');
  await refuseDuplicateName(db, name, parentId);
  const [row] = await db.insert(mediaFolders).values({ name, parent_id: parentId }).returning();
  return toFolderDto(row!);
}

export async function renameFolder(db: Database, id: string, input: UpdateFolderInput): Promise<MediaFolderDto> {
  const [current] = await db.select().from(mediaFolders).where(eq(mediaFolders.id, id)).limit(1);
  if (!current) throw notFound('Folder');
  // A body without a name changes nothing (decision 45): the folder keeps its name.
  const name = input.name === undefined ? current.name : folderName(input.name);
  if (input.name !== undefined) {
    await refuseDuplicateName(db, name, current.parent_id, id);
    await db.update(mediaFolders).set({ name }).where(eq(mediaFolders.id, id));
  }
  const folders = await listFolders(db);
  return folders.find((folder) => folder.id === id) ?? toFolderDto({ ...current, name });
}

/** Deletes a folder and its subfolders (FK cascade); their images stay, with folder_id null (FK set null). */
export async function deleteFolder(db: Database, id: string): Promise<void> {
  const [row] = await db.delete(mediaFolders).where(eq(mediaFolders.id, id)).returning({ id: mediaFolders.id });
  if (!row) throw notFound('Folder');
}
