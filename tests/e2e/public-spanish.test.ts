import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/build-app';
import { launchBrowser, seriousA11yViolations, watchPageErrors } from '../helpers/browser';

/** The Spanish site in a real browser (decision 44): the language switch, the search box, axe. */
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

const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.classList.contains('js'));

describe('the language switch', () => {
  it('leads from an English page to the same page in Spanish and back, by mouse on desktop', async () => {
    await withPage(desktop, async (context) => {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${server.url}/cenote-dos-ojos`);
      await hydrated(page);
      await page.getByRole('link', { name: 'Leer esta página en español' }).first().click();
      await page.waitForURL(`${server.url}/es/cenote-dos-ojos`);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain('Dos Ojos');
      await hydrated(page);
      await page.getByRole('link', { name: 'Read this page in English' }).first().click();
      await page.waitForURL(`${server.url}/cenote-dos-ojos`);
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(errors).toEqual([]);
    });
  });

  it('leads to the page under its own Spanish slug, from the mobile menu, by keyboard', async () => {
    await withPage(mobile, async (context) => {
      const page = await context.newPage();
      const errors = watchPageErrors(page);
      await page.goto(`${server.url}/safety-guidelines`);
      await hydrated(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      const toSpanish = page.getByRole('link', { name: 'Leer esta página en español' }).last();
      await expect.poll(() => toSpanish.isVisible()).toBe(true);
      await toSpanish.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${server.url}/es/guia-de-seguridad`);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      expect(errors).toEqual([]);
    });
  });
});

describe('Spanish search in the header', () => {
  it('suggests Spanish pages as the visitor types and submits to /es/buscar', async () => {
    await withPage(desktop, async (context) => {
      const page = await context.newPage();
      await page.goto(`${server.url}/es`);
      await hydrated(page);
      const box = page.getByRole('combobox', { name: 'Buscar' }).first();
      await box.fill('bucear');
      const firstOption = page.getByRole('option').first();
      await expect.poll(() => firstOption.isVisible(), { timeout: 5000 }).toBe(true);
      // Choosing a suggestion opens a Spanish page ('bucear' is found through the Spanish stem).
      await box.press('ArrowDown');
      await box.press('Enter');
      await page.waitForURL(/\/es\/[a-z0-9-]+$/);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      await hydrated(page);
      const again = page.getByRole('combobox', { name: 'Buscar' }).first();
      await again.fill('cavernas');
      await again.press('Enter');
      await page.waitForURL(/\/es\/buscar\?q=cavernas/);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      expect(
        await page
          .getByRole('link', { name: /Dos Ojos/ })
          .first()
          .getAttribute('href'),
      ).toBe('/es/cenote-dos-ojos');
    });
  });
});

describe('accessibility of the Spanish pages (axe-core)', () => {
  it.each(['/es', '/es/guia-de-seguridad', '/es/cenote-angelita', '/es/buscar?q=cenote', '/es/no-existe'])(
    '%s has no serious or critical violations',
    async (path) => {
      await withPage(desktop, async (context) => {
        const page = await context.newPage();
        await page.goto(`${server.url}${path}`);
        await hydrated(page);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    },
  );
});
