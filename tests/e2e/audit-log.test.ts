import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ApiClient, createUserWithRole } from '../helpers/auth';
import { seriousA11yViolations } from '../helpers/browser';
import { pageIdBySlug, phoneViewport, useBrowserTest, withSignedInPage } from '../helpers/e2e';

const e2e = useBrowserTest({ env: { JOBS_WORKER: 'false' } });
/** Set SCREENSHOT_DIR to keep pictures of the screen at 1440 and 390 px (docs/screenshots). */
const screenshotDir = process.env['SCREENSHOT_DIR'];

const pageId = (slug: string) => pageIdBySlug(e2e.server, slug);

async function toastsGone(page: Page) {
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
}

describe('Team → Audit log', () => {
  it('shows what an admin just did, filters by action and keeps the filter in the address', async () => {
    const admin = await createUserWithRole(e2e.server, 'admin');
    // The same person, working through the API in another session.
    const client = new ApiClient(e2e.server.url);
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
    const download = await fetch(`${e2e.server.url}/api/v1/backup`, { headers: { cookie: client.cookieHeader() } });
    expect(download.status).toBe(200);
    await download.arrayBuffer();

    const auditScreen = { viewport: { width: 1440, height: 900 }, next: '/admin/team/audit' };
    await withSignedInPage(e2e, admin, auditScreen, async ({ page, errors }) => {
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
        const phone = { ...auditScreen, viewport: phoneViewport, deviceScaleFactor: 2 };
        await withSignedInPage(e2e, admin, phone, async ({ page: small }) => {
          await small.getByText('Published “Cenote Dos Ojos”').waitFor();
          await toastsGone(small);
          await small.screenshot({ path: path.join(screenshotDir, 'admin-audit-log-390.png'), fullPage: true });
        });
      }
      expect(errors).toEqual([]);
    });
  });
});
