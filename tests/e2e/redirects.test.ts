import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pages } from '../../src/features/pages/pages.table';
import { signedInClient } from '../helpers/auth';
import { projectRoot } from '../helpers/build-app';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, isFocused, tabTo, useBrowserTest, withSignedInPage } from '../helpers/e2e';
import { clippedElements } from '../helpers/layout-fit';
import { pageWithSlug } from '../helpers/pages';

/** Issue 20, decision 36: the Redirects screen, with the keyboard alone. */
const e2e = useBrowserTest();

/** Signed in with the keyboard alone: Enter in the password field. */
const signedInAt = (next: string, viewport = desktopViewport) => ({ viewport, next, submitBy: 'Enter' as const });

async function toastsGone(page: Page) {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
}

async function fillDialog(page: Page, from: string, to: string) {
  const dialog = page.getByRole('dialog', { name: 'Add redirect' });
  await expect.poll(() => isFocused(dialog.getByLabel('From'))).toBe(true);
  await page.keyboard.type(from);
  await page.keyboard.press('Tab');
  expect(await isFocused(dialog.getByRole('combobox', { name: 'To' }))).toBe(true);
  await page.keyboard.type(to);
  await page.keyboard.press('Enter');
}

describe('the Redirects screen', () => {
  it('adds, refuses a loop, counts a visit, edits and deletes a redirect with the keyboard alone', async () => {
    await withSignedInPage(e2e, 'editor', signedInAt('/admin/pages'), async ({ page, errors }) => {
      const tab = page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Redirects' });
      await tab.waitFor();
      await tabTo(page, tab);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: 'Redirects', level: 2 }).waitFor();
      await page.getByText('No redirects yet.', { exact: false }).waitFor();

      // Add one: the dialog opens on From; Enter in To saves.
      const add = page.getByRole('button', { name: 'Add redirect' });
      await tabTo(page, add);
      await page.keyboard.press('Enter');
      await fillDialog(page, '/old-guide', '/cenote-angelita');
      const row = page.getByRole('row', { name: /^\/old-guide\b/ });
      await row.getByRole('cell', { name: '/cenote-angelita' }).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      // The keyboard lands on the new row.
      await expect.poll(() => isFocused(row.getByRole('button', { name: 'Edit redirect from /old-guide' }))).toBe(true);
      const cells = (await row.getByRole('cell').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim());
      expect(cells.slice(0, 4)).toEqual(['/cenote-angelita', '301 Permanent', '0 , no visits yet', 'Added by hand']);

      // A loop: /loop-a → /loop-b, then /loop-b → /loop-a is refused under To, the dialog keeps the input.
      await tabTo(page, add, { key: 'Shift+Tab' });
      await page.keyboard.press('Enter');
      await fillDialog(page, '/loop-a', '/loop-b');
      await page.getByRole('row', { name: /^\/loop-a\b/ }).waitFor();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await tabTo(page, add, { key: 'Shift+Tab' });
      await page.keyboard.press('Enter');
      await fillDialog(page, '/loop-b', '/loop-a');
      const dialog = page.getByRole('dialog', { name: 'Add redirect' });
      const to = dialog.getByRole('combobox', { name: 'To' });
      await dialog.getByText('That would send visitors in a circle: /loop-a already leads back to /loop-b.').waitFor();
      expect(await to.getAttribute('aria-invalid')).toBe('true');
      expect(await to.inputValue()).toBe('/loop-a');
      expect(await dialog.getByLabel('From').inputValue()).toBe('/loop-b');
      expect(await isFocused(to)).toBe(true);
      await toastsGone(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (process.env['REDIRECTS_SCREENSHOTS']) {
        await page.screenshot({
          path: path.join(projectRoot, 'docs', 'screenshots', 'admin-redirects-dialog-1440.png'),
        });
        await page.setViewportSize({ width: 390, height: 844 });
        await page.screenshot({ path: '/tmp/redirects-dialog-390.png' });
        await page.setViewportSize({ width: 1440, height: 1000 });
      }
      // Escape with edits asks first; Discard is one Tab from Keep editing.
      await page.keyboard.press('Escape');
      const discard = page.getByRole('alertdialog', { name: 'Discard your edits?' });
      await discard.waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(add)).toBe(true);
      expect(await page.getByRole('row', { name: /^\/loop-b\b/ }).count()).toBe(0);

      // A visitor at the old address lands on the new one; the list counts the visit.
      await page.goto(`${e2e.server.url}/old-guide`);
      expect(new URL(page.url()).pathname).toBe('/cenote-angelita');
      await page.goto(`${e2e.server.url}/admin/redirects?q=old`);
      expect(await page.getByRole('searchbox', { name: 'Search redirects' }).inputValue()).toBe('old');
      await row.waitFor();
      expect(await page.getByRole('row').count()).toBe(2);
      expect((await row.getByRole('cell').nth(2).innerText()).replace(/\s+/g, ' ')).toBe('1 , last visit just now');
      expect(await row.getByTitle(/^Last visit just now/).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Edit to 302 while someone else changes the redirect: the save is refused with a reload, then
      // saved; the focus comes back to the row's Edit button.
      const edit = row.getByRole('button', { name: 'Edit redirect from /old-guide' });
      await tabTo(page, edit);
      await page.keyboard.press('Enter');
      const editDialog = page.getByRole('dialog', { name: 'Edit redirect' });
      await editDialog.waitFor();
      const other = await signedInClient(e2e.server, 'editor');
      const listed = await other.get<{ items: Array<{ id: string; version: number }> }>(
        '/api/v1/redirects?q=old-guide',
      );
      const [current] = listed.body.items;
      const changed = await other.patch(`/api/v1/redirects/${current!.id}`, {
        to: '/cenote-angelita#halocline',
        version: current!.version,
      });
      expect(changed.status).toBe(200);
      const choose302 = async () => {
        await tabTo(page, editDialog.getByRole('radio', { name: '301 Permanent' }));
        await page.keyboard.press('ArrowRight');
        expect(await editDialog.getByRole('radio', { name: '302 Temporary' }).isChecked()).toBe(true);
        await tabTo(page, editDialog.getByRole('button', { name: 'Save redirect' }));
        await page.keyboard.press('Enter');
      };
      await choose302();
      await editDialog.getByText('This was changed by someone else. Reload to see their changes.').waitFor();
      // The refused save leaves the keyboard on Reload.
      await expect
        .poll(() => isFocused(editDialog.getByRole('button', { name: 'Reload (discards your changes)' })))
        .toBe(true);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => editDialog.getByRole('combobox', { name: 'To' }).inputValue())
        .toBe('/cenote-angelita#halocline');
      await choose302();
      await row.getByRole('cell', { name: '302 Temporary' }).waitFor();
      await row.getByRole('cell', { name: '/cenote-angelita#halocline' }).waitFor();
      await expect.poll(() => isFocused(edit)).toBe(true);

      // Delete: the confirmation names the address; the focus goes to the search after the last row.
      await tabTo(page, row.getByRole('button', { name: 'Delete redirect from /old-guide' }));
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Delete this redirect?' });
      await confirm.getByText('Visitors who open /old-guide will see “Page not found” again.').waitFor();
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByText('No redirect matches old.').waitFor();
      await expect.poll(() => isFocused(page.getByRole('searchbox', { name: 'Search redirects' }))).toBe(true);
      expect((await fetch(`${e2e.server.url}/old-guide`, { redirect: 'manual' })).status).toBe(404);
      // The refused requests are the loop and the conflict (Chromium logs every 4xx).
      expect(errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
        'console: Failed to load resource: the server responded with a status of 409 (Conflict)',
      ]);
    });
  });

  it('lists many kinds of redirect and fits a phone', async () => {
    const api = await signedInClient(e2e.server, 'editor');
    // A renamed published page, an address elsewhere and a temporary one.
    const [page1] = await e2e.server.app.db.select().from(pages).where(pageWithSlug('cenote-kukulkan'));
    const renamed = await api.patch<{ page: { version: number } }>(`/api/v1/pages/${page1!.id}`, {
      slug: 'kukulkan-cenote',
      version: page1!.version,
    });
    expect(renamed.status).toBe(200);
    expect((await api.post(`/api/v1/pages/${page1!.id}/publish`, { version: renamed.body.page.version })).status).toBe(
      200,
    );
    for (const [from, to, status] of [
      ['/dive-shop', 'https://www.padi.com/dive-shops/mexico/', 301],
      ['/summer-offer', '/cenote-dos-ojos#gear', 302],
      ['/guides/angelita-dive', '/cenote-angelita', 301],
      ['/cenotes/riviera-map.html', '/cenote-chac-mool', 301],
    ] as const) {
      expect((await api.post('/api/v1/redirects', { from, to, status })).status).toBe(201);
    }
    for (let visits = 0; visits < 3; visits++) await fetch(`${e2e.server.url}/dive-shop`, { redirect: 'manual' });

    const shots = process.env['REDIRECTS_SCREENSHOTS'] ? path.join(projectRoot, 'docs', 'screenshots') : null;
    const wide = { width: 1440, height: 900 };
    await withSignedInPage(e2e, 'editor', signedInAt('/admin/redirects', wide), async ({ page, errors }) => {
      const renamedRow = page.getByRole('row', { name: /^\/cenote-kukulkan\b/ });
      await renamedRow.getByText('Page renamed').waitFor();
      expect(
        await page
          .getByRole('row', { name: /^\/dive-shop\b/ })
          .getByText('(another site)')
          .count(),
      ).toBe(1);
      await toastsGone(page);
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        // Loaded at this width, as a phone would: the tab strip brings the active tab into view.
        await page.reload();
        await renamedRow.waitFor();
        expect(await clippedElements(page), `${width} px`).toEqual([]);
        expect(await seriousA11yViolations(page), `${width} px`).toEqual([]);
        if (shots) await page.screenshot({ path: path.join(shots, `admin-redirects-${width}.png`), fullPage: true });
      }
      expect(errors).toEqual([]);
    });
  });
});
