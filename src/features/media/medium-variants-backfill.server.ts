import { buffer } from 'node:stream/consumers';
import type { FastifyInstance } from 'fastify';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { and, desc, eq, gt, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { mediumKeys, mediumVariantsOfStoredJpeg, storageStem } from './image-pipeline.server';
import { readPipelineSettings, type MediaDeps } from './media.service.server';
import { images } from './media.table';
import { contentTypeForKey, mediaUrlOf } from './storage.server';
import { mediumWidth } from './variant-widths';

export interface BackfillOutcome {
  /** Images that got their 800 px copies. */
  done: number;
  /** Images whose stored JPEG could not be read or encoded (logged; tried again at the next start). */
  failed: number;
}

/**
 * Gives every image stored before the 800 px copies existed (ADR 043: uploads and seeded images of
 * an older version, restored backups) those copies, made from its stored JPEG: one image at a
 * time in the image queue, so uploads keep their turn. A copy is only made in a format the image
 * already has (its WebP or AVIF); the row is updated only where the column is still empty, so two
 * instances doing this at once write the same files under the same keys and one update wins.
 * `onChanged` runs once at the end when any image changed (cached pages still name the old set).
 */
export async function backfillMediumVariants(
  deps: MediaDeps,
  onChanged: () => void,
  shouldStop: () => boolean = () => false,
): Promise<BackfillOutcome> {
  const outcome: BackfillOutcome = { done: 0, failed: 0 };
  const skipped: string[] = [];
  const settings = await readPipelineSettings(deps.db);
  const missing = or(
    and(isNotNull(images.webp_url), isNull(images.medium_webp_url)),
    and(isNotNull(images.avif_url), isNull(images.medium_avif_url)),
  );
  while (!shouldStop()) {
    const [image] = await deps.db
      .select({
        id: images.id,
        storage_key: images.storage_key,
        webp_url: images.webp_url,
        avif_url: images.avif_url,
        medium_webp_url: images.medium_webp_url,
        medium_avif_url: images.medium_avif_url,
      })
      .from(images)
      .where(and(gt(images.width, mediumWidth), missing, skipped.length ? notInArray(images.id, skipped) : undefined))
      .orderBy(desc(images.created_at))
      .limit(1);
    if (!image) break;
    try {
      const stored = await deps.media.get(image.storage_key);
      if (!stored) throw new Error(`the stored JPEG ${image.storage_key} is missing`);
      const variants = await mediumVariantsOfStoredJpeg(await buffer(stored.body), {
        quality: settings.quality,
        webp: Boolean(image.webp_url && !image.medium_webp_url),
        avif: Boolean(image.avif_url && !image.medium_avif_url),
      });
      // An image whose stored width says more than its JPEG has (a hand-edited row) gets no copies:
      // it must not be picked again.
      if (!variants.webp && !variants.avif) {
        skipped.push(image.id);
        continue;
      }
      const keys = mediumKeys(storageStem(image.storage_key));
      if (variants.webp) await deps.media.put(keys.mediumWebp, variants.webp, contentTypeForKey(keys.mediumWebp));
      if (variants.avif) await deps.media.put(keys.mediumAvif, variants.avif, contentTypeForKey(keys.mediumAvif));
      // coalesce: an upload or another instance that filled the column first keeps its value.
      const fill = (column: AnyPgColumn, key: string) => sql`coalesce(${column}, ${mediaUrlOf(key)})`;
      const changes: { medium_webp_url?: SQL; medium_avif_url?: SQL } = {};
      if (variants.webp) changes.medium_webp_url = fill(images.medium_webp_url, keys.mediumWebp);
      if (variants.avif) changes.medium_avif_url = fill(images.medium_avif_url, keys.mediumAvif);
      const updated = await deps.db
        .update(images)
        .set(changes)
        .where(eq(images.id, image.id))
        .returning({ id: images.id });
      if (updated.length > 0) outcome.done++;
      // Deleted meanwhile: its files went with it, except the ones just written.
      else for (const key of Object.values(keys)) await deps.media.delete(key);
    } catch (error) {
      deps.log.warn({ err: error, imageId: image.id }, 'making the 800 px copies of an image failed');
      skipped.push(image.id);
      outcome.failed++;
    }
  }
  if (outcome.done > 0) {
    deps.log.info({ images: outcome.done, failed: outcome.failed }, 'made the 800 px copies of older images');
    onChanged();
  }
  return outcome;
}

/**
 * Registers the backfill with the app: `start()` runs it in the background once the content store
 * is ready, and it runs again after every site-wide change (a restored backup brings older
 * images); closing the app stops it between two images and waits for the one in hand.
 */
export interface MediumVariantsBackfill {
  start(): void;
  /** Resolves once no pass is running or due (tests: a pass started by an upload is over). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mediumVariantsBackfill: MediumVariantsBackfill;
  }
}

export function registerMediumVariantsBackfill(app: FastifyInstance): MediumVariantsBackfill {
  let started = false;
  let closing = false;
  let running: Promise<unknown> | undefined;
  let again = false;
  const run = () => {
    if (closing) return;
    if (running) {
      again = true;
      return;
    }
    const deps = { db: app.db, media: app.media, log: app.log };
    running = backfillMediumVariants(
      deps,
      () => app.contentChanged({ scope: 'site' }),
      () => closing,
    )
      .catch((error: unknown) => {
        if (!closing) app.log.error({ err: error }, 'the 800 px copies of older images could not be made');
      })
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  app.contentEvents.on('change', (change) => {
    if (started && change.scope === 'site') run();
  });
  app.addHook('onClose', async () => {
    closing = true;
    await running;
  });
  const backfill: MediumVariantsBackfill = {
    start() {
      started = true;
      run();
    },
    async settled() {
      // A pass that ends with `again` set starts the next one before `running` is awaited again.
      while (running) await running;
    },
  };
  app.decorate('mediumVariantsBackfill', backfill);
  return backfill;
}
