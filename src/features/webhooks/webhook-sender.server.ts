import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/client.server';
import { cancelJob, enqueueJob } from '../../platform/jobs/job-queue.server';
import { retryDelayMs } from '../../platform/jobs/job-worker.server';
import { webhookDeliveryAttempts, webhookDeliveryJob } from './webhook-deliveries.server';
import { decryptWebhookSecret, signWebhookBody } from './webhook-secret.server';
import { postToWebhook, type PostOutcome } from './webhook-target.server';
import { webhookDeliveries, webhooks } from './webhooks.table';

/**
 * The sends under way, per app (by its database, which the app and its encapsulated plugins
 * share; a decoration made in the routes plugin would not reach the root instance).
 */
const sendsInFlight = new WeakMap<Database, Set<Promise<void>>>();

/** Resolves once every delivery attempt under way has been sent and its outcome recorded. */
export async function webhookSendsSettled(app: FastifyInstance): Promise<void> {
  const inFlight = sendsInFlight.get(app.db);
  while (inFlight && inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

export const webhookUserAgent = 'CenoteAtlas-Webhooks';

/** One pending job per delivery: the next try, or the check that the last one reported back. */
const jobKeyOf = (deliveryId: string) => `${webhookDeliveryJob}:${deliveryId}`;

/**
 * After the last try, how long to wait for its outcome before calling the delivery failed anyway
 * (the server stopped while sending). Well past the request's own time limit.
 */
const lastAttemptGraceMs = 60_000;

interface Attempt {
  deliveryId: string;
  webhookId: string;
  number: number;
  url: string;
  event: string;
  body: string;
  storedSecret: string;
}

/**
 * Delivers webhooks (decision 42; docs/decisions/027-webhooks.md). The HTTP request is made
 * outside the job's transaction: on the embedded database every query waits while a transaction
 * is open, and a slow receiver must not stall the site for up to 10 seconds.
 *
 * - The job (in its transaction) counts the attempt and, before anything is sent, schedules the
 *   next try with the queue's backoff. It returns the send as its after-commit step.
 * - The send posts once and records the outcome in a short transaction of its own: delivered
 *   (the next try is cancelled), or the error (the next try stays), or after the fifth try failed.
 * - If the server stops mid-send, the scheduled try runs anyway: at least once, never lost.
 */
export function registerWebhookDelivery(app: FastifyInstance): void {
  const inFlight = new Set<Promise<void>>();
  sendsInFlight.set(app.db, inFlight);
  const allowPrivate = app.config.webhooks.allowPrivateTargets;

  app.jobs.register(webhookDeliveryJob, async (tx, job) => {
    const { deliveryId } = job.payload as { deliveryId?: unknown };
    if (typeof deliveryId !== 'string') throw new Error(`job ${job.id} has no delivery`);
    const [row] = await tx
      .select({
        delivery: webhookDeliveries,
        url: webhooks.url,
        secret: webhooks.secret,
        active: webhooks.active,
      })
      .from(webhookDeliveries)
      .innerJoin(webhooks, eq(webhooks.id, webhookDeliveries.webhook_id))
      .where(eq(webhookDeliveries.id, deliveryId))
      .for('update', { of: webhookDeliveries });
    // Gone with its webhook, or settled already: nothing to send.
    if (!row || row.delivery.status !== 'pending') return;
    const { delivery } = row;
    const now = app.clock.now();
    if (delivery.attempts >= webhookDeliveryAttempts || !row.active) {
      await tx
        .update(webhookDeliveries)
        .set({
          status: 'failed',
          next_attempt_at: null,
          last_error: row.active
            ? (delivery.last_error ?? 'The last try reported no outcome (the server stopped while sending).')
            : 'The webhook is turned off.',
        })
        .where(eq(webhookDeliveries.id, deliveryId));
      return;
    }
    const number = delivery.attempts + 1;
    const isLast = number >= webhookDeliveryAttempts;
    const nextRunAt = new Date(now.getTime() + (isLast ? lastAttemptGraceMs : retryDelayMs(delivery.attempts)));
    await tx
      .update(webhookDeliveries)
      .set({ attempts: number, last_attempt_at: now, next_attempt_at: isLast ? null : nextRunAt })
      .where(eq(webhookDeliveries.id, deliveryId));
    await enqueueJob(tx, {
      kind: webhookDeliveryJob,
      key: jobKeyOf(deliveryId),
      payload: { deliveryId },
      runAt: nextRunAt,
      maxAttempts: webhookDeliveryAttempts,
    });
    const attempt: Attempt = {
      deliveryId,
      webhookId: delivery.webhook_id,
      number,
      url: row.url,
      event: delivery.event,
      body: delivery.body,
      storedSecret: row.secret,
    };
    return () => {
      const sending = send(attempt).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    };
  });

  // Stopping: the attempts under way finish (each within the request's time limit) and record
  // their outcome while the database is still open.
  app.addHook('onClose', async () => {
    await webhookSendsSettled(app);
  });

  async function send(attempt: Attempt): Promise<void> {
    let outcome: PostOutcome;
    try {
      const secret = await decryptWebhookSecret(app.db, attempt.webhookId, attempt.storedSecret);
      outcome = await postToWebhook(
        new URL(attempt.url),
        attempt.body,
        {
          'content-type': 'application/json',
          'user-agent': webhookUserAgent,
          'x-atlas-event': attempt.event,
          'x-atlas-delivery': attempt.deliveryId,
          'x-atlas-signature': signWebhookBody(secret, attempt.body),
        },
        allowPrivate,
      );
    } catch (error) {
      outcome = { ok: false, status: null, error: error instanceof Error ? error.message : String(error) };
    }
    try {
      await recordOutcome(attempt, outcome);
    } catch (error) {
      // The scheduled next try still runs; at worst this attempt's outcome is not shown.
      app.log.warn({ err: error, deliveryId: attempt.deliveryId }, 'webhook: could not record a delivery outcome');
    }
  }

  async function recordOutcome(attempt: Attempt, outcome: PostOutcome): Promise<void> {
    const now = app.clock.now();
    const isLast = attempt.number >= webhookDeliveryAttempts;
    await app.db.transaction(async (tx) => {
      // Only onto the attempt it belongs to: a later try that already ran keeps its own outcome.
      const thisAttempt = and(
        eq(webhookDeliveries.id, attempt.deliveryId),
        eq(webhookDeliveries.status, 'pending'),
        eq(webhookDeliveries.attempts, attempt.number),
      );
      const settles = outcome.ok || isLast;
      const updated = await tx
        .update(webhookDeliveries)
        .set(
          outcome.ok
            ? {
                status: 'delivered',
                response_status: outcome.status,
                last_error: null,
                delivered_at: now,
                next_attempt_at: null,
              }
            : {
                response_status: outcome.status,
                last_error: outcome.error,
                ...(isLast ? { status: 'failed', next_attempt_at: null } : {}),
              },
        )
        .where(thisAttempt)
        .returning({ id: webhookDeliveries.id });
      if (updated.length > 0 && settles) await cancelJob(tx, jobKeyOf(attempt.deliveryId));
    });
  }
}
