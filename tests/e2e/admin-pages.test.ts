import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, signedInClient, type ApiClient } from '../helpers/auth';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, useBrowserTest, withSignedInPage } from '../helpers/e2e';

const e2e = useBrowserTest();
let admin: { email: string; password: string };
let editorApi: ApiClient;

beforeAll(async () => {
  admin = await createUserWithRole(e2e.server, 'admin');
  editorApi = await signedInClient(e2e.server, 'editor');
});

/** An admin on the Pages screen at 1440 × 1000. */
const pagesScreen = { viewport: desktopViewport, next: '/admin/pages' };

const blockItems = (page: Page) => page.locator('ol[aria-label="Content blocks"] > li');

async function addBlock(page: Page, label: string): Promise<Locator> {
  const before = await blockItems(page).count();
  await page.getByRole('button', { name: 'Add block' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: new RegExp(`^${label}`) }).check();
  await dialog.getByRole('button', { name: 'Add block' }).click();
  await expect.poll(() => blockItems(page).count()).toBe(before + 1);
  return blockItems(page).last();
}

async function saveBlock(block: Locator, page: Page) {
  await block.getByRole('button', { name: 'Save block' }).click();
  await page.getByText('Block updated').first().waitFor();
  await expect.poll(() => block.getByText('Unsaved').count()).toBe(0);
}

/** Publishes a page's draft through the API (decision 30: edits reach visitors only when published). */
async function publish(pageId: string) {
  const current = await editorApi.get<{ page: { version: number } }>(`/api/v1/pages/${pageId}`);
  const published = await editorApi.post(`/api/v1/pages/${pageId}/publish`, { version: current.body.page.version });
  expect(published.status).toBe(200);
}

async function publicText(path: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${e2e.server.url}${path}`);
  return { status: response.status, text: await response.text() };
}

describe('pages and blocks in the admin', () => {
  it('create a page, add every block type through its editor, reorder by keyboard, publish, hide one, delete', async () => {
    await withSignedInPage(e2e, admin, pagesScreen, async ({ page, errors }) => {
      await page.getByRole('button', { name: 'Create Page' }).click();
      await page.getByRole('heading', { name: 'Create New Page' }).waitFor();
      await page.getByLabel('Title').fill('Cenote Prueba');
      expect(await page.getByLabel('Slug').inputValue()).toBe('cenote-prueba');
      await page.getByRole('tab', { name: 'Content Blocks' }).click();
      await page.getByRole('button', { name: 'Save Page First' }).click();
      await page.waitForURL(/\/admin\/pages\/[0-9a-f-]+\?tab=blocks/);

      const hero = await addBlock(page, 'Hero');
      await hero.getByLabel('Title', { exact: true }).fill('Prueba hero title');
      await saveBlock(hero, page);

      const text = await addBlock(page, 'Text');
      await text.getByRole('textbox', { name: 'Heading', exact: true }).fill('Prueba text heading');
      const editor = text.getByRole('textbox', { name: 'Content' });
      await editor.click();
      await page.keyboard.type('Prueba rich text body.');
      await saveBlock(text, page);

      const gallery = await addBlock(page, 'Gallery');
      await gallery.getByLabel('Title', { exact: true }).first().fill('Prueba gallery');
      await gallery.getByRole('button', { name: 'Add image' }).click();
      await gallery.getByLabel('Image').last().fill('/media/seed/cenote-angelita.jpg');
      await saveBlock(gallery, page);

      const cards = await addBlock(page, 'Cards');
      await cards.getByLabel('Title', { exact: true }).first().fill('Prueba cards');
      await cards.getByRole('button', { name: 'Add card' }).click();
      await cards.getByLabel('Title', { exact: true }).last().fill('Prueba card one');
      await saveBlock(cards, page);

      const cta = await addBlock(page, 'Call to action');
      await cta.getByRole('textbox', { name: 'Heading', exact: true }).fill('Prueba call to action');
      await saveBlock(cta, page);

      const features = await addBlock(page, 'Features');
      await features.getByLabel('Title', { exact: true }).first().fill('Prueba features');
      await features.getByRole('button', { name: 'Add feature' }).click();
      await features.getByLabel('Title', { exact: true }).last().fill('Prueba feature one');
      await saveBlock(features, page);

      const quote = await addBlock(page, 'Quote');
      await quote.getByLabel('Quote').fill('Prueba quote words');
      await saveBlock(quote, page);
      expect(await blockItems(page).count()).toBe(7);

      // Reorder by keyboard with dnd-kit: pick up the quote's handle, move it up one place, drop.
      const handle = blockItems(page).last().getByRole('button', { name: 'Drag to reorder block 7' });
      await handle.focus();
      // dnd-kit measures the list between key presses; give each step a frame or two.
      for (const key of ['Space', 'ArrowUp', 'Space']) {
        await page.keyboard.press(key);
        await page.waitForTimeout(250);
      }
      await page.getByText('Blocks reordered').first().waitFor();
      await expect
        .poll(async () => (await blockItems(page).nth(5).getAttribute('aria-label')) ?? '')
        .toMatch(/^Block 6: Quote/);

      await page.getByRole('tab', { name: 'Content', exact: true }).click();
      // By name: right after the tab click the blocks' own switches can still be on screen.
      // The Published switch publishes the draft at once (decision 30).
      await page.getByRole('switch', { name: 'Published' }).click();
      // The publish check lists what the placeholder content lacks (meta, alt text); it never blocks.
      const check = page.getByRole('dialog', { name: 'Before you publish' });
      await check.waitFor();
      if ((await check.getByRole('checkbox').count()) > 0) await check.getByRole('checkbox').check();
      await check.getByRole('button', { name: /^Publish (anyway|with errors)$/ }).click();
      await page.getByText('Page published').first().waitFor();

      const published = await publicText('/cenote-prueba');
      expect(published.status).toBe(200);
      const order = [
        'Prueba hero title',
        'Prueba text heading',
        'Prueba gallery',
        'Prueba cards',
        'Prueba call to action',
        'Prueba quote words',
        'Prueba features',
      ].map((needle) => published.text.indexOf(needle));
      expect(order.every((index) => index > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(published.text).toContain('Prueba rich text body.');

      // Hide the quote: still listed (Inactive) in the admin; visitors keep it until the draft is published.
      await page.getByRole('tab', { name: 'Content Blocks' }).click();
      await page.getByRole('switch', { name: 'Block 6 active' }).click();
      await page.getByText('The block is hidden in the draft', { exact: false }).first().waitFor();
      expect(await blockItems(page).nth(5).getByText('Inactive').count()).toBe(1);
      expect((await publicText('/cenote-prueba')).text).toContain('Prueba quote words');
      const pageId = /\/admin\/pages\/([0-9a-f-]+)/.exec(page.url())?.[1] ?? '';
      await publish(pageId);
      expect((await publicText('/cenote-prueba')).text).not.toContain('Prueba quote words');

      // Deleting moves the page to Trash (decision 35): visitors get 404 at once.
      await page.getByRole('button', { name: 'Move to Trash', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Move to Trash' });
      await confirm.getByText('You can restore it from Trash for 30 days').waitFor();
      await confirm.getByRole('button', { name: 'Move to Trash' }).click();
      await page.waitForURL(/\/admin\/pages$/);
      await page.getByText('"Cenote Prueba" can be restored from Trash for 30 days.').first().waitFor();
      expect((await publicText('/cenote-prueba')).status).toBe(404);
      expect(errors).toEqual([]);
    });
  });

  it('a second editor saving a stale block gets the conflict message and keeps their text', async () => {
    await withSignedInPage(e2e, admin, pagesScreen, async (first) => {
      await withSignedInPage(e2e, admin, pagesScreen, async (second) => {
        const slugPath = async (session: { page: Page }) => {
          await session.page.goto(`${e2e.server.url}/admin/blocks`);
          await session.page.getByLabel('Page').selectOption({ label: 'Cenote Angelita (/cenote-angelita)' });
          const block = blockItems(session.page).nth(1);
          await block.getByRole('button', { name: /Edit block/ }).click();
          return block;
        };
        const blockA = await slugPath(first);
        const blockB = await slugPath(second);
        await blockA.getByRole('textbox', { name: 'Heading', exact: true }).fill('Saved first by A');
        await saveBlock(blockA, first.page);
        await blockB.getByRole('textbox', { name: 'Heading', exact: true }).fill('Typed by B after A saved');
        await blockB.getByRole('button', { name: 'Save block' }).click();
        await blockB.getByText('This was changed by someone else. Reload to see their changes.').waitFor();
        expect(await blockB.getByRole('textbox', { name: 'Heading', exact: true }).inputValue()).toBe(
          'Typed by B after A saved',
        );
        // A's save went into the draft; visitors see it once it is published.
        const angelita = (
          await editorApi.get<{ pages: Array<{ id: string; slug: string }> }>('/api/v1/pages')
        ).body.pages.find((candidate) => candidate.slug === 'cenote-angelita');
        const draft = await editorApi.get<{ blocks: Array<{ block_data: Record<string, unknown> }> }>(
          `/api/v1/pages/${angelita?.id}/blocks`,
        );
        expect(draft.body.blocks.some((block) => block.block_data['heading'] === 'Saved first by A')).toBe(true);
        expect((await publicText('/cenote-angelita')).text).not.toContain('Saved first by A');
        await publish(angelita?.id ?? '');
        expect((await publicText('/cenote-angelita')).text).toContain('Saved first by A');
      });
    });
  });

  it('the Pages list and the page editor have no serious accessibility violations', async () => {
    await withSignedInPage(e2e, admin, pagesScreen, async ({ page }) => {
      await page.getByRole('heading', { name: 'Pages Management' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'Cenote El Pit' }).click();
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('tab', { name: 'Content Blocks' }).click();
      await blockItems(page)
        .first()
        .getByRole('button', { name: /Edit block/ })
        .click();
      expect(await seriousA11yViolations(page)).toEqual([]);
    });
  });
});
