import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../platform/db/client.server';
import type { Transaction } from '../../platform/jobs/job-queue.server';
import { badRequest, conflict } from '../../platform/http/app-error.server';
import { presentFields } from '../../shared/lib/update-schema';
import { versionConflictMessage } from '../../platform/http/app-error.server';
import {
  defaultPerformanceSettings,
  defaultSeoSettings,
  type PerformanceSettingsRecord,
  type SeoSettingsRecord,
} from './settings.dto';
import {
  performanceSettingsInputSchema,
  performanceSettingsUpdateSchema,
  seoSettingsInputSchema,
  seoSettingsUpdateSchema,
} from './settings.schema';
import { performanceSettings, seoSettings, type PerformanceSettingsRow, type SeoSettingsRow } from './settings.table';

/** Both settings tables hold one row with this id. */
const settingsRowId = 1;

/** Parses with the shared schema; the first problem becomes a 400 naming its field. */
function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw badRequest('invalid_input', issue?.message ?? 'The request is not valid.', issue?.path.map(String).join('.'));
}

/**
 * The spec's read-then-update-or-insert save, made conflict-safe: with a row, the caller's
 * version must match (conditional UPDATE); without one, the caller must have seen none
 * (version 0 or absent) and the INSERT … ON CONFLICT DO NOTHING must win. Anything else is 409
 * and changes nothing.
 *
 * The UPDATE writes only the fields the body names, so a save that leaves a field out keeps it
 * (decision 45); the INSERT is the first save and validates the body as a whole record.
 */
async function saveSingleRow<Row extends { version: number }>(
  version: number | undefined,
  steps: {
    read: () => Promise<Row | undefined>;
    update: (expectedVersion: number) => Promise<Row | undefined>;
    insert: () => Promise<Row | undefined>;
  },
): Promise<Row> {
  const seen = version ?? 0;
  const current = await steps.read();
  if (current) {
    if (current.version !== seen) throw conflict('version_conflict', versionConflictMessage);
    const row = await steps.update(seen);
    if (!row) throw conflict('version_conflict', versionConflictMessage);
    return row;
  }
  if (seen !== 0) throw conflict('version_conflict', versionConflictMessage);
  const row = await steps.insert();
  if (!row) throw conflict('version_conflict', versionConflictMessage);
  return row;
}

/**
 * A save that names no setting has nothing to do (its version is optional, so even that may be
 * missing); it is refused rather than read as "keep everything" or "reset everything".
 */
function requireSomething<T extends object>(fields: T): T {
  if (Object.keys(fields).length === 0) throw badRequest('invalid_input', 'Send at least one setting to save.');
  return fields;
}

/** What the audit log calls each setting (decision 40): "Changed SEO settings: site title, Twitter handle." */
const seoFieldNames: Record<keyof typeof defaultSeoSettings, string> = {
  site_title: 'site title',
  site_description: 'site description',
  default_og_image: 'default sharing image',
  google_analytics_id: 'Google Analytics ID',
  google_tag_manager_id: 'Google Tag Manager ID',
  twitter_handle: 'Twitter handle',
  facebook_page: 'Facebook page',
  instagram_url: 'Instagram address',
  youtube_url: 'YouTube address',
};

const performanceFieldNames: Record<keyof typeof defaultPerformanceSettings, string> = {
  enable_caching: 'page caching',
  cache_duration: 'cache duration',
  enable_webp: 'WebP images',
  enable_avif: 'AVIF images',
  image_quality: 'image quality',
  lazy_loading: 'lazy loading',
  page_weight_budget_kb: 'page weight budget',
};

/**
 * Told, inside the save's transaction, which settings took a new value (by their names for people).
 * Not called when the save changed nothing: a save of the same values is no event for the log.
 */
export type SettingsChangeHook = (tx: Transaction, changed: string[]) => Promise<void>;

function changedNames<K extends string>(
  names: Record<K, string>,
  before: Partial<Record<K, unknown>>,
  after: Record<K, unknown>,
): string[] {
  return (Object.keys(names) as K[]).filter((key) => before[key] !== after[key]).map((key) => names[key]);
}

function withoutVersion<T extends { version?: number | undefined }>(input: T): Omit<T, 'version'> {
  const { version: _version, ...fields } = input;
  return fields;
}

function toSeoRecord(row: SeoSettingsRow): SeoSettingsRecord {
  return {
    site_title: row.site_title,
    site_description: row.site_description,
    default_og_image: row.default_og_image,
    google_analytics_id: row.google_analytics_id,
    google_tag_manager_id: row.google_tag_manager_id,
    twitter_handle: row.twitter_handle,
    facebook_page: row.facebook_page,
    instagram_url: row.instagram_url,
    youtube_url: row.youtube_url,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
  };
}

function toPerformanceRecord(row: PerformanceSettingsRow): PerformanceSettingsRecord {
  return {
    enable_caching: row.enable_caching,
    cache_duration: row.cache_duration,
    enable_webp: row.enable_webp,
    enable_avif: row.enable_avif,
    image_quality: row.image_quality,
    lazy_loading: row.lazy_loading,
    page_weight_budget_kb: row.page_weight_budget_kb,
    version: row.version,
    updated_at: row.updated_at.toISOString(),
  };
}

/** The whole SEO record for the admin form; the defaults with version 0 when none was saved. */
export async function readSeoSettingsRecord(db: Database): Promise<SeoSettingsRecord> {
  const [row] = await db.select().from(seoSettings).where(eq(seoSettings.id, settingsRowId)).limit(1);
  return row ? toSeoRecord(row) : { ...defaultSeoSettings, version: 0, updated_at: null };
}

export async function saveSeoSettings(
  db: Database,
  body: unknown,
  onChange?: SettingsChangeHook,
): Promise<SeoSettingsRecord> {
  const { version, ...sent } = parseInput(seoSettingsUpdateSchema, body);
  const fields = requireSomething(presentFields(sent));
  const row = await db.transaction(async (tx) => {
    let before: SeoSettingsRow | undefined;
    const saved = await saveSingleRow(version, {
      read: async () =>
        (before = (
          await tx.select().from(seoSettings).where(eq(seoSettings.id, settingsRowId)).limit(1).for('update')
        )[0]),
      update: async (expected) =>
        (
          await tx
            .update(seoSettings)
            .set({ ...fields, version: expected + 1, updated_at: new Date() })
            .where(and(eq(seoSettings.id, settingsRowId), eq(seoSettings.version, expected)))
            .returning()
        )[0],
      insert: async () =>
        (
          await tx
            .insert(seoSettings)
            .values({
              id: settingsRowId,
              ...withoutVersion(parseInput(seoSettingsInputSchema, body)),
              version: 1,
              updated_at: new Date(),
            })
            .onConflictDoNothing()
            .returning()
        )[0],
    });
    const changed = changedNames(seoFieldNames, before ?? defaultSeoSettings, saved);
    if (changed.length > 0) await onChange?.(tx, changed);
    return saved;
  });
  return toSeoRecord(row);
}

/** The performance record; the defaults with version 0 when none was saved. */
export async function readPerformanceSettingsRecord(db: Database): Promise<PerformanceSettingsRecord> {
  const [row] = await db.select().from(performanceSettings).where(eq(performanceSettings.id, settingsRowId)).limit(1);
  return row ? toPerformanceRecord(row) : { ...defaultPerformanceSettings, version: 0, updated_at: null };
}

export async function savePerformanceSettings(
  db: Database,
  body: unknown,
  onChange?: SettingsChangeHook,
): Promise<PerformanceSettingsRecord> {
  const { version, ...sent } = parseInput(performanceSettingsUpdateSchema, body);
  const fields = requireSomething(presentFields(sent));
  const row = await db.transaction(async (tx) => {
    let before: PerformanceSettingsRow | undefined;
    const saved = await saveSingleRow(version, {
      read: async () =>
        (before = (
          await tx
            .select()
            .from(performanceSettings)
            .where(eq(performanceSettings.id, settingsRowId))
            .limit(1)
            .for('update')
        )[0]),
      update: async (expected) =>
        (
          await tx
            .update(performanceSettings)
            .set({ ...fields, version: expected + 1, updated_at: new Date() })
            .where(and(eq(performanceSettings.id, settingsRowId), eq(performanceSettings.version, expected)))
            .returning()
        )[0],
      insert: async () =>
        (
          await tx
            .insert(performanceSettings)
            .values({
              id: settingsRowId,
              ...withoutVersion(parseInput(performanceSettingsInputSchema, body)),
              version: 1,
              updated_at: new Date(),
            })
            .onConflictDoNothing()
            .returning()
        )[0],
    });
    const changed = changedNames(performanceFieldNames, before ?? defaultPerformanceSettings, saved);
    if (changed.length > 0) await onChange?.(tx, changed);
    return saved;
  });
  return toPerformanceRecord(row);
}
