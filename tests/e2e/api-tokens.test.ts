import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole } from '../helpers/auth';
import { startTestApp, type TestApp } from '../helpers/build-app';
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

const trashWith = (token: string) =>
  fetch(`${server.url}/api/v1/trash`, { headers: { authorization: `Bearer ${token}` } });

describe('Team → API tokens', () => {
  it('creates a token shown once, which works until it is revoked in the screen', async () => {
    const context = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const page = await context.newPage();
    const errors = watchPageErrors(page);
    const admin = await createUserWithRole(server, 'admin');
    await page.goto(`${server.url}/auth?next=/admin/team/api-tokens`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).last().click();
    await page.waitForURL((url) => url.pathname.startsWith('/admin'));
    await page.getByRole('heading', { name: 'API tokens', level: 2 }).waitFor();
    await page.getByText('No API tokens yet').waitFor();

    await page.getByRole('button', { name: 'Create token' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create token' });
    await dialog.getByLabel('Name').fill('Deploy script');
    await dialog.getByLabel('Role').selectOption('editor');
    await dialog.getByLabel('Expires').selectOption('30');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const shown = page.getByRole('dialog', { name: 'Your new API token' });
    await shown.getByText('Copy it now: it will not be shown again.').waitFor();
    const field = shown.getByLabel('Token for “Deploy script”');
    const token = await field.inputValue();
    expect(token).toMatch(/^cat_[A-Za-z0-9_-]{43}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await shown.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

    expect((await trashWith(token)).status).toBe(200);

    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Deploy script/ });
    await expect.poll(() => row.textContent()).toContain(`cat_${token.slice(4, 12)}…`);
    expect(await row.textContent()).not.toContain(token);
    expect(await row.textContent()).toContain('Active');

    await row.getByRole('button', { name: 'Revoke Deploy script' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “Deploy script”?' });
    await confirm.getByRole('button', { name: 'Revoke token' }).click();
    await confirm.waitFor({ state: 'detached' });
    await row.getByText('Revoked').waitFor();
    const refused = await trashWith(token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('invalid_token');

    // axe reads a toast in mid-fade as low contrast: check once they are gone.
    await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});
