import { auditActions } from '../../src/features/audit/audit.server';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/features/audit/audit.table';
import type { AuditItem, AuditList } from '../../src/features/audit/audit.dto';
import { pages } from '../../src/features/pages/pages.table';
import { enqueueJob } from '../../src/platform/jobs/job-queue.server';
import { jobs } from '../../src/platform/jobs/jobs.table';
import { ApiClient, createUserWithRole, latestTokenFor, signedInClient, type ErrorBody } from '../helpers/auth';
import { downloadBackup, uploadBackup } from '../helpers/backup-archive';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { pageWithSlug } from '../helpers/pages';

/**
 * The audit log (decision 40) on the real server and database: every action the product performs
 * at this point writes exactly one entry (who, what, to what, from where), failed writes none; the
 * admin reads it filtered and page by page; the database itself refuses edits and early deletes;
 * the daily job removes what is over a year old.
 */
let server: TestApp;
let admin: ApiClient;
let adminUser: { id: string; email: string };
/** The admin's requests leave from this loopback address, so the recorded address is checked. */
const adminAddress = '127.0.0.23';

beforeAll(async () => {
  server = await startTestApp({ env: { JOBS_WORKER: 'false' } });
  const account = await createUserWithRole(server, 'admin');
  adminUser = { id: account.id, email: account.email };
  admin = new ApiClient(server.url, { localAddress: adminAddress });
  const signedIn = await admin.signIn(account.email, account.password);
  if (signedIn.status !== 200) throw new Error(`sign-in answered ${signedIn.status}`);
});
afterAll(async () => {
  await server?.close();
});

type Row = typeof auditLog.$inferSelect;

/** Runs `action` and answers the entries it added (compared by id with what was there before). */
async function entriesWrittenBy(action: () => Promise<unknown>): Promise<Row[]> {
  const before = (await server.app.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id);
  await action();
  return server.app.db
    .select()
    .from(auditLog)
    .where(before.length > 0 ? notInArray(auditLog.id, before) : undefined);
}

async function pageIdOf(slug: string): Promise<string> {
  const [row] = await server.app.db.select({ id: pages.id }).from(pages).where(pageWithSlug(slug));
  if (!row) throw new Error(`no page ${slug}`);
  return row.id;
}

async function versionOf(pageId: string): Promise<number> {
  const response = await admin.get<{ page: { version: number } }>(`/api/v1/pages/${pageId}`);
  return response.body.page.version;
}

const byAdmin = { actor_type: 'user', actor_id: () => adminUser.id };

function expectOneByAdmin(rows: Row[], action: string, target: { type: string; id: string | null; label?: string }) {
  expect(rows, JSON.stringify(rows)).toHaveLength(1);
  expect(rows[0]).toMatchObject({
    action,
    actor_type: byAdmin.actor_type,
    actor_id: byAdmin.actor_id(),
    actor_label: adminUser.email,
    token_id: null,
    ip: adminAddress,
    target_type: target.type,
    target_id: target.id,
    ...(target.label === undefined ? {} : { target_label: target.label }),
  });
  expect(rows[0]!.summary.length).toBeGreaterThan(0);
  return rows[0]!;
}

describe('every action writes exactly one entry', () => {
  it('publish, unpublish, schedule, move to Trash, restore and purge', async () => {
    const created = await admin.post<{ page: { id: string; title: string } }>('/api/v1/pages', {
      title: 'Audit trail cave',
      slug: 'audit-trail-cave',
    });
    expect(created.status).toBe(201);
    const id = created.body.page.id;
    const target = { type: 'page', id, label: 'Audit trail cave' };

    const published = await entriesWrittenBy(async () => {
      const answer = await admin.post(`/api/v1/pages/${id}/publish`, { version: await versionOf(id) });
      expect(answer.status).toBe(200);
    });
    expect(expectOneByAdmin(published, 'page.published', target).summary).toBe('Published “Audit trail cave”.');

    const unpublished = await entriesWrittenBy(async () => {
      expect((await admin.post(`/api/v1/pages/${id}/unpublish`)).status).toBe(200);
    });
    expectOneByAdmin(unpublished, 'page.unpublished', target);

    const at = new Date(Date.now() + 3 * 24 * 3_600_000).toISOString();
    const scheduled = await entriesWrittenBy(async () => {
      const answer = await admin.request('PUT', `/api/v1/pages/${id}/schedule`, { body: { publish_at: at } });
      expect(answer.status).toBe(200);
    });
    expect(expectOneByAdmin(scheduled, 'page.scheduled', target).summary).toContain('publish at');

    const trashed = await entriesWrittenBy(async () => {
      expect((await admin.request('DELETE', `/api/v1/pages/${id}`)).status).toBe(204);
    });
    expectOneByAdmin(trashed, 'page.deleted', target);

    const restored = await entriesWrittenBy(async () => {
      expect((await admin.post(`/api/v1/pages/${id}/restore`)).status).toBe(200);
    });
    expectOneByAdmin(restored, 'page.restored', target);

    // The purge is the Trash job's, 30 days on: the clock of the page and its job moved back.
    expect((await admin.request('DELETE', `/api/v1/pages/${id}`)).status).toBe(204);
    await server.app.db
      .update(pages)
      .set({ deleted_at: sql`now() - interval '31 days'` })
      .where(eq(pages.id, id));
    await server.app.db
      .update(jobs)
      .set({ run_at: sql`now() - interval '1 second'` })
      .where(and(eq(jobs.key, `page.purge:${id}`), eq(jobs.state, 'pending')));
    const purged = await entriesWrittenBy(async () => {
      expect(await server.app.jobs.runDue()).toBe(1);
    });
    expect(purged).toHaveLength(1);
    expect(purged[0]).toMatchObject({
      action: 'page.purged',
      actor_type: 'system',
      actor_id: null,
      ip: null,
      target_type: 'page',
      target_id: id,
      target_label: 'Audit trail cave',
    });
  });

  it('a refused write (publish with a stale version, 409) writes nothing', async () => {
    const id = await pageIdOf('cenote-dos-ojos');
    const rows = await entriesWrittenBy(async () => {
      const stale = await admin.post<ErrorBody>(`/api/v1/pages/${id}/publish`, { version: (await versionOf(id)) + 1 });
      expect(stale.status).toBe(409);
    });
    expect(rows).toEqual([]);
  });

  it('SEO and performance settings name the fields that changed; a save that changes nothing writes none', async () => {
    const seo = await admin.get<{ settings: { version: number } }>('/api/v1/settings/seo/admin');
    let seoVersion = seo.body.settings.version;
    const first = await entriesWrittenBy(async () => {
      const answer = await admin.request<{ settings: { version: number } }>('PUT', '/api/v1/settings/seo', {
        body: { version: seoVersion, site_title: 'Cenote Atlas (audited)', twitter_handle: '@atlasaudit' },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      seoVersion = answer.body.settings.version;
    });
    expect(expectOneByAdmin(first, 'settings.updated', { type: 'settings', id: 'seo' }).summary).toBe(
      'Changed SEO settings: site title, Twitter handle.',
    );
    const same = await entriesWrittenBy(async () => {
      const answer = await admin.request('PUT', '/api/v1/settings/seo', {
        body: { version: seoVersion, site_title: 'Cenote Atlas (audited)' },
      });
      expect(answer.status).toBe(200);
    });
    expect(same).toEqual([]);
    const conflict = await entriesWrittenBy(async () => {
      const answer = await admin.request('PUT', '/api/v1/settings/seo', {
        body: { version: 0, site_title: 'Lost update' },
      });
      expect(answer.status).toBe(409);
    });
    expect(conflict).toEqual([]);

    const performance = await admin.get<{ settings: { version: number } }>('/api/v1/settings/performance');
    const changed = await entriesWrittenBy(async () => {
      const answer = await admin.request('PUT', '/api/v1/settings/performance', {
        body: {
          version: performance.body.settings.version,
          enable_caching: true,
          cache_duration: 3600,
          enable_webp: true,
          enable_avif: true,
          image_quality: 70,
          lazy_loading: true,
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });
    expect(expectOneByAdmin(changed, 'settings.updated', { type: 'settings', id: 'performance' }).summary).toBe(
      'Changed performance settings: cache duration, image quality.',
    );
  });

  it('a password reset is recorded as done by that person, from their address', async () => {
    const person = await createUserWithRole(server, 'editor');
    const visitor = new ApiClient(server.url, { localAddress: '127.0.0.31' });
    expect((await visitor.post('/api/v1/auth/reset-request', { email: person.email })).status).toBe(202);
    const token = await latestTokenFor(server, person.email, '/auth/reset-password');
    const rows = await entriesWrittenBy(async () => {
      const answer = await visitor.post('/api/v1/auth/reset-password', { token, newPassword: 'a new long secret' });
      expect(answer.status).toBe(200);
    });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'auth.password_reset',
      actor_type: 'user',
      actor_id: person.id,
      actor_label: person.email,
      target_type: 'user',
      target_id: person.id,
      ip: '127.0.0.31',
    });
    // The link works once: a second try is refused and writes nothing.
    const again = await entriesWrittenBy(async () => {
      expect(
        (await visitor.post('/api/v1/auth/reset-password', { token, newPassword: 'another secret!' })).status,
      ).toBe(400);
    });
    expect(again).toEqual([]);
  });

  it('a backup download, and a restore (a dry run writes none)', async () => {
    let archive: Buffer | undefined;
    const exported = await entriesWrittenBy(async () => {
      const download = await downloadBackup(admin);
      expect(download.status).toBe(200);
      archive = download.archive;
    });
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({
      action: 'backup.exported',
      actor_type: 'user',
      actor_id: adminUser.id,
      target_type: 'backup',
    });
    expect(exported[0]!.target_label).toMatch(/\.tar\.gz$/);

    const dryRun = await entriesWrittenBy(async () => {
      expect((await uploadBackup(admin, archive!, { dryRun: true })).status).toBe(200);
    });
    expect(dryRun).toEqual([]);

    const restored = await entriesWrittenBy(async () => {
      const answer = await uploadBackup(admin, archive!);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    });
    expect(restored).toHaveLength(1);
    expect(restored[0]).toMatchObject({ action: 'backup.restored', actor_type: 'user', actor_id: adminUser.id });
    expect(restored[0]!.summary).toMatch(/^Restored a backup: \d+ pages \(\d+ published\)/);
  });
});

describe('GET /api/v1/audit', () => {
  const list = (query: string, client: ApiClient = admin) => client.get<AuditList & ErrorBody>(`/api/v1/audit${query}`);

  it('answers entries newest first in the documented shape', async () => {
    const answer = await list('?limit=5');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const items = answer.body.items;
    expect(items.length).toBe(5);
    const times = items.map((item) => new Date(item.created_at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const restore = items.find((item) => item.action === 'backup.restored');
    expect(restore).toMatchObject({
      action_label: 'Restored a backup',
      actor: { type: 'user', id: adminUser.id, token_id: null },
      target: { type: 'backup' },
    } satisfies Partial<Record<keyof AuditItem, unknown>>);
    expect(restore?.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it('filters by person, by action or area, and by time', async () => {
    const mine = await list(`?actor=${adminUser.id}&limit=200`);
    expect(mine.status).toBe(200);
    expect(mine.body.items.length).toBeGreaterThan(5);
    expect(mine.body.items.every((item) => item.actor.id === adminUser.id)).toBe(true);

    const published = await list('?action=page.published');
    expect(published.body.items.length).toBeGreaterThan(0);
    expect(published.body.items.every((item) => item.action === 'page.published')).toBe(true);

    const pagesArea = await list('?action=page.&limit=200');
    const actions = new Set(pagesArea.body.items.map((item) => item.action));
    expect([...actions].sort()).toEqual(
      ['page.deleted', 'page.published', 'page.purged', 'page.restored', 'page.scheduled', 'page.unpublished'].sort(),
    );

    // Two entries a day apart, 100 days ago (within the year kept), to cut a window around one of them.
    const day = new Date(Date.now() - 100 * 24 * 3_600_000).toISOString().slice(0, 10);
    const nextDay = new Date(Date.parse(`${day}T00:00:00Z`) + 24 * 3_600_000).toISOString().slice(0, 10);
    const dayAfter = new Date(Date.parse(`${day}T00:00:00Z`) + 48 * 3_600_000).toISOString().slice(0, 10);
    await server.app.db.insert(auditLog).values([
      {
        created_at: new Date(`${day}T12:00:00Z`),
        actor_type: 'system',
        actor_label: 'Test',
        action: 'settings.updated',
        summary: 'Window inside.',
      },
      {
        created_at: new Date(`${nextDay}T12:00:00Z`),
        actor_type: 'system',
        actor_label: 'Test',
        action: 'settings.updated',
        summary: 'Window edge.',
      },
    ]);
    // since is inclusive, until exclusive.
    const window = await list(`?since=${day}T00:00:00Z&until=${nextDay}T12:00:00Z`);
    expect(window.body.items.map((item) => item.summary)).toEqual(['Window inside.']);
    const offset = await list(`?since=${encodeURIComponent(`${nextDay}T07:00:00-05:00`)}&until=${dayAfter}T00:00:00Z`);
    expect(offset.body.items.map((item) => item.summary)).toEqual(['Window edge.']);
  });

  it('refuses a bad filter with 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['?action=page.exploded', 'action'],
      ['?action=nothing.', 'action'],
      ['?actor=not-a-uuid', 'actor'],
      ['?since=yesterday', 'since'],
      ['?until=2025-13-45T00:00:00Z', 'until'],
      ['?since=2025-02-01T00:00:00Z&until=2025-01-01T00:00:00Z', 'until'],
      ['?limit=201', 'limit'],
      ['?cursor=bm9wZQ', 'cursor'],
    ];
    for (const [query, field] of cases) {
      const answer = await list(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.error.field, query).toBe(field);
    }
  });

  it('walks every entry page by page without duplicates or gaps', async () => {
    // More entries than a page, several in the same transaction (the same created_at).
    await server.app.db.transaction(async (tx) => {
      for (let index = 0; index < 30; index++) {
        await tx.insert(auditLog).values({
          actor_type: 'system',
          actor_label: 'Pager',
          action: 'webhook.created',
          summary: `Pager ${index}`,
        });
      }
    });
    const all = (await server.app.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pagesRead = 0;
    do {
      const answer: Awaited<ReturnType<typeof list>> = await list(
        `?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      expect(answer.status).toBe(200);
      expect(answer.body.items.length).toBeLessThanOrEqual(7);
      seen.push(...answer.body.items.map((item) => item.id));
      cursor = answer.body.next_cursor;
      pagesRead++;
    } while (cursor && pagesRead < 100);
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...all].sort());
    expect(pagesRead).toBe(Math.ceil(all.length / 7));

    const filtered: string[] = [];
    cursor = null;
    do {
      const answer: Awaited<ReturnType<typeof list>> = await list(
        `?action=webhook.created&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      filtered.push(...answer.body.items.map((item) => item.summary));
      cursor = answer.body.next_cursor;
    } while (cursor);
    expect(filtered.sort()).toEqual(Array.from({ length: 30 }, (_, index) => `Pager ${index}`).sort());
  });

  it('lists the people in the log and the actions by area, for the filters', async () => {
    const actors = await admin.get<{ items: Array<{ id: string; label: string }> }>('/api/v1/audit/actors');
    expect(actors.status).toBe(200);
    expect(actors.body.items.map((item) => item.id)).toContain(adminUser.id);
    expect(actors.body.items.find((item) => item.id === adminUser.id)?.label).toContain(adminUser.email);

    const actions = await admin.get<{ groups: Array<{ label: string; actions: Array<{ action: string }> }> }>(
      '/api/v1/audit/actions',
    );
    expect(actions.body.groups.map((group) => group.label)).toEqual([
      'Sign-in',
      'Two-factor',
      'People',
      'Pages',
      'Redirects',
      'Settings',
      'Backups',
      'API tokens',
      'Webhooks',
    ]);
    // Every action has its area: none falls under 'Other'.
    expect(actions.body.groups.flatMap((group) => group.actions).length).toBe(Object.keys(auditActions).length);
    expect(actions.body.groups.find((group) => group.label === 'Pages')?.actions).toContainEqual({
      action: 'page.published',
      label: 'Published a page',
    });
  });

  it('is for admins only: 401 signed out, 403 for an editor', async () => {
    const editor = await signedInClient(server, 'editor');
    for (const route of ['/api/v1/audit', '/api/v1/audit/actors', '/api/v1/audit/actions']) {
      expect((await new ApiClient(server.url).get(route)).status, route).toBe(401);
      expect((await editor.get(route)).status, route).toBe(403);
    }
  });
});

describe('append-only and kept for a year', () => {
  async function refused(statement: Promise<unknown>): Promise<string> {
    try {
      await statement;
    } catch (error) {
      let current: unknown = error;
      const messages: string[] = [];
      while (current instanceof Error) {
        messages.push(current.message);
        current = current.cause;
      }
      return messages.join(' | ');
    }
    throw new Error('the database accepted the statement');
  }

  it('the database refuses to change any entry or delete a recent one', async () => {
    const [entry] = await server.app.db.select().from(auditLog).limit(1);
    expect(
      await refused(server.app.db.update(auditLog).set({ summary: 'Rewritten.' }).where(eq(auditLog.id, entry!.id))),
    ).toMatch(/cannot be changed/);
    expect(await refused(server.app.db.delete(auditLog).where(eq(auditLog.id, entry!.id)))).toMatch(/kept for a year/);
    const [still] = await server.app.db.select().from(auditLog).where(eq(auditLog.id, entry!.id));
    expect(still).toEqual(entry);
  });

  it('the daily retention job deletes only entries over a year old, and books its next run', async () => {
    const [old, recent] = await server.app.db
      .insert(auditLog)
      .values([
        {
          created_at: sql`now() - interval '400 days'`,
          actor_type: 'system',
          action: 'backup.exported',
          summary: 'Long ago.',
        },
        {
          created_at: sql`now() - interval '300 days'`,
          actor_type: 'system',
          action: 'backup.exported',
          summary: 'This year.',
        },
      ])
      .returning({ id: auditLog.id });
    const countBefore = (await server.app.db.select({ id: auditLog.id }).from(auditLog)).length;

    // Booked at start for a day later, so nothing runs it yet.
    const [booked] = await server.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, 'audit.retention'), eq(jobs.state, 'pending')));
    expect(booked!.run_at.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    expect(await server.app.jobs.runDue()).toBe(0);

    // A day has passed.
    await enqueueJob(server.app.db, {
      kind: 'audit.retention',
      key: 'audit.retention',
      runAt: new Date(Date.now() - 1000),
    });
    expect(await server.app.jobs.runDue()).toBe(1);
    const ids = (await server.app.db.select({ id: auditLog.id }).from(auditLog)).map((row) => row.id);
    expect(ids).not.toContain(old!.id);
    expect(ids).toContain(recent!.id);
    expect(ids).toHaveLength(countBefore - 1);
    const [next] = await server.app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.key, 'audit.retention'), eq(jobs.state, 'pending')));
    expect(next!.run_at.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });
});
