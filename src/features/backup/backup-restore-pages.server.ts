import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { users } from '../auth/auth.table';
import { contentBlocks } from '../blocks/blocks.table';
import { pages } from '../pages/pages.table';
import { publishDraft, readDraftSnapshot, recordRevision, seedActor } from '../publishing/publishing.service.server';
import { pageRevisions, publishedPages } from '../publishing/publishing.table';
import type { BackupTable } from './backup-archive.server';

/*
 * Writing the page tables of a staged backup: drafts, live copies and revisions as the archive
 * holds them; for an archive made before drafts existed, the live copies and first revisions are
 * made the way the migration to drafts made them (db/migrations/0004_editorial_workflow.sql).
 */

type Row = Record<string, unknown>;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Timestamp columns per table: staged rows hold them as ISO strings (or null). */
const dateColumns: Record<BackupTable, string[]> = {
  pages: ['created_at', 'updated_at', 'published_at', 'publish_at', 'unpublish_at', 'deleted_at'],
  content_blocks: ['created_at', 'updated_at'],
  published_pages: ['published_at'],
  page_revisions: ['created_at'],
  navigation_items: ['created_at', 'updated_at'],
  media_folders: ['created_at'],
  images: ['created_at', 'updated_at'],
  seo_settings: ['updated_at'],
  performance_settings: ['updated_at'],
  seed_records: ['seeded_at'],
};

/** Reads a staged table back in batches (rows were checked when staged). */
export async function* stagedRows(file: string, table: BackupTable, batchSize: number): AsyncGenerator<Row[]> {
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  let batch: Row[] = [];
  for await (const line of lines) {
    if (!line) continue;
    const row = JSON.parse(line) as Row;
    for (const column of dateColumns[table]) {
      if (typeof row[column] === 'string') row[column] = new Date(row[column]);
    }
    batch.push(row);
    if (batch.length >= batchSize) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/**
 * Accounts are not in backups (decision 46): a revision keeps its author's id only when that
 * account exists here; otherwise the id is cleared and author_name still names the person.
 */
class AuthorIds {
  private readonly known = new Map<string, boolean>();

  constructor(private readonly tx: Transaction) {}

  async keep(rows: Row[]): Promise<Row[]> {
    const asked = [
      ...new Set(rows.map((row) => row['author_id']).filter((value): value is string => typeof value === 'string')),
    ].filter((value) => !this.known.has(value));
    if (asked.length > 0) {
      const found = await this.tx.select({ id: users.id }).from(users).where(inArray(users.id, asked));
      const present = new Set(found.map((row) => row.id));
      for (const value of asked) this.known.set(value, present.has(value));
    }
    return rows.map((row) =>
      typeof row['author_id'] === 'string' && !this.known.get(row['author_id']) ? { ...row, author_id: null } : row,
    );
  }
}

export async function insertPageTables(
  tx: Transaction,
  files: Record<'pages' | 'content_blocks' | 'published_pages' | 'page_revisions', string>,
): Promise<void> {
  // A translation names its English page, which may come later in the file: translations go in
  // once every English page is in (page rows hold no blocks, so holding them back is small).
  const translations: Array<typeof pages.$inferInsert> = [];
  for await (const batch of stagedRows(files.pages, 'pages', 100)) {
    const rows = batch as Array<typeof pages.$inferInsert>;
    translations.push(...rows.filter((row) => row.translation_of));
    const english = rows.filter((row) => !row.translation_of);
    if (english.length > 0) await tx.insert(pages).values(english);
  }
  for (let start = 0; start < translations.length; start += 100) {
    await tx.insert(pages).values(translations.slice(start, start + 100));
  }
  for await (const batch of stagedRows(files.content_blocks, 'content_blocks', 100)) {
    await tx.insert(contentBlocks).values(batch as Array<typeof contentBlocks.$inferInsert>);
  }
  // A live copy and a revision hold a whole page: a few at a time.
  for await (const batch of stagedRows(files.published_pages, 'published_pages', 10)) {
    await tx.insert(publishedPages).values(batch as Array<typeof publishedPages.$inferInsert>);
  }
  const authors = new AuthorIds(tx);
  for await (const batch of stagedRows(files.page_revisions, 'page_revisions', 10)) {
    await tx.insert(pageRevisions).values((await authors.keep(batch)) as Array<typeof pageRevisions.$inferInsert>);
  }
}

export const beforeDraftsNote = 'The page as it was before drafts and revisions existed';

/**
 * For an archive made before drafts existed (no live copies, no revisions): every page gets a
 * first revision of its draft, 'published' with a live copy when the page is published, 'saved'
 * otherwise, dated when the page was last changed, by 'Cenote Atlas'. As the migration did it.
 */
export async function publishFromDrafts(tx: Transaction): Promise<void> {
  const rows = await tx.select().from(pages).orderBy(asc(pages.id));
  for (const page of rows) {
    const at = page.updated_at;
    if (page.is_published) {
      const { page: published } = await publishDraft(tx, page, seedActor, beforeDraftsNote);
      await tx.update(publishedPages).set({ published_at: at }).where(eq(publishedPages.page_id, page.id));
      await tx.update(pages).set({ published_at: at }).where(eq(pages.id, published.id));
    } else {
      await recordRevision(tx, page.id, {
        kind: 'saved',
        actor: seedActor,
        snapshot: await readDraftSnapshot(tx, page),
        note: beforeDraftsNote,
      });
    }
    await tx.update(pageRevisions).set({ created_at: at }).where(eq(pageRevisions.page_id, page.id));
  }
}
