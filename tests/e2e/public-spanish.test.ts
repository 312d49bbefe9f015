import { describe, expect, it } from 'vitest';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { phoneViewport, useBrowserTest, waitForHydration, withPage } from '../helpers/e2e';

/** The Spanish site in a real browser (decision 44): the language switch, the search box, axe. */
const e2e = useBrowserTest();

const desktop = { width: 1280, height: 860 };

describe('the language switch', () => {
  it('leads from an English page to the same page in Spanish and back, by mouse on desktop', async () => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      const errors = watchPageErrors(page);
      await page.goto(`${e2e.server.url}/cenote-dos-ojos`);
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Leer esta página en español' }).first().click();
      await page.waitForURL(`${e2e.server.url}/es/cenote-dos-ojos`);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain('Dos Ojos');
      await waitForHydration(page);
      await page.getByRole('link', { name: 'Read this page in English' }).first().click();
      await page.waitForURL(`${e2e.server.url}/cenote-dos-ojos`);
      expect(await page.getAttribute('html', 'lang')).toBe('en');
      expect(errors).toEqual([]);
    });
  });

  it('leads to the page under its own Spanish slug, from the mobile menu, by keyboard', async () => {
    await withPage(e2e.browser, { viewport: phoneViewport }, async (page) => {
      const errors = watchPageErrors(page);
      await page.goto(`${e2e.server.url}/safety-guidelines`);
      await waitForHydration(page);
      await page.getByRole('button', { name: 'Menu' }).click();
      const toSpanish = page.getByRole('link', { name: 'Leer esta página en español' }).last();
      await expect.poll(() => toSpanish.isVisible()).toBe(true);
      await toSpanish.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(`${e2e.server.url}/es/guia-de-seguridad`);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      expect(errors).toEqual([]);
    });
  });
});

describe('Spanish search in the header', () => {
  it('suggests Spanish pages as the visitor types and submits to /es/buscar', async () => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      await page.goto(`${e2e.server.url}/es`);
      await waitForHydration(page);
      const box = page.getByRole('combobox', { name: 'Buscar' }).first();
      await box.fill('bucear');
      const firstOption = page.getByRole('option').first();
      await expect.poll(() => firstOption.isVisible(), { timeout: 5000 }).toBe(true);
      // Choosing a suggestion opens a Spanish page ('bucear' is found through the Spanish stem).
      await box.press('ArrowDown');
      await box.press('Enter');
      await page.waitForURL(/\/es\/[a-z0-9-]+$/);
      expect(await page.getAttribute('html', 'lang')).toBe('es');
      await waitForHydration(page);
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
      await withPage(e2e.browser, { viewport: desktop }, async (page) => {
        await page.goto(`${e2e.server.url}${path}`);
        await waitForHydration(page);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    },
  );
});
