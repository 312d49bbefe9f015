import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { useBrowserTest, waitForHydration, withPage } from '../helpers/e2e';

/**
 * The header search box is the APG editable combobox with list autocomplete on an
 * `input type="text"` (issue 16): what it exposes and how the keyboard drives it.
 */

const e2e = useBrowserTest();

/** Runs `run` on the hydrated home page at 1280 × 860, with its page errors watched. */
function withHomePage(run: (page: Page, errors: string[]) => Promise<void>): Promise<void> {
  return withPage(e2e.browser, { viewport: { width: 1280, height: 860 } }, async (page) => {
    const errors = watchPageErrors(page);
    await page.goto(`${e2e.server.url}/`);
    await waitForHydration(page);
    await run(page, errors);
  });
}

describe('header search combobox', () => {
  it('exposes a collapsed combobox that controls its listbox, and the same ids after hydration', async () => {
    const served = await (await fetch(`${e2e.server.url}/`)).text();
    await withHomePage(async (page, errors) => {
      const box = page.getByRole('combobox', { name: 'Search' }).first();
      expect(await box.getAttribute('id')).toBe('desktop-search');
      expect(await box.getAttribute('type')).toBe('text');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await box.getAttribute('aria-autocomplete')).toBe('list');
      expect(await box.getAttribute('enterkeyhint')).toBe('search');
      const listId = await box.getAttribute('aria-controls');
      expect(listId).toBe('desktop-search-suggestions');
      // The server sent the same ids (a useId() would differ between the page and the island).
      expect(served).toContain(`aria-controls="${listId}"`);
      expect(served).toContain(`id="${listId}"`);
      expect(await page.locator(`#${listId}`).getAttribute('role')).toBe('listbox');
      expect(await page.locator(`#${listId}`).isHidden()).toBe(true);
      // The mobile menu's box exists once the menu is open, with ids of its own.
      expect(await page.locator('[role="combobox"]').count()).toBe(1);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: 'Menu' }).click();
      expect(await page.locator('[role="combobox"]').count()).toBe(2);
      expect(await page.locator('#mobile-search').getAttribute('aria-controls')).toBe('mobile-search-suggestions');
      expect(errors).toEqual([]);
    });
  });

  it('arrow keys move the active option, Enter opens it', async () => {
    await withHomePage(async (page, errors) => {
      const box = page.locator('#desktop-search');
      await box.fill('dos ojos');
      await page.getByRole('option').first().waitFor();
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBeNull();
      await box.press('ArrowDown');
      const active = await box.getAttribute('aria-activedescendant');
      expect(active).toBe('desktop-search-suggestions-0');
      expect(await page.locator(`#${active}`).getAttribute('aria-selected')).toBe('true');
      const suggested = (await (await fetch(`${e2e.server.url}/api/v1/search?limit=6&q=dos%20ojos`)).json()) as {
        results: Array<{ title: string; path: string }>;
      };
      expect(await page.locator(`#${active} span`).first().textContent()).toBe(suggested.results[0]?.title);
      await box.press('ArrowUp');
      const count = await page.getByRole('option').count();
      expect(await box.getAttribute('aria-activedescendant')).toBe(`desktop-search-suggestions-${count - 1}`);
      await box.press('ArrowDown');
      await box.press('Enter');
      await page.waitForURL(`${e2e.server.url}${suggested.results[0]?.path}`);
      expect(errors).toEqual([]);
    });
  });

  it('Escape closes the list, a second Escape clears the box; ArrowDown reopens the list', async () => {
    await withHomePage(async (page, errors) => {
      const box = page.locator('#desktop-search');
      await box.fill('halocline');
      await page.getByRole('option').first().waitFor();
      await box.press('Escape');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await page.locator('#desktop-search-suggestions').isHidden()).toBe(true);
      expect(await box.inputValue()).toBe('halocline');
      await box.press('ArrowDown');
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      expect(await box.getAttribute('aria-activedescendant')).toBe('desktop-search-suggestions-0');
      await box.press('Escape');
      await box.press('Escape');
      expect(await box.inputValue()).toBe('');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(new URL(page.url()).pathname).toBe('/');
      expect(errors).toEqual([]);
    });
  });

  it('the clear button empties the box and keeps the focus in it', async () => {
    await withHomePage(async (page, errors) => {
      const box = page.locator('#desktop-search');
      const clear = page.getByRole('button', { name: 'Clear search' }).first();
      expect(await clear.count()).toBe(0);
      await box.fill('cenote');
      await page.getByRole('option').first().waitFor();
      // Open list, active option and clear button: still no serious accessibility violation.
      await box.press('ArrowDown');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await clear.click();
      expect(await box.inputValue()).toBe('');
      expect(await page.evaluate(() => document.activeElement?.id)).toBe('desktop-search');
      expect(await box.getAttribute('aria-expanded')).toBe('false');
      expect(await page.getByRole('button', { name: 'Clear search' }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
