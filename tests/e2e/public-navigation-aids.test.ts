import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { openSitePage, phoneViewport, useBrowserTest, withPage } from '../helpers/e2e';

/**
 * Issue 18: long pages get an 'On this page' table of contents and breadcrumbs, and text sections
 * keep one left edge. Safety Guidelines is the seeded long page; Cenote Kukulkan a short one.
 */

const e2e = useBrowserTest();
let editor: ApiClient;

beforeAll(async () => {
  editor = await signedInClient(e2e.server, 'editor');
});

const desktop = { width: 1440, height: 900 };
const widths = [
  ['1440 px', desktop],
  ['390 px', phoneViewport],
] as const;

/** Every page here must load without a page or console error. */
function withErrorFreePage<T>(
  viewport: { width: number; height: number },
  run: (page: Page) => Promise<T>,
): Promise<T> {
  return withPage(e2e.browser, { viewport }, async (page) => {
    const errors = watchPageErrors(page);
    const result = await run(page);
    expect(errors).toEqual([]);
    return result;
  });
}

/** The h2s of the page's content (the TOC lists exactly these), as id and text. */
async function contentHeadings(page: Page): Promise<Array<{ id: string; text: string }>> {
  return page
    .locator('main h2')
    .evaluateAll((headings) =>
      headings.map((heading) => ({ id: heading.id, text: heading.textContent?.trim() ?? '' })),
    );
}

async function tocLinks(toc: Locator): Promise<Array<{ href: string; text: string }>> {
  return toc.getByRole('link').evaluateAll((links) =>
    links.map((link) => ({
      href: link.getAttribute('href') ?? '',
      // The section number is decoration (aria-hidden); the link's name is the heading's text.
      text: link.lastElementChild?.textContent?.trim() ?? link.textContent?.trim() ?? '',
    })),
  );
}

/**
 * The links glide (scroll-behavior: smooth): crossing Safety Guidelines takes about 1.5 s on a busy
 * machine, longer than expect.poll's default second.
 */
const smoothScrollWait = { timeout: 10_000 };

/** True when the element's top is below the sticky header and inside the viewport. */
async function inViewBelowHeader(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((target) => {
    const element = document.querySelector(target);
    const header = document.querySelector('header');
    if (!element || !header) return false;
    const top = element.getBoundingClientRect().top;
    return top >= header.getBoundingClientRect().bottom - 1 && top < window.innerHeight / 2;
  }, selector);
}

describe('the On this page table of contents', () => {
  it('lists every h2 of Safety Guidelines in a sticky side column and moves to a heading (1440 px)', async () => {
    await withErrorFreePage(desktop, async (page) => {
      await openSitePage(page, e2e.server, '/safety-guidelines');
      const headings = await contentHeadings(page);
      expect(headings.length).toBeGreaterThanOrEqual(5);
      expect(headings.map((heading) => heading.id)).toContain('lights-why-three');
      expect(new Set(headings.map((heading) => heading.id)).size).toBe(headings.length);

      const toc = page.getByRole('navigation', { name: 'On this page' });
      expect(await toc.count()).toBe(1);
      expect(await toc.isVisible()).toBe(true);
      const links = (await tocLinks(toc)).filter((link) => link.href !== '#main');
      expect(links).toEqual(headings.map((heading) => ({ href: `#${heading.id}`, text: heading.text })));

      await toc.getByRole('link', { name: 'Gas Planning and the Rule of Thirds' }).click();
      await page.waitForURL(/#gas-planning-and-the-rule-of-thirds$/);
      await expect
        .poll(() => inViewBelowHeader(page, '#gas-planning-and-the-rule-of-thirds'), smoothScrollWait)
        .toBe(true);
      // The column stays in view and marks the section being read.
      expect(await toc.isVisible()).toBe(true);
      await expect
        .poll(() => toc.locator('a[aria-current="location"]').textContent())
        .toContain('Gas Planning and the Rule of Thirds');
      const tocBox = await toc.boundingBox();
      expect(tocBox!.y).toBeGreaterThanOrEqual(0);
      expect(tocBox!.y).toBeLessThan(desktop.height);
    });
  });

  it('is a collapsible list at the top on a phone, and its links move to the heading (390 px)', async () => {
    await withErrorFreePage(phoneViewport, async (page) => {
      await openSitePage(page, e2e.server, '/safety-guidelines');
      const headings = await contentHeadings(page);
      const toc = page.getByRole('navigation', { name: 'On this page' });
      expect(await toc.count()).toBe(1);
      const summary = toc.locator('summary');
      expect(await summary.textContent()).toContain(`${headings.length} sections`);
      // Closed at first: the page starts with its content, the list is one tap away.
      const first = toc.getByRole('link').first();
      expect(await first.isVisible()).toBe(false);
      const firstContent = page.locator('main h2').first();
      const tocBox = await toc.boundingBox();
      expect(tocBox!.y + tocBox!.height).toBeLessThanOrEqual((await firstContent.boundingBox())!.y);

      await summary.click();
      await expect.poll(() => first.isVisible()).toBe(true);
      expect(await tocLinks(toc)).toEqual(headings.map((heading) => ({ href: `#${heading.id}`, text: heading.text })));
      await toc.getByRole('link', { name: 'Other Hazards to Respect' }).click();
      await page.waitForURL(/#other-hazards-to-respect$/);
      await expect.poll(() => inViewBelowHeader(page, '#other-hazards-to-respect'), smoothScrollWait).toBe(true);
    });
  });

  for (const [name, viewport] of widths) {
    it(`is left out on a short page (${name})`, async () => {
      await withErrorFreePage(viewport, async (page) => {
        await openSitePage(page, e2e.server, '/cenote-kukulkan');
        expect(await page.locator('main h2').count()).toBeGreaterThan(2);
        expect(await page.locator('nav[aria-label="On this page"]').count()).toBe(0);
      });
    });
  }

  it('shows on a preview of the page as on the live page', async () => {
    const found = await editor.get<{ page: { id: string } }>('/api/v1/pages/by-slug/safety-guidelines');
    expect(found.status).toBe(200);
    const link = await editor.post<{ url: string }>(`/api/v1/pages/${found.body.page.id}/preview-link`);
    expect(link.status).toBe(201);
    await withErrorFreePage(desktop, async (page) => {
      await openSitePage(page, e2e.server, new URL(link.body.url).pathname);
      const toc = page.getByRole('navigation', { name: 'On this page' });
      expect(await toc.isVisible()).toBe(true);
      const headings = await contentHeadings(page);
      expect((await tocLinks(toc)).filter((entry) => entry.href !== '#main').map((entry) => entry.href)).toEqual(
        headings.map((heading) => `#${heading.id}`),
      );
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).textContent()).toBe(
        'HomeDivingSafety Guidelines',
      );
    });
  });
});

describe('breadcrumbs', () => {
  async function trail(page: Page) {
    const nav = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await nav.isVisible()).toBe(true);
    return nav.locator('li').evaluateAll((items) =>
      items.map((item) => {
        const link = item.querySelector('a');
        const current = item.querySelector('[aria-current="page"]');
        return { text: item.textContent?.trim() ?? '', href: link?.getAttribute('href') ?? null, current: !!current };
      }),
    );
  }

  for (const [name, viewport] of widths) {
    it(`lead from Home through the navigation section to the page (${name})`, async () => {
      await withErrorFreePage(viewport, async (page) => {
        await openSitePage(page, e2e.server, '/safety-guidelines');
        expect(await trail(page)).toEqual([
          { text: 'Home', href: '/', current: false },
          { text: 'Diving', href: '/cenote-diving', current: false },
          { text: 'Safety Guidelines', href: null, current: true },
        ]);
        await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Diving' }).click();
        await page.waitForURL(`${e2e.server.url}/cenote-diving`);
        // The Diving menu opens this very page: it is not a section above itself.
        expect(await trail(page)).toEqual([
          { text: 'Home', href: '/', current: false },
          { text: 'Cenote Diving', href: null, current: true },
        ]);
      });
    });
  }

  it('are also in the head as a schema.org BreadcrumbList; the home page has none', async () => {
    const html = await (await fetch(`${e2e.server.url}/cenote-dos-ojos`)).text();
    const lists = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
      .map((match) => JSON.parse(match[1]!) as { '@type': string; itemListElement?: unknown })
      .filter((data) => data['@type'] === 'BreadcrumbList');
    expect(lists).toHaveLength(1);
    const { publicUrl } = e2e.server.config;
    expect(lists[0]!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: `${publicUrl}/` },
      { '@type': 'ListItem', position: 2, name: 'Notable Cenotes', item: `${publicUrl}/notable-cenotes` },
      { '@type': 'ListItem', position: 3, name: 'Cenote Dos Ojos', item: `${publicUrl}/cenote-dos-ojos` },
    ]);
    const home = await (await fetch(`${e2e.server.url}/`)).text();
    expect(home).not.toContain('BreadcrumbList');
    expect(home).not.toContain('aria-label="Breadcrumb"');
  });
});

describe('text sections', () => {
  /** The left edge of the column holding a text block's heading and body. */
  async function textColumnLeft(page: Page, headingId: string): Promise<number> {
    return page.locator(`#${headingId}`).evaluate((heading) => heading.parentElement!.getBoundingClientRect().left);
  }

  for (const [name, viewport] of widths) {
    it(`share one left edge with and without an image (${name})`, async () => {
      await withErrorFreePage(viewport, async (page) => {
        await openSitePage(page, e2e.server, '/safety-guidelines');
        const textOnly = await textColumnLeft(page, 'where-the-rules-come-from');
        const imageRight = await textColumnLeft(page, 'lights-why-three');
        const textOnlyAgain = await textColumnLeft(page, 'gas-planning-and-the-rule-of-thirds');
        expect(imageRight).toBeGreaterThan(0);
        expect(textOnly).toBeCloseTo(imageRight, 0);
        expect(textOnlyAgain).toBeCloseTo(imageRight, 0);
        // Section headings of other blocks (the features list) start on the same edge.
        const features = await page.locator('#the-core-rules').evaluate((h) => h.getBoundingClientRect().left);
        expect(features).toBeCloseTo(imageRight, 0);
        if (viewport.width < 1024) {
          // Stacked on a phone: an image on the left comes below its text, which keeps the edge.
          expect(await textColumnLeft(page, 'the-guideline-and-buddy-contact')).toBeCloseTo(imageRight, 0);
        }
      });
    });
  }
});

describe('accessibility', () => {
  for (const [name, viewport] of widths) {
    it(`Safety Guidelines has no serious axe violations, table of contents open (${name})`, async () => {
      await withErrorFreePage(viewport, async (page) => {
        await openSitePage(page, e2e.server, '/safety-guidelines');
        const summary = page.getByRole('navigation', { name: 'On this page' }).locator('summary');
        if (await summary.isVisible()) await summary.click();
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    });
  }
});
