import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../src/features/pages/pages.table';
import { ApiClient, createUserWithRole } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { launchBrowser, seriousA11yViolations, watchPageErrors } from '../helpers/browser';

let server: TestApp;
let browser: Browser;
/** Set SCREENSHOT_DIR to keep pictures of the screen at 1440 and 390 px (docs/screenshots). */
const screenshotDir = process.env['SCREENSHOT_DIR'];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestApp({ env: { JOBS_WORKER: 'false' } }), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function signIn(page: Page, user: { email: string; password: string }, next: string) {
  await page.goto(`${server.url}/auth?next=${next}`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).last().click();
  await page.waitForURL((url) => url.pathname.startsWith('/admin'));
}

async function pageId(slug: string): Promise<string> {
  const [row] = await server.app.db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug));
  return row!.id;
}

async function toastsGone(page: Page) {
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

describe('Team → Audit log', () => {
  it('shows what an admin just did, filters by action and keeps the filter in the address', async () => {
    const admin = await createUserWithRole(server, 'admin');
    // The same person, working through the API in another session.
    const client = new ApiClient(server.url);
    expect((await client.signIn(admin.email, admin.password)).status).toBe(200);
    const id = await pageId('cenote-dos-ojos');
    const draft = await client.get<{ page: { version: number } }>(`/api/v1/pages/${id}`);
    expect((await client.post(`/api/v1/pages/${id}/publish`, { version: draft.body.page.version })).status).toBe(200);
    const seo = await client.get<{ settings: { version: number } }>('/api/v1/settings/seo/admin');
    const saved = await client.request('PUT', '/api/v1/settings/seo', {
      body: { version: seo.body.settings.version, site_title: 'Cenote Atlas', twitter_handle: '@cenoteatlas' },
    });
    expect(saved.status).toBe(200);
    const other = await pageId('cenote-carwash');
    expect((await client.request('DELETE', `/api/v1/pages/${other}`)).status).toBe(204);
    expect((await client.post(`/api/v1/pages/${other}/restore`)).status).toBe(200);
    const at = new Date(Date.now() + 7 * 24 * 3_600_000).toISOString();
    expect(
      (await client.request('PUT', `/api/v1/pages/${other}/schedule`, { body: { unpublish_at: at } })).status,
    ).toBe(200);
    const download = await fetch(`${server.url}/api/v1/backup`, { headers: { cookie: client.cookieHeader() } });
    expect(download.status).toBe(200);
    await download.arrayBuffer();

    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await signIn(page, admin, '/admin/team/audit');
    await page.getByRole('heading', { name: 'Audit log', level: 2 }).waitFor();
    const table = page.getByRole('table', { name: /Audit log entries/ });
    const publishedRow = table.getByRole('row').filter({ hasText: 'Published “Cenote Dos Ojos”' });
    await publishedRow.waitFor();
    await expect.poll(() => publishedRow.getByText(admin.email).count()).toBe(1);
    expect(await table.getByRole('row').filter({ hasText: 'Changed SEO settings' }).count()).toBe(1);

    if (screenshotDir) {
      await toastsGone(page);
      await page.screenshot({ path: path.join(screenshotDir, 'admin-audit-log-1440.png'), fullPage: true });
    }

    await page.getByLabel('Action').selectOption({ label: 'Moved a page to Trash' });
    await page.waitForURL((url) => url.searchParams.get('action') === 'page.deleted');
    // Carwash went to Trash with its Spanish translation: an entry for each (and the header row).
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await table.getByRole('row').filter({ hasText: 'Moved a page to Trash' }).first().waitFor();

    // The address shares the view: a fresh load shows the same filtered list.
    await page.reload();
    await expect.poll(() => page.getByLabel('Action').inputValue()).toBe('page.deleted');
    await expect.poll(() => table.getByRole('row').count()).toBe(3);
    await toastsGone(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('action'));
    await publishedRow.waitFor();

    // A range with nothing in it: the empty state.
    await page.getByLabel('From').fill('2001-01-01');
    await page.getByLabel('To').fill('2001-01-02');
    await page.getByText('No entries match these filters.').waitFor();

    if (screenshotDir) {
      const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
      const small = await phone.newPage();
      await signIn(small, admin, '/admin/team/audit');
      await small.getByText('Published “Cenote Dos Ojos”').waitFor();
      await toastsGone(small);
      await small.screenshot({ path: path.join(screenshotDir, 'admin-audit-log-390.png'), fullPage: true });
      await phone.close();
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
