import type { z } from 'zod';
import { AppError } from '../../platform/http/app-error.server';
import { validateBlockData } from '../blocks/blocks.service.server';
import { isKnownBlockType, upgradeStoredBlockData } from '../blocks/registry';
import type { SnapshotBlock } from '../publishing/page-snapshot';
import { BackupError, type BackupTable } from './backup-archive.server';
import {
  blockRowSchema,
  normalizePageFields,
  pageFieldsSchema,
  pageRowSchema,
  publishedPageRowSchema,
  revisionRowSchema,
  snapshotBlockSchema,
} from './backup-row-schemas.server';

/*
 * The rows of one page family: the draft (pages, content_blocks), what visitors see
 * (published_pages) and the history (page_revisions). Page fields everywhere pass the page schema
 * the API uses; every block, also inside a live copy or a revision's snapshot, passes its block
 * type's schema with rich text sanitized. The references are checked once everything is read.
 */

type Row = Record<string, unknown>;

export type PageTable = 'pages' | 'content_blocks' | 'published_pages' | 'page_revisions';

export function isPageTable(table: BackupTable): table is PageTable {
  return table === 'pages' || table === 'content_blocks' || table === 'published_pages' || table === 'page_revisions';
}

/** One row being checked: its label for messages, and how to refuse it. */
export interface RowContext {
  label: string;
  /** Refuses the archive naming this row and the field. */
  fail(field: string | undefined, message: string): never;
  /** Parses `value` (the row when omitted); issue paths are prefixed with `prefix`. */
  parse<S extends z.ZodType>(schema: S, value?: unknown, prefix?: string): z.output<S>;
}

interface PageRef {
  slug: string;
  published: boolean;
}

interface LiveRef {
  label: string;
  slug: string;
  locale: string;
  revisionId: string;
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);

export class PageRowChecker {
  private readonly pages = new Map<string, PageRef>();
  /** Draft slug → page id. */
  private readonly slugOwners = new Map<string, string>();
  private readonly blockPages: Array<{ label: string; pageId: string }> = [];
  private readonly live = new Map<string, LiveRef>();
  /** Live slug → page id. */
  private readonly liveSlugs = new Map<string, string>();
  /** Page id → its revision numbers (small integers: cheap to keep for every revision). */
  private readonly revisionNumbers = new Map<string, Set<number>>();
  /** A revision's label per page that was not (yet) read when the revision was: checked at the end. */
  private readonly unknownRevisionPages = new Map<string, string>();
  /** Published revisions: revision id → page id (the ones a live copy may name). */
  private readonly publishedRevisions = new Map<string, string>();
  /** Pages with is_published. */
  publishedCount = 0;

  constructor(private readonly warnings: string[]) {}

  /** "pages row 'about' (id …)", "page_revisions row (id …, revision 3 of page 'about')". */
  describe(table: PageTable, raw: Row, idText: string): string {
    const slugOfPage = (value: unknown) => this.pages.get(str(value) ?? '')?.slug;
    switch (table) {
      case 'pages':
        return str(raw['slug']) ? `pages row '${str(raw['slug'])}' (${idText})` : `pages row (${idText})`;
      case 'content_blocks': {
        const slug = slugOfPage(raw['page_id']);
        const type = str(raw['block_type']);
        const what = type ? `, ${type} block${slug ? ` on page '${slug}'` : ''}` : '';
        return `content_blocks row (${idText}${what})`;
      }
      case 'published_pages':
        return str(raw['slug'])
          ? `published_pages row '${str(raw['slug'])}' (${idText})`
          : `published_pages row (${idText})`;
      case 'page_revisions': {
        const slug = slugOfPage(raw['page_id']);
        const number = typeof raw['number'] === 'number' ? raw['number'] : undefined;
        const what = number !== undefined ? `, revision ${number}${slug ? ` of page '${slug}'` : ''}` : '';
        return `page_revisions row (${idText}${what})`;
      }
    }
  }

  async add(table: PageTable, ctx: RowContext, store: (row: Row) => Promise<void> | void): Promise<void> {
    switch (table) {
      case 'pages': {
        const page = ctx.parse(pageRowSchema);
        // Slugs are unique per language (decision 44).
        const slugKey = `${page.locale}:${page.slug}`;
        const owner = this.slugOwners.get(slugKey);
        if (owner) ctx.fail('slug', `"${page.slug}" is also the slug of page ${owner}`);
        this.slugOwners.set(slugKey, page.id);
        this.pages.set(page.id, { slug: page.slug, published: page.is_published });
        if (page.is_published) this.publishedCount++;
        await store(normalizePageFields(page));
        return;
      }
      case 'content_blocks': {
        const block = ctx.parse(blockRowSchema);
        const data = this.checkBlock(ctx, block, '');
        this.blockPages.push({ label: ctx.label, pageId: block.page_id });
        await store({ ...block, block_data: data });
        return;
      }
      case 'published_pages': {
        const live = ctx.parse(publishedPageRowSchema);
        const blocks = this.checkBlocks(ctx, live.blocks, 'blocks.');
        const liveKey = `${live.locale}:${live.slug}`;
        const other = this.liveSlugs.get(liveKey);
        if (other) ctx.fail('slug', `"${live.slug}" is also the live slug of page ${other}`);
        this.liveSlugs.set(liveKey, live.page_id);
        this.live.set(live.page_id, {
          label: ctx.label,
          slug: live.slug,
          locale: live.locale,
          revisionId: live.revision_id,
        });
        await store({ ...normalizePageFields(live), blocks });
        return;
      }
      case 'page_revisions': {
        const revision = ctx.parse(revisionRowSchema);
        const page = normalizePageFields(ctx.parse(pageFieldsSchema, revision.snapshot.page, 'snapshot.page.'));
        const blocks = this.checkBlocks(ctx, revision.snapshot.blocks, 'snapshot.blocks.');
        const numbers = this.revisionNumbers.get(revision.page_id) ?? new Set<number>();
        if (numbers.has(revision.number)) {
          ctx.fail('number', `the backup holds revision ${revision.number} of this page twice`);
        }
        numbers.add(revision.number);
        this.revisionNumbers.set(revision.page_id, numbers);
        if (!this.pages.has(revision.page_id) && !this.unknownRevisionPages.has(revision.page_id)) {
          this.unknownRevisionPages.set(revision.page_id, ctx.label);
        }
        if (revision.kind === 'published') this.publishedRevisions.set(revision.id, revision.page_id);
        await store({ ...revision, snapshot: { page, blocks } });
        return;
      }
    }
  }

  /**
   * The references between the page tables. `liveCopies` is false for archives made before drafts
   * existed: they hold no live copies, and the restore publishes every published page's draft.
   */
  finish(options: { liveCopies: boolean }): void {
    for (const block of this.blockPages) {
      if (!this.pages.has(block.pageId)) {
        throw new BackupError(`${block.label}: page_id: the page ${block.pageId} is not in the backup`);
      }
    }
    for (const pageId of this.revisionNumbers.keys()) {
      if (!this.pages.has(pageId)) {
        const label = this.unknownRevisionPages.get(pageId) ?? `page_revisions row (page_id ${pageId})`;
        throw new BackupError(`${label}: page_id: the page ${pageId} is not in the backup`);
      }
    }
    for (const [pageId, live] of this.live) {
      const page = this.pages.get(pageId);
      if (!page) throw new BackupError(`${live.label}: page_id: the page ${pageId} is not in the backup`);
      if (!page.published) {
        throw new BackupError(
          `${live.label}: page_id: the page '${page.slug}' is not published (is_published is false), so visitors cannot see a copy of it`,
        );
      }
      if (this.publishedRevisions.get(live.revisionId) !== pageId) {
        throw new BackupError(
          `${live.label}: revision_id: the backup holds no published revision ${live.revisionId} of this page`,
        );
      }
      const owner = this.slugOwners.get(`${live.locale}:${live.slug}`);
      if (owner !== undefined && owner !== pageId) {
        throw new BackupError(`${live.label}: slug: "${live.slug}" is the slug of page ${owner}`);
      }
    }
    if (!options.liveCopies) return;
    for (const [pageId, page] of this.pages) {
      if (page.published && !this.live.has(pageId)) {
        throw new BackupError(
          `pages row '${page.slug}' (id ${pageId}): is_published: the page is published but the backup holds no copy of it for visitors (published_pages)`,
        );
      }
    }
  }

  /** A block's data by its type's schema, rich text sanitized (and reported when that changed it). */
  private checkBlock(
    ctx: RowContext,
    block: { block_type: string; block_data: unknown },
    prefix: string,
  ): Record<string, unknown> {
    if (!isKnownBlockType(block.block_type)) {
      ctx.fail(`${prefix}block_type`, `there is no block type "${block.block_type}"`);
    }
    let data: Record<string, unknown>;
    try {
      // An archive from an older version holds the old shapes (emoji icons); they come in as today's.
      data = validateBlockData(block.block_type, upgradeStoredBlockData(block.block_type, block.block_data));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const field = error.field ?? 'block_data';
      const message = error.message.startsWith(`${field}: `) ? error.message.slice(field.length + 2) : error.message;
      return ctx.fail(`${prefix}${field}`, message);
    }
    const original = (block.block_data as Record<string, unknown> | null)?.['content'];
    if (block.block_type === 'text' && typeof original === 'string' && original !== data['content']) {
      this.warnings.push(
        `${ctx.label}: ${prefix}block_data.content: markup the editor does not allow was removed (as the API does on save).`,
      );
    }
    return data;
  }

  /** The blocks of a live copy or a snapshot: each one checked, no id twice. */
  private checkBlocks(ctx: RowContext, blocks: unknown[], prefix: string): SnapshotBlock[] {
    const ids = new Set<string>();
    return blocks.map((raw, index) => {
      const at = `${prefix}${index}.`;
      const block = ctx.parse(snapshotBlockSchema, raw, at);
      if (ids.has(block.id)) ctx.fail(`${at}id`, 'the same block appears twice in this page');
      ids.add(block.id);
      return { ...block, block_data: this.checkBlock(ctx, block, at) };
    });
  }
}
