import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole, signedInClient, type ApiClient } from '../helpers/auth';
import { getJson } from '../helpers/build-app';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, phoneViewport, useBrowserTest, withSignedInPage } from '../helpers/e2e';

/** Issue 18: editors pick named icons from a searchable list and manage facts like other lists. */

const e2e = useBrowserTest();
let editor: { email: string; password: string };
let editorApi: ApiClient;

beforeAll(async () => {
  editor = await createUserWithRole(e2e.server, 'editor');
  editorApi = await signedInClient(e2e.server, 'editor');
});

async function pageIdOf(slug: string): Promise<string> {
  const { body } = await getJson<{ page: { id: string } }>(`${e2e.server.url}/api/v1/pages/by-slug/${slug}`);
  return body.page.id;
}

/** The editor in the page editor's Content Blocks tab. */
const blocksTab = (pageId: string, viewport: { width: number; height: number }) => ({
  viewport,
  next: `/admin/pages/${pageId}?tab=blocks`,
});

const blockItem = (page: Page, name: RegExp) =>
  page.locator('ol[aria-label="Content blocks"] > li').filter({ has: page.getByText(name) });

describe('facts and icons in the admin', () => {
  it('edits the cenote facts: keyboard icon search, add, reorder, save, publish', async () => {
    const pageId = await pageIdOf('cenote-nicte-ha');
    await withSignedInPage(e2e, editor, blocksTab(pageId, desktopViewport), async ({ page, errors }) => {
      const facts = page.locator('ol[aria-label="Content blocks"] > li[aria-label^="Block 3: Facts – At a glance"]');
      await facts.getByRole('button', { name: /Edit block/ }).click();
      const list = facts.getByRole('group', { name: 'Facts', exact: true });
      await list.getByRole('button', { name: 'Expand all facts' }).click();

      // The picker: the trigger names the field and its icon; typing filters, Enter picks.
      const trigger = list.getByRole('button', { name: 'Icon of fact 2: Depth' });
      await trigger.click();
      const search = page.getByRole('combobox', { name: 'Search icons' });
      await expect.poll(() => search.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await page.getByRole('listbox', { name: 'Icons' }).getByRole('option').count()).toBeGreaterThan(30);
      await search.fill('ruler');
      expect(await page.getByRole('option').count()).toBe(0);
      await search.fill('dep');
      await expect.poll(() => page.getByRole('option', { name: 'Depth' }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await search.fill('temp');
      await page.keyboard.press('Enter');
      await expect.poll(() => search.count()).toBe(0);
      // Focus goes back to the field's button, which now names the new icon.
      const changed = list.getByRole('button', { name: 'Icon of fact 2: Temperature' });
      await expect.poll(() => changed.evaluate((element) => element === document.activeElement)).toBe(true);

      // Arrow keys move through the grid from the chosen icon (Temperature, then Sunlight in the list).
      await list.getByRole('button', { name: 'Icon of fact 2: Temperature' }).click();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await list.getByRole('button', { name: 'Icon of fact 2: Sunlight' }).click();
      // A grid of 4 columns: from Sunlight (option 5) down one row is Clarity (option 9).
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowLeft');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await list.getByRole('button', { name: 'Icon of fact 2: Clarity' }).click();
      await page.keyboard.press('Escape');
      await list.getByRole('button', { name: 'Icon of fact 2: Clarity' }).click();
      await page.getByRole('combobox', { name: 'Search icons' }).fill('gauge');
      await page.keyboard.press('Enter');
      await list.getByRole('button', { name: 'Icon of fact 2: Difficulty' }).waitFor();

      // Add a fact, fill it, give it an icon by mouse and move it up one place.
      await list.getByRole('button', { name: 'Add fact' }).click();
      await list.getByLabel('Label').last().fill('Visibility');
      await list.getByLabel('Value').last().fill('Over 30 m');
      await list.getByRole('button', { name: 'Icon of fact 5: No icon' }).click();
      await page.getByRole('combobox', { name: 'Search icons' }).fill('clear');
      await page.getByRole('option', { name: 'Clarity' }).click();
      await list.getByRole('button', { name: 'Icon of fact 5: Clarity' }).waitFor();
      await list.getByRole('button', { name: 'Move fact 5 up' }).click();

      await facts.getByRole('button', { name: 'Save block' }).click();
      await page.getByText('Block updated').first().waitFor();
      const current = await editorApi.get<{ page: { version: number } }>(`/api/v1/pages/${pageId}`);
      const published = await editorApi.post(`/api/v1/pages/${pageId}/publish`, { version: current.body.page.version });
      expect(published.status).toBe(200);

      const live = await getJson<{
        blocks: Array<{ block_type: string; block_data: { facts?: Array<{ icon: string; label: string }> } }>;
      }>(`${e2e.server.url}/api/v1/pages/by-slug/cenote-nicte-ha`);
      const saved = live.body.blocks.find((block) => block.block_type === 'facts')?.block_data.facts ?? [];
      expect(saved.map((fact) => [fact.icon, fact.label])).toEqual([
        ['gauge', 'Difficulty Level'],
        ['gauge', 'Depth Range'],
        ['thermometer', 'Water Temperature'],
        ['gem', 'Visibility'],
        ['map-pin', 'Location'],
      ]);
      expect(errors).toEqual([]);
    });
  });

  it('offers Facts in the Add block dialog and edits a feature icon at 390 px', async () => {
    const pageId = await pageIdOf('home');
    await withSignedInPage(e2e, editor, blocksTab(pageId, phoneViewport), async ({ page, errors }) => {
      await page.getByRole('button', { name: 'Add block' }).first().click();
      const dialog = page.getByRole('dialog');
      const option = dialog.getByRole('radio', { name: /^Facts/ });
      expect(await option.count()).toBe(1);
      await dialog.getByText('Key facts at a glance, each with an icon, a label and a value').waitFor();
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      const features = blockItem(page, /^Features$/).first();
      await features.getByRole('button', { name: /Edit block/ }).click();
      const firstItem = features.getByRole('button', { name: /^Feature 1:/ });
      await firstItem.click();
      const trigger = features.getByRole('button', { name: /^Icon of feature 1: / });
      await trigger.click();
      const search = page.getByRole('combobox', { name: 'Search icons' });
      await search.fill('fish');
      await page.keyboard.press('Enter');
      await features.getByRole('button', { name: 'Icon of feature 1: Fish' }).waitFor();
      // The popover fits the phone screen.
      await features.getByRole('button', { name: 'Icon of feature 1: Fish' }).click();
      const popover = page.getByRole('dialog', { name: 'Choose the icon of feature 1' });
      const box = await popover.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(errors).toEqual([]);
    });
  });
});
