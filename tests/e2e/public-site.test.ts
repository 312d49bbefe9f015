import { describe, expect, it } from 'vitest';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { phoneViewport, useBrowserTest, waitForHydration, withPage } from '../helpers/e2e';

const e2e = useBrowserTest();

const desktop = { width: 1280, height: 860 };

describe('header on desktop', () => {
  it('opens a dropdown by mouse and by keyboard', async () => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      const errors = watchPageErrors(page);
      await page.goto(`${e2e.server.url}/`);
      await waitForHydration(page);
      const nav = page.getByRole('navigation', { name: 'Main' }).first();
      const diving = nav.getByRole('button', { name: 'Diving' });
      await diving.hover();
      const safety = page.getByRole('link', { name: /Safety Guidelines/ }).first();
      await expect.poll(() => safety.isVisible()).toBe(true);

      await page.mouse.move(5, 600);
      await expect.poll(() => safety.isVisible(), { timeout: 3000 }).toBe(false);

      const types = nav.getByRole('button', { name: 'Types' });
      await types.focus();
      await page.keyboard.press('Enter');
      const open = page.getByRole('link', { name: /Open Cenotes/ }).first();
      await expect.poll(() => open.isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toMatch(/Types of Cenotes|Open Cenotes/);
      await page.keyboard.press('Escape');
      await expect.poll(() => open.isVisible()).toBe(false);
      expect(errors).toEqual([]);
    });
  });
});

describe('header on mobile', () => {
  it('opens the menu and a group by tap and by keyboard', async () => {
    await withPage(e2e.browser, { viewport: phoneViewport }, async (page) => {
      const errors = watchPageErrors(page);
      await page.goto(`${e2e.server.url}/safety-guidelines`);
      await waitForHydration(page);
      // Closed, the menu holds nothing: its links are rendered when it opens, not sent with every page.
      expect(await page.locator('#mobile-menu *').count()).toBe(0);
      const menuButton = page.getByRole('button', { name: 'Menu' });
      await menuButton.click();
      const environment = page.locator('#mobile-menu').getByRole('button', { name: 'Environment' });
      await expect.poll(() => environment.isVisible()).toBe(true);
      await environment.click();
      const flora = page.locator('#mobile-menu').getByRole('link', { name: 'Flora and Fauna' });
      await expect.poll(() => flora.isVisible()).toBe(true);

      await environment.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => flora.isVisible()).toBe(false);
      await menuButton.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => environment.isVisible()).toBe(false);
      expect(errors).toEqual([]);
    });
  });
});

describe('search', () => {
  it('a suggestion navigates and clears the box', async () => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      await page.goto(`${e2e.server.url}/`);
      await waitForHydration(page);
      const box = page.locator('#desktop-search');
      await box.fill('dos ojos');
      const suggestion = page.getByRole('option', { name: /Dos Ojos/ }).first();
      await suggestion.click();
      await page.waitForURL(`${e2e.server.url}/cenote-dos-ojos`);
      await waitForHydration(page);
      expect(await page.locator('#desktop-search').inputValue()).toBe('');
    });
  });

  it('Enter opens the results page with snippets; an empty query does nothing', async () => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      await page.goto(`${e2e.server.url}/what-are-cenotes`);
      await waitForHydration(page);
      const box = page.locator('#desktop-search');
      await box.fill('   ');
      await box.press('Enter');
      await page.waitForTimeout(300);
      expect(new URL(page.url()).pathname).toBe('/what-are-cenotes');
      await box.fill('halocline');
      await box.press('Enter');
      await page.waitForURL(/\/search\?q=halocline/);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('halocline');
      expect(await page.locator('main ol li').count()).toBeGreaterThan(0);
      expect(await page.locator('main ol mark').count()).toBeGreaterThan(0);
    });
  });
});

describe('accessibility (axe-core)', () => {
  it.each(['/', '/safety-guidelines', '/cenote-angelita', '/search?q=cenote', '/no-such-page'])(
    '%s has no serious or critical violations',
    async (path) => {
      await withPage(e2e.browser, { viewport: desktop }, async (page) => {
        await page.goto(`${e2e.server.url}${path}`);
        await waitForHydration(page);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    },
  );
});
