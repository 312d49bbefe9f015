import { eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../src/features/pages/pages.table';
import { performanceSettings } from '../../src/features/settings/settings.table';
import { signedInClient } from '../helpers/auth';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, phoneViewport, tabTo, useBrowserTest, withSignedInPage } from '../helpers/e2e';

/** Issue 20, decision 37: the publish check dialog, keyboard only, and the Site health screen. */

const e2e = useBrowserTest();
let pageId: string;

beforeAll(async () => {
  const editor = await signedInClient(e2e.server, 'editor');
  const created = await editor.post<{ page: { id: string } }>('/api/v1/pages', {
    title: 'Night Dive Notes',
    slug: 'night-dive-notes',
    meta_title: 'Night dive notes',
    meta_description: 'What to pack for a night dive in the cenotes.',
  });
  pageId = created.body.page.id;
  const block = await editor.post(`/api/v1/pages/${pageId}/blocks`, {
    block_type: 'text',
    block_data: { heading: 'Before you go', content: '<p>Read <a href="/no-such-page">the old checklist</a>.</p>' },
  });
  expect(block.status).toBe(201);
});

async function isPublished(): Promise<boolean> {
  const [row] = await e2e.server.app.db
    .select({ is_published: pages.is_published })
    .from(pages)
    .where(eq(pages.id, pageId));
  return row!.is_published;
}

async function toastsGone(page: Page) {
  await page
    .locator('[data-sonner-toast]')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => {});
}

describe('the publish check', () => {
  it('lists a broken link before publishing; Keep editing leaves the page as it was; publishing over it takes a confirm', async () => {
    const editorScreen = { viewport: desktopViewport, next: `/admin/pages/${pageId}` };
    await withSignedInPage(e2e, 'editor', editorScreen, async ({ page, errors }) => {
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();

      const publish = page.getByRole('button', { name: 'Publish', exact: true });
      await tabTo(page, publish);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Before you publish' });
      await dialog.waitFor();
      const errorList = dialog.getByRole('region', { name: /Errors/ });
      await expect
        .poll(() => errorList.getByRole('listitem').allTextContents())
        .toEqual([expect.stringContaining('the link to /no-such-page leads nowhere')]);
      // Publishing over an error waits for the confirm.
      expect(await dialog.getByRole('button', { name: 'Publish with errors' }).isDisabled()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The focus starts on Keep editing: Enter closes the dialog and nothing is published.
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      expect(await isPublished()).toBe(false);

      // Back on Publish; Escape closes the dialog too.
      await expect.poll(() => publish.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await isPublished()).toBe(false);

      await tabTo(page, publish);
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await tabTo(page, dialog.getByRole('checkbox', { name: /broken and want to publish anyway/ }));
      await page.keyboard.press('Space');
      const publishOver = dialog.getByRole('button', { name: 'Publish with errors' });
      await tabTo(page, publishOver);
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached' });
      await page.getByText('Page published').first().waitFor();
      await expect.poll(isPublished).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it('Site health lists the broken link and opens the page from it; axe is clean', async () => {
    const healthScreen = { viewport: phoneViewport, next: '/admin/health' };
    await withSignedInPage(e2e, 'editor', healthScreen, async ({ page, errors }) => {
      await page.getByRole('heading', { name: 'Site health' }).waitFor();
      const broken = page.getByRole('region', { name: /Broken internal links/ });
      const item = broken.getByRole('listitem').filter({ hasText: '/no-such-page' });
      await item.waitFor();
      expect(await item.textContent()).toContain('Draft and live');
      await toastsGone(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Nothing is cut off at 390 px: the page does not scroll sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await tabTo(page, item.getByRole('link', { name: 'Night Dive Notes' }));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === `/admin/pages/${pageId}`);
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
      expect(errors).toEqual([]);
    });
  });

  it('takes its page weight budget from the Performance screen, typed digit by digit', async () => {
    const performanceScreen = { viewport: desktopViewport, next: '/admin/performance' };
    await withSignedInPage(e2e, 'admin', performanceScreen, async ({ page, errors }) => {
      const budget = page.getByRole('spinbutton', { name: 'Page weight budget (KB)' });
      await budget.waitFor();
      expect(await budget.inputValue()).toBe('1500');
      await tabTo(page, budget);
      await page.keyboard.press('ControlOrMeta+A');
      // Each digit stays as typed ('8' is under the minimum of 100 until the next ones come).
      await page.keyboard.type('800');
      expect(await budget.inputValue()).toBe('800');
      // Below the minimum: the field shows the minimum once the focus leaves it.
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('40');
      expect(await budget.inputValue()).toBe('40');
      await page.keyboard.press('Shift+Tab');
      expect(await budget.inputValue()).toBe('100');
      await tabTo(page, budget);
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type('800');
      await page.keyboard.press('Enter');
      await page.getByText('Settings saved').first().waitFor();
      await expect
        .poll(async () => (await e2e.server.app.db.select().from(performanceSettings))[0]?.page_weight_budget_kb)
        .toBe(800);
      await page.reload();
      await expect.poll(() => budget.inputValue()).toBe('800');
      await toastsGone(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
