import { copyFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, type ApiClient } from '../helpers/auth';
import { projectRoot } from '../helpers/build-app';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, isFocused, tabTo, useBrowserTest, withSignedInPage } from '../helpers/e2e';

interface PageBody {
  id: string;
  slug: string;
  title: string;
  version: number;
}
interface BlockBody {
  id: string;
  block_type: string;
  block_data: Record<string, unknown>;
  version: number;
}

const e2e = useBrowserTest();
let editor: ApiClient;
const screenshots = path.join(projectRoot, 'dist', 'screenshots', 'editorial');

beforeAll(async () => {
  editor = await signedInClient(e2e.server, 'editor');
  await mkdir(screenshots, { recursive: true });
});

// Fail at the step that hangs, well inside the test's 60 s.
const editorAt = (next: string) => ({ viewport: desktopViewport, next, stepTimeout: 15_000 });

// A short wait for the element: the focus is asked after every key press, and a missing element
// should fail the test soon.
const quickly = { timeout: 2000 };

/** The text a sighted reader sees: without the screen-reader-only words. */
function visibleText(target: Locator): Promise<string> {
  return target.evaluate((element) => {
    const copy = element.cloneNode(true) as HTMLElement;
    for (const hidden of copy.querySelectorAll('.sr-only')) hidden.remove();
    return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
  });
}

/** A screenshot of the screen itself: toasts (sign-in, earlier actions) are hidden for it. */
async function screenshot(page: Page, name: string) {
  const style = await page.addStyleTag({ content: '[data-sonner-toaster] { display: none !important; }' });
  await page.screenshot({ path: path.join(screenshots, name) });
  await style.evaluate((element) => (element as HTMLElement).remove());
}

async function ok<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const result = await response;
  expect(result.status, JSON.stringify(result.body)).toBe(status);
  return result.body;
}

async function readPage(id: string): Promise<PageBody> {
  return (await ok(editor.get<{ page: PageBody }>(`/api/v1/pages/${id}`))).page;
}

async function draftBlocks(id: string): Promise<BlockBody[]> {
  return (await ok(editor.get<{ blocks: BlockBody[] }>(`/api/v1/pages/${id}/blocks`))).blocks;
}

async function publish(id: string): Promise<void> {
  const { version } = await readPage(id);
  await ok(editor.post(`/api/v1/pages/${id}/publish`, { version }));
}

async function patchBlock(block: BlockBody, blockData: Record<string, unknown>): Promise<BlockBody> {
  const body = await ok(
    editor.request<{ block: BlockBody }>('PATCH', `/api/v1/blocks/${block.id}`, {
      body: { version: block.version, block_data: blockData },
    }),
  );
  return body.block;
}

async function addBlock(pageId: string, type: string, data: Record<string, unknown>): Promise<BlockBody> {
  const body = await ok(
    editor.post<{ block: BlockBody }>(`/api/v1/pages/${pageId}/blocks`, { block_type: type, block_data: data }),
    201,
  );
  return body.block;
}

/**
 * A published page whose hero title changed after its first publish: revision 3 (published) has
 * the old title, the draft and the live page the new one.
 *   1 saved (created) · 2 saved (hero added) · 3 published · 4 saved (hero edited) · 5 published
 */
async function pageWithHistory(slug: string, oldTitle: string, newTitle: string) {
  const created = (
    await ok(
      editor.post<{ page: PageBody }>('/api/v1/pages', {
        title: `Cenote ${slug}`,
        slug,
        excerpt: 'A quiet cenote with a long history.',
      }),
      201,
    )
  ).page;
  const hero = await addBlock(created.id, 'hero', { title: oldTitle, subtitle: 'South of Tulum' });
  await publish(created.id);
  await patchBlock(hero, { ...hero.block_data, title: newTitle });
  await publish(created.id);
  return { page: created, hero };
}

async function publicPage(pathname: string): Promise<{ status: number; text: string }> {
  const response = await fetch(`${e2e.server.url}${pathname}`);
  return { status: response.status, text: await response.text() };
}

const revisionOption = (panel: Locator, number: number) =>
  panel.getByRole('option', { name: new RegExp(`Revision ${number}(?!\\d)`) });

describe('Revisions panel', () => {
  it('shows what changed since an older revision as a text difference, and restores it into the draft only', async () => {
    const { page: created, hero } = await pageWithHistory(
      'cenote-revisiones',
      'Dive the old river',
      'Dive the hidden river',
    );
    // More history for a realistic comparison: a rich-text block and an excerpt edited after the
    // first publish, and a quote added. Revision 3 stays the first published version.
    const text = await addBlock(created.id, 'text', {
      heading: 'The cloud',
      content: '<p>The cloud sits at <strong>30 metres</strong>. Divers descend through it slowly.</p>',
    });
    await patchBlock(text, {
      ...text.block_data,
      content: '<p>The hydrogen sulfide cloud sits at <strong>30 metres</strong>. Divers pass through it slowly.</p>',
    });
    const { version } = await readPage(created.id);
    await ok(
      editor.request('PATCH', `/api/v1/pages/${created.id}`, {
        body: { version, excerpt: 'A quiet cenote with a long and layered history.' },
      }),
    );
    await addBlock(created.id, 'quote', { quote: 'Like flying over a river', author: 'A guide' });
    await publish(created.id);
    const live = await publicPage('/cenote-revisiones');
    expect(live.text).toContain('Dive the hidden river');

    await withSignedInPage(e2e, 'editor', editorAt(`/admin/pages/${created.id}`), async ({ page, errors }) => {
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
      await page.getByRole('button', { name: 'Revisions' }).click();
      const panel = page.getByRole('dialog', { name: 'Revisions' });
      await revisionOption(panel, 3).waitFor();
      // Newest first, each with its kind.
      const names = await panel.getByRole('option').allInnerTexts();
      expect(names[0]).toMatch(/^Published\s+Revision 10\b/);
      expect(names.at(-1)).toMatch(/^Saved\s+Revision 1\b/);
      expect(await revisionOption(panel, 7).innerText()).toMatch(/^Saved/);

      // Rich text is compared by its visible words (revision 6 has the text block as first added).
      await revisionOption(panel, 6).click();
      const content = panel.locator('dd', { has: page.locator('ins', { hasText: 'hydrogen sulfide' }) });
      await content.waitFor();
      expect(await visibleText(content)).toBe(
        'The hydrogen sulfide cloud sits at 30 metres. Divers descend pass through it slowly.',
      );
      expect(await content.locator('del').allTextContents()).toEqual(['[removed: descend]']);
      expect(await content.locator('ins').allTextContents()).toEqual(['[added: hydrogen sulfide]', '[added: pass]']);

      await revisionOption(panel, 3).click();
      await expect.poll(() => revisionOption(panel, 3).getAttribute('aria-selected')).toBe('true');
      await panel.getByRole('heading', { name: 'Changes against the current draft' }).waitFor();
      const heroChange = panel.locator('dd', { has: page.locator('del', { hasText: 'old' }) });
      await heroChange.waitFor();
      expect(await visibleText(heroChange)).toBe('Dive the old hidden river');
      // The marks say what they are without colour: <del>/<ins> with words for screen readers.
      expect(await heroChange.locator('del').textContent()).toBe('[removed: old]');
      expect(await heroChange.locator('ins').textContent()).toBe('[added: hidden]');
      expect(await panel.getByText('Block 1: Hero – Dive the hidden river').count()).toBe(1);
      expect(await panel.getByText('Block 2: Text – The cloud').first().isVisible()).toBe(true);
      expect(await panel.getByText('Block 3: Quote – Like flying over a river').isVisible()).toBe(true);
      expect(await panel.locator('dt', { hasText: 'Excerpt' }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'revisions-panel.png');

      await panel.getByRole('button', { name: 'Restore this version' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' });
      await confirm.getByText('This does not publish', { exact: false }).waitFor();
      await confirm.getByRole('button', { name: 'Restore' }).click();
      await page.getByText('Version restored').first().waitFor();

      const blocks = await draftBlocks(created.id);
      expect(blocks.map((block) => [block.block_type, block.block_data['title']])).toEqual([
        ['hero', 'Dive the old river'],
      ]);
      expect(blocks[0]?.id).toBe(hero.id);
      expect((await readPage(created.id)).title).toBe('Cenote cenote-revisiones');
      // Restoring never publishes: visitors still see the last published version.
      const after = await publicPage('/cenote-revisiones');
      expect(after.status).toBe(200);
      expect(after.text).toContain('Dive the hidden river');
      expect(after.text).toContain('Like flying over a river');
      expect(after.text).not.toContain('Dive the old river');
      // The panel stays usable and now compares against the restored draft.
      await panel.getByText('Nothing differs: this version is the same as the current draft.').waitFor();
      await revisionOption(panel, 11).waitFor();
      expect(await revisionOption(panel, 11).innerText()).toMatch(/^Restored[\s\S]*Restored from revision 3/);
      expect(errors).toEqual([]);
    });
  });

  it('works with the keyboard alone: arrows through the list, Enter to choose, restore, Escape back to the button', async () => {
    const { page: created } = await pageWithHistory('cenote-teclado', 'Keyboard first title', 'Keyboard second title');
    await withSignedInPage(e2e, 'editor', editorAt(`/admin/pages/${created.id}`), async ({ page, errors }) => {
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
      const button = page.getByRole('button', { name: 'Revisions' });
      await tabTo(page, button, quickly);
      await page.keyboard.press('Enter');
      const panel = page.getByRole('dialog', { name: 'Revisions' });
      await revisionOption(panel, 5).waitFor();

      // One Tab stop for the list; the newest revision takes it first.
      await tabTo(page, revisionOption(panel, 5), quickly);
      await page.keyboard.press('ArrowDown');
      expect(await isFocused(revisionOption(panel, 4), quickly)).toBe(true);
      await page.keyboard.press('ArrowDown');
      expect(await isFocused(revisionOption(panel, 3), quickly)).toBe(true);
      await page.keyboard.press('End');
      expect(await isFocused(revisionOption(panel, 1), quickly)).toBe(true);
      await page.keyboard.press('ArrowUp');
      await page.keyboard.press('ArrowUp');
      expect(await isFocused(revisionOption(panel, 3), quickly)).toBe(true);
      await page.keyboard.press('Enter');
      await expect.poll(() => revisionOption(panel, 3).getAttribute('aria-selected')).toBe('true');
      await panel.locator('del', { hasText: 'first' }).waitFor();
      expect(await panel.locator('ins', { hasText: 'second' }).count()).toBe(1);
      // Focus is visible on whatever has it (the admin's :focus-visible outline).
      const outline = await revisionOption(panel, 3).evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline).not.toBe('none');

      const restore = panel.getByRole('button', { name: 'Restore this version' });
      await tabTo(page, restore, quickly);
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Restore this version?' });
      await confirm.waitFor();
      expect(await isFocused(confirm.getByRole('button', { name: 'Cancel' }), quickly)).toBe(true);
      await page.keyboard.press('Tab');
      expect(await isFocused(confirm.getByRole('button', { name: 'Restore' }), quickly)).toBe(true);
      await page.keyboard.press('Enter');
      await page.getByText('Version restored').first().waitFor();
      await expect
        .poll(async () => (await draftBlocks(created.id)).map((block) => block.block_data['title']))
        .toEqual(['Keyboard first title']);
      expect((await publicPage('/cenote-teclado')).text).toContain('Keyboard second title');

      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'detached' });
      await expect.poll(() => isFocused(button, quickly)).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it('lists a long history 30 at a time with Load older', async () => {
    const { page: created, hero } = await pageWithHistory('cenote-historia', 'History 0', 'History 1');
    let block = (await draftBlocks(created.id)).find((candidate) => candidate.id === hero.id)!;
    for (let step = 2; step <= 30; step++)
      block = await patchBlock(block, { ...block.block_data, title: `History ${step}` });
    // 5 revisions from pageWithHistory and 29 saves: 34 in all.
    await withSignedInPage(e2e, 'editor', editorAt(`/admin/pages/${created.id}`), async ({ page, errors }) => {
      await page.getByRole('button', { name: 'Revisions' }).click();
      const panel = page.getByRole('dialog', { name: 'Revisions' });
      await revisionOption(panel, 34).waitFor();
      expect(await panel.getByRole('option').count()).toBe(30);
      await panel.getByRole('button', { name: 'Load older' }).click();
      await revisionOption(panel, 1).waitFor();
      expect(await panel.getByRole('option').count()).toBe(34);
      expect(await panel.getByRole('button', { name: 'Load older' }).count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});

describe('Trash', () => {
  it('a page deleted in the editor waits in Trash (404 for visitors) and comes back with its blocks', async () => {
    const { page: created } = await pageWithHistory('cenote-papelera', 'Trash first title', 'Back from the trash');
    const blocksBefore = await draftBlocks(created.id);
    expect((await publicPage('/cenote-papelera')).status).toBe(200);
    // Two more pages in Trash, for a list with a few rows.
    const pages = (await ok(editor.get<{ pages: PageBody[] }>('/api/v1/pages'))).pages;
    const others = pages.filter((candidate) => ['cenote-dreamgate', 'impact-of-tourism'].includes(candidate.slug));
    expect(others).toHaveLength(2);
    for (const other of others) await ok(editor.request('DELETE', `/api/v1/pages/${other.id}`), 204);

    await withSignedInPage(e2e, 'editor', editorAt(`/admin/pages/${created.id}`), async ({ page, errors }) => {
      await page.getByRole('heading', { name: 'Edit Page' }).waitFor();
      await page.getByRole('button', { name: 'Move to Trash', exact: true }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Move to Trash' });
      await confirm
        .getByText(
          '"Cenote cenote-papelera" moves to Trash and visitors no longer see it. You can restore it from Trash for 30 days; after that it is deleted for good.',
        )
        .waitFor();
      await confirm.getByRole('button', { name: 'Move to Trash' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/pages');
      await page.getByText('Moved to Trash', { exact: true }).first().waitFor();
      expect((await publicPage('/cenote-papelera')).status).toBe(404);

      // The two seeded pages went to Trash with their Spanish translations: five pages in all.
      const trashLink = page.getByRole('link', { name: 'Trash (5 pages)' });
      await trashLink.waitFor();
      await screenshot(page, 'pages-trash-link.png');
      await tabTo(page, trashLink, quickly);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/admin/pages/trash');
      const table = page.getByRole('table', { name: 'Pages in Trash, most recently deleted first' });
      const row = table.getByRole('row', { name: /Cenote cenote-papelera/ });
      await row.waitFor();
      expect(await table.getByRole('row').count()).toBe(6);
      expect(await row.innerText()).toMatch(
        /\/cenote-papelera[\s\S]*Published[\s\S]*just now[\s\S]*on \d{1,2} \w+ \d{4}/,
      );
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'trash.png');

      const restore = row.getByRole('button', { name: 'Restore Cenote cenote-papelera' });
      await tabTo(page, restore, quickly);
      await page.keyboard.press('Enter');
      await page.getByText('"Cenote cenote-papelera" was restored').first().waitFor();
      await row.waitFor({ state: 'detached' });
      expect(await isFocused(page.getByRole('heading', { name: 'Trash' }), quickly)).toBe(true);
      expect((await draftBlocks(created.id)).map((block) => [block.id, block.block_data])).toEqual(
        blocksBefore.map((block) => [block.id, block.block_data]),
      );
      const back = await publicPage('/cenote-papelera');
      expect(back.status).toBe(200);
      expect(back.text).toContain('Back from the trash');

      // The other two back as well (the API, their translations with them), then the empty state.
      for (const other of others) await ok(editor.post(`/api/v1/pages/${other.id}/restore`));
      await page.reload();
      await page.getByText('Trash is empty. Deleted pages stay here for 30 days.').waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });
});

afterAll(async () => {
  // Keep the reviewed screenshots with the docs (the test writes them to dist/ on every run).
  if (process.env['EDITORIAL_SCREENSHOTS']) {
    const docs = path.join(projectRoot, 'docs', 'screenshots');
    for (const name of ['revisions-panel.png', 'trash.png']) {
      await copyFile(path.join(screenshots, name), path.join(docs, name));
    }
  }
});
