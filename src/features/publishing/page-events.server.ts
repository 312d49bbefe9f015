import { pagePath } from '../../shared/lib/locale';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/client.server';
import type { Transaction } from '../../platform/jobs/job-queue.server';
import { actorOf, recordAudit, type AuditActor, type AuditAction } from '../audit/audit.server';
import type { PageRow } from '../pages/pages.table';
import { enqueueWebhookDeliveries, isWebhookEvent } from '../webhooks/webhook-deliveries.server';

/** Who caused a change to a page and from where: written to the audit log with it. */
export interface EventOrigin {
  actor: AuditActor;
  ip: string | null;
}

export const scheduleOrigin: EventOrigin = { actor: { type: 'system', label: 'Schedule' }, ip: null };
export const trashPurgeOrigin: EventOrigin = { actor: { type: 'system', label: 'Trash (30 days)' }, ip: null };

export function originOf(request: FastifyRequest): EventOrigin {
  return { actor: actorOf(request), ip: request.ip };
}

export type PageEvent = Extract<
  AuditAction,
  'page.published' | 'page.unpublished' | 'page.scheduled' | 'page.deleted' | 'page.restored' | 'page.purged'
>;

const summaries: Record<PageEvent, (title: string) => string> = {
  'page.published': (title) => `Published “${title}”.`,
  'page.unpublished': (title) => `Took “${title}” off the site.`,
  'page.scheduled': (title) => `Changed the schedule of “${title}”.`,
  'page.deleted': (title) => `Moved “${title}” to Trash.`,
  'page.restored': (title) => `Restored “${title}” from Trash.`,
  'page.purged': (title) => `Deleted “${title}” for good.`,
};

/**
 * One place for what follows a change to a page's life on the site, inside the change's own
 * transaction: the audit entry, and for published, unpublished and deleted (moved to Trash) the
 * webhook deliveries. Seeding and backup restores publish without an origin and record nothing
 * here (the restore has its own entry).
 */
export async function recordPageEvent(
  tx: Database | Transaction,
  event: PageEvent,
  page: Pick<PageRow, 'id' | 'slug' | 'title' | 'locale'>,
  origin: EventOrigin,
  options: { summary?: string; at?: Date } = {},
): Promise<void> {
  await recordAudit(tx, {
    action: event,
    actor: origin.actor,
    ip: origin.ip,
    target: { type: 'page', id: page.id, label: page.title },
    summary: options.summary ?? summaries[event](page.title),
  });
  if (isWebhookEvent(event)) {
    await enqueueWebhookDeliveries(
      tx,
      event,
      { id: page.id, slug: page.slug, title: page.title, path: pagePath(page.locale, page.slug) },
      options.at ?? new Date(),
    );
  }
}
