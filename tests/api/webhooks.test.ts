import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/features/audit/audit.table';
import { webhookSendsSettled } from '../../src/features/webhooks/webhook-sender.server';
import { encryptWebhookSecret } from '../../src/features/webhooks/webhook-secret.server';
import { webhooks } from '../../src/features/webhooks/webhooks.table';
import { jobs } from '../../src/platform/jobs/jobs.table';
import { ApiClient, signedInClient, type ErrorBody } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';

/**
 * Decision 42: signed webhook deliveries, retried by the job queue, listed for admins; and the
 * SSRF guard. A local receiver on 127.0.0.1 stands in for the outside service, so this server
 * runs with WEBHOOK_ALLOW_PRIVATE=true; a second server without it checks the guard.
 */

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

interface Webhook {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  created_at: string;
  last_delivery_status: string | null;
  last_delivery_at: string | null;
}

interface Delivery {
  id: string;
  event: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
  next_attempt_at: string | null;
}

let server: TestApp;
let admin: ApiClient;
let editor: ApiClient;
let receiver: http.Server;
let receiverUrl: string;
const received: Received[] = [];
/** Status codes a path answers with, one per request (the last one repeats). */
const answers = new Map<string, number[]>();

beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const queue = answers.get(path) ?? [200];
      const status = queue.length > 1 ? queue.shift()! : queue[0]!;
      response.writeHead(status, { 'content-type': 'text/plain' }).end(status < 300 ? 'thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestApp({ env: { JOBS_WORKER: 'false', WEBHOOK_ALLOW_PRIVATE: 'true' } });
  admin = await signedInClient(server, 'admin');
  editor = await signedInClient(server, 'editor');
});

afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

afterEach(async () => {
  // Each test owns its webhooks: the next test's publish must not reach them.
  await server.app.db.delete(webhooks);
  await server.app.db.delete(jobs).where(eq(jobs.kind, 'webhook.deliver'));
  received.length = 0;
  answers.clear();
});

/** Runs the due jobs and waits for the sends they started to record their outcome. */
async function deliverDue(): Promise<void> {
  await server.app.jobs.runDue();
  await webhookSendsSettled(server.app);
}

/** The next try's time is ~30 s to minutes away; pretend it has come. */
async function makeRetriesDue(): Promise<void> {
  await server.app.db
    .update(jobs)
    .set({ run_at: sql`now() - interval '1 second'` })
    .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.state, 'pending')));
}

async function createWebhook(body: Record<string, unknown>) {
  return admin.post<{ webhook: Webhook; secret: string } & ErrorBody>('/api/v1/webhooks', body);
}

async function deliveriesOf(webhookId: string): Promise<Delivery[]> {
  const response = await admin.get<{ items: Delivery[]; next_cursor: string | null }>(
    `/api/v1/webhooks/${webhookId}/deliveries`,
  );
  expect(response.status).toBe(200);
  return response.body.items;
}

let pageCount = 0;
async function newPublishedPage(): Promise<{ id: string; slug: string; title: string }> {
  pageCount += 1;
  const slug = `webhook-cenote-${pageCount}`;
  const created = await editor.post<{ page: { id: string; version: number } }>('/api/v1/pages', {
    title: `Webhook Cenote ${pageCount}`,
    slug,
  });
  expect(created.status).toBe(201);
  const published = await editor.post(`/api/v1/pages/${created.body.page.id}/publish`, {
    version: created.body.page.version,
  });
  expect(published.status).toBe(200);
  return { id: created.body.page.id, slug, title: `Webhook Cenote ${pageCount}` };
}

const hmac = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

describe('webhook deliveries', () => {
  it('POSTs a signed page.published message and lists the delivery as delivered', async () => {
    const secret = 'our-own-shared-secret-0042';
    const created = await createWebhook({ url: `${receiverUrl}/ok`, events: ['page.published'], secret });
    expect(created.status).toBe(201);
    expect(created.body.secret).toBe(secret);
    const webhook = created.body.webhook;
    expect(webhook).toMatchObject({ url: `${receiverUrl}/ok`, events: ['page.published'], active: true });

    const page = await newPublishedPage();
    expect(received).toHaveLength(0);
    await deliverDue();

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.headers['content-type']).toBe('application/json');
    expect(message!.headers['user-agent']).toBe('CenoteAtlas-Webhooks');
    expect(message!.headers['x-atlas-event']).toBe('page.published');
    expect(message!.headers['x-atlas-signature']).toBe(`sha256=${hmac(secret, message!.body)}`);
    const body = JSON.parse(message!.body) as { event: string; occurred_at: string; page: Record<string, string> };
    expect(body.event).toBe('page.published');
    expect(Number.isNaN(Date.parse(body.occurred_at))).toBe(false);
    expect(body.page).toEqual({ id: page.id, slug: page.slug, title: page.title, path: `/${page.slug}` });

    const [delivery] = await deliveriesOf(webhook.id);
    expect(message!.headers['x-atlas-delivery']).toBe(delivery!.id);
    expect(delivery).toMatchObject({
      event: 'page.published',
      status: 'delivered',
      attempts: 1,
      response_status: 200,
      last_error: null,
      next_attempt_at: null,
    });
    expect(delivery!.delivered_at).not.toBeNull();

    const list = await admin.get<{ items: Array<Webhook & { secret?: unknown }> }>('/api/v1/webhooks');
    expect(list.status).toBe(200);
    const listed = list.body.items.find((item) => item.id === webhook.id);
    expect(listed).toMatchObject({ last_delivery_status: 'delivered' });
    expect(listed!.last_delivery_at).not.toBeNull();
    for (const item of list.body.items) expect(item).not.toHaveProperty('secret');
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('generates a 64-hex secret when none is given and keeps it encrypted at rest', async () => {
    const created = await createWebhook({ url: `${receiverUrl}/ok`, events: ['page.published'] });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^[0-9a-f]{64}$/);
    const [row] = await server.app.db.select().from(webhooks).where(eq(webhooks.id, created.body.webhook.id));
    expect(row!.secret).not.toContain(created.body.secret);

    await newPublishedPage();
    await deliverDue();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-atlas-signature']).toBe(`sha256=${hmac(created.body.secret, received[0]!.body)}`);
  });

  it('retries after a 500 with the same signed body and ends delivered on the second try', async () => {
    answers.set('/flaky', [500, 200]);
    const created = await createWebhook({ url: `${receiverUrl}/flaky`, events: ['page.unpublished'] });
    const page = await newPublishedPage();
    await deliverDue();
    expect(received).toHaveLength(0);

    const unpublished = await editor.post(`/api/v1/pages/${page.id}/unpublish`);
    expect(unpublished.status).toBe(200);
    await deliverDue();
    expect(received).toHaveLength(1);
    let [delivery] = await deliveriesOf(created.body.webhook.id);
    expect(delivery).toMatchObject({ event: 'page.unpublished', status: 'pending', attempts: 1, response_status: 500 });
    expect(delivery!.last_error).toContain('500');
    const wait = Date.parse(delivery!.next_attempt_at!) - Date.parse(delivery!.last_attempt_at!);
    expect(wait).toBe(30_000);

    // Not due yet: nothing runs.
    await deliverDue();
    expect(received).toHaveLength(1);

    await makeRetriesDue();
    await deliverDue();
    expect(received).toHaveLength(2);
    expect(received[1]!.body).toBe(received[0]!.body);
    expect(received[1]!.headers['x-atlas-delivery']).toBe(received[0]!.headers['x-atlas-delivery']);
    expect(received[1]!.headers['x-atlas-signature']).toBe(received[0]!.headers['x-atlas-signature']);
    [delivery] = await deliveriesOf(created.body.webhook.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2, response_status: 200, last_error: null });
    const pending = await server.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, 'webhook.deliver'), eq(jobs.state, 'pending')));
    expect(pending).toHaveLength(0);
  });

  it('gives up after 5 failed tries and marks the delivery failed', async () => {
    answers.set('/down', [500]);
    const created = await createWebhook({ url: `${receiverUrl}/down`, events: ['page.published'] });
    await newPublishedPage();
    await deliverDue();
    for (let attempt = 2; attempt <= 5; attempt++) {
      await makeRetriesDue();
      await deliverDue();
    }
    expect(received).toHaveLength(5);
    const [delivery] = await deliveriesOf(created.body.webhook.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 5, response_status: 500, next_attempt_at: null });
    expect(delivery!.last_error).toContain('receiver is down');

    // Nothing is left to try.
    await makeRetriesDue();
    await deliverDue();
    expect(received).toHaveLength(5);
    const listed = await admin.get<{ items: Webhook[] }>('/api/v1/webhooks');
    expect(listed.body.items.find((item) => item.id === created.body.webhook.id)?.last_delivery_status).toBe('failed');
  });

  it('counts a redirect and a closed port as failures', async () => {
    answers.set('/moved', [302]);
    const moved = await createWebhook({ url: `${receiverUrl}/moved`, events: ['page.published'] });
    const closed = await createWebhook({ url: 'http://127.0.0.1:9/nothing-here', events: ['page.published'] });
    await newPublishedPage();
    await deliverDue();
    const [redirected] = await deliveriesOf(moved.body.webhook.id);
    expect(redirected).toMatchObject({ status: 'pending', attempts: 1, response_status: 302 });
    expect(redirected!.last_error).toContain('redirect');
    const [refused] = await deliveriesOf(closed.body.webhook.id);
    expect(refused).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(refused!.last_error).toBe('The connection was refused.');
  });

  it('sends nothing for an event the webhook did not subscribe to', async () => {
    const created = await createWebhook({ url: `${receiverUrl}/ok`, events: ['page.deleted'] });
    const page = await newPublishedPage();
    await deliverDue();
    expect(received).toHaveLength(0);
    expect(await deliveriesOf(created.body.webhook.id)).toHaveLength(0);

    expect((await editor.request('DELETE', `/api/v1/pages/${page.id}`)).status).toBe(204);
    await deliverDue();
    expect(received.map((message) => message.headers['x-atlas-event'])).toEqual(['page.deleted']);
  });

  it('sends nothing to a deleted webhook, which no longer lists', async () => {
    const created = await createWebhook({ url: `${receiverUrl}/ok`, events: ['page.published'] });
    const removed = await admin.request('DELETE', `/api/v1/webhooks/${created.body.webhook.id}`);
    expect(removed.status).toBe(204);
    await newPublishedPage();
    await deliverDue();
    expect(received).toHaveLength(0);
    const list = await admin.get<{ items: Webhook[] }>('/api/v1/webhooks');
    expect(list.body.items.map((item) => item.id)).not.toContain(created.body.webhook.id);
    expect((await admin.get(`/api/v1/webhooks/${created.body.webhook.id}/deliveries`)).status).toBe(404);
    expect((await admin.request('DELETE', `/api/v1/webhooks/${created.body.webhook.id}`)).status).toBe(404);
  });

  it('a delivery already queued is dropped when its webhook is deleted', async () => {
    const created = await createWebhook({ url: `${receiverUrl}/ok`, events: ['page.published'] });
    await newPublishedPage();
    expect((await admin.request('DELETE', `/api/v1/webhooks/${created.body.webhook.id}`)).status).toBe(204);
    await deliverDue();
    expect(received).toHaveLength(0);
  });

  it('sends a signed ping on request', async () => {
    const created = await createWebhook({ url: `${receiverUrl}/ok`, events: ['page.published'] });
    const ping = await admin.post<{ delivery: Delivery }>(`/api/v1/webhooks/${created.body.webhook.id}/test`);
    expect(ping.status).toBe(202);
    expect(ping.body.delivery).toMatchObject({ event: 'ping', status: 'pending', attempts: 0 });
    await deliverDue();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['x-atlas-event']).toBe('ping');
    expect(received[0]!.headers['x-atlas-signature']).toBe(`sha256=${hmac(created.body.secret, received[0]!.body)}`);
    expect(JSON.parse(received[0]!.body)).toMatchObject({ event: 'ping', webhook: { id: created.body.webhook.id } });
    const [delivery] = await deliveriesOf(created.body.webhook.id);
    expect(delivery).toMatchObject({ id: ping.body.delivery.id, status: 'delivered' });
  });

  it('pages the deliveries newest first with a cursor', async () => {
    const created = await createWebhook({ url: `${receiverUrl}/ok`, events: ['page.published'] });
    const ids: string[] = [];
    for (let count = 0; count < 3; count++) {
      ids.push(
        (await admin.post<{ delivery: Delivery }>(`/api/v1/webhooks/${created.body.webhook.id}/test`)).body.delivery.id,
      );
    }
    const first = await admin.get<{ items: Delivery[]; next_cursor: string | null }>(
      `/api/v1/webhooks/${created.body.webhook.id}/deliveries?limit=2`,
    );
    expect(first.body.items.map((item) => item.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.next_cursor).not.toBeNull();
    const second = await admin.get<{ items: Delivery[]; next_cursor: string | null }>(
      `/api/v1/webhooks/${created.body.webhook.id}/deliveries?limit=2&cursor=${first.body.next_cursor}`,
    );
    expect(second.body.items.map((item) => item.id)).toEqual([ids[0]]);
    expect(second.body.next_cursor).toBeNull();
    const bad = await admin.get<ErrorBody>(`/api/v1/webhooks/${created.body.webhook.id}/deliveries?cursor=nonsense`);
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('cursor');
  });
});

describe('adding and deleting webhooks', () => {
  it('refuses bad input, naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ url: `${receiverUrl}/ok`, events: [] }, 'events'],
      [{ url: `${receiverUrl}/ok`, events: ['page.created'] }, 'events'],
      [{ url: `${receiverUrl}/ok`, events: ['page.published'], secret: 'too-short' }, 'secret'],
      [{ url: 'ftp://example.com/hook', events: ['page.published'] }, 'url'],
      [{ url: 'not a url', events: ['page.published'] }, 'url'],
      [{ url: `https://example.com/${'a'.repeat(2000)}`, events: ['page.published'] }, 'url'],
      [{ url: 'https://user:pass@example.com/hook', events: ['page.published'] }, 'url'],
    ];
    for (const [body, field] of cases) {
      const response = await createWebhook(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error.field).toBe(field);
    }
    expect((await admin.get<{ items: Webhook[] }>('/api/v1/webhooks')).body.items).toHaveLength(0);
  });

  it('is for admins only', async () => {
    expect((await editor.get<ErrorBody>('/api/v1/webhooks')).status).toBe(403);
    const refused = await editor.post<ErrorBody>('/api/v1/webhooks', {
      url: `${receiverUrl}/ok`,
      events: ['page.published'],
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await new ApiClient(server.url).get('/api/v1/webhooks')).status).toBe(401);
  });

  it('writes one audit entry for adding and one for deleting, without the secret', async () => {
    const created = await createWebhook({ url: `${receiverUrl}/audited?token=abc`, events: ['page.published'] });
    const id = created.body.webhook.id;
    expect((await admin.request('DELETE', `/api/v1/webhooks/${id}`)).status).toBe(204);
    const entries = await server.app.db.select().from(auditLog).where(eq(auditLog.target_id, id));
    expect(entries.map((entry) => entry.action).sort()).toEqual(['webhook.created', 'webhook.deleted']);
    for (const entry of entries) {
      expect(entry).toMatchObject({ actor_type: 'user', target_type: 'webhook' });
      expect(entry.summary).not.toContain(created.body.secret);
      expect(entry.summary).not.toContain('token=abc');
    }
  });
});

describe('the SSRF guard (WEBHOOK_ALLOW_PRIVATE off)', () => {
  let guarded: TestApp;
  let guardedAdmin: ApiClient;

  beforeAll(async () => {
    guarded = await startTestApp({ seed: false, env: { JOBS_WORKER: 'false' } });
    guardedAdmin = await signedInClient(guarded, 'admin');
  });
  afterAll(async () => {
    await guarded?.close();
  });

  it('refuses private, loopback and link-local addresses when the webhook is added', async () => {
    for (const url of [
      'http://127.0.0.1/hook',
      `${receiverUrl}/ok`,
      'http://10.0.0.1/',
      'http://[::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fd00::1]/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://2130706433/',
      'http://localhost:8080/',
    ]) {
      const response = await guardedAdmin.post<ErrorBody>('/api/v1/webhooks', { url, events: ['page.published'] });
      expect(response.status, url).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'private_address', field: 'url' });
    }
    const publicOne = await guardedAdmin.post('/api/v1/webhooks', {
      url: 'https://hooks.example.com/atlas',
      events: ['page.published'],
    });
    expect(publicOne.status).toBe(201);
  });

  it('refuses again when sending, after the address is resolved', async () => {
    // As if added while private targets were allowed, then the setting was turned off.
    const id = randomUUID();
    const secret = await encryptWebhookSecret(guarded.app.db, id, 'a-secret-nobody-will-see');
    const [row] = await guarded.app.db
      .insert(webhooks)
      .values({ id, url: `${receiverUrl}/ok`, events: ['page.published'], secret })
      .returning();
    const ping = await guardedAdmin.post<{ delivery: Delivery }>(`/api/v1/webhooks/${row!.id}/test`);
    expect(ping.status).toBe(202);
    await guarded.app.jobs.runDue();
    await webhookSendsSettled(guarded.app);
    expect(received).toHaveLength(0);
    const list = await guardedAdmin.get<{ items: Delivery[] }>(`/api/v1/webhooks/${row!.id}/deliveries`);
    expect(list.body.items[0]).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(list.body.items[0]!.last_error).toMatch(/^Refused: 127\.0\.0\.1 is a loopback address/);
  });
});
