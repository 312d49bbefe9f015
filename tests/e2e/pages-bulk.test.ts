import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, signedInClient } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { launchBrowser, seriousA11yViolations, watchPageErrors } from '../helpers/browser';

/** Issue 20, 'Bulk work and long lists': select pages on the Pages screen and publish them together, keyboard only. */
let server: TestApp;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/** Presses Tab (or Shift+Tab) until `target` has the focus, failing after 80 presses. */
async function tabTo(page: Page, target: Locator, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  for (let presses = 0; presses < 80; presses++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error('Tab never reached the element');
}

describe('bulk actions on the Pages screen', () => {
  it('selects two drafts with Space and publishes them from the bar, with the keyboard alone', async () => {
    const api = await signedInClient(server, 'editor');
    const titles = ['Keyboard Cave One', 'Keyboard Cave Two', 'Keyboard Cave Three'];
    for (const [index, title] of titles.entries()) {
      const created = await api.post('/api/v1/pages', { title, slug: `keyboard-cave-${index + 1}` });
      expect(created.status).toBe(201);
    }

    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const editor = await createUserWithRole(server, 'editor');
    await page.goto(`${server.url}/auth?next=/admin/pages`);
    await page.getByLabel('Email').fill(editor.email);
    await page.getByLabel('Password', { exact: true }).fill(editor.password);
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    await page.getByRole('heading', { name: 'Pages Management' }).waitFor();

    // Search on the server: the list narrows to the three new drafts and the URL keeps the search.
    const search = page.getByLabel('Search pages');
    await tabTo(page, search);
    await page.keyboard.type('keyboard cave');
    const rows = page.getByRole('list', { name: 'Pages' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('keyboard cave');
    await page.getByText('3 pages', { exact: true }).waitFor();

    const first = page.getByRole('checkbox', { name: 'Select Keyboard Cave One' });
    const second = page.getByRole('checkbox', { name: 'Select Keyboard Cave Two' });
    await tabTo(page, first);
    await page.keyboard.press('Space');
    expect(await first.isChecked()).toBe(true);
    await tabTo(page, second);
    await page.keyboard.press('Space');
    expect(await second.isChecked()).toBe(true);
    await page.getByText('2 selected', { exact: true }).waitFor();
    const selectAll = page.getByRole('checkbox', { name: 'Select all shown' });
    expect(await selectAll.evaluate((element) => (element as HTMLInputElement).indeterminate)).toBe(true);

    // The bar sits above the list: back up to its Publish button.
    const bar = page.getByRole('region', { name: 'Selection' });
    const publish = bar.getByRole('button', { name: 'Publish', exact: true });
    await tabTo(page, publish, 'Shift+Tab');
    await page.keyboard.press('Enter');

    await page.locator('[data-sonner-toast]', { hasText: '2 pages published' }).waitFor();
    const rowOf = (title: string) => rows.filter({ has: page.getByRole('link', { name: title, exact: true }) });
    await rowOf('Keyboard Cave One').getByText('Published', { exact: true }).waitFor();
    await rowOf('Keyboard Cave Two').getByText('Published', { exact: true }).waitFor();
    expect(await rowOf('Keyboard Cave Three').getByText('Draft', { exact: true }).count()).toBe(1);
    // The selection is done with; the keyboard stays in the bar.
    await expect.poll(() => isFocused(selectAll)).toBe(true);
    expect(await page.getByText('2 selected').count()).toBe(0);

    for (const slug of ['keyboard-cave-1', 'keyboard-cave-2']) {
      expect((await fetch(`${server.url}/${slug}`)).status, slug).toBe(200);
    }
    expect((await fetch(`${server.url}/keyboard-cave-3`)).status).toBe(404);

    await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
