import { describe, expect, it } from 'vitest';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, useBrowserTest, withSignedInPage } from '../helpers/e2e';

const e2e = useBrowserTest();

const trashWith = (token: string) =>
  fetch(`${e2e.server.url}/api/v1/trash`, { headers: { authorization: `Bearer ${token}` } });

describe('Team → API tokens', () => {
  it('creates a token shown once, which works until it is revoked in the screen', async () => {
    const tokensScreen = {
      viewport: desktopViewport,
      permissions: ['clipboard-read', 'clipboard-write'],
      next: '/admin/team/api-tokens',
    };
    await withSignedInPage(e2e, 'admin', tokensScreen, async ({ page, errors }) => {
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
    });
  });
});
