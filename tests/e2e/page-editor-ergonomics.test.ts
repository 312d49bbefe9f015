import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, signedInClient, type ApiClient } from '../helpers/auth';
import { projectRoot } from '../helpers/build-app';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, pageIdBySlug, touchPhone, useBrowserTest, withSignedInPage } from '../helpers/e2e';

/**
 * Issue #18, the page editor: one Save (and Publish) for every open edit, blocks inserted and
 * duplicated in place, the page type as a select, Create Page staying on the new page, drag
 * announcements that name blocks by their title, and block rows that fit a phone.
 */
const e2e = useBrowserTest({ env: { JOBS_WORKER: 'false' } });
let editor: { email: string; password: string };
let api: ApiClient;
const screenshots = path.join(projectRoot, 'dist', 'screenshots', 'page-editor');

interface Block {
  id: string;
  block_type: string;
  block_order: number;
  block_data: Record<string, unknown>;
  version: number;
}

beforeAll(async () => {
  editor = await createUserWithRole(e2e.server, 'editor');
  api = await signedInClient(e2e.server, 'editor');
  await mkdir(screenshots, { recursive: true });
});
afterAll(async () => {
  // Keep the reviewed screenshots with the docs (the tests write them to dist/ on every run).
  if (process.env['EDITOR_SCREENSHOTS']) {
    for (const name of ['page-editor-block-menu-1440.png', 'page-editor-block-menu-390.png', 'block-list-390.png']) {
      await copyFile(path.join(screenshots, name), path.join(projectRoot, 'docs', 'screenshots', name));
    }
  }
});

const pagesScreen = { viewport: desktopViewport, next: '/admin/pages' };
const pagesScreenOnPhone = { ...touchPhone, next: '/admin/pages' };

const pageId = (slug: string) => pageIdBySlug(e2e.server, slug);

async function draftBlocks(id: string): Promise<Block[]> {
  const response = await api.get<{ blocks: Block[] }>(`/api/v1/pages/${id}/blocks`);
  expect(response.status).toBe(200);
  return response.body.blocks;
}

const blockItems = (page: Page) => page.locator('ol[aria-label="Content blocks"] > li');
const publicHtml = (slug: string) => fetch(`${e2e.server.url}/${slug}`).then((response) => response.text());
/** The sign-in toast is gone, so a screenshot shows the editor alone. */
const noToasts = (page: Page) =>
  page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

async function openBlocksTab(page: Page, slug: string): Promise<string> {
  const id = await pageId(slug);
  await page.goto(`${e2e.server.url}/admin/pages/${id}?tab=blocks`);
  await blockItems(page).first().waitFor();
  return id;
}

async function openBlock(block: Locator): Promise<void> {
  await block.getByRole('button', { name: /Edit block/ }).click();
}

/** What dnd-kit's live regions say now (one per sortable list on the screen; only the one in use speaks). */
const liveRegionText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[id^="DndLiveRegion-"]')]
      .map((region) => region.textContent ?? '')
      .filter(Boolean)
      .join(' | '),
  );

/** dnd-kit measures the list between key presses: give each step a frame or two. */
async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  await page.waitForTimeout(250);
}

describe('one Save for every open edit', () => {
  it("the page's Save saves a block that is open and typed into; a reload shows it", async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      await openBlocksTab(page, 'cenote-chac-mool');
      const hero = blockItems(page).first();
      await openBlock(hero);
      await hero.getByLabel('Subtitle', { exact: true }).fill('Saved by the page button');
      // Straight away, before the autosave's pause: the page's Save (not the block's) sends it.
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Page saved').first().waitFor();
      await page.reload();
      const again = blockItems(page).first();
      await openBlock(again);
      expect(await again.getByLabel('Subtitle', { exact: true }).inputValue()).toBe('Saved by the page button');
      expect(errors).toEqual([]);
    });
  });

  it('a block that cannot be saved is named, keeps its input, and Publish refuses until it is resolved', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      const id = await openBlocksTab(page, 'cenote-kukulkan');
      const hero = blockItems(page).first();
      await openBlock(hero);
      // Someone else changes the same block after this editor loaded it.
      const [stored] = await draftBlocks(id);
      const other = await api.request('PATCH', `/api/v1/blocks/${stored!.id}`, {
        body: { version: stored!.version, block_data: { subtitle: 'Changed in another tab' } },
      });
      expect(other.status).toBe(200);

      const subtitle = hero.getByLabel('Subtitle', { exact: true });
      await subtitle.fill('Typed while someone else saved');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Not saved' });
      await alert.getByText('Block 1: Hero – Cenote Kukulkan').waitFor();
      expect(await alert.innerText()).toContain('Someone else changed it since you opened it.');
      await page.getByText('The page fields were saved, but Block 1: Hero – Cenote Kukulkan is not.').first().waitFor();
      expect(await page.getByText('Page saved', { exact: true }).count()).toBe(0);
      expect(await subtitle.inputValue()).toBe('Typed while someone else saved');
      expect((await draftBlocks(id))[0]?.block_data['subtitle']).toBe('Changed in another tab');
      await page.screenshot({ path: path.join(screenshots, 'unsaved-block-1440.png') });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // 'Show' brings the block back into view from another tab, its input intact.
      await page.getByRole('tab', { name: 'Content', exact: true }).click();
      await alert.getByRole('button', { name: 'Show Block 1: Hero – Cenote Kukulkan' }).click();
      await expect.poll(() => page.url()).toContain('tab=blocks');
      await subtitle.waitFor();
      expect(await subtitle.inputValue()).toBe('Typed while someone else saved');

      // Publish saves everything first, so it refuses while an edit cannot be saved.
      await page.getByRole('button', { name: /^Publish/ }).click();
      await page.getByText('Some edits could not be saved yet. Resolve them, then publish.').first().waitFor();
      expect(await publicHtml('cenote-kukulkan')).not.toContain('Typed while someone else saved');

      // Resolving it (reloading the block) clears the list.
      await hero.getByRole('button', { name: 'Reload (discard my edits)' }).click();
      await alert.waitFor({ state: 'detached' });
      await expect.poll(() => subtitle.inputValue()).toBe('Changed in another tab');
      // The refused saves themselves are logged by Chromium; nothing else went wrong.
      expect(errors.filter((error) => !error.includes('status of 409 (Conflict)'))).toEqual([]);
    });
  });

  it('Publish sends the typing of an open block first', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      await openBlocksTab(page, 'cenote-carwash');
      const hero = blockItems(page).first();
      await openBlock(hero);
      await hero.getByLabel('Subtitle', { exact: true }).fill('Published straight from the keyboard');
      await page.getByRole('button', { name: /^Publish/ }).click();
      await page
        .getByText(/^(Changes published|Page published)$/)
        .first()
        .waitFor();
      expect(await publicHtml('cenote-carwash')).toContain('Published straight from the keyboard');
      expect(errors).toEqual([]);
    });
  });
});

describe('inserting blocks in place', () => {
  it("'Add block below' and 'Duplicate' put the new block right after the row's block, open", async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      const id = await openBlocksTab(page, 'cenote-nicte-ha');
      const before = await draftBlocks(id);

      await blockItems(page).first().getByRole('button', { name: 'Actions for block 1' }).click();
      const menu = page.getByRole('menu');
      await page.screenshot({ path: path.join(screenshots, 'block-menu-open-1440.png') });
      await menu.getByRole('menuitem', { name: 'Add block below' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a content block' });
      await dialog.getByText('The block is added right after Block 1: Hero – Cenote Nicte Ha.').waitFor();
      await dialog.getByRole('radio', { name: /^Quote/ }).check();
      await dialog.getByRole('button', { name: 'Add block' }).click();
      await dialog.waitFor({ state: 'detached' });
      const inserted = blockItems(page).nth(1);
      await expect.poll(() => inserted.getAttribute('aria-label')).toMatch(/^Block 2: Quote/);
      await inserted.getByLabel('Quote', { exact: true }).waitFor();
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.closest('li')?.getAttribute('aria-label')))
        .toMatch(/^Block 2: Quote/);
      const afterInsert = await draftBlocks(id);
      expect(afterInsert.map((block) => block.block_type)).toEqual([
        'hero',
        'quote',
        ...before.slice(1).map((block) => block.block_type),
      ]);
      expect(afterInsert.map((block) => block.block_order)).toEqual(afterInsert.map((_, index) => index + 1));

      // Duplicate the 'At a glance' facts (now block 4): the copy is block 5, same data, open.
      const glance = blockItems(page).nth(3);
      expect(await glance.getAttribute('aria-label')).toBe('Block 4: Facts – At a glance');
      await glance.getByRole('button', { name: 'Actions for block 4' }).click();
      await page.getByRole('menuitem', { name: 'Duplicate' }).click();
      await page.getByText('Block duplicated').first().waitFor();
      const copy = blockItems(page).nth(4);
      await expect.poll(() => copy.getAttribute('aria-label')).toBe('Block 5: Facts – At a glance');
      await copy.getByRole('button', { name: 'Close editor' }).waitFor();
      const afterDuplicate = await draftBlocks(id);
      expect(afterDuplicate).toHaveLength(before.length + 2);
      expect(afterDuplicate[4]?.block_data).toEqual(afterDuplicate[3]?.block_data);
      expect(afterDuplicate[4]?.id).not.toBe(afterDuplicate[3]?.id);
      expect(afterDuplicate[5]?.block_type).toBe(before[3]?.block_type);
      expect(afterDuplicate.map((block) => block.block_order)).toEqual(afterDuplicate.map((_, index) => index + 1));
      expect(errors).toEqual([]);
    });
  });
});

describe('page type and Create Page', () => {
  it('Create Page stays on the new page with the type chosen from a select, ready for blocks', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      await page.getByRole('button', { name: 'Create Page' }).click();
      await page.getByRole('heading', { name: 'Create New Page' }).waitFor();
      await page.getByLabel('Title').fill('Cenote Zapote');
      const type = page.getByLabel('Page type');
      expect(
        await type.evaluate((select: HTMLSelectElement) => [...select.options].map((option) => option.text)),
      ).toEqual(['Standard', 'Cenote', 'Legal']);
      expect(await type.inputValue()).toBe('standard');
      await type.selectOption({ label: 'Cenote' });
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Page created').first().waitFor();
      await page.waitForURL(/\/admin\/pages\/[0-9a-f-]{36}\?tab=content$/);
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
      expect(await page.getByLabel('Page type').inputValue()).toBe('cenote');
      const id = /\/admin\/pages\/([0-9a-f-]{36})/.exec(page.url())![1]!;
      const created = await api.get<{ page: { slug: string; page_type: string } }>(`/api/v1/pages/${id}`);
      expect(created.body.page).toMatchObject({ slug: 'cenote-zapote', page_type: 'cenote' });

      // Straight on to the blocks.
      await page.getByRole('tab', { name: 'Content Blocks' }).click();
      await page.getByText('This page has no blocks yet.').waitFor();
      await page.getByRole('button', { name: 'Add block' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('radio', { name: /^Hero/ }).check();
      await dialog.getByRole('button', { name: 'Add block' }).click();
      await expect.poll(() => blockItems(page).count()).toBe(1);
      expect((await draftBlocks(id)).map((block) => block.block_type)).toEqual(['hero']);
      expect(errors).toEqual([]);
    });
  });

  it('a page of a type the select does not know shows that type and keeps it on save', async () => {
    const made = await api.post<{ page: { id: string } }>('/api/v1/pages', {
      title: 'Landing',
      slug: 'landing-test',
      page_type: 'landing',
    });
    expect(made.status).toBe(201);
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      await page.goto(`${e2e.server.url}/admin/pages/${made.body.page.id}`);
      const type = page.getByLabel('Page type');
      await type.waitFor();
      expect(await type.inputValue()).toBe('landing');
      expect(
        await type.evaluate((select: HTMLSelectElement) => [...select.options].map((option) => option.text)),
      ).toEqual(['Standard', 'Cenote', 'Legal', 'landing (not a known type)']);
      await page.screenshot({ path: path.join(screenshots, 'page-type-1440.png') });
      await page.getByLabel('Excerpt').fill('A landing page of an older kind.');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Page saved').first().waitFor();
      const saved = await api.get<{ page: { excerpt: string; page_type: string } }>(
        `/api/v1/pages/${made.body.page.id}`,
      );
      expect(saved.body.page).toMatchObject({ excerpt: 'A landing page of an older kind.', page_type: 'landing' });
      // axe reads a toast in mid-fade as low contrast: check the editor once it is gone.
      await noToasts(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});

describe('drag announcements', () => {
  it('keyboard drags of blocks and of a list field name the item by its title, never by its id', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      const id = await openBlocksTab(page, 'cenote-angelita');
      const second = blockItems(page).nth(1);
      const secondLabel = (await second.getAttribute('aria-label')) ?? '';
      const headline = secondLabel.replace(/^Block 2: [^–]+ – /, '');
      expect(headline.length).toBeGreaterThan(3);
      const total = await blockItems(page).count();

      await second.getByRole('button', { name: 'Drag to reorder block 2' }).focus();
      await press(page, 'Space');
      const pickedUp = await liveRegionText(page);
      expect(pickedUp).toContain(`Picked up Text block “${headline}” at position 2 of ${total}.`);
      await press(page, 'ArrowDown');
      const moved = await liveRegionText(page);
      expect(moved).toContain(`Text block “${headline}” moved to position 3 of ${total}.`);
      await press(page, 'Space');
      const dropped = await liveRegionText(page);
      expect(dropped).toContain(`Text block “${headline}” dropped at position 3 of ${total}.`);
      for (const text of [pickedUp, moved, dropped]) expect(text).not.toMatch(uuid);
      await page.getByText('Blocks reordered').first().waitFor();
      expect((await draftBlocks(id))[2]?.block_data['heading']).toBe(headline);

      // A list field inside a block editor: the cards of 'Nearby Cenotes'.
      const glance = blockItems(page).filter({ hasText: 'Nearby Cenotes' }).first();
      await openBlock(glance);
      const firstCard = glance.getByRole('button', { name: 'Reorder card 1' });
      const cardTitle = await glance.getByLabel('Title', { exact: true }).nth(1).inputValue();
      await firstCard.focus();
      await press(page, 'Space');
      await press(page, 'ArrowDown');
      const cardMoved = await liveRegionText(page);
      expect(cardMoved).toContain(`Card “${cardTitle}” moved to position 2 of`);
      await press(page, 'Escape');
      expect(await liveRegionText(page)).toContain(`Moving cancelled. Card “${cardTitle}” is back at position 1 of`);
      expect(await liveRegionText(page)).not.toMatch(uuid);
      expect(errors).toEqual([]);
    });
  });
});

describe('block rows on a phone', () => {
  it('at 390 px rows show type and title, fit the row, and the row menu works', async () => {
    await withSignedInPage(e2e, editor, pagesScreenOnPhone, async ({ page, errors }) => {
      await openBlocksTab(page, 'cenote-nicte-ha');
      const first = blockItems(page).first();
      const toggle = first.getByRole('button', { name: /Edit block/ });
      // 'Hero · Cenote Nicte Ha' on screen; screen readers hear 'Hero: Cenote Nicte Ha'.
      expect(await toggle.textContent()).toMatch(/^Hero · : Cenote Nicte Ha/);
      const rows = await blockItems(page).count();
      for (let index = 0; index < rows; index += 1) {
        const row = blockItems(page).nth(index);
        // The row fits the screen, and no button in it has clipped text.
        const fit = await row.evaluate((element) => ({
          row: element.scrollWidth <= element.clientWidth,
          right: element.getBoundingClientRect().right <= window.innerWidth,
          clipped: [...element.querySelectorAll(':scope > div button')]
            .filter((button) => button.scrollWidth > button.clientWidth)
            .map((button) => button.textContent),
        }));
        expect(fit, `row ${index + 1}`).toEqual({ row: true, right: true, clipped: [] });
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await noToasts(page);
      await page.screenshot({ path: path.join(screenshots, 'block-list-390.png') });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A block open with its row menu (the arrows live in the menu on a phone).
      await openBlock(first);
      await first.getByLabel('Title', { exact: true }).waitFor();
      await first.getByRole('button', { name: 'Actions for block 1' }).click();
      const menu = page.getByRole('menu');
      expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual([
        'Add block below',
        'Duplicate',
        'Move up',
        'Move down',
        'Delete',
      ]);
      await page.screenshot({ path: path.join(screenshots, 'page-editor-block-menu-390.png') });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await menu.getByRole('menuitem', { name: 'Move down' }).click();
      await page.getByText('Blocks reordered').first().waitFor();
      await expect.poll(() => blockItems(page).nth(1).getAttribute('aria-label')).toMatch(/^Block 2: Hero/);
      expect(errors).toEqual([]);
    });
  });

  it('at 1440 px a block open with its row menu (screenshot)', async () => {
    await withSignedInPage(e2e, editor, pagesScreen, async ({ page, errors }) => {
      await openBlocksTab(page, 'cenote-dos-ojos');
      const second = blockItems(page).nth(1);
      await openBlock(second);
      await second.getByRole('button', { name: 'Actions for block 2' }).click();
      await page.getByRole('menu').waitFor();
      await noToasts(page);
      await page.screenshot({ path: path.join(screenshots, 'page-editor-block-menu-1440.png') });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    });
  });
});
