import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { openSitePage, phoneViewport, useBrowserTest, withPage } from '../helpers/e2e';

/** Issue 18: what visitors see in galleries, feature icons and the cenote facts. */

const e2e = useBrowserTest();

const desktop = { width: 1440, height: 900 };

/** The open lightbox's image: loaded, and faded in all the way. */
async function lightboxImageShown(page: Page): Promise<{ opacity: string; naturalWidth: number; complete: boolean }> {
  const image = page.locator('dialog[open] img');
  await expect.poll(() => image.count()).toBe(1);
  await page.waitForFunction(
    () => {
      const shown = document.querySelector<HTMLImageElement>('dialog[open] img');
      return shown !== null && shown.complete && getComputedStyle(shown).opacity === '1';
    },
    undefined,
    { timeout: 10_000 },
  );
  return image.evaluate((element: HTMLImageElement) => ({
    opacity: getComputedStyle(element).opacity,
    naturalWidth: element.naturalWidth,
    complete: element.complete,
  }));
}

/** The seeded pages with a gallery block. */
const galleryPages = [
  '/flora-and-fauna',
  '/semi-open-cenotes',
  '/geological-insights',
  '/introduction-to-cenote-diving',
];

describe('gallery lightbox', () => {
  it.each([
    ['1440', desktop],
    ['390', phoneViewport],
  ] as const)('shows the image it opens on every gallery at %s px, and the next one', async (_width, viewport) => {
    await withPage(e2e.browser, { viewport }, async (page) => {
      const errors = watchPageErrors(page);
      for (const path of galleryPages) {
        await openSitePage(page, e2e.server, path);
        const first = page.getByRole('button', { name: /^Open image 1 of \d+/ }).first();
        await first.scrollIntoViewIfNeeded();
        await first.click();
        const dialog = page.locator('dialog[open]');
        await expect.poll(() => dialog.count(), { message: path }).toBe(1);
        const shown = await lightboxImageShown(page);
        expect(shown, path).toEqual({ opacity: '1', naturalWidth: shown.naturalWidth, complete: true });
        expect(shown.naturalWidth, path).toBeGreaterThan(0);
        const box = await page.locator('dialog[open] img').boundingBox();
        expect(box?.height ?? 0, `${path}: the image takes room`).toBeGreaterThan(100);

        // The next image is a new element rendered later again: it appears too.
        await page.keyboard.press('ArrowRight');
        await expect.poll(() => dialog.textContent(), { message: path }).toMatch(/^.*2 \/ \d+/s);
        const next = await lightboxImageShown(page);
        expect(next.naturalWidth, path).toBeGreaterThan(0);

        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.count(), { message: path }).toBe(0);
      }
      expect(errors).toEqual([]);
    });
  });

  it('is accessible while open (axe)', async () => {
    await withPage(e2e.browser, { viewport: phoneViewport }, async (page) => {
      await openSitePage(page, e2e.server, galleryPages[0]!);
      await page
        .getByRole('button', { name: /^Open image 1 of \d+/ })
        .first()
        .click();
      await lightboxImageShown(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });

  it('still shows images without JavaScript', async () => {
    await withPage(e2e.browser, { viewport: phoneViewport, javaScriptEnabled: false }, async (page) => {
      await page.goto(`${e2e.server.url}${galleryPages[0]}`);
      const opacities = await page
        .locator('main img')
        .evaluateAll((images) => images.map((image) => getComputedStyle(image).opacity));
      expect(opacities.length).toBeGreaterThan(0);
      expect(new Set(opacities)).toEqual(new Set(['1']));
    });
  });
});

/**
 * Pictographs that need an emoji font. © ® ™ are ordinary text characters every font draws
 * (the terms page has a copyright line), so they are not counted.
 */
const emoji = /(?![©®™])\p{Extended_Pictographic}/gu;

describe('feature icons', () => {
  it('no published page shows an emoji; feature icons are SVG with the title carrying the meaning', async () => {
    const sitemap = await (await fetch(`${e2e.server.url}/sitemap.xml`)).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(paths.length).toBeGreaterThanOrEqual(39);
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      const found: string[] = [];
      let icons = 0;
      for (const path of paths) {
        await page.goto(`${e2e.server.url}${path}`, { waitUntil: 'domcontentloaded' });
        const text = await page.locator('main').innerText();
        for (const match of text.matchAll(emoji)) found.push(`${path}: ${match[0]}`);
        const featureIcons = page.locator('main section li > span[aria-hidden="true"] > svg.lucide');
        icons += await featureIcons.count();
      }
      expect(found).toEqual([]);
      // The seeded features and facts items carry about 250 icons.
      expect(icons).toBeGreaterThan(200);
    });
  });

  it('renders an icon per feature on the home page, hidden from assistive technology', async () => {
    await withPage(e2e.browser, { viewport: phoneViewport }, async (page) => {
      await openSitePage(page, e2e.server, '/');
      const items = page.locator('main section:has(svg.lucide) ul > li:has(h3)');
      expect(await items.count()).toBeGreaterThan(0);
      for (const item of await items.all()) {
        const svg = item.locator('svg').first();
        expect(await svg.getAttribute('aria-hidden')).toBe('true');
        const size = await svg.boundingBox();
        expect(size?.width ?? 0).toBeGreaterThanOrEqual(20);
        expect((await item.locator('h3').innerText()).trim()).not.toBe('');
      }
    });
  });
});

describe('cenote facts', () => {
  it('fit one phone screen with their heading, as a list of 4 labelled values, axe clean', async () => {
    await withPage(e2e.browser, { viewport: phoneViewport }, async (page) => {
      const errors = watchPageErrors(page);
      await openSitePage(page, e2e.server, '/cenote-nicte-ha');
      const panel = page.getByRole('region', { name: 'At a glance' });
      await panel.scrollIntoViewIfNeeded();
      const list = panel.getByRole('list');
      expect(await list.count()).toBe(1);
      const items = list.getByRole('listitem');
      // What a screen reader reads: the label, a colon, the value.
      expect(await items.evaluateAll((elements) => elements.map((element) => element.textContent))).toEqual([
        'Difficulty Level: Beginner (Open Water)',
        'Depth Range: 2-8 m',
        'Water Temperature: 24-25 °C',
        'Location: Dos Ojos area, north of Tulum, Quintana Roo',
      ]);

      const box = await panel.boundingBox();
      expect(box?.height ?? Infinity).toBeLessThanOrEqual(844);
      const heading = await panel.getByRole('heading', { name: 'At a glance' }).boundingBox();
      const listBox = await list.boundingBox();
      expect((listBox?.y ?? 0) + (listBox?.height ?? 0) - (heading?.y ?? 0)).toBeLessThanOrEqual(844);
      for (const item of await items.all()) {
        expect(await item.locator('svg.lucide').getAttribute('aria-hidden')).toBe('true');
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('sit side by side on a desktop', async () => {
    await withPage(e2e.browser, { viewport: desktop }, async (page) => {
      await openSitePage(page, e2e.server, '/cenote-dos-ojos');
      const items = page.getByRole('region', { name: 'At a glance' }).getByRole('listitem');
      expect(await items.count()).toBe(4);
      const tops = await items.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().top),
      );
      expect(new Set(tops).size).toBe(1);
    });
  });
});
