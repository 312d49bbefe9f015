import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../src/features/media/media.dto';
import { performanceSettings } from '../../src/features/settings/settings.table';
import { createUserWithRole, signedInClient, type ApiClient } from '../helpers/auth';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { desktopViewport, isFocused, signInThroughForm, tabTo, useBrowserTest, withPage } from '../helpers/e2e';
import { testPicture } from '../helpers/test-images';

const e2e = useBrowserTest({ seed: false });
let api: ApiClient;
let editor: { email: string; password: string };
const uploaded = new Map<string, ImageDto>();
let folderId: string;
let pageId: string;

/** Uploads generated pictures with the editor's session (the admin's own upload is tested elsewhere). */
async function upload(names: string[]): Promise<void> {
  if (!api.csrfToken) await api.session();
  const form = new FormData();
  for (const name of names) {
    const data = await testPicture(320, 240);
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), name);
  }
  const response = await fetch(`${e2e.server.url}/api/v1/media`, {
    method: 'POST',
    headers: { cookie: api.cookieHeader(), 'x-csrf-token': api.csrfToken ?? '', accept: 'application/json' },
    body: form,
  });
  const body = (await response.json()) as { images: ImageDto[] };
  expect(response.status, JSON.stringify(body)).toBe(201);
  for (const image of body.images) uploaded.set(image.filename, image);
}

beforeAll(async () => {
  const values = { enable_webp: true, enable_avif: false };
  await e2e.server.app.db
    .insert(performanceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: performanceSettings.id, set: values });
  editor = await createUserWithRole(e2e.server, 'editor');
  api = await signedInClient(e2e.server, 'editor');
  await upload(['cenote-used.jpg', 'cenote-spare.jpg', 'cenote-b.jpg', 'cenote-a.jpg']);
  const folder = await api.post<{ folder: { id: string } }>('/api/v1/media/folders', { name: 'Cenotes' });
  folderId = folder.body.folder.id;
  const page = await api.post<{ page: { id: string } }>('/api/v1/pages', { title: 'Dos Ojos', slug: 'dos-ojos' });
  pageId = page.body.page.id;
  const hero = await api.post(`/api/v1/pages/${pageId}/blocks`, {
    block_type: 'hero',
    block_data: { title: 'Dos Ojos', backgroundImage: uploaded.get('cenote-used.jpg')!.original_url },
  });
  expect(hero.status).toBe(201);
});
const forward = { maxPresses: 40 };
const backwards = { ...forward, key: 'Shift+Tab' } as const;

/** axe measures a settled page: the toasts (sign-in, moved, deleted) have gone. */
async function toastsGone(page: Page) {
  await expect.poll(() => page.locator('[data-sonner-toast]').count(), { timeout: 15_000 }).toBe(0);
}

async function folderOf(filename: string): Promise<string | null> {
  const response = await api.get<{ image: ImageDto }>(`/api/v1/media/${uploaded.get(filename)!.id}`);
  return response.body.image.folder_id;
}

describe('bulk work in the media library', () => {
  it('keyboard only: select two images, move them to a folder; a delete with an image in use lists where it is used', async () => {
    await withPage(e2e.browser, { viewport: desktopViewport }, async (page) => {
      const errors = watchPageErrors(page);
      const refusals: string[] = [];
      page.on('response', (response) => {
        if (response.status() >= 400) refusals.push(`${response.status()} ${new URL(response.url()).pathname}`);
      });
      await signInThroughForm(page, e2e.server, editor, '/admin/media');
      await page.getByRole('heading', { name: 'Media Library' }).waitFor();
      const grid = page.getByRole('list', { name: 'Images', exact: true });
      await grid.getByRole('listitem').first().waitFor();

      // The search box says what it searches; the keyboard starts there.
      const search = page.getByLabel('Search images by name or alt text');
      expect(await search.getAttribute('placeholder')).toBe('Search name or alt text…');
      await search.focus();

      // Space on each tile's checkbox selects it; the toolbar appears with the count.
      const selectA = page.getByRole('checkbox', { name: 'Select cenote-a.jpg' });
      await tabTo(page, selectA, forward);
      await page.keyboard.press('Space');
      const toolbar = page.getByRole('region', { name: 'Selected images' });
      await toolbar.getByText('1 selected').waitFor();
      const selectB = page.getByRole('checkbox', { name: 'Select cenote-b.jpg' });
      await tabTo(page, selectB, forward);
      await page.keyboard.press('Space');
      await toolbar.getByText('2 selected').waitFor();
      expect(await selectA.isChecked()).toBe(true);
      expect(await selectB.isChecked()).toBe(true);
      // Once something is selected every checkbox shows, not only on hover.
      const spare = page.getByRole('checkbox', { name: 'Select cenote-spare.jpg' });
      // (It fades in: measured once the transition has run.)
      await expect.poll(() => spare.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
      await toastsGone(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Back to the toolbar: Move to folder…, the folder chosen in the dialog, then Move.
      await tabTo(page, toolbar.getByRole('button', { name: 'Move to folder…' }), backwards);
      await page.keyboard.press('Enter');
      const moveDialog = page.getByRole('dialog', { name: 'Move 2 images' });
      const target = moveDialog.getByLabel('Move to');
      expect(await isFocused(target)).toBe(true);
      expect(await target.locator('option').allTextContents()).toEqual(['No folder', 'Cenotes']);
      expect(await target.inputValue()).toBe(folderId);
      await tabTo(page, moveDialog.getByRole('button', { name: 'Move 2 images' }), forward);
      await page.keyboard.press('Enter');
      await page.getByText('Moved 2 images to Cenotes').first().waitFor();
      await moveDialog.waitFor({ state: 'detached' });
      await toolbar.waitFor({ state: 'detached' });
      expect(await folderOf('cenote-a.jpg')).toBe(folderId);
      expect(await folderOf('cenote-b.jpg')).toBe(folderId);
      expect(await folderOf('cenote-used.jpg')).toBeNull();
      // The toolbar is gone with the selection: the keyboard continues at 'Select all shown'.
      const selectAll = page.getByRole('checkbox', { name: /Select all shown/ });
      await expect.poll(() => isFocused(selectAll)).toBe(true);

      // Delete the image a page uses together with an unused one: refused, with the page listed.
      await tabTo(page, page.getByRole('checkbox', { name: 'Select cenote-used.jpg' }), forward);
      await page.keyboard.press('Space');
      await tabTo(page, page.getByRole('checkbox', { name: 'Select cenote-spare.jpg' }), forward);
      await page.keyboard.press('Space');
      await toolbar.getByText('2 selected').waitFor();
      await tabTo(page, toolbar.getByRole('button', { name: 'Delete' }), backwards);
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Delete 2 images?' });
      await confirm.waitFor();
      await tabTo(page, confirm.getByRole('button', { name: 'Delete 2 images' }), forward);
      await page.keyboard.press('Enter');

      const inUse = page.getByRole('dialog', { name: 'An image is in use' });
      await inUse.waitFor();
      await inUse.getByText('Nothing was deleted.', { exact: false }).waitFor();
      const listed = inUse
        .getByRole('list', { name: 'Images in use' })
        .getByRole('listitem')
        .filter({
          has: page.getByText('cenote-used.jpg'),
        });
      await listed.waitFor();
      const pageLink = inUse.getByRole('link', { name: /Dos Ojos/ });
      expect(await pageLink.getAttribute('href')).toBe(`/admin/pages/${pageId}`);
      expect(await inUse.getByText('/dos-ojos').count()).toBe(1);
      // Nothing was deleted.
      expect((await api.get(`/api/v1/media/${uploaded.get('cenote-spare.jpg')!.id}`)).status).toBe(200);
      await toastsGone(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Delete only the unused one, by keyboard.
      await tabTo(page, inUse.getByRole('button', { name: 'Delete only the 1 image not in use' }), forward);
      await page.keyboard.press('Enter');
      await page.getByText('Deleted 1 image').first().waitFor();
      await inUse.waitFor({ state: 'detached' });
      expect((await api.get(`/api/v1/media/${uploaded.get('cenote-spare.jpg')!.id}`)).status).toBe(404);
      expect((await api.get(`/api/v1/media/${uploaded.get('cenote-used.jpg')!.id}`)).status).toBe(200);
      // The image in use stays selected; the deleted one left the grid.
      await toolbar.getByText('1 selected').waitFor();
      await spare.waitFor({ state: 'detached' });

      await toastsGone(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // The refused delete is the only refusal (the sign-in page's picture is seed media, not loaded here).
      expect(refusals.filter((line) => !line.startsWith('404 /media/seed/'))).toEqual([
        '409 /api/v1/media/bulk-delete',
      ]);
      expect(errors.filter((line) => !/status of (404 \(Not Found\)|409 \(Conflict\))/.test(line))).toEqual([]);
    });
  });
});
