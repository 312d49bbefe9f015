import { pagePath } from '../../shared/lib/locale';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { selectRows } from '../../platform/db/json-rows.server';
import { badRequest, conflict } from '../../platform/http/app-error.server';
import type { Locale } from '../../shared/lib/locale';
import { contentBlocks } from '../blocks/blocks.table';
import { lockDraft, recordRevision, readDraftSnapshot, type DraftSave } from '../publishing/publishing.service.server';
import type { PageDto, PageTranslationDto } from './pages.dto';
import { toEditorPageDto } from './pages.serialize.server';
import { pages, type PageRow } from './pages.table';

/**
 * A translation is out of date when its English page went live after the translation was last
 * edited (decision 44): what visitors read in English has moved on since it was translated.
 */
function isOutOfDate(source: Pick<PageRow, 'published_at'>, translation: Pick<PageRow, 'updated_at'>): boolean {
  return source.published_at !== null && source.published_at.getTime() > translation.updated_at.getTime();
}

/** What the list needs of each related page: its entry and the out-of-date comparison. */
const relatedColumns = {
  id: pages.id,
  locale: pages.locale,
  slug: pages.slug,
  title: pages.title,
  translation_of: pages.translation_of,
  is_published: pages.is_published,
  has_unpublished_changes: pages.has_unpublished_changes,
  published_at: pages.published_at,
  updated_at: pages.updated_at,
};
type RelatedPage = Pick<PageRow, keyof typeof relatedColumns>;

function translationEntry(row: RelatedPage, outOfDate: boolean): PageTranslationDto {
  return {
    id: row.id,
    locale: row.locale,
    slug: row.slug,
    path: pagePath(row.locale, row.slug),
    title: row.title,
    is_published: row.is_published,
    has_unpublished_changes: row.has_unpublished_changes,
    out_of_date: outOfDate,
  };
}

/**
 * Adds each page's other-language versions to its editor DTO, in one query for the whole list:
 * an English page lists its translations, a translation its English page.
 */
export async function withTranslations<T extends PageDto>(
  db: Database,
  rows: PageRow[],
  dtos: T[],
): Promise<Array<T & Required<Pick<PageDto, 'translations' | 'translation_out_of_date'>>>> {
  const englishIds = rows.filter((row) => row.translation_of === null).map((row) => row.id);
  const sourceIds = rows.flatMap((row) => (row.translation_of === null ? [] : [row.translation_of]));
  const related =
    englishIds.length + sourceIds.length === 0
      ? []
      : await selectRows(db, pages, relatedColumns, {
          where: and(
            isNull(pages.deleted_at),
            or(
              englishIds.length > 0 ? inArray(pages.translation_of, englishIds) : undefined,
              sourceIds.length > 0 ? inArray(pages.id, sourceIds) : undefined,
            ),
          ),
          orderBy: [asc(pages.locale)],
        });
  const byId = new Map(related.map((row) => [row.id, row]));
  return dtos.map((dto, index) => {
    const row = rows[index]!;
    if (row.translation_of === null) {
      const translations = related
        .filter((other) => other.translation_of === row.id)
        .map((other) => translationEntry(other, isOutOfDate(row, other)));
      return { ...dto, translations, translation_out_of_date: false };
    }
    const source = byId.get(row.translation_of);
    const outOfDate = source ? isOutOfDate(source, row) : false;
    return {
      ...dto,
      translations: source ? [translationEntry(source, false)] : [],
      translation_out_of_date: outOfDate,
    };
  });
}

/** A free slug for a new translation: the source's own, else with -2, -3… */
async function freeSlug(tx: Parameters<Parameters<Database['transaction']>[0]>[0], slug: string, locale: Locale) {
  const taken = new Set(
    (await tx.select({ slug: pages.slug }).from(pages).where(eq(pages.locale, locale))).map((row) => row.slug),
  );
  if (!taken.has(slug)) return slug;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${slug.slice(0, 95)}-${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * 'Add Spanish translation': a new draft in that language, linked to the English page, starting
 * from a copy of the English draft (fields and blocks) for the translator to rewrite. Not live
 * until someone publishes it; its history starts with one 'saved' revision.
 */
export async function createTranslation(
  db: Database,
  sourceId: string,
  locale: Locale,
  save: DraftSave,
): Promise<PageRow> {
  return db.transaction(async (tx) => {
    const source = await lockDraft(tx, sourceId);
    if (source.locale !== 'en') {
      throw badRequest('not_a_source', 'Only an English page can be translated; open its English page.', 'locale');
    }
    if (locale === 'en') throw badRequest('invalid_locale', 'Choose a language other than English.', 'locale');
    const [existing] = await tx
      .select({ title: pages.title })
      .from(pages)
      .where(and(eq(pages.translation_of, source.id), eq(pages.locale, locale)))
      .limit(1);
    if (existing) {
      throw conflict('translation_exists', `This page already has a Spanish translation: "${existing.title}".`);
    }
    const {
      id: _id,
      created_at: _created,
      updated_at: _updated,
      published_at: _published,
      publish_at: _publishAt,
      unpublish_at: _unpublishAt,
      deleted_at: _deleted,
      ...fields
    } = source;
    const [row] = await tx
      .insert(pages)
      .values({
        ...fields,
        slug: await freeSlug(tx, source.slug, locale),
        locale,
        translation_of: source.id,
        is_published: false,
        has_unpublished_changes: false,
        version: 1,
      })
      .returning();
    const blocks = await tx
      .select()
      .from(contentBlocks)
      .where(eq(contentBlocks.page_id, source.id))
      .orderBy(asc(contentBlocks.block_order));
    if (blocks.length > 0) {
      await tx.insert(contentBlocks).values(
        blocks.map((block) => ({
          page_id: row!.id,
          block_type: block.block_type,
          block_data: block.block_data,
          block_order: block.block_order,
          is_active: block.is_active,
        })),
      );
    }
    await recordRevision(tx, row!.id, {
      kind: 'saved',
      actor: save.actor,
      snapshot: await readDraftSnapshot(tx, row!),
      note: 'Translation started from the English page',
    });
    return row!;
  });
}

/** One page's draft as editors get it back from a read or a write, with its translations. */
export async function editorPageDto(db: Database, row: PageRow) {
  const [dto] = await withTranslations(db, [row], [toEditorPageDto(row)]);
  return dto!;
}
