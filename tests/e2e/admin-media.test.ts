import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { pages } from '../../src/features/pages/pages.table';
import { publishDirectly } from '../helpers/publish';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../src/features/media/media.dto';
import { createUserWithRole } from '../helpers/auth';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, saveCaptionAsAnotherEditor, useBrowserTest, withSignedInPage } from '../helpers/e2e';
import { pageWithSlug } from '../helpers/pages';

const e2e = useBrowserTest();
let admin: { email: string; password: string };
let filesDir: string;
let landscapePng: string;
let portraitJpeg: string;
let notAnImage: string;

beforeAll(async () => {
  admin = await createUserWithRole(e2e.server, 'admin');
  filesDir = await mkdtemp(path.join(tmpdir(), 'cenote-media-e2e-'));
  // Real images with some detail (a gradient), so every encoder has work to do.
  const gradient = (width: number, height: number) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0f6b6d"/><stop offset="1" stop-color="#e9dfc8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 2}" cy="${height / 3}" r="${height / 6}" fill="#63e2da"/></svg>`,
    );
  landscapePng = path.join(filesDir, 'angelita-halocline.png');
  portraitJpeg = path.join(filesDir, 'angelita-dead-trees.jpg');
  notAnImage = path.join(filesDir, 'dive-log.txt');
  await sharp(gradient(2400, 1600)).png().toFile(landscapePng);
  await sharp(gradient(1200, 1600)).jpeg({ quality: 90 }).toFile(portraitJpeg);
  await writeFile(notAnImage, 'Max depth 40 m, 52 minutes.');
});
afterAll(async () => {
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/** An admin in the Media Library at 1440 × 1000. */
const mediaScreen = { viewport: desktopViewport, next: '/admin/media' };

const grid = (page: Page) => page.getByRole('list', { name: 'Images', exact: true });
const tiles = (page: Page) => grid(page).getByRole('listitem');
/** The file names on the grid's tiles, in order (newest first). */
const tileNames = (page: Page) =>
  grid(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('[title]')?.getAttribute('title') ?? ''));

/** The library's copy of an image, read with the page's own session. */
async function findImage(page: Page, filename: string): Promise<ImageDto> {
  const images = await page.evaluate(async (q) => {
    const response = await fetch(`/api/v1/media?q=${encodeURIComponent(q)}`);
    return ((await response.json()) as { images: ImageDto[] }).images;
  }, filename);
  const image = images.find((candidate) => candidate.filename === filename);
  if (!image) throw new Error(`${filename} is not in the library`);
  return image;
}

async function chooseFolder(page: Page, select: Locator, name: string) {
  const value = await select.locator('option', { hasText: name }).first().getAttribute('value');
  await select.selectOption(value ?? '');
}

describe('the media library in the admin', () => {
  it('create a folder, upload two images, edit, filter, search, pick one for a hero, see it on the public page', async () => {
    await withSignedInPage(e2e, admin, mediaScreen, async ({ page, errors }) => {
      await page.getByRole('heading', { name: 'Media Library' }).waitFor();
      await tiles(page).first().waitFor();

      // A blank folder name closes the dialog without a request; a real one creates and opens it.
      await page.getByRole('button', { name: 'New Folder' }).click();
      await page.getByRole('button', { name: 'Create folder' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'New Folder' }).click();
      await page.getByLabel('Folder name').fill('Angelita 2025');
      await page.getByRole('button', { name: 'Create folder' }).click();
      await page.getByText('Folder created').first().waitFor();
      await page.waitForURL(/folder=/);
      await page.getByText('No images in this folder yet.').waitFor();

      // Upload: the drop zone is a button that opens the file chooser (here by keyboard).
      await page.getByRole('button', { name: 'Upload Image' }).first().click();
      const upload = page.getByRole('dialog', { name: 'Upload Image' });
      expect(await upload.getByLabel('Upload to folder').locator('option:checked').textContent()).toBe('Angelita 2025');
      // The dialog opens with the drop zone focused.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ''))
        .toContain('Drop images here or choose files');
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        upload.getByRole('button', { name: /Drop images here or choose files/ }).press('Enter'),
      ]);
      expect(chooser.isMultiple()).toBe(true);
      await chooser.setFiles([landscapePng, portraitJpeg, notAnImage]);
      // The text file is refused before anything is sent.
      await page.getByText('Please select an image file.').first().waitFor();
      const rows = upload.getByRole('list', { name: 'Files to upload' }).getByRole('listitem');
      expect(await rows.count()).toBe(2);
      for (const bar of await upload.getByRole('progressbar').all()) {
        expect(await bar.getAttribute('aria-valuenow')).toBe('0');
      }

      // Record every progress value and status the rows go through.
      await page.evaluate(() => {
        const seen: string[] = [];
        (window as unknown as { progressSeen: string[] }).progressSeen = seen;
        const list = document.querySelector('[aria-label="Files to upload"]');
        if (!list) throw new Error('no upload list');
        new MutationObserver(() => {
          for (const bar of list.querySelectorAll('[role="progressbar"]')) {
            const entry = `${bar.getAttribute('aria-label')}|${bar.getAttribute('aria-valuenow')}|${bar.parentElement?.querySelector('[data-status]')?.getAttribute('data-status')}`;
            if (seen.at(-1) !== entry && !seen.includes(entry)) seen.push(entry);
          }
        }).observe(list, { subtree: true, attributes: true, childList: true });
      });
      await upload.getByRole('button', { name: 'Upload 2 images' }).click();
      await expect
        .poll(
          () =>
            upload
              .getByRole('progressbar')
              .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('aria-valuenow')).join(',')),
          { timeout: 30_000 },
        )
        .toBe('100,100');
      expect(await upload.getByText('Uploaded', { exact: true }).count()).toBe(2);
      const seen = await page.evaluate(() => (window as unknown as { progressSeen: string[] }).progressSeen);
      for (const name of ['angelita-halocline.png', 'angelita-dead-trees.jpg']) {
        const steps = seen
          .filter((entry) => entry.startsWith(`Upload of ${name}|`))
          .map((entry) => entry.split('|'))
          .map(([, value, status]) => ({ value: Number(value), status }));
        const values = steps.map((step) => step.value);
        // Spec section 4 steps: 20 when the request starts, 40..70 while sending, 90 answered, 100 complete.
        expect(values, name).toEqual([...values].sort((a, b) => a - b));
        expect(values, name).toEqual(expect.arrayContaining([20, 90, 100]));
        expect(
          values.every((value) => [0, 20, 90, 100].includes(value) || (value >= 40 && value <= 70)),
          name,
        ).toBe(true);
        expect(steps.find((step) => step.value === 20)?.status, name).toBe('uploading');
        expect(steps.find((step) => step.value === 90)?.status, name).toBe('processing');
        expect(steps.at(-1), name).toEqual({ value: 100, status: 'complete' });
      }
      await page.getByText('Image uploaded').first().waitFor();
      await page.getByText('angelita-dead-trees.jpg was optimized and uploaded.').first().waitFor();
      await upload.getByRole('button', { name: 'Close', exact: true }).last().click();
      await expect.poll(() => tiles(page).count()).toBe(2);

      // Real dimensions (decision 20): the 2400 × 1600 PNG fits 1920 wide.
      const halocline = await findImage(page, 'angelita-halocline.png');
      expect([halocline.width, halocline.height]).toEqual([1920, 1280]);
      await grid(page)
        .getByRole('button', { name: /angelita-halocline\.png/ })
        .getByText('1920 × 1280')
        .waitFor();

      // Edit Image: alt text, saved; the dialog has no serious accessibility violations.
      await grid(page)
        .getByRole('button', { name: /angelita-halocline\.png/ })
        .click();
      const edit = page.getByRole('dialog', { name: 'Edit Image' });
      await edit.getByText('1920 × 1280').waitFor();
      expect(await edit.getByLabel('Original (JPEG)', { exact: true }).inputValue()).toBe(halocline.original_url);
      // The 800 px copies for phones (ADR 043) are listed with the other files.
      expect(halocline.medium_avif_url).toMatch(/-800\.avif$/);
      expect(await edit.getByLabel('AVIF, 800 px', { exact: true }).inputValue()).toBe(halocline.medium_avif_url);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await edit
        .getByLabel('Alt text', { exact: true })
        .fill('Milky halocline layer photographed on the March expedition');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Image updated').first().waitFor();
      expect((await findImage(page, 'angelita-halocline.png')).alt_text).toBe(
        'Milky halocline layer photographed on the March expedition',
      );

      // Someone else saves meanwhile: our save is refused with the conflict message, our text kept.
      const stale = await findImage(page, 'angelita-halocline.png');
      const status = await saveCaptionAsAnotherEditor(page, stale, 'Saved by another editor');
      expect(status).toBe(200);
      await edit.getByLabel('Caption', { exact: true }).fill('Forty metres down');
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await edit.getByText('This was changed by someone else. Reload to see their changes.').waitFor();
      expect(await edit.getByLabel('Caption', { exact: true }).inputValue()).toBe('Forty metres down');
      await edit.getByRole('button', { name: 'Reload (discard my edits)' }).click();
      await expect.poll(() => edit.getByLabel('Caption', { exact: true }).inputValue()).toBe('Saved by another editor');
      await edit.getByRole('button', { name: 'Close', exact: true }).last().click();
      await edit.waitFor({ state: 'detached' });

      // Filters: all folders, no folder, this folder; search by file name and by alt text.
      const folderFilter = page.getByLabel('Folder', { exact: true });
      await folderFilter.selectOption('all');
      await expect.poll(() => tiles(page).count()).toBeGreaterThan(2);
      await folderFilter.selectOption('none');
      await expect
        .poll(() =>
          grid(page)
            .getByRole('button', { name: /angelita-halocline/ })
            .count(),
        )
        .toBe(0);
      await chooseFolder(page, folderFilter, 'Angelita 2025');
      await expect.poll(() => tileNames(page)).toEqual(['angelita-dead-trees.jpg', 'angelita-halocline.png']);
      await folderFilter.selectOption('all');
      await page.getByLabel('Search images').fill('dead-trees');
      await expect.poll(() => tileNames(page)).toEqual(['angelita-dead-trees.jpg']);
      await page.getByLabel('Search images').fill('march expedition');
      await expect.poll(() => tileNames(page)).toEqual(['angelita-halocline.png']);
      await page.getByLabel('Search images').fill('');

      // The hero of Cenote Angelita takes the image from the library.
      await page.getByRole('link', { name: 'Content Blocks' }).click();
      await page.getByLabel('Page').selectOption({ label: 'Cenote Angelita (/cenote-angelita)' });
      const hero = page.locator('ol[aria-label="Content blocks"] > li').first();
      await hero.getByRole('button', { name: /Edit block/ }).click();
      await hero.getByRole('button', { name: 'Choose from library' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose from library' });
      await picker.getByRole('list', { name: 'Library images' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await picker.getByLabel('Search images').fill('halocline');
      await picker
        .getByRole('list', { name: 'Library images' })
        .getByRole('button', { name: /angelita-halocline\.png/ })
        .click();
      await picker.getByRole('button', { name: 'Use image' }).click();
      await picker.waitFor({ state: 'detached' });
      expect(await hero.getByLabel('Background image').inputValue()).toBe(halocline.original_url);
      await hero.getByRole('button', { name: 'Save block' }).click();
      await page.getByText('Block updated').first().waitFor();
      // The save went into the draft (decision 30): publish it, as the editor's Publish button does.
      const [angelita] = await e2e.server.app.db.select().from(pages).where(pageWithSlug('cenote-angelita'));
      await publishDirectly(e2e.server.app, angelita!.id);
      e2e.server.app.contentChanged({ pageId: angelita!.id, paths: ['/cenote-angelita'] });

      const html = await (await fetch(`${e2e.server.url}/cenote-angelita`)).text();
      const pictures = html.match(/<picture>[\s\S]*?<\/picture>/g) ?? [];
      const heroPicture = pictures.find((picture) => picture.includes(`src="${halocline.original_url}"`));
      expect(heroPicture, 'a <picture> with the uploaded image').toBeDefined();
      // AVIF and WebP sources when those variants exist (performance settings), and the real size.
      if (halocline.avif_url) {
        expect(heroPicture).toContain('type="image/avif"');
        expect(heroPicture).toContain(halocline.avif_url);
      }
      if (halocline.webp_url) {
        expect(heroPicture).toContain('type="image/webp"');
        expect(heroPicture).toContain(halocline.webp_url);
      }
      expect(halocline.avif_url ?? halocline.webp_url, 'the default settings make both variants').toBeTruthy();
      expect(heroPicture).toMatch(/width="1920"/);
      expect(heroPicture).toMatch(/height="1280"/);

      // Deleting a used image warns with its usage; an unused one is deleted.
      await page.getByRole('link', { name: 'Media Library' }).click();
      await grid(page)
        .getByRole('button', { name: /angelita-halocline\.png/ })
        .click();
      await page.getByRole('dialog', { name: 'Edit Image' }).getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('alertdialog');
      await confirm.getByText('This image is used in 1 place. Deleting it breaks them.').waitFor();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await page.keyboard.press('Escape');
      await grid(page)
        .getByRole('button', { name: /angelita-dead-trees\.jpg/ })
        .click();
      await page.getByRole('dialog', { name: 'Edit Image' }).getByRole('button', { name: 'Delete' }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Image deleted').first().waitFor();
      await expect
        .poll(() =>
          grid(page)
            .getByRole('button', { name: /angelita-dead-trees/ })
            .count(),
        )
        .toBe(0);

      // The browser logs the refused stale save (409) it was asked to make; nothing else went wrong.
      expect(errors.filter((line) => !line.includes('status of 409 (Conflict)'))).toEqual([]);
    });
  });

  it('Edit Image: the Spanish alt text and caption save with the dialog and are there when it is reopened', async () => {
    await withSignedInPage(e2e, admin, mediaScreen, async ({ page, errors }) => {
      await page.getByLabel('Search images').fill('cenote-el-pit');
      const tile = grid(page).getByRole('button', { name: /cenote-el-pit\.jpg/ });
      await tile.click();
      const edit = page.getByRole('dialog', { name: 'Edit Image' });
      const spanish = edit.getByRole('group', { name: 'Spanish' });
      const altEs = spanish.getByLabel('Alt text (Spanish)', { exact: true });
      await spanish.getByText('Spanish pages show the English alt text while this is empty.').waitFor();
      await altEs.fill('Un haz de sol baja por el tiro de El Pit hasta la nube');
      await spanish.getByLabel('Caption (Spanish)', { exact: true }).fill('El Pit a mediodía');
      // The Spanish fields count as unsaved edits: closing would ask first.
      await edit.getByRole('button', { name: 'Cancel' }).waitFor();
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Image updated').first().waitFor();
      await edit.getByRole('button', { name: 'Close', exact: true }).last().click();
      await edit.waitFor({ state: 'detached' });

      await tile.click();
      await expect.poll(() => altEs.inputValue()).toBe('Un haz de sol baja por el tiro de El Pit hasta la nube');
      expect(await spanish.getByLabel('Caption (Spanish)', { exact: true }).inputValue()).toBe('El Pit a mediodía');
      expect(await edit.getByLabel('Alt text', { exact: true }).inputValue()).toMatch(/^Illustration of El Pit/);
      const saved = await findImage(page, 'cenote-el-pit.jpg');
      expect(saved).toMatchObject({
        alt_text_es: 'Un haz de sol baja por el tiro de El Pit hasta la nube',
        caption_es: 'El Pit a mediodía',
      });
      expect(errors).toEqual([]);
    });
  });

  it('the Media Library tab has no serious accessibility violations', async () => {
    await withSignedInPage(e2e, admin, mediaScreen, async ({ page }) => {
      await page.getByRole('heading', { name: 'Media Library' }).waitFor();
      await tiles(page).first().waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Upload Image' }).first().click();
      await page.getByRole('dialog', { name: 'Upload Image' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });
});
