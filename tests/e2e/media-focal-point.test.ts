import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../src/features/media/media.dto';
import { createUserWithRole } from '../helpers/auth';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, saveCaptionAsAnotherEditor, useBrowserTest, withSignedInPage } from '../helpers/e2e';

/** Issue 20, decision 35: the Edit Image dialog's focal point, by pointer and keyboard, and the hero that follows it. */

const e2e = useBrowserTest();
let admin: { email: string; password: string };
const filename = 'cenote-chac-mool.jpg';

beforeAll(async () => {
  admin = await createUserWithRole(e2e.server, 'admin');
});

/** The library's copy of the image, read with the page's own session. */
async function libraryCopy(page: Page): Promise<ImageDto> {
  const images = await page.evaluate(async (q) => {
    const response = await fetch(`/api/v1/media?q=${encodeURIComponent(q)}`);
    return ((await response.json()) as { images: ImageDto[] }).images;
  }, filename);
  const image = images.find((candidate) => candidate.filename === filename);
  if (!image) throw new Error(`${filename} is not in the library`);
  return image;
}

async function openEditDialog(page: Page): Promise<Locator> {
  await page
    .getByRole('button', { name: new RegExp(filename.replace('.', '\\.')) })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Image' });
  await dialog.waitFor();
  return dialog;
}

/** The marker's point, read from its slider semantics ('20% across, 80% down'). */
async function pointOf(marker: Locator): Promise<{ x: number; y: number }> {
  const text = (await marker.getAttribute('aria-valuetext')) ?? '';
  const match = /^(\d+)% across, (\d+)% down$/.exec(text);
  if (!match) throw new Error(`unexpected aria-valuetext "${text}"`);
  return { x: Number(match[1]), y: Number(match[2]) };
}

/** Clicks the preview at a fraction of its width and height (the marker sits inside the image's box). */
async function clickPreviewAt(page: Page, marker: Locator, across: number, down: number) {
  const box = await marker.locator('xpath=..').boundingBox();
  if (!box) throw new Error('the preview is not visible');
  await page.mouse.click(box.x + box.width * across, box.y + box.height * down);
}

describe('the focal point in the Edit Image dialog', () => {
  it('is set by a click, fine-tuned with arrow keys, kept through a failed save, saved and shown again', async () => {
    const mediaScreen = { viewport: desktopViewport, next: '/admin/media' };
    await withSignedInPage(e2e, admin, mediaScreen, async ({ context, page, errors }) => {
      await page.getByLabel('Search images').fill('chac-mool');
      let dialog = await openEditDialog(page);
      let marker = dialog.getByRole('slider', { name: 'Focal point' });
      expect(await pointOf(marker)).toEqual({ x: 50, y: 50 });
      expect(await dialog.getByRole('button', { name: 'Reset to centre' }).isDisabled()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A click on the image puts the marker there and focuses it; the arrow keys move it on.
      await clickPreviewAt(page, marker, 0.2, 0.8);
      const clicked = await pointOf(marker);
      expect(Math.abs(clicked.x - 20)).toBeLessThanOrEqual(1);
      expect(Math.abs(clicked.y - 80)).toBeLessThanOrEqual(1);
      expect(await marker.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowUp');
      const chosen = { x: clicked.x + 2, y: clicked.y - 10 };
      expect(await pointOf(marker)).toEqual(chosen);
      expect(await dialog.getByLabel('Across (%)').inputValue()).toBe(String(chosen.x));
      expect(await dialog.getByLabel('Down (%)').inputValue()).toBe(String(chosen.y));
      // The crop previews follow before anything is saved.
      const crops = dialog.getByRole('figure');
      expect(await crops.count()).toBe(3);
      for (const style of await crops
        .locator('img')
        .evaluateAll((items) => items.map((item) => item.style.objectPosition))) {
        expect(style).toBe(`${chosen.x}% ${chosen.y}%`);
      }

      // Reset to centre, then the typed numbers: the marker follows both.
      await dialog.getByRole('button', { name: 'Reset to centre' }).click();
      expect(await pointOf(marker)).toEqual({ x: 50, y: 50 });
      await dialog.getByLabel('Across (%)').fill(String(chosen.x));
      await dialog.getByLabel('Down (%)').fill(String(chosen.y));
      expect(await pointOf(marker)).toEqual(chosen);

      // Another editor saves first: ours is refused, and the point chosen stays on screen.
      const stale = await libraryCopy(page);
      const status = await saveCaptionAsAnotherEditor(page, stale, 'Saved by another editor');
      expect(status).toBe(200);
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText('This was changed by someone else. Reload to see their changes.').waitFor();
      expect(await pointOf(marker)).toEqual(chosen);

      // Reload their version, then choose again, by pointer and keyboard only, and save.
      await dialog.getByRole('button', { name: 'Reload (discard my edits)' }).click();
      await expect.poll(() => pointOf(marker)).toEqual({ x: 50, y: 50 });
      await clickPreviewAt(page, marker, 0.2, 0.8);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowUp');
      const saved = await pointOf(marker);
      expect(saved).toEqual({ x: clicked.x + 2, y: clicked.y - 10 });
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Image updated').first().waitFor();
      expect((await libraryCopy(page)).focal_point).toEqual(saved);

      // Closed and opened again: the dialog shows the saved point.
      await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
      await dialog.waitFor({ state: 'detached' });
      dialog = await openEditDialog(page);
      marker = dialog.getByRole('slider', { name: 'Focal point' });
      expect(await pointOf(marker)).toEqual(saved);
      expect(await dialog.getByLabel('Across (%)').inputValue()).toBe(String(saved.x));
      expect(await dialog.getByRole('button', { name: 'Reset to centre' }).isDisabled()).toBe(false);
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached' });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The public page's hero is cropped around it.
      const site = await context.newPage();
      await site.goto(`${e2e.server.url}/cenote-chac-mool`);
      const hero = site.locator(`section img[src="${stale.original_url}"]`).first();
      expect(await hero.evaluate((element) => getComputedStyle(element).objectPosition)).toBe(
        `${saved.x}% ${saved.y}%`,
      );
      // The refused save is the only failed request.
      expect(errors.filter((line) => !line.includes('status of 409 (Conflict)'))).toEqual([]);
    });
  });
});
