import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { createUserWithRole } from '../helpers/auth';
import { launchBrowser, seriousA11yViolations, watchPageErrors } from '../helpers/browser';

let server: TestApp;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestApp(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const row = (page: Page, title: string) => page.getByRole('listitem', { name: new RegExp(`^${title}, level \\d+$`) });

async function addItem(page: Page, title: string, url: string) {
  await page.getByRole('button', { name: 'Add Navigation Item' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('URL').fill(url);
  await dialog.getByRole('button', { name: 'Add item' }).click();
  await page.getByText('Navigation item created').first().waitFor();
  await row(page, title).waitFor();
}

describe('navigation management', () => {
  it('builds a 3-level menu by drag and drop and by keyboard, and the public header shows it', async () => {
    const admin = await createUserWithRole(server, 'admin');
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${server.url}/auth?next=/admin/navigation`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.waitForURL(/\/admin\/navigation/);

    // Missing fields are refused with the spec's message.
    await page.getByRole('button', { name: 'Add Navigation Item' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Add item' }).click();
    await page.getByText('Please provide both title and URL.').first().waitFor();
    await page.keyboard.press('Escape');

    await addItem(page, 'Dive Planning', '/cenote-diving');
    await addItem(page, 'Gas Rules', '/safety-guidelines');
    await addItem(page, 'Rule of Thirds', '/safety-guidelines');
    expect(await row(page, 'Gas Rules').getAttribute('aria-label')).toBe('Gas Rules, level 1');

    // Drag: drop 'Gas Rules' on the middle of 'Dive Planning' → its child.
    await row(page, 'Gas Rules').dragTo(row(page, 'Dive Planning'));
    await page.getByText('Navigation updated').first().waitFor();
    await expect.poll(() => row(page, 'Gas Rules').getAttribute('aria-label')).toBe('Gas Rules, level 2');

    // Keyboard: indent 'Rule of Thirds' twice → under 'Dive Planning', then under 'Gas Rules'.
    await page.getByRole('button', { name: 'Indent: Rule of Thirds' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => row(page, 'Rule of Thirds').getAttribute('aria-label')).toBe('Rule of Thirds, level 2');
    await page.getByRole('button', { name: 'Indent: Rule of Thirds' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => row(page, 'Rule of Thirds').getAttribute('aria-label')).toBe('Rule of Thirds, level 3');
    const indent = await row(page, 'Rule of Thirds').evaluate((element) => getComputedStyle(element).paddingLeft);
    expect(indent).toBe(`${8 + 2 * 24}px`);

    expect(await seriousA11yViolations(page)).toEqual([]);

    // The public header shows the new group with its child and grandchild.
    const site = await context.newPage();
    await site.goto(`${server.url}/`);
    await site.waitForFunction(() => document.documentElement.classList.contains('js'));
    await site.getByRole('navigation', { name: 'Main' }).first().getByRole('button', { name: 'Dive Planning' }).click();
    await site.getByRole('link', { name: 'Gas Rules' }).first().waitFor();
    expect(await site.getByRole('link', { name: 'Rule of Thirds' }).first().isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
