import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../platform/db/client.server';
import { enqueueJob } from '../../platform/jobs/job-queue.server';
import { badRequest, notFound } from '../../platform/http/app-error.server';
import { auditRequest } from '../audit/audit.server';
import {
  isWebhookEvent,
  webhookDeliveryAttempts,
  webhookDeliveryJob,
  webhookEvents,
} from './webhook-deliveries.server';
import {
  encryptWebhookSecret,
  newWebhookSecret,
  webhookSecretMaxLength,
  webhookSecretMinLength,
} from './webhook-secret.server';
import { checkWebhookUrl } from './webhook-target.server';
import type { CreateWebhookBody, WebhookDeliveryDto, WebhookDto } from './webhooks.dto';
import { webhookDeliveries, webhooks } from './webhooks.table';
import { invalidCursor } from '../../platform/db/list-cursor.server';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toDeliveryDto(row: DeliveryRow): WebhookDeliveryDto {
  return {
    id: row.id,
    event: row.event,
    status: row.status as WebhookDeliveryDto['status'],
    attempts: row.attempts,
    response_status: row.response_status,
    last_error: row.last_error,
    created_at: row.created_at.toISOString(),
    last_attempt_at: iso(row.last_attempt_at),
    delivered_at: iso(row.delivered_at),
    // Only a delivery still waiting has a next try.
    next_attempt_at: row.status === 'pending' ? iso(row.next_attempt_at) : null,
  };
}

/**
 * A value of the newest delivery of the webhook in the outer query (a correlated subquery; the
 * names are spelled out, since drizzle leaves a single-table query's columns unqualified).
 */
const newestDelivery = (expression: string) =>
  sql.raw(
    `(select ${expression} from webhook_deliveries d where d.webhook_id = webhooks.id order by d.created_at desc, d.id desc limit 1)`,
  );

export async function listWebhooks(db: Database): Promise<WebhookDto[]> {
  const rows = await db
    .select({
      id: webhooks.id,
      url: webhooks.url,
      events: webhooks.events,
      active: webhooks.active,
      created_at: webhooks.created_at,
      last_status: newestDelivery('d.status').mapWith(String),
      last_at: newestDelivery('coalesce(d.delivered_at, d.last_attempt_at, d.created_at)').mapWith(webhooks.created_at),
    })
    .from(webhooks)
    .orderBy(asc(webhooks.created_at), asc(webhooks.id));
  return rows.map((row) => ({
    id: row.id,
    url: row.url,
    events: row.events,
    active: row.active,
    created_at: row.created_at.toISOString(),
    last_delivery_status: (row.last_status ?? null) as WebhookDto['last_delivery_status'],
    last_delivery_at: row.last_at ? row.last_at.toISOString() : null,
  }));
}

function checkEvents(events: string[]): string[] {
  const unique = [...new Set(events)];
  if (unique.length === 0) throw badRequest('invalid_events', 'Choose at least one event.', 'events');
  const unknown = unique.find((event) => !isWebhookEvent(event));
  if (unknown !== undefined) {
    throw badRequest(
      'invalid_events',
      `Unknown event “${unknown}”; choose from ${webhookEvents.join(', ')}.`,
      'events',
    );
  }
  // Stored in the order the admin lists them, whatever order they came in.
  return webhookEvents.filter((event) => unique.includes(event));
}

function checkSecret(secret: string | undefined): string {
  if (secret === undefined || secret === '') return newWebhookSecret();
  if (secret.length < webhookSecretMinLength || secret.length > webhookSecretMaxLength) {
    throw badRequest(
      'invalid_secret',
      `The secret must be ${webhookSecretMinLength} to ${webhookSecretMaxLength} characters long (or leave it empty to get one).`,
      'secret',
    );
  }
  if (secret.trim() !== secret)
    throw badRequest('invalid_secret', 'The secret cannot start or end with a space.', 'secret');
  return secret;
}

export async function createWebhook(
  db: Database,
  request: FastifyRequest,
  input: CreateWebhookBody,
  allowPrivate: boolean,
): Promise<{ webhook: WebhookDto; secret: string }> {
  const url = checkWebhookUrl(input.url, allowPrivate);
  const events = checkEvents(input.events);
  const secret = checkSecret(input.secret);
  const id = randomUUID();
  // Before the transaction: the key may be read from the database the first time, and on the
  // embedded database a query outside an open transaction waits for it to end.
  const storedSecret = await encryptWebhookSecret(db, id, secret);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhooks)
      .values({ id, url: url.href, events, secret: storedSecret, created_by: request.viewer?.user?.id ?? null })
      .returning();
    await auditRequest(request, tx, {
      action: 'webhook.created',
      target: { type: 'webhook', id, label: url.host },
      summary: `Added a webhook to ${url.host} for ${events.join(', ')}.`,
    });
    return created!;
  });
  return {
    webhook: {
      id: row.id,
      url: row.url,
      events: row.events,
      active: row.active,
      created_at: row.created_at.toISOString(),
      last_delivery_status: null,
      last_delivery_at: null,
    },
    secret,
  };
}

export async function deleteWebhook(db: Database, request: FastifyRequest, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    // Its deliveries go with it (on delete cascade); a delivery job still pending finds nothing to send.
    const [removed] = await tx.delete(webhooks).where(eq(webhooks.id, id)).returning({ url: webhooks.url });
    if (!removed) throw notFound('This webhook');
    const host = new URL(removed.url).host;
    await auditRequest(request, tx, {
      action: 'webhook.deleted',
      target: { type: 'webhook', id, label: host },
      summary: `Deleted the webhook to ${host}.`,
    });
  });
}

async function requireWebhook(db: Database, id: string): Promise<{ id: string; url: string }> {
  const [row] = await db.select({ id: webhooks.id, url: webhooks.url }).from(webhooks).where(eq(webhooks.id, id));
  if (!row) throw notFound('This webhook');
  return row;
}

/**
 * An opaque list position: the last item's id. The database compares (created_at, id) with that
 * row's own values, at the database's microsecond precision (a time sent through JavaScript
 * would lose it and skip deliveries made within the same millisecond).
 */
const encodeCursor = (row: { id: string }) => Buffer.from(row.id).toString('base64url');

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString();
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) {
    throw invalidCursor();
  }
  return id;
}

/** A webhook's deliveries, newest first. */
export async function listDeliveries(
  db: Database,
  webhookId: string,
  options: { limit: number; cursor?: string | undefined },
): Promise<{ items: WebhookDeliveryDto[]; next_cursor: string | null }> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined;
  await requireWebhook(db, webhookId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.webhook_id, webhookId),
        after
          ? sql`(${webhookDeliveries.created_at}, ${webhookDeliveries.id}) < (select d.created_at, d.id from ${webhookDeliveries} d where d.id = ${after})`
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.created_at), desc(webhookDeliveries.id))
    .limit(options.limit + 1);
  const items = rows.slice(0, options.limit);
  const last = items.at(-1);
  return {
    items: items.map(toDeliveryDto),
    next_cursor: rows.length > options.limit && last ? encodeCursor(last) : null,
  };
}

/**
 * A `ping` delivery, signed and retried like any other, so the admin can check the receiver and
 * its signature check before the first real event.
 */
export async function sendPing(db: Database, webhookId: string, now: Date): Promise<WebhookDeliveryDto> {
  const webhook = await requireWebhook(db, webhookId);
  const body = JSON.stringify({ event: 'ping', occurred_at: now.toISOString(), webhook: { id: webhook.id } });
  return db.transaction(async (tx) => {
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ webhook_id: webhook.id, event: 'ping', body, next_attempt_at: now })
      .returning();
    await enqueueJob(tx, {
      kind: webhookDeliveryJob,
      payload: { deliveryId: delivery!.id },
      maxAttempts: webhookDeliveryAttempts,
    });
    return toDeliveryDto(delivery!);
  });
}
