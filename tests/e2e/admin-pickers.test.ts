import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImageDto } from '../../src/features/media/media.dto';
import type { NavigationNode } from '../../src/features/navigation/navigation.dto';
import { ApiClient, createUserWithRole } from '../helpers/auth';
import { getJson, projectRoot } from '../helpers/build-app';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, phoneViewport, useBrowserTest, withSignedInPage } from '../helpers/e2e';
import { publishDirectly } from '../helpers/publish';

/**
 * Issue 18, the editors' pickers: several library images into a gallery in one go, uploads
 * straight into a gallery, link fields that find pages by title, and placing navigation items
 * (parent, position, 'Add child item') — each driven by the keyboard where it can be.
 */

const e2e = useBrowserTest();
let admin: { email: string; password: string };
let api: ApiClient;
let pageId: string;
let filesDir: string;
let reefPng: string;
let haloclineJpeg: string;
const shots = path.join(projectRoot, 'dist', 'screenshots', 'admin-pickers');

interface BlockRow {
  id: string;
  block_type: string;
  block_data: Record<string, unknown>;
}

beforeAll(async () => {
  admin = await createUserWithRole(e2e.server, 'admin');
  api = new ApiClient(e2e.server.url);
  expect((await api.signIn(admin.email, admin.password)).status).toBe(200);
  await mkdir(shots, { recursive: true });

  // A page of its own with the blocks the pickers work on.
  const created = await api.post<{ page: { id: string } }>('/api/v1/pages', {
    title: 'Picker Playground',
    slug: 'picker-playground',
  });
  expect(created.status).toBe(201);
  pageId = created.body.page.id;
  for (const [block_type, block_data] of [
    ['gallery', { title: 'Cavern Light', images: [] }],
    ['hero', { title: 'Into the Cavern', ctaText: 'Read first' }],
    ['cta', { heading: 'Plan your dive', ctaButton: { text: 'Start here', link: '' } }],
    ['text', { heading: 'Before you go', content: '<p>Check the equipment list twice.</p>' }],
  ] as const) {
    const block = await api.post(`/api/v1/pages/${pageId}/blocks`, { block_type, block_data });
    expect(block.status).toBe(201);
  }

  filesDir = await mkdtemp(path.join(tmpdir(), 'cenote-pickers-e2e-'));
  const picture = (hue: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="100%" height="100%" fill="${hue}"/><circle cx="600" cy="300" r="160" fill="#e9dfc8"/></svg>`,
    );
  reefPng = path.join(filesDir, 'pickers-reef-wall.png');
  haloclineJpeg = path.join(filesDir, 'pickers-halocline.jpg');
  await sharp(picture('#0f6b6d')).png().toFile(reefPng);
  await sharp(picture('#1d3557')).jpeg({ quality: 90 }).toFile(haloclineJpeg);
});

afterAll(async () => {
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
  // Keep the reviewed screenshots with the docs (the tests write them to dist/ on every run).
  if (process.env['PICKER_SCREENSHOTS']) {
    for (const name of ['picker-multi-select', 'link-combobox', 'nav-item-dialog']) {
      for (const width of [1440, 390]) {
        const file = `${name}-${width}.png`;
        await copyFile(path.join(shots, file), path.join(projectRoot, 'docs', 'screenshots', file));
      }
    }
  }
});

const adminAt = (next: string, device: 'desktop' | 'phone' = 'desktop') =>
  device === 'phone'
    ? // A touch screen: the row buttons take their larger, finger-sized form (pointer: coarse).
      { next, viewport: phoneViewport, hasTouch: true, isMobile: true }
    : { next, viewport: desktopViewport };

/**
 * The screen as it is now, at 1440 and at 390 px wide, once the toasts are gone; `inView` is
 * scrolled near the top on the narrow screen (the list below it must fit).
 */
async function shootBothWidths(page: Page, name: string, inView?: Locator): Promise<void> {
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(shots, `${name}-1440.png`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await inView?.evaluate((element) => {
    element.scrollIntoView({ block: 'start' });
    window.scrollBy(0, -120);
  });
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(shots, `${name}-390.png`) });
  await page.setViewportSize({ width: 1440, height: 1000 });
}

/** Opens the page's block of this type in the Content Blocks screen. */
async function openBlock(page: Page, type: 'Gallery' | 'Hero' | 'Call to action' | 'Text'): Promise<Locator> {
  await page.goto(`${e2e.server.url}/admin/blocks?page=${pageId}`);
  const block = page.getByRole('listitem', { name: new RegExp(`^Block \\d+: ${type}`) });
  await block.getByRole('button', { name: /Edit block/ }).click();
  return block;
}

/** A page suggested by the open link field (the list of pages, not a <select>'s options). */
const pageOption = (page: Page, name: RegExp) =>
  page.getByRole('listbox', { name: 'Pages' }).getByRole('option', { name });

async function saveBlock(page: Page, block: Locator): Promise<void> {
  await block.getByRole('button', { name: 'Save block' }).click();
  await page.getByText('Block updated').first().waitFor();
}

async function blockData(type: string): Promise<Record<string, unknown>> {
  const { body } = await api.get<{ blocks: BlockRow[] }>(`/api/v1/pages/${pageId}/blocks`);
  const block = body.blocks.find((candidate) => candidate.block_type === type);
  if (!block) throw new Error(`no ${type} block`);
  return block.block_data;
}

const galleryUrls = async () =>
  ((await blockData('gallery'))['images'] as Array<{ url: string }>).map((image) => image.url);

async function libraryImage(filename: string): Promise<ImageDto> {
  const { body } = await api.get<{ images: ImageDto[] }>(`/api/v1/media?q=${encodeURIComponent(filename)}`);
  const image = body.images.find((candidate) => candidate.filename === filename);
  if (!image) throw new Error(`${filename} is not in the library`);
  return image;
}

describe('several gallery images in one pick', () => {
  it('checks three library images (click and Space), adds them with Enter, in the order chosen', async () => {
    await withSignedInPage(e2e, admin, adminAt('/admin/blocks'), async ({ page, errors }) => {
      const gallery = await openBlock(page, 'Gallery');
      await gallery.getByRole('button', { name: 'Add from library' }).click();
      const picker = page.getByRole('dialog', { name: 'Choose from library' });
      const grid = picker.getByRole('list', { name: 'Library images' });
      const tile = (name: string) => grid.getByRole('checkbox', { name: new RegExp(name.replace('.', '\\.')) });
      await tile('cenote-el-pit.jpg').waitFor();
      await expect.poll(() => picker.getByRole('button', { name: 'Add images' }).isDisabled()).toBe(true);

      await tile('cenote-el-pit.jpg').click();
      await tile('cenote-dreamgate.jpg').focus();
      await page.keyboard.press('Space');
      await tile('cenote-tak-be-lum.jpg').click();
      // Space toggles: off and on again moves nothing (it was last already).
      await page.keyboard.press('Space');
      expect(await tile('cenote-tak-be-lum.jpg').getAttribute('aria-checked')).toBe('false');
      await page.keyboard.press('Space');
      for (const name of ['cenote-el-pit.jpg', 'cenote-dreamgate.jpg', 'cenote-tak-be-lum.jpg']) {
        expect(await tile(name).getAttribute('aria-checked'), name).toBe('true');
      }
      expect(await tile('cenote-angelita.jpg').getAttribute('aria-checked')).toBe('false');
      await picker.getByText('3 images selected').waitFor();
      await picker.getByRole('button', { name: 'Add 3 images' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shootBothWidths(page, 'picker-multi-select');

      // Enter on a tile adds the selection.
      await tile('cenote-tak-be-lum.jpg').focus();
      await page.keyboard.press('Enter');
      await picker.waitFor({ state: 'detached' });
      await gallery.getByText('3 images added from the library.').waitFor();
      const expected = [
        '/media/seed/cenote-el-pit.jpg',
        '/media/seed/cenote-dreamgate.jpg',
        '/media/seed/cenote-tak-be-lum.jpg',
      ];
      for (const [index, url] of expected.entries()) {
        expect(await gallery.getByRole('textbox', { name: 'Image', exact: true }).nth(index).inputValue()).toBe(url);
      }
      await saveBlock(page, gallery);
      expect(await galleryUrls()).toEqual(expected);

      // Visitors see each image with the library's alt text.
      await publishDirectly(e2e.server.app, pageId);
      e2e.server.app.contentChanged({ pageId, paths: ['/picker-playground'] });
      const html = await (await fetch(`${e2e.server.url}/picker-playground`)).text();
      const elPit = await libraryImage('cenote-el-pit.jpg');
      expect(elPit.alt_text).toBeTruthy();
      expect(html).toContain(`alt="${elPit.alt_text}"`);
      expect(errors).toEqual([]);
    });
  });

  it('uploads two files straight into the gallery: library first, with their alt text, then appended', async () => {
    await withSignedInPage(e2e, admin, adminAt('/admin/blocks'), async ({ page, errors }) => {
      const before = await galleryUrls();
      const gallery = await openBlock(page, 'Gallery');
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        gallery.getByRole('button', { name: 'Upload images' }).click(),
      ]);
      expect(chooser.isMultiple()).toBe(true);
      await chooser.setFiles([reefPng, haloclineJpeg]);
      const upload = page.getByRole('dialog', { name: 'Upload images' });
      const rows = upload.getByRole('list', { name: 'Files to upload' }).getByRole('listitem');
      await expect.poll(() => rows.count()).toBe(2);
      await upload.getByLabel('Alt text for pickers-reef-wall.png').fill('Green wall of a reef-like cenote rim');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await upload.getByRole('button', { name: 'Upload 2 images' }).click();
      // When every file is in, the dialog closes by itself and the gallery has them, in order.
      await upload.waitFor({ state: 'detached', timeout: 30_000 });
      await gallery.getByText('2 images uploaded and added.').waitFor();
      const reef = await libraryImage('pickers-reef-wall.png');
      const halocline = await libraryImage('pickers-halocline.jpg');
      expect(reef.alt_text).toBe('Green wall of a reef-like cenote rim');
      const images = gallery.getByRole('textbox', { name: 'Image', exact: true });
      await expect.poll(() => images.count()).toBe(before.length + 2);
      expect(await images.nth(before.length).inputValue()).toBe(reef.original_url);
      expect(await images.nth(before.length + 1).inputValue()).toBe(halocline.original_url);
      await saveBlock(page, gallery);
      expect(await galleryUrls()).toEqual([...before, reef.original_url, halocline.original_url]);
      expect(errors).toEqual([]);
    });
  });
});

describe('link fields with a page picker', () => {
  it('finds a page by title and chooses it with the keyboard; typed addresses still work', async () => {
    await withSignedInPage(e2e, admin, adminAt('/admin/blocks'), async ({ page, errors }) => {
      const hero = await openBlock(page, 'Hero');
      const link = hero.getByRole('combobox', { name: 'Button link' });
      expect(await link.getAttribute('aria-expanded')).toBe('false');
      expect(await link.getAttribute('aria-autocomplete')).toBe('list');
      // A title: the text in the field stays as typed (the block's autosave, 2 s after the last key,
      // would refuse it as a link, so the choice is made before that).
      await link.pressSequentially('safety guide');
      const listbox = page.locator(`#${await link.getAttribute('aria-controls')}`);
      await expect.poll(() => link.getAttribute('aria-expanded')).toBe('true');
      expect(await listbox.getAttribute('role')).toBe('listbox');
      await listbox.getByRole('option', { name: /Safety Guidelines/ }).waitFor();
      // Nothing is highlighted until an arrow key.
      expect(await link.getAttribute('aria-activedescendant')).toBeNull();
      await page.keyboard.press('ArrowDown');
      const activeId = await link.getAttribute('aria-activedescendant');
      expect(await page.locator(`#${activeId}`).getAttribute('aria-selected')).toBe('true');
      expect(await page.locator(`#${activeId}`).textContent()).toContain('/safety-guidelines');
      expect(await link.inputValue()).toBe('safety guide');
      await page.keyboard.press('Enter');
      expect(await link.inputValue()).toBe('/safety-guidelines');
      expect(await link.getAttribute('aria-expanded')).toBe('false');

      // A site path being typed searches the slugs: the cenote pages, at most eight.
      await link.fill('');
      await link.pressSequentially('/cenote-');
      await listbox.getByRole('option', { name: /Cenote Dos Ojos/ }).waitFor();
      expect(await listbox.getByRole('option').count()).toBe(8);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowDown');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shootBothWidths(page, 'link-combobox', link);
      // Escape closes the list and keeps the text; Arrow up reopens it at its last page.
      await page.keyboard.press('Escape');
      expect(await link.getAttribute('aria-expanded')).toBe('false');
      expect(await link.inputValue()).toBe('/cenote-');
      await page.keyboard.press('ArrowUp');
      await expect.poll(() => link.getAttribute('aria-expanded')).toBe('true');
      const last = listbox.getByRole('option').last();
      expect(await link.getAttribute('aria-activedescendant')).toBe(await last.getAttribute('id'));
      const lastPath = /\/cenote-[a-z-]+/.exec((await last.textContent()) ?? '')?.[0];
      expect(lastPath).toBeDefined();
      await page.keyboard.press('Enter');
      expect(await link.inputValue()).toBe(lastPath);
      // Full addresses are not page searches.
      await link.fill('');
      await link.pressSequentially('https://example.com/permits');
      await page.waitForTimeout(400);
      expect(await link.getAttribute('aria-expanded')).toBe('false');
      await link.fill('/safety-guidelines');
      await saveBlock(page, hero);
      expect((await blockData('hero'))['ctaLink']).toBe('/safety-guidelines');

      // The CTA button's link: the same field.
      const cta = await openBlock(page, 'Call to action');
      const ctaLink = cta.getByRole('combobox', { name: 'Button link' });
      await ctaLink.pressSequentially('required cert');
      await pageOption(page, /Required Certifications/).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await ctaLink.inputValue()).toBe('/required-certifications');
      await saveBlock(page, cta);
      expect((await blockData('cta'))['ctaButton']).toMatchObject({ link: '/required-certifications' });
      expect(errors).toEqual([]);
    });
  });

  it('the rich text link prompt finds pages too: Enter picks the page, the next Enter applies the link', async () => {
    await withSignedInPage(e2e, admin, adminAt('/admin/blocks'), async ({ page, errors }) => {
      const text = await openBlock(page, 'Text');
      const editor = text.getByRole('textbox', { name: 'Content' });
      await editor.getByText('equipment list').dblclick();
      await page.keyboard.press('Control+k');
      const prompt = text.getByRole('combobox', { name: 'Link address' });
      await prompt.pressSequentially('equipment');
      await pageOption(page, /Equipment Essentials/).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await prompt.inputValue()).toBe('/equipment-essentials');
      await page.keyboard.press('Enter');
      await prompt.waitFor({ state: 'detached' });
      expect(await editor.locator('a').getAttribute('href')).toBe('/equipment-essentials');
      await saveBlock(page, text);
      expect((await blockData('text'))['content']).toContain('href="/equipment-essentials"');
      expect(errors).toEqual([]);
    });
  });

  it('keys typed right after a link is applied land in the text, even when frames are slow', async () => {
    await withSignedInPage(e2e, admin, adminAt('/admin/blocks'), async ({ page, errors }) => {
      const text = await openBlock(page, 'Text');
      const editor = text.getByRole('textbox', { name: 'Content' });
      await editor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type(' Read the ');
      await page.keyboard.press('Control+k');
      const prompt = text.getByRole('combobox', { name: 'Link address' });
      await prompt.pressSequentially('safety');
      await pageOption(page, /Safety Guidelines/).click();
      // A loaded machine draws frames late. Tiptap's focus command waits for the next frame, and
      // until the editor had the focus back the keys typed after Enter went nowhere.
      await page.evaluate(() => {
        const nextFrame = window.requestAnimationFrame.bind(window);
        window.requestAnimationFrame = (callback) =>
          nextFrame(() => setTimeout(() => callback(performance.now()), 400));
      });
      await page.keyboard.press('Enter');
      await page.keyboard.type(' first.');
      await prompt.waitFor({ state: 'detached' });
      const link = editor.locator('a[href="/safety-guidelines"]');
      expect(await link.textContent()).toBe('Safety Guidelines');
      await saveBlock(page, text);
      expect((await blockData('text'))['content']).toMatch(
        /Read the <a href="\/safety-guidelines">Safety Guidelines<\/a> first\.<\/p>/,
      );
      expect(errors).toEqual([]);
    });
  });
});

describe('placing navigation items', () => {
  const header = async () =>
    (await getJson<{ items: NavigationNode[] }>(`${e2e.server.url}/api/v1/navigation?menu=header`)).body.items;
  const childrenOf = async (title: string) =>
    ((await header()).find((item) => item.title === title)?.children ?? []).map((item) => item.title);

  it("'Add child item' opens the dialog with that parent; parent and position place a new item", async () => {
    await withSignedInPage(e2e, admin, adminAt('/admin/navigation'), async ({ page, errors }) => {
      const diving = (await header()).find((item) => item.title === 'Diving');
      expect(diving).toBeDefined();
      const divingChildren = await childrenOf('Diving');

      await page.getByRole('button', { name: 'Add child item under Diving', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Navigation Item' });
      expect(await dialog.getByLabel('Parent').inputValue()).toBe(diving!.id);
      expect(await dialog.getByLabel('Position').locator('option:checked').textContent()).toBe(
        `Last (after ${divingChildren.at(-1)})`,
      );
      await dialog.getByLabel('Title').fill('Cavern Rules');
      // The URL field finds pages by title here too.
      await dialog.getByRole('combobox', { name: 'URL' }).pressSequentially('safety');
      await pageOption(page, /Safety Guidelines/).waitFor();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      expect(await dialog.getByRole('combobox', { name: 'URL' }).inputValue()).toBe('/safety-guidelines');
      await dialog.getByRole('button', { name: 'Add item' }).click();
      await page.getByText('Navigation item created').first().waitFor();
      expect(await childrenOf('Diving')).toEqual([...divingChildren, 'Cavern Rules']);
      const cavernRules = (await header())
        .find((item) => item.title === 'Diving')
        ?.children.find((item) => item.title === 'Cavern Rules');
      expect(cavernRules?.link_url).toBe('/safety-guidelines');

      // A new item with its parent and position chosen in the dialog (keyboard on the selects).
      const notable = await childrenOf('Notable Cenotes');
      expect(notable.slice(0, 2)).toEqual(['All Notable Cenotes', 'Dos Ojos']);
      await page.getByRole('button', { name: 'Add Navigation Item' }).click();
      await dialog.getByLabel('Title').fill('Dive Shops');
      await dialog.getByRole('combobox', { name: 'URL' }).fill('https://example.com/dive-shops');
      await dialog.getByLabel('Parent').selectOption({ label: '\u00a0\u00a0\u00a0\u00a0Notable Cenotes' });
      await dialog.getByLabel('Position').selectOption({ label: 'After Dos Ojos' });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await shootBothWidths(page, 'nav-item-dialog');
      await dialog.getByRole('button', { name: 'Add item' }).click();
      await page.getByText('Navigation item created').first().waitFor();
      expect(await childrenOf('Notable Cenotes')).toEqual([...notable.slice(0, 2), 'Dive Shops', ...notable.slice(2)]);

      // First at the top level.
      await page.getByRole('button', { name: 'Add Navigation Item' }).click();
      await dialog.getByLabel('Title').fill('Start Here');
      await dialog.getByRole('combobox', { name: 'URL' }).fill('/');
      await dialog.getByLabel('Position').selectOption('first');
      await dialog.getByRole('button', { name: 'Add item' }).click();
      await page.getByText('Navigation item created').first().waitFor();
      expect((await header()).map((item) => item.title)[0]).toBe('Start Here');
      expect(errors).toEqual([]);
    });
  });

  it('at 390 px the titles wrap and no row action is cut off', async () => {
    const diving = (await header()).find((item) => item.title === 'Diving');
    const long = await api.post<{ item: { id: string } }>('/api/v1/navigation', {
      title: 'Underwater Photography in Caverns for Beginners',
      link_url: '/equipment-essentials',
      menu_type: 'header',
      parent_id: diving!.children[0]!.id,
    });
    expect(long.status).toBe(201);
    await withSignedInPage(e2e, admin, adminAt('/admin/navigation', 'phone'), async ({ page, errors }) => {
      const list = page.getByRole('list', { name: 'Header navigation' });
      await list
        .getByRole('listitem', { name: /^Underwater Photography in Caverns for Beginners, level 3$/ })
        .waitFor();
      const problems = await list.evaluate((element) => {
        const found: string[] = [];
        for (const row of element.querySelectorAll<HTMLLIElement>(':scope > li')) {
          const name = row.getAttribute('aria-label') ?? '';
          if (row.scrollWidth > row.clientWidth)
            found.push(`${name}: row scrolls ${row.scrollWidth}/${row.clientWidth}`);
          const rowBox = row.getBoundingClientRect();
          const title = row.querySelector('p');
          if (title && (title.scrollWidth > title.clientWidth || getComputedStyle(title).textOverflow === 'ellipsis')) {
            found.push(`${name}: title cut`);
          }
          for (const control of row.querySelectorAll<HTMLElement>('button, [role="switch"]')) {
            const box = control.getBoundingClientRect();
            if (box.left < rowBox.left || box.right > rowBox.right + 0.5) {
              found.push(`${name}: ${control.getAttribute('aria-label')} outside the row`);
            }
            const holder = control.parentElement;
            if (holder && holder.scrollWidth > holder.clientWidth) found.push(`${name}: actions clipped`);
          }
        }
        return found;
      });
      expect(problems).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      // The long title shows in full, on two lines.
      const title = list.getByText('Underwater Photography in Caverns for Beginners', { exact: true });
      expect((await title.boundingBox())!.height).toBeGreaterThan(30);
      // An item on the last level cannot take children; one above it can.
      const addChild = (name: string) =>
        page.getByRole('button', { name: `Add child item under ${name}`, exact: true });
      expect(await addChild('Underwater Photography in Caverns for Beginners').isDisabled()).toBe(true);
      expect(await addChild('Cenote Diving').isDisabled()).toBe(false);
      expect(errors).toEqual([]);
    });
  });
});
