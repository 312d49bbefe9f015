import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../platform/db/client.server';
import { enqueueJob, type Transaction } from '../../platform/jobs/job-queue.server';
import { webhookEventNames } from './webhooks.dto';
import { webhookDeliveries, webhooks } from './webhooks.table';

/** The events a webhook can subscribe to (decision 42). */
export const webhookEvents = webhookEventNames;
export type WebhookEvent = (typeof webhookEvents)[number];

export function isWebhookEvent(event: string): event is WebhookEvent {
  return (webhookEvents as readonly string[]).includes(event);
}

/** The job that sends one delivery; its handler lives with the webhook routes. */
export const webhookDeliveryJob = 'webhook.deliver';
/** Tries per delivery: the first and four retries, backed off by the job queue (30 s, 1, 2, 4 min). */
export const webhookDeliveryAttempts = 5;

export interface WebhookPagePayload {
  id: string;
  slug: string;
  title: string;
  /** The public address of the page (its path on this site). */
  path: string;
}

/**
 * Adds one delivery (and its job) for every active webhook subscribed to the event, inside the
 * caller's transaction: a publish that rolls back sends nothing, one that commits always sends.
 * The body is fixed now, so every retry sends (and signs) the same bytes.
 */
export async function enqueueWebhookDeliveries(
  tx: Database | Transaction,
  event: WebhookEvent,
  page: WebhookPagePayload,
  occurredAt: Date,
): Promise<void> {
  const targets = await tx
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(and(eq(webhooks.active, true), sql`${webhooks.events} @> ${JSON.stringify([event])}::jsonb`));
  if (targets.length === 0) return;
  const body = JSON.stringify({ event, occurred_at: occurredAt.toISOString(), page });
  for (const target of targets) {
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ webhook_id: target.id, event, body, next_attempt_at: occurredAt })
      .returning({ id: webhookDeliveries.id });
    await enqueueJob(tx, {
      kind: webhookDeliveryJob,
      payload: { deliveryId: delivery!.id },
      maxAttempts: webhookDeliveryAttempts,
    });
  }
}
