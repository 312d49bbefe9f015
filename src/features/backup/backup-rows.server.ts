import { z } from 'zod';
import { AppError } from '../../server/plugins/app-error.server';
import { validateBlockData } from '../blocks/blocks.service.server';
import { isKnownBlockType } from '../blocks/registry';
import { maxAltTextLength, maxCaptionLength, maxCategoryLength, maxFolderNameLength } from '../media/media.dto';
import { cleanFilename } from '../media/file-name';
import { storedKeysOf } from '../media/media.service.server';
import { isValidMediaKey } from '../media/storage.server';
import { navigationItemInputSchema } from '../navigation/navigation.schema';
import { pageInputSchema } from '../pages/pages.schema';
import { performanceSettingsInputSchema, seoSettingsInputSchema } from '../settings/settings.schema';
import { BackupError, type BackupTable } from './backup-archive.server';

/*
 * Every row of a backup passes the rules the API applies to the same data: the same zod schemas
 * (slugs and reserved slugs, link and image URL schemes, lengths, settings formats), block data by
 * its type's schema with rich text sanitized, and the references the API checks (a block's page, a
 * navigation item's parent and image, a folder's parent). The first problem refuses the archive
 * with a message naming the table, the row and the field.
 */

type Row = Record<string, unknown>;

const id = z.uuid({ message: 'must be a UUID' });
const version = z.number().int().min(1);
const timestamp = z.iso
  .datetime({ offset: true, message: 'must be an ISO 8601 date and time' })
  .transform((value) => new Date(value));

const pageRowSchema = pageInputSchema.extend({
  id,
  sort_order: z.number().int().min(0).max(1_000_000),
  version,
  created_at: timestamp,
  updated_at: timestamp,
});

const blockRowSchema = z.object({
  id,
  page_id: id,
  block_type: z.string().max(40),
  block_data: z.unknown(),
  block_order: z.number().int().min(1),
  is_active: z.boolean(),
  version,
  created_at: timestamp,
  updated_at: timestamp,
});

const navigationRowSchema = navigationItemInputSchema.extend({
  id,
  display_order: z.number().int().min(1),
  is_active: z.boolean(),
  version,
  created_at: timestamp,
  updated_at: timestamp,
});

const folderRowSchema = z.object({
  id,
  name: z
    .string()
    .trim()
    .min(1, { message: 'Please enter a folder name.' })
    .max(maxFolderNameLength, { message: `Folder names can be at most ${maxFolderNameLength} characters.` }),
  parent_id: id.nullable(),
  created_at: timestamp,
});

const mediaKey = z.string().refine(isValidMediaKey, { message: 'must be a media file name like u/<id>.jpg' });
const mediaUrl = z
  .string()
  .refine((value) => value.startsWith('/media/') && isValidMediaKey(value.slice('/media/'.length)), {
    message: 'must be a stored media address (/media/…)',
  });
/** Blank text is stored as null, as the media API does. */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .max(max, { message: `${what} can be at most ${max} characters.` })
    .nullable()
    .transform((value) => value?.trim() || null);

const imageRowSchema = z.object({
  id,
  filename: z.string().min(1).max(255),
  storage_key: mediaKey,
  original_url: mediaUrl,
  thumbnail_url: mediaUrl.nullable(),
  webp_url: mediaUrl.nullable(),
  avif_url: mediaUrl.nullable(),
  folder_id: id.nullable(),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  file_size: z.number().int().min(0),
  alt_text: optionalText(maxAltTextLength, 'Alt text'),
  caption: optionalText(maxCaptionLength, 'Caption'),
  category: optionalText(maxCategoryLength, 'Category'),
  usage_count: z.number().int().min(0),
  seo_score: z.number().int().min(0).max(100),
  version,
  created_at: timestamp,
  updated_at: timestamp,
});

const singleRow = { id: z.literal(1, { message: 'must be 1 (the settings hold one row)' }), version };
const seoRowSchema = seoSettingsInputSchema.extend({ ...singleRow, updated_at: timestamp });
const performanceRowSchema = performanceSettingsInputSchema.extend({ ...singleRow, updated_at: timestamp });

const seedRowSchema = z.object({
  key: z.string().min(1).max(300),
  content_hash: z.string().min(1).max(200),
  seeded_at: timestamp,
});

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** "pages row 'about' (id …)", "content_blocks row (id …, text block on page 'about')", "seo_settings row". */
function describeRow(table: BackupTable, raw: Row, line: number, pageSlugs: Map<string, string>): string {
  const rowId = str(raw['id']) ?? str(raw['key']);
  const idText = rowId ? `id ${rowId}` : `line ${line}`;
  switch (table) {
    case 'pages':
      return str(raw['slug']) ? `pages row '${str(raw['slug'])}' (${idText})` : `pages row (${idText})`;
    case 'content_blocks': {
      const slug = pageSlugs.get(str(raw['page_id']) ?? '');
      const type = str(raw['block_type']);
      const what = type ? `, ${type} block${slug ? ` on page '${slug}'` : ''}` : '';
      return `content_blocks row (${idText}${what})`;
    }
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
    navigation_items: 0,
    seo_settings: 0,
    performance_settings: 0,
    seed_records: 0,
  };
  readonly warnings: string[] = [];
  private readonly ids = new Map<BackupTable, Set<string>>();
  private readonly pageSlugs = new Map<string, string>();
  private readonly slugOwners = new Map<string, string>();
  private readonly blockPages: Array<{ label: string; pageId: string }> = [];
  private readonly navigation = new Map<string, NavigationRef>();
  private readonly folders = new Map<string, FolderRef>();
  private readonly images = new Map<string, ImageRef>();
  private readonly storageKeys = new Map<string, string>();

  constructor(private readonly store: (table: BackupTable, row: Row) => Promise<void> | void) {}

  async add(table: BackupTable, raw: unknown, line: number): Promise<void> {
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new BackupError(`${table} line ${line} is not a JSON object; nothing was changed.`);
    }
    const row = raw as Row;
    const label = describeRow(table, row, line, this.pageSlugs);
    const fail = (field: string | undefined, message: string): never => {
      throw new BackupError(`${label}: ${field ? `${field}: ` : ''}${message}`);
    };
    const parse = <S extends z.ZodType>(schema: S): z.output<S> => {
      const result = schema.safeParse(row);
      if (result.success) return result.data;
      const issue = result.error.issues[0];
      const field = issue?.path.map(String).join('.');
      const message =
        issue?.code === 'invalid_type' && issue.input === undefined ? 'is missing' : (issue?.message ?? 'is not valid');
      return fail(field || undefined, message);
    };
    const rowKey = str(row['id']) ?? str(row['key']) ?? `${line}`;
    const seen = this.ids.get(table) ?? new Set<string>();
    this.ids.set(table, seen);
    if (seen.has(rowKey)) fail(table === 'seed_records' ? 'key' : 'id', 'appears twice in the backup');
    seen.add(rowKey);
    this.counts[table]++;

    switch (table) {
      case 'pages': {
        const page = parse(pageRowSchema);
        const owner = this.slugOwners.get(page.slug);
        if (owner) fail('slug', `"${page.slug}" is also the slug of page ${owner}`);
        this.slugOwners.set(page.slug, page.id);
        this.pageSlugs.set(page.id, page.slug);
        await this.store(table, {
          ...page,
          canonical_url: page.canonical_url || null,
          meta_title: page.meta_title ?? null,
          meta_description: page.meta_description ?? null,
          og_title: page.og_title ?? null,
          og_description: page.og_description ?? null,
          og_image: page.og_image ?? null,
          twitter_title: page.twitter_title ?? null,
          twitter_description: page.twitter_description ?? null,
          twitter_image: page.twitter_image ?? null,
          structured_data: page.structured_data ?? null,
        });
        return;
      }
      case 'content_blocks': {
        const block = parse(blockRowSchema);
        if (!isKnownBlockType(block.block_type)) fail('block_type', `there is no block type "${block.block_type}"`);
        let data: Record<string, unknown>;
        try {
          data = validateBlockData(block.block_type, block.block_data);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          const field = error.field ?? 'block_data';
          const message = error.message.startsWith(`${field}: `)
            ? error.message.slice(field.length + 2)
            : error.message;
          return fail(field, message);
        }
        const original = (block.block_data as Record<string, unknown> | null)?.['content'];
        if (block.block_type === 'text' && typeof original === 'string' && original !== data['content']) {
          this.warnings.push(
            `${label}: block_data.content: markup the editor does not allow was removed (as the API does on save).`,
          );
        }
        this.blockPages.push({ label, pageId: block.page_id });
        await this.store(table, { ...block, block_data: data });
        return;
      }
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
        const keys = [image.storage_key, image.thumbnail_url, image.webp_url, image.avif_url]
          .filter((value): value is string => typeof value === 'string')
          .map((value) => (value.startsWith('/media/') ? value.slice('/media/'.length) : value));
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

  /** The references between rows; `files` are the media files the archive holds. Throws on the first problem. */
  finish(files: ReadonlySet<string>): { keepFiles: Set<string> } {
    for (const block of this.blockPages) {
      if (!this.pageSlugs.has(block.pageId)) {
        throw new BackupError(`${block.label}: page_id: the page ${block.pageId} is not in the backup`);
      }
    }
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
