import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { pages } from '../../src/features/pages/pages.table';
import { toZonedInput } from '../../src/shared/lib/zoned-time';
import { createUserWithRole } from '../helpers/auth';
import { projectRoot } from '../helpers/build-app';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, pageIdBySlug, useBrowserTest, withSignedInPage } from '../helpers/e2e';

/**
 * The editor's side of decisions 30–33 in Chromium: draft edits, the 'Unpublished changes' state,
 * preview, publish, autosave across a reload, and the publish failures other CMSs shipped.
 */
const e2e = useBrowserTest({ env: { JOBS_WORKER: 'false' } });
let editor: { email: string; password: string };
const screenshots = path.join(projectRoot, 'dist', 'screenshots', 'editorial');

beforeAll(async () => {
  editor = await createUserWithRole(e2e.server, 'editor');
  await mkdir(screenshots, { recursive: true });
});
/** The editor on the Pages screen, with the clipboard the preview link is copied to. */
const pagesScreen = {
  viewport: desktopViewport,
  permissions: ['clipboard-read', 'clipboard-write'],
  next: '/admin/pages',
};

const pageId = (slug: string) => pageIdBySlug(e2e.server, slug);

async function openBlocks(page: Page, slug: string): Promise<Locator> {
  await page.goto(`${e2e.server.url}/admin/pages/${await pageId(slug)}?tab=blocks`);
  const hero = page.locator('ol[aria-label="Content blocks"] > li').first();
  await hero.getByRole('button', { name: /Edit block/ }).click();
  return hero;
}

const status = (page: Page) => page.getByLabel('Page status');
const publicHtml = (slug: string) => fetch(`${e2e.server.url}/${slug}`).then((response) => response.text());

describe('the editorial workflow in the editor', () => {
  it('an edit of a hero title shows as Unpublished changes, previews, publishes and reaches visitors', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ context, page, errors }) => {
      const hero = await openBlocks(page, 'cenote-dos-ojos');
      await expect.poll(() => status(page).textContent()).toContain('Published');
      await hero.getByLabel('Title', { exact: true }).fill('Dos Ojos, the two eyes of Tulum');
      // Autosave: no button pressed, the draft is saved after the pause.
      await page.locator('[data-autosave="saved"]').waitFor();
      await expect.poll(() => status(page).textContent()).toContain('Unpublished changes');
      expect(await publicHtml('cenote-dos-ojos')).not.toContain('Dos Ojos, the two eyes of Tulum');
      await page.screenshot({ path: path.join(screenshots, 'editor-unpublished-changes.png') });
      expect(await seriousA11yViolations(page)).toEqual([]);

      const [preview] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('button', { name: 'Preview', exact: true }).click(),
      ]);
      await preview.waitForURL(/\/preview\//);
      await preview.getByText('Dos Ojos, the two eyes of Tulum').first().waitFor();
      await preview.close();

      await page.getByRole('button', { name: 'Copy preview link' }).click();
      await page.getByText('Preview link copied').first().waitFor();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toMatch(/^https?:\/\/[^/]+\/preview\/[\w.-]+$/);
      // The link names the public address (PUBLIC_URL); the test server answers for it here.
      const signedOut = await fetch(`${e2e.server.url}${new URL(link).pathname}`);
      expect(signedOut.status).toBe(200);
      expect(signedOut.headers.get('x-robots-tag')).toContain('noindex');
      expect(await signedOut.text()).toContain('Dos Ojos, the two eyes of Tulum');

      await page.getByRole('button', { name: 'Publish changes' }).click();
      await page.getByText('Changes published').first().waitFor();
      await expect.poll(() => status(page).textContent()).not.toContain('Unpublished changes');
      expect(await publicHtml('cenote-dos-ojos')).toContain('Dos Ojos, the two eyes of Tulum');
      expect(errors).toEqual([]);
    });
  });

  it('autosave keeps typing across a reload', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      const hero = await openBlocks(page, 'cenote-angelita');
      const subtitle = hero.getByLabel('Subtitle', { exact: true });
      await subtitle.fill('A river of hydrogen sulphide, thirty metres down');
      await page.locator('[data-autosave="saved"]').waitFor();
      await page.reload();
      const again = page.locator('ol[aria-label="Content blocks"] > li').first();
      await again.getByRole('button', { name: /Edit block/ }).click();
      expect(await again.getByLabel('Subtitle', { exact: true }).inputValue()).toBe(
        'A river of hydrogen sulphide, thirty metres down',
      );
      expect(await publicHtml('cenote-angelita')).not.toContain('A river of hydrogen sulphide');
      expect(errors).toEqual([]);
    });
  });

  it('unbroken typing is autosaved every 10 s, not on every keystroke', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      const hero = await openBlocks(page, 'cenote-yaakun');
      const autosaves: number[] = [];
      const started = Date.now();
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes('autosave=true'))
          autosaves.push(Date.now() - started);
      });
      const title = hero.getByLabel('Title', { exact: true });
      await title.fill('');
      await title.focus();
      // 21 s of typing, a key every 150 ms: never the 2 s pause that saves sooner.
      const text = 'Yaakun is a quiet cenote with a wide cavern and clear water for a gentle first dive '.repeat(3);
      for (const key of text.slice(0, 140)) await page.keyboard.type(key, { delay: 150 });
      const typedFor = Date.now() - started;
      await page.locator('[data-autosave="saved"]').waitFor();
      const whileTyping = autosaves.filter((at) => at < typedFor);
      console.log(
        `autosave: ${whileTyping.length} requests in ${(typedFor / 1000).toFixed(1)} s of typing (140 keys), then 1 after the pause; ${(
          (whileTyping.length * 60_000) /
          typedFor
        ).toFixed(1)} per minute of typing`,
      );
      expect(whileTyping.length).toBeGreaterThanOrEqual(1);
      expect(whileTyping.length).toBeLessThanOrEqual(Math.ceil(typedFor / 10_000) + 1);
      expect(errors).toEqual([]);
    });
  });

  it('Publish right after typing publishes the last keystrokes and leaves no unpublished changes (Payload #1748)', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      const hero = await openBlocks(page, 'cenote-el-pit');
      await hero.getByLabel('Title', { exact: true }).fill('El Pit, published at once');
      // No pause: the autosave is still waiting when Publish is pressed.
      await page.getByRole('button', { name: /^Publish/ }).click();
      await page.getByText('Changes published').first().waitFor();
      await expect.poll(() => publicHtml('cenote-el-pit')).toContain('El Pit, published at once');
      await page.waitForTimeout(2500);
      await expect.poll(() => status(page).textContent()).not.toContain('Unpublished changes');
      const { body } = await fetch(`${e2e.server.url}/api/v1/pages/by-slug/cenote-el-pit`).then(async (r) => ({
        body: (await r.json()) as { page: { is_published: boolean } },
      }));
      expect(body.page.is_published).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it('a failed publish keeps the draft on screen and the button usable (Payload #17517)', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      const hero = await openBlocks(page, 'cenote-nicte-ha');
      await hero.getByLabel('Title', { exact: true }).fill('Nicte-Ha, second attempt wins');
      await page.locator('[data-autosave="saved"]').waitFor();
      let failNext = true;
      await page.route('**/publish', async (route) => {
        if (failNext) {
          failNext = false;
          await route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: '{"error":{"code":"unavailable","message":"x"}}',
          });
        } else await route.continue();
      });
      const publish = page.getByRole('button', { name: 'Publish changes' });
      await publish.click();
      await page.getByText('Failed to publish the page. Please try again.').first().waitFor();
      expect(await hero.getByLabel('Title', { exact: true }).inputValue()).toBe('Nicte-Ha, second attempt wins');
      expect(await publish.isEnabled()).toBe(true);
      expect(await publicHtml('cenote-nicte-ha')).not.toContain('second attempt wins');
      await publish.click();
      await page.getByText('Changes published').first().waitFor();
      expect(await publicHtml('cenote-nicte-ha')).toContain('second attempt wins');
      expect(errors.filter((error) => !error.includes('503'))).toEqual([]);
    });
  });

  it('schedules a publish in the site time zone, refuses a past time, and clears it', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      const id = await pageId('cenote-kukulkan');
      await page.goto(`${e2e.server.url}/admin/pages/${id}`);
      await page.getByRole('button', { name: 'Schedule' }).click();
      const dialog = page.getByRole('dialog', { name: 'Schedule' });
      await dialog.getByText('Cancun time (UTC−05:00)').first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      const publishAt = dialog.getByLabel('Publish at');
      await publishAt.fill('2020-01-01T09:00');
      await dialog.getByRole('button', { name: 'Save schedule' }).click();
      await dialog.getByText('Choose a publish time in the future.').waitFor();

      const inTwoDays = new Date(Date.now() + 2 * 24 * 3_600_000);
      inTwoDays.setUTCSeconds(0, 0);
      await publishAt.fill(toZonedInput(inTwoDays, 'America/Cancun'));
      await dialog.getByRole('button', { name: 'Save schedule' }).click();
      await page.getByText('Schedule saved').first().waitFor();
      await expect.poll(() => status(page).textContent()).toContain('Publishes');
      const [row] = await e2e.server.app.db.select().from(pages).where(eq(pages.id, id));
      expect(row!.publish_at?.toISOString()).toBe(inTwoDays.toISOString());

      await page.getByRole('button', { name: 'Schedule' }).click();
      await dialog.getByLabel('Publish at').fill('');
      await dialog.getByRole('button', { name: 'Save schedule' }).click();
      await page.getByText('Nothing is scheduled now.').first().waitFor();
      await expect.poll(() => status(page).textContent()).not.toContain('Publishes');
      expect(errors.filter((error) => !error.includes('400'))).toEqual([]);
    });
  });

  it('discard changes asks first and brings back the published version', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      const hero = await openBlocks(page, 'cenote-carwash');
      const published = await hero.getByLabel('Title', { exact: true }).inputValue();
      await hero.getByLabel('Title', { exact: true }).fill('A title to throw away');
      await page.locator('[data-autosave="saved"]').waitFor();
      await page.getByRole('button', { name: 'Discard changes' }).click();
      const dialog = page.getByRole('alertdialog');
      await dialog.getByRole('button', { name: 'Discard changes' }).click();
      await page.getByText('Changes discarded').first().waitFor();
      await expect.poll(() => hero.getByLabel('Title', { exact: true }).inputValue()).toBe(published);
      await expect.poll(() => status(page).textContent()).not.toContain('Unpublished changes');
      expect(errors).toEqual([]);
    });
  });
});
