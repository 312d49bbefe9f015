import { describe, expect, it } from 'vitest';
import { signedInClient } from '../helpers/auth';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, isFocused, tabTo, useBrowserTest, withSignedInPage } from '../helpers/e2e';

/** Issue 20, 'Bulk work and long lists': select pages on the Pages screen and publish them together, keyboard only. */
const e2e = useBrowserTest();

const forward = { maxPresses: 80 };
const backwards = { ...forward, key: 'Shift+Tab' } as const;

describe('bulk actions on the Pages screen', () => {
  it('selects two drafts with Space and publishes them from the bar, with the keyboard alone', async () => {
    const api = await signedInClient(e2e.server, 'editor');
    const titles = ['Keyboard Cave One', 'Keyboard Cave Two', 'Keyboard Cave Three'];
    for (const [index, title] of titles.entries()) {
      const created = await api.post('/api/v1/pages', { title, slug: `keyboard-cave-${index + 1}` });
      expect(created.status).toBe(201);
    }

    const pagesScreen = { viewport: desktopViewport, next: '/admin/pages', submitBy: 'Enter' } as const;
    await withSignedInPage(e2e, 'editor', pagesScreen, async ({ page, errors }) => {
      await page.getByRole('heading', { name: 'Pages Management' }).waitFor();

      // Search on the server: the list narrows to the three new drafts and the URL keeps the search.
      const search = page.getByLabel('Search pages');
      await tabTo(page, search, forward);
      await page.keyboard.type('keyboard cave');
      const rows = page.getByRole('list', { name: 'Pages' }).getByRole('listitem');
      await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(3);
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('keyboard cave');
      await page.getByText('3 pages', { exact: true }).waitFor();

      const first = page.getByRole('checkbox', { name: 'Select Keyboard Cave One' });
      const second = page.getByRole('checkbox', { name: 'Select Keyboard Cave Two' });
      await tabTo(page, first, forward);
      await page.keyboard.press('Space');
      expect(await first.isChecked()).toBe(true);
      await tabTo(page, second, forward);
      await page.keyboard.press('Space');
      expect(await second.isChecked()).toBe(true);
      await page.getByText('2 selected', { exact: true }).waitFor();
      const selectAll = page.getByRole('checkbox', { name: 'Select all shown' });
      expect(await selectAll.evaluate((element) => (element as HTMLInputElement).indeterminate)).toBe(true);

      // The bar sits above the list: back up to its Publish button.
      const bar = page.getByRole('region', { name: 'Selection' });
      const publish = bar.getByRole('button', { name: 'Publish', exact: true });
      await tabTo(page, publish, backwards);
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
        expect((await fetch(`${e2e.server.url}/${slug}`)).status, slug).toBe(200);
      }
      expect((await fetch(`${e2e.server.url}/keyboard-cave-3`)).status).toBe(404);

      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});
