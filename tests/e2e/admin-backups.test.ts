import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentBlocks } from '../../src/features/blocks/blocks.table';
import { images } from '../../src/features/media/media.table';
import { navigationItems } from '../../src/features/navigation/navigation.table';
import { pages } from '../../src/features/pages/pages.table';
import { pageRevisions, publishedPages } from '../../src/features/publishing/publishing.table';
import { unpackArchive } from '../helpers/backup-archive';
import { projectRoot } from '../helpers/build-app';
import { seriousA11yViolations } from '../helpers/browser';
import { desktopViewport, tabTo, useBrowserTest, withSignedInPage } from '../helpers/e2e';

const e2e = useBrowserTest();
let filesDir: string;

beforeAll(async () => {
  filesDir = await mkdtemp(path.join(tmpdir(), 'cenote-backups-e2e-'));
});
afterAll(async () => {
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

/**
 * Opens the file chooser from the focused input with Space, as a keyboard user does. Once in CI
 * (2026-11-26) the second chooser never opened within 30 s, with the same code passing the run
 * before: a press that opens nothing is repeated, at most three times, each waited for 5 s.
 */
async function chooseWithKeyboard(page: Page, input: Locator, file: string) {
  for (let attempt = 1; ; attempt++) {
    await tabTo(page, input);
    try {
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser', { timeout: 5_000 }),
        page.keyboard.press('Space'),
      ]);
      await chooser.setFiles(file);
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

async function counts() {
  const db = e2e.server.app.db;
  return {
    pages: (await db.select({ id: pages.id }).from(pages)).length,
    published: (await db.select({ id: publishedPages.page_id }).from(publishedPages)).length,
    revisions: (await db.select({ id: pageRevisions.id }).from(pageRevisions)).length,
    blocks: (await db.select({ id: contentBlocks.id }).from(contentBlocks)).length,
    navigation: (await db.select({ id: navigationItems.id }).from(navigationItems)).length,
    images: (await db.select({ id: images.id }).from(images)).length,
  };
}

describe('Settings → Backups', () => {
  it('downloads, checks, confirms and restores a backup with the keyboard alone', async () => {
    const backupsScreen = { viewport: desktopViewport, acceptDownloads: true, next: '/admin/backups' };
    await withSignedInPage(e2e, 'admin', backupsScreen, async ({ page, errors }) => {
      await page.getByRole('heading', { name: 'Backups', level: 2 }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);

      // Download: a plain link the browser follows, streamed as an attachment.
      const link = page.getByRole('link', { name: 'Download backup' });
      await tabTo(page, link);
      const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
      expect(download.suggestedFilename()).toMatch(/^cenote-atlas-backup-[\dT-]+Z\.tar\.gz$/);
      const archiveFile = path.join(filesDir, download.suggestedFilename());
      await download.saveAs(archiveFile);
      const archive = await readFile(archiveFile);
      expect(archive.length).toBeGreaterThan(1000);
      const entries = await unpackArchive(archive);
      expect(entries[0]?.name).toBe('manifest.json');
      expect(entries.at(-1)?.name).toBe('end.json');

      // The site changes after the backup: the restore must bring the old title back.
      const [page1] = await e2e.server.app.db.select().from(pages).orderBy(asc(pages.sort_order)).limit(1);
      await e2e.server.app.db.update(pages).set({ title: 'Changed after the backup' }).where(eq(pages.id, page1!.id));
      const expected = await counts();

      // A file that is not a backup: the server's message inline, the choice kept.
      const notABackup = path.join(filesDir, 'dive-log.tar.gz');
      await writeFile(notABackup, 'Max depth 40 m, 52 minutes.');
      const input = page.getByLabel('Backup file');
      await chooseWithKeyboard(page, input, notABackup);
      const alert = page.getByRole('alert').filter({ hasText: 'This backup cannot be restored.' });
      await alert.getByText('The file is not a Cenote Atlas backup (it is not gzip-compressed).').waitFor();
      expect(await input.evaluate((element) => (element as HTMLInputElement).files?.[0]?.name)).toBe('dive-log.tar.gz');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The real backup: a dry run shows what it holds.
      await chooseWithKeyboard(page, input, archiveFile);
      const summary = page.getByRole('definition');
      await page.getByRole('heading', { name: 'This backup holds' }).waitFor();
      const values = await summary.allInnerTexts();
      const terms = await page.getByRole('term').allInnerTexts();
      const shown = Object.fromEntries(terms.map((term, index) => [term, values[index]]));
      expect(shown['Pages']).toBe(`${expected.pages} (${expected.published} published)`);
      expect(expected.revisions).toBeGreaterThan(0);
      expect(shown['Revisions']).toBe(String(expected.revisions));
      expect(shown['Content blocks']).toBe(String(expected.blocks));
      expect(shown['Navigation items']).toBe(String(expected.navigation));
      expect(shown['Images']).toMatch(new RegExp(`^${expected.images} \\(\\d+ files, [\\d.]+ [KM]B\\)$`));
      expect(shown['Source site']).toContain(new URL(e2e.server.config.publicUrl).origin);
      expect(shown['Made on']).toMatch(/^\d{1,2} \w{3} \d{4} at \d\d:\d\d$/);
      expect(await seriousA11yViolations(page)).toEqual([]);
      if (process.env['BACKUP_SCREENSHOT']) {
        await page.screenshot({ path: path.join(projectRoot, 'docs', 'screenshots', 'backups.png') });
      }
      // Nothing changed yet.
      const [stillChanged] = await e2e.server.app.db.select().from(pages).where(eq(pages.id, page1!.id));
      expect(stillChanged!.title).toBe('Changed after the backup');

      // Confirm: the dialog warns, focus starts on Cancel; Tab to the confirm button.
      const restoreButton = page.getByRole('button', { name: 'Restore this backup…' });
      await tabTo(page, restoreButton);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('alertdialog');
      await dialog.getByText('Accounts and sessions are kept. This cannot be undone.', { exact: false }).waitFor();
      expect(
        await dialog.getByRole('button', { name: 'Cancel' }).evaluate((element) => element === document.activeElement),
      ).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');

      await page.getByText('Backup restored').first().waitFor();
      await page
        .getByText(
          `${expected.pages} pages, ${expected.blocks} blocks, ${expected.navigation} navigation items and ${expected.images} images restored.`,
        )
        .first()
        .waitFor();
      const [restored] = await e2e.server.app.db.select().from(pages).where(eq(pages.id, page1!.id));
      expect(restored!.title).toBe(page1!.title);
      expect(await counts()).toEqual(expected);
      // The one refused request is the file that was not a backup (Chromium logs every 4xx).
      expect(errors).toEqual([
        'console: Failed to load resource: the server responded with a status of 400 (Bad Request)',
      ]);
    });
  });

  it('is not offered to editors, nor are settings or Team (decision 38)', async () => {
    await withSignedInPage(e2e, 'editor', { viewport: desktopViewport, next: '/admin/pages' }, async ({ page }) => {
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Pages' }).waitFor();
      const sections = page.getByRole('navigation', { name: 'Admin sections' });
      expect(await sections.getByRole('link').allTextContents()).toEqual([
        'Pages',
        'Content Blocks',
        'Navigation',
        'Redirects',
        'Media Library',
        'Site health',
      ]);
      await page.goto(`${e2e.server.url}/admin/backups`);
      await page.getByRole('heading', { name: 'Admins only' }).waitFor();
      await page.getByText('This section is for admins only.').waitFor();
      expect(await page.getByRole('link', { name: 'Download backup' }).count()).toBe(0);
    });
  });
});
