import { beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { openSitePage, phoneViewport, useBrowserTest, withPage } from '../helpers/e2e';

/** A preview link opened in Chromium by someone who is not signed in (decision 33). */

const e2e = useBrowserTest();
let editor: ApiClient;

beforeAll(async () => {
  editor = await signedInClient(e2e.server, 'editor');
});

async function previewPath(slug: string, title: string): Promise<string> {
  const created = await editor.post<{ page: { id: string } }>('/api/v1/pages', { title, slug, excerpt: 'A test.' });
  expect(created.status).toBe(201);
  const { id } = created.body.page;
  const hero = await editor.post(`/api/v1/pages/${id}/blocks`, {
    block_type: 'hero',
    block_data: { title, subtitle: 'Seen through a preview link', backgroundImage: '/media/seed/home-hero.jpg' },
  });
  expect(hero.status).toBe(201);
  const link = await editor.post<{ url: string }>(`/api/v1/pages/${id}/preview-link`);
  expect(link.status).toBe(201);
  return new URL(link.body.url).pathname;
}

describe('a preview link in the browser', () => {
  for (const [name, viewport] of [
    ['desktop', { width: 1280, height: 860 }],
    ['mobile', phoneViewport],
  ] as const) {
    it(`shows the draft under the preview notice, with the site's header working (${name})`, async () => {
      const pathname = await previewPath(`preview-browser-${name}`, `Draft Cenote ${name}`);
      await withPage(e2e.browser, { viewport }, async (page) => {
        const errors = watchPageErrors(page);
        await openSitePage(page, e2e.server, pathname);
        const notice = page.getByRole('complementary', { name: 'Preview' });
        await expect.poll(() => notice.isVisible()).toBe(true);
        expect(await notice.textContent()).toBe(
          'Preview of a page that is not published yet — visitors cannot see it.',
        );
        // Above the header, at the very top of the page.
        const noticeBox = await notice.boundingBox();
        const headerBox = await page.locator('header').first().boundingBox();
        expect(noticeBox?.y).toBe(0);
        expect(noticeBox!.y + noticeBox!.height).toBeLessThanOrEqual(headerBox!.y + 1);
        await expect
          .poll(() => page.getByRole('heading', { level: 1, name: `Draft Cenote ${name}` }).isVisible())
          .toBe(true);
        expect(await seriousA11yViolations(page)).toEqual([]);
        expect(errors).toEqual([]);
      });
    });
  }
});
