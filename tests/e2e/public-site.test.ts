import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

async function withPage<T>(viewport: { width: number; height: number }, run: (context: BrowserContext) => Promise<T>) {
  const context = await browser.newContext({ viewport });
  try {
    return await run(context);
  } finally {
    await context.close();
  }
}

const desktop = { width: 1280, height: 860 };
const mobile = { width: 390, height: 844 };

describe('header on desktop', () => {
  it('opens a dropdown by mouse and by keyboard', async () => {
    await withPage(desktop, async (context) => {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
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
    await withPage(mobile, async (context) => {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${server.url}/safety-guidelines`);
      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
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
    await withPage(desktop, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
      const box = page.locator('#desktop-search');
      await box.fill('dos ojos');
      const suggestion = page.getByRole('option', { name: /Dos Ojos/ }).first();
      await suggestion.click();
      await page.waitForURL(`${server.url}/cenote-dos-ojos`);
      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
      expect(await page.locator('#desktop-search').inputValue()).toBe('');
    });
  });

  it('Enter opens the results page with snippets; an empty query does nothing', async () => {
    await withPage(desktop, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/what-are-cenotes`);
      await page.waitForFunction(() => document.documentElement.classList.contains('js'));
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
      await withPage(desktop, async (context) => {
        const page = await context.newPage();
        await page.goto(`${server.url}${path}`);
        await page.waitForFunction(() => document.documentElement.classList.contains('js'));
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    },
  );
});
