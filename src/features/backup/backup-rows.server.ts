import type { z } from 'zod';
import { cleanFilename } from '../media/file-name';
import { storedKeysOf } from '../media/media.service.server';
import { variantUrlsOf } from '../media/media-usage.server';
import { BackupError, type BackupTable } from './backup-archive.server';
import { isPageTable, PageRowChecker, type RowContext } from './backup-page-rows.server';
import {
  folderRowSchema,
  imageRowSchema,
  navigationRowSchema,
  performanceRowSchema,
  seedRowSchema,
  seoRowSchema,
} from './backup-row-schemas.server';

/*
 * Every row of a backup passes the rules the API applies to the same data: the same zod schemas
 * (slugs and reserved slugs, link and image URL schemes, lengths, settings formats), block data by
 * its type's schema with rich text sanitized, and the references the API checks (a block's page, a
 * navigation item's parent and image, a folder's parent). The first problem refuses the archive
 * with a message naming the table, the row and the field. Pages, their blocks, live copies and
 * revisions are checked in backup-page-rows.server.ts; schemas live in backup-row-schemas.server.ts.
 */

type Row = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The key a row is known by: its id, a live copy's page_id, a seed record's key. */
function rowKeyOf(table: BackupTable, raw: Row): string | undefined {
  return str(table === 'published_pages' ? raw['page_id'] : raw['id']) ?? str(raw['key']);
}

/** "images row 'pit.jpg' (id …)", "seo_settings row"; the page tables describe their own rows. */
function describeRow(table: BackupTable, raw: Row, line: number, pageRows: PageRowChecker): string {
  const rowId = rowKeyOf(table, raw);
  const idText = rowId ? `${table === 'published_pages' ? 'page_id' : 'id'} ${rowId}` : `line ${line}`;
  if (isPageTable(table)) return pageRows.describe(table, raw, idText);
  switch (table) {
    case 'navigation_items':
      return str(raw['title'])
        ? `navigation_items row '${str(raw['title'])}' (${idText})`
        : `navigation_items row (${idText})`;
    case 'images':
      return str(raw['filename']) ? `images row '${str(raw['filename'])}' (${idText})` : `images row (${idText})`;
    case 'media_folders':
      return str(raw['name']) ? `media_folders row '${str(raw['name'])}' (${idText})` : `media_folders row (${idText})`;
    case 'seed_records':
      return `seed_records row '${rowId ?? line}'`;
    default:
      return `${table} row`;
  }
}

interface NavigationRef {
  label: string;
  parentId: string | null;
  menu: string;
  imageId: string | null;
}

interface FolderRef {
  label: string;
  parentId: string | null;
  name: string;
}

interface ImageRef {
  label: string;
  folderId: string | null;
  /** Files the row names (its URLs and storage key). */
  keys: string[];
  /** Files the API would also look for (variants implied by the storage key). */
  implied: string[];
}

export type RowCounts = Record<BackupTable, number>;

/**
 * Checks rows one at a time as they are read (keeping only ids and references), hands every
 * normalized row to `store`, and checks the references between tables once everything is read.
 */
export class BackupRowChecker {
  readonly counts: RowCounts = {
    media_folders: 0,
    images: 0,
    pages: 0,
    content_blocks: 0,
    published_pages: 0,
    page_revisions: 0,
    navigation_items: 0,
    seo_settings: 0,
    performance_settings: 0,
    seed_records: 0,
  };
  readonly warnings: string[] = [];
  private readonly ids = new Map<BackupTable, Set<string>>();
  private readonly pageRows = new PageRowChecker(this.warnings);
  private readonly navigation = new Map<string, NavigationRef>();
  private readonly folders = new Map<string, FolderRef>();
  private readonly images = new Map<string, ImageRef>();
  private readonly storageKeys = new Map<string, string>();

  constructor(private readonly store: (table: BackupTable, row: Row) => Promise<void> | void) {}

  /** Pages with is_published: the ones an archive made before drafts puts live when restored. */
  get publishedPageCount(): number {
    return this.pageRows.publishedCount;
  }

  async add(table: BackupTable, raw: unknown, line: number): Promise<void> {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new BackupError(`${table} line ${line} is not a JSON object; nothing was changed.`);
    }
    const row = raw as Row;
    const label = describeRow(table, row, line, this.pageRows);
    const fail = (field: string | undefined, message: string): never => {
      throw new BackupError(`${label}: ${field ? `${field}: ` : ''}${message}`);
    };
    const parse = <S extends z.ZodType>(schema: S, value: unknown = row, prefix = ''): z.output<S> => {
      const result = schema.safeParse(value);
      if (result.success) return result.data;
      const issue = result.error.issues[0];
      const field = issue?.path.map(String).join('.');
      const message =
        issue?.code === 'invalid_type' && issue.input === undefined ? 'is missing' : (issue?.message ?? 'is not valid');
      return fail(field ? `${prefix}${field}` : prefix.replace(/\.$/, '') || undefined, message);
    };
    const rowKey = rowKeyOf(table, row) ?? `${line}`;
    const seen = this.ids.get(table) ?? new Set<string>();
    this.ids.set(table, seen);
    if (seen.has(rowKey)) {
      fail(
        table === 'seed_records' ? 'key' : table === 'published_pages' ? 'page_id' : 'id',
        'appears twice in the backup',
      );
    }
    seen.add(rowKey);
    this.counts[table]++;

    if (isPageTable(table)) {
      const context: RowContext = { label, fail, parse };
      await this.pageRows.add(table, context, (normalized) => this.store(table, normalized));
      return;
    }
    switch (table) {
      case 'navigation_items': {
        const item = parse(navigationRowSchema);
        this.navigation.set(item.id, {
          label,
          parentId: item.parent_id ?? null,
          menu: item.menu_type,
          imageId: item.image_id ?? null,
        });
        await this.store(table, { ...item, parent_id: item.parent_id ?? null, image_id: item.image_id ?? null });
        return;
      }
      case 'media_folders': {
        const folder = parse(folderRowSchema);
        this.folders.set(folder.id, { label, parentId: folder.parent_id, name: folder.name });
        await this.store(table, folder);
        return;
      }
      case 'images': {
        const image = parse(imageRowSchema);
        const filename = cleanFilename(image.filename);
        if (image.original_url !== `/media/${image.storage_key}`) {
          fail('original_url', `must be /media/${image.storage_key} (the address of its storage_key)`);
        }
        const other = this.storageKeys.get(image.storage_key);
        if (other) fail('storage_key', `"${image.storage_key}" is also the storage_key of image ${other}`);
        this.storageKeys.set(image.storage_key, image.id);
        const keys = [image.storage_key, ...variantUrlsOf(image)].map((value) =>
          value.startsWith('/media/') ? value.slice('/media/'.length) : value,
        );
        this.images.set(image.id, {
          label,
          folderId: image.folder_id,
          keys: [...new Set(keys)],
          implied: storedKeysOf(image),
        });
        // seo_score is kept as it was: the API computes the score shown from the fields on every read.
        await this.store(table, { ...image, filename });
        return;
      }
      case 'seo_settings':
        await this.store(table, parse(seoRowSchema));
        return;
      case 'performance_settings':
        await this.store(table, parse(performanceRowSchema));
        return;
      case 'seed_records':
        await this.store(table, parse(seedRowSchema));
        return;
    }
  }

  /**
   * The references between rows; `files` are the media files the archive holds, `liveCopies` says
   * whether the archive holds published_pages (version 3 on). Throws on the first problem.
   */
  finish(files: ReadonlySet<string>, options: { liveCopies: boolean }): { keepFiles: Set<string> } {
    this.pageRows.finish(options);
    for (const [itemId, item] of this.navigation) {
      if (item.parentId !== null) {
        const parent = this.navigation.get(item.parentId);
        if (!parent)
          throw new BackupError(`${item.label}: parent_id: the parent item ${item.parentId} is not in the backup`);
        if (parent.menu !== item.menu) {
          throw new BackupError(
            `${item.label}: parent_id: the parent item belongs to the ${parent.menu} menu, this item to the ${item.menu} menu`,
          );
        }
      }
      if (item.imageId !== null && !this.images.has(item.imageId)) {
        throw new BackupError(`${item.label}: image_id: the image ${item.imageId} is not in the backup`);
      }
      this.refuseCycle(itemId, this.navigation);
    }
    const siblingNames = new Map<string, string>();
    for (const [folderId, folder] of this.folders) {
      if (folder.parentId !== null && !this.folders.has(folder.parentId)) {
        throw new BackupError(`${folder.label}: parent_id: the folder ${folder.parentId} is not in the backup`);
      }
      this.refuseCycle(folderId, this.folders);
      const sibling = `${folder.parentId ?? ''}/${folder.name.toLowerCase()}`;
      if (siblingNames.has(sibling)) {
        throw new BackupError(`${folder.label}: name: a folder named "${folder.name}" already exists beside it`);
      }
      siblingNames.set(sibling, folderId);
    }
    const keepFiles = new Set<string>();
    for (const image of this.images.values()) {
      if (image.folderId !== null && !this.folders.has(image.folderId)) {
        throw new BackupError(`${image.label}: folder_id: the folder ${image.folderId} is not in the backup`);
      }
      for (const key of image.keys) {
        if (!files.has(key))
          this.warnings.push(`${image.label}: the file ${key} is not in the backup (it will be missing).`);
      }
      for (const key of image.implied) if (files.has(key)) keepFiles.add(key);
    }
    const stray = [...files].filter((key) => !keepFiles.has(key));
    if (stray.length > 0) {
      this.warnings.push(
        `${stray.length} media file${stray.length === 1 ? '' : 's'} in the backup belong${stray.length === 1 ? 's' : ''} to no image and will not be restored (${stray.slice(0, 3).join(', ')}${stray.length > 3 ? ', …' : ''}).`,
      );
    }
    return { keepFiles };
  }

  private refuseCycle(start: string, rows: Map<string, { label: string; parentId: string | null }>): void {
    const visited = new Set<string>([start]);
    let current = rows.get(start)?.parentId ?? null;
    while (current !== null) {
      if (visited.has(current)) {
        throw new BackupError(`${rows.get(start)?.label ?? start}: parent_id: the parents form a cycle`);
      }
      visited.add(current);
      current = rows.get(current)?.parentId ?? null;
    }
  }
}
