import { and, eq, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.server';
import { badRequest } from '../../platform/http/app-error.server';
import { cancelJob, enqueueJob, type JobRecord, type Transaction } from '../../platform/jobs/job-queue.server';
import { jobs } from '../../platform/jobs/jobs.table';
import { pages, type PageRow } from '../pages/pages.table';
import { purgeDateOf, purgePage } from '../pages/trash.service.server';
import { lockDraft, publishDraft, scheduleActor, unpublishDraft } from './publishing.service.server';
import { recordPageEvent, scheduleOrigin, trashPurgeOrigin, type EventOrigin } from './page-events.server';

/** Job kinds (decision 34 and 35); their keys make one pending job per page and kind. */
export const scheduledPublishJob = 'page.publish';
export const scheduledUnpublishJob = 'page.unpublish';
export const trashPurgeJob = 'page.purge';

const keyOf = (kind: string, pageId: string) => `${kind}:${pageId}`;

export interface ScheduleInput {
  /** undefined: leave as it is; null: clear. */
  publish_at?: Date | null | undefined;
  unpublish_at?: Date | null | undefined;
}

/**
 * Sets or clears a page's publish and take-down times and keeps exactly one pending job for each
 * (the job is replaced when the time moves). Both times must lie ahead; a take-down must follow
 * the publish when both are set.
 */
export async function setSchedule(
  db: Database,
  pageId: string,
  input: ScheduleInput,
  now: Date,
  origin: EventOrigin,
  /** The site's time zone: the audit entry names the times as editors chose them. */
  timeZone = 'UTC',
): Promise<PageRow> {
  return db.transaction(async (tx) => {
    const page = await lockDraft(tx, pageId);
    const publishAt = input.publish_at === undefined ? page.publish_at : input.publish_at;
    const unpublishAt = input.unpublish_at === undefined ? page.unpublish_at : input.unpublish_at;
    if (input.publish_at && input.publish_at.getTime() <= now.getTime()) {
      throw badRequest('schedule_in_past', 'Choose a publish time in the future.', 'publish_at');
    }
    if (input.unpublish_at && input.unpublish_at.getTime() <= now.getTime()) {
      throw badRequest('schedule_in_past', 'Choose a take-down time in the future.', 'unpublish_at');
    }
    if (publishAt && unpublishAt && unpublishAt.getTime() <= publishAt.getTime()) {
      throw badRequest('schedule_order', 'The take-down time must come after the publish time.', 'unpublish_at');
    }
    if (unpublishAt && !publishAt && !page.is_published) {
      throw badRequest(
        'not_published',
        'This page is not on the site, so there is nothing to take down. Set a publish time first.',
        'unpublish_at',
      );
    }
    const [row] = await tx
      .update(pages)
      .set({ publish_at: publishAt, unpublish_at: unpublishAt })
      .where(eq(pages.id, pageId))
      .returning();
    await syncJob(tx, scheduledPublishJob, pageId, publishAt);
    await syncJob(tx, scheduledUnpublishJob, pageId, unpublishAt);
    await recordPageEvent(tx, 'page.scheduled', row!, origin, {
      summary: scheduleSummary(row!.title, publishAt, unpublishAt, timeZone),
    });
    return row!;
  });
}

function scheduleSummary(title: string, publishAt: Date | null, unpublishAt: Date | null, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const at = (time: Date) => `${format.format(time)} (${timeZone})`;
  const parts = [
    publishAt ? `publish at ${at(publishAt)}` : undefined,
    unpublishAt ? `take down at ${at(unpublishAt)}` : undefined,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? `Cleared the schedule of “${title}”.` : `Scheduled “${title}”: ${parts.join(', ')}.`;
}

async function syncJob(tx: Transaction, kind: string, pageId: string, at: Date | null): Promise<void> {
  if (at)
    await enqueueJob(tx, { kind, key: keyOf(kind, pageId), runAt: at, payload: { pageId, at: at.toISOString() } });
  else await cancelJob(tx, keyOf(kind, pageId));
}

/** The purge of a page moved to Trash, 30 days on; restoring cancels it. */
export async function schedulePurge(db: Database | Transaction, pageId: string, deletedAt: Date): Promise<void> {
  await enqueueJob(db, {
    kind: trashPurgeJob,
    key: keyOf(trashPurgeJob, pageId),
    runAt: purgeDateOf(deletedAt),
    payload: { pageId },
  });
}

export async function cancelPurge(db: Database | Transaction, pageId: string): Promise<void> {
  await cancelJob(db, keyOf(trashPurgeJob, pageId));
}

/**
 * After the pages were replaced wholesale (a backup restore): the pending page jobs are made again
 * from the pages' own columns, so every schedule and every Trash purge of the restored site runs,
 * and none of the replaced site does. A time already past runs at the next poll.
 */
export async function rebuildPageJobs(tx: Transaction): Promise<void> {
  await tx
    .delete(jobs)
    .where(
      and(eq(jobs.state, 'pending'), inArray(jobs.kind, [scheduledPublishJob, scheduledUnpublishJob, trashPurgeJob])),
    );
  const rows = await tx
    .select({
      id: pages.id,
      publish_at: pages.publish_at,
      unpublish_at: pages.unpublish_at,
      deleted_at: pages.deleted_at,
    })
    .from(pages)
    .where(or(isNotNull(pages.publish_at), isNotNull(pages.unpublish_at), isNotNull(pages.deleted_at)));
  for (const row of rows) {
    await syncJob(tx, scheduledPublishJob, row.id, row.publish_at);
    await syncJob(tx, scheduledUnpublishJob, row.id, row.unpublish_at);
    if (row.deleted_at) await schedulePurge(tx, row.id, row.deleted_at);
  }
}

interface TimedPayload {
  pageId: string;
  at: string;
}

function timedPayload(job: JobRecord): TimedPayload {
  const { pageId, at } = job.payload as Partial<TimedPayload>;
  if (typeof pageId !== 'string' || typeof at !== 'string') throw new Error(`job ${job.id} has no page or time`);
  return { pageId, at };
}

const siteTime = (iso: string) => new Date(iso).toISOString().replace('.000Z', 'Z');

/**
 * The handlers. Each runs inside the job's transaction and first checks the page still wants it:
 * a schedule that was moved or cleared since leaves the page alone, so a job never acts twice or
 * late on a stale plan. Caches everywhere hear of the change only after the commit.
 */
export function registerPublishingJobs(app: FastifyInstance): void {
  app.jobs.register(scheduledPublishJob, async (tx, job) => {
    const { pageId, at } = timedPayload(job);
    const [page] = await tx
      .select()
      .from(pages)
      .where(and(eq(pages.id, pageId), isNull(pages.deleted_at), isNotNull(pages.publish_at)))
      .for('update');
    if (!page || page.publish_at?.toISOString() !== new Date(at).toISOString()) return;
    await tx.update(pages).set({ publish_at: null }).where(eq(pages.id, pageId));
    const ranAt = app.clock.now();
    const live = await publishDraft(
      tx,
      { ...page, publish_at: null },
      scheduleActor,
      `Scheduled for ${siteTime(at)}; published at ${siteTime(ranAt.toISOString())}`,
      scheduleOrigin,
    );
    return () => app.contentChanged({ pageId, paths: live.paths });
  });

  app.jobs.register(scheduledUnpublishJob, async (tx, job) => {
    const { pageId, at } = timedPayload(job);
    const [page] = await tx
      .select()
      .from(pages)
      .where(and(eq(pages.id, pageId), isNull(pages.deleted_at), isNotNull(pages.unpublish_at)))
      .for('update');
    if (!page || page.unpublish_at?.toISOString() !== new Date(at).toISOString()) return;
    const live = await unpublishDraft(tx, page, scheduleOrigin);
    return () => app.contentChanged({ pageId, paths: live.paths });
  });

  app.jobs.register(trashPurgeJob, async (tx, job) => {
    const { pageId } = job.payload as { pageId?: unknown };
    if (typeof pageId !== 'string') throw new Error(`job ${job.id} has no page`);
    const [page] = await tx.select({ deleted_at: pages.deleted_at }).from(pages).where(eq(pages.id, pageId));
    // Restored since, or purged by hand: nothing to do. Not yet due (moved back to Trash later): wait.
    if (!page?.deleted_at) return;
    if (purgeDateOf(page.deleted_at).getTime() > app.clock.now().getTime()) {
      await schedulePurge(tx, pageId, page.deleted_at);
      return;
    }
    await purgePage(tx, pageId, trashPurgeOrigin);
  });
}
