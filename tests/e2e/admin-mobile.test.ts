import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithRole } from '../helpers/auth';
import { seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import {
  openSignedInPage,
  pageIdBySlug,
  useBrowserTest,
  withPage,
  withSignedInPage,
  type PageSession,
} from '../helpers/e2e';
import { clippedElements, intersects, settledToastBox } from '../helpers/layout-fit';

/**
 * Issue #18, the admin on a phone (390 × 844) and on a desktop: nothing clipped, the active tab
 * in view, the editor's More actions menu, toasts clear of the header, the admin's own dialog for
 * unsaved edits, and a not-found screen inside the admin.
 */
const e2e = useBrowserTest({ env: { JOBS_WORKER: 'false' } });
let admin: { email: string; password: string };

const phone = { width: 390, height: 844 };
const desktop = { width: 1440, height: 900 };

beforeAll(async () => {
  admin = await createUserWithRole(e2e.server, 'admin');
});

/** Signed in as the admin; no native dialog may appear in the admin. */
const adminAt = (viewport: { width: number; height: number }, next = '/admin/pages') => ({
  viewport,
  next,
  refuseNativeDialogs: true,
});

const pageId = (slug: string) => pageIdBySlug(e2e.server, slug);

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Admin sections' });

/** True when the element's box lies inside the viewport's width. */
async function inViewport(locator: Locator, width: number): Promise<boolean> {
  const box = await locator.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= width;
}

async function expectFitsAndAccessible(page: Page, screen: string) {
  expect(await clippedElements(page), `${screen}: clipped or overflowing`).toEqual([]);
  expect(await seriousA11yViolations(page), `${screen}: axe`).toEqual([]);
}

/** The control boxes in the admin header (logo link, sign out, tabs) and the editor's toolbar. */
async function headerControlBoxes(page: Page) {
  return page
    .locator('header a, header button, [role="group"][aria-label="Page actions"] button')
    .evaluateAll((elements) =>
      elements
        .map((element) => ({
          text: element.textContent?.trim() || element.getAttribute('aria-label') || '',
          box: element.getBoundingClientRect(),
        }))
        .filter(({ box }) => box.width > 0 && box.height > 0)
        .map(({ text, box }) => ({ text, x: box.x, y: box.y, width: box.width, height: box.height })),
    );
}

describe('the admin at 390 px', () => {
  it('signs in without anything clipped', async () => {
    await withPage(e2e.browser, { viewport: phone }, async (page) => {
      const errors = watchPageErrors(page);
      await page.goto(`${e2e.server.url}/auth?next=/admin/pages`);
      await page.getByRole('button', { name: 'Sign In' }).last().waitFor();
      await expectFitsAndAccessible(page, 'sign-in');
      expect(errors).toEqual([]);
    });
  });

  describe('every screen fits: buttons, tabs, headings and titles are whole; axe is clean', () => {
    let session: PageSession;
    beforeAll(async () => {
      session = await openSignedInPage(e2e, admin, adminAt(phone));
    });
    afterAll(async () => {
      expect(session.errors).toEqual([]);
      await session.context.close();
    });

    const screens: Array<[string, () => Promise<string>, string]> = [
      ['Pages', async () => '/admin/pages', 'Pages Management'],
      ['page editor', async () => `/admin/pages/${await pageId('home')}`, 'Edit Page'],
      ['page editor, Content Blocks', async () => `/admin/pages/${await pageId('home')}?tab=blocks`, 'Edit Page'],
      ['new page', async () => '/admin/pages/new', 'Create New Page'],
      ['Content Blocks', async () => '/admin/blocks', 'Content Blocks'],
      ['Navigation', async () => '/admin/navigation', 'Navigation Management (Drag & Drop)'],
      ['Redirects', async () => '/admin/redirects', 'Redirects'],
      ['Media', async () => '/admin/media', 'Media Library'],
      ['SEO', async () => '/admin/seo', 'SEO Settings'],
      ['Performance', async () => '/admin/performance', 'Performance'],
      ['Backups', async () => '/admin/backups', 'Backups'],
      ['Trash', async () => '/admin/pages/trash', 'Trash'],
      ['Site health', async () => '/admin/health', 'Site health'],
      ['Team: Users', async () => '/admin/team/users', 'Users'],
      ['Team: Audit log', async () => '/admin/team/audit', 'Audit log'],
      ['Team: API tokens', async () => '/admin/team/api-tokens', 'API tokens'],
      ['Team: Webhooks', async () => '/admin/team/webhooks', 'Webhooks'],
      ['Account', async () => '/admin/account', 'Account'],
    ];
    it.each(screens)('%s', async (screen, path, heading) => {
      const { page } = session;
      await page.goto(`${e2e.server.url}${await path()}`);
      await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectFitsAndAccessible(page, screen);
    });

    const dialogs: Array<[string, string, string, string | undefined]> = [
      ['Add block', 'blocks', 'Add block', undefined],
      ['New Folder', '/admin/media', 'New Folder', 'New Folder'],
      ['navigation item', '/admin/navigation', 'Add Navigation Item', undefined],
      ['redirect', '/admin/redirects', 'Add redirect', 'Add redirect'],
    ];
    it.each(dialogs)('the %s dialog', async (name, path, opener, title) => {
      const { page } = session;
      const target = path === 'blocks' ? `/admin/pages/${await pageId('home')}?tab=blocks` : path;
      await page.goto(`${e2e.server.url}${target}`);
      await page.getByRole('button', { name: opener }).first().click();
      await page.getByRole('dialog', title ? { name: title } : {}).waitFor();
      await expectFitsAndAccessible(page, `${name} dialog`);
      await page.keyboard.press('Escape');
    });
  });

  it('keeps the active tab in view, on load and after an in-app navigation', async () => {
    await withSignedInPage(e2e, admin, adminAt(phone, '/admin/backups'), async ({ page, errors }) => {
      const backups = tabs(page).getByRole('link', { name: 'Backups' });
      await page.getByRole('heading', { name: 'Backups', exact: true }).waitFor();
      await expect.poll(() => inViewport(backups, phone.width)).toBe(true);
      // The strip really scrolls at this width: Pages is out of view while Backups is in.
      expect(await inViewport(tabs(page).getByRole('link', { name: 'Pages' }), phone.width)).toBe(false);

      await page.goto(`${e2e.server.url}/admin/performance`);
      await expect
        .poll(() => inViewport(tabs(page).getByRole('link', { name: 'Performance' }), phone.width))
        .toBe(true);

      // Swipe the strip to its end, as a thumb would, then move within Pages by a link in the screen.
      await page.goto(`${e2e.server.url}/admin/pages`);
      const pagesTab = tabs(page).getByRole('link', { name: 'Pages' });
      await expect.poll(() => inViewport(pagesTab, phone.width)).toBe(true);
      await tabs(page).evaluate((nav) => nav.scrollTo({ left: nav.scrollWidth }));
      expect(await inViewport(pagesTab, phone.width)).toBe(false);
      await page.getByRole('button', { name: 'Create Page' }).click();
      await page.getByRole('heading', { name: 'Create New Page' }).waitFor();
      await expect.poll(() => inViewport(pagesTab, phone.width)).toBe(true);
      expect(await pagesTab.getAttribute('aria-current')).toBe('page');
      expect(errors).toEqual([]);
    });
  });

  it("collapses the editor's secondary actions into a More actions menu that works with the keyboard", async () => {
    await withSignedInPage(e2e, admin, adminAt(phone), async ({ page, errors }) => {
      await page.goto(`${e2e.server.url}/admin/pages/${await pageId('what-are-cenotes')}`);
      const actions = page.getByRole('group', { name: 'Page actions' });
      const more = actions.getByRole('button', { name: 'More actions' });
      await more.waitFor();
      // Save stays a button of its own; Schedule went into the menu.
      await actions.getByRole('button', { name: 'Save', exact: true }).waitFor();
      expect(await actions.getByRole('button', { name: 'Schedule' }).count()).toBe(0);
      expect(await more.getAttribute('aria-haspopup')).toBe('menu');

      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const items = await menu.getByRole('menuitem').allTextContents();
      expect(items).toEqual(expect.arrayContaining(['Schedule', 'Move to Trash']));
      // Arrow keys move between the items; Escape closes the menu and gives focus back to its button.
      const focusedItem = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');
      await expect.poll(focusedItem).toBe(items[0]);
      await page.keyboard.press('ArrowDown');
      await expect.poll(focusedItem).toBe(items[1]);
      await page.keyboard.press('ArrowUp');
      await expect.poll(focusedItem).toBe(items[0]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await more.evaluate((button) => button === document.activeElement)).toBe(true);

      // Enter on an item runs it: Schedule opens its dialog.
      await page.keyboard.press('Enter');
      await menu.waitFor();
      await expect.poll(focusedItem).toBe(items[0]);
      const scheduleAt = items.indexOf('Schedule');
      for (let step = 1; step <= scheduleAt; step += 1) {
        await page.keyboard.press('ArrowDown');
        // The menu moves focus after the key event: wait for it before the next press.
        await expect.poll(focusedItem).toBe(items[step]);
      }
      await page.keyboard.press('Enter');
      const schedule = page.getByRole('dialog', { name: 'Schedule' });
      await schedule.waitFor();
      expect(await clippedElements(page)).toEqual([]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await schedule.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });
  });

  it('shows every action as a button at 1440 px, with no More menu', async () => {
    await withSignedInPage(e2e, admin, adminAt(desktop), async ({ page, errors }) => {
      await page.goto(`${e2e.server.url}/admin/pages/${await pageId('what-are-cenotes')}`);
      const actions = page.getByRole('group', { name: 'Page actions' });
      for (const name of ['Revisions', 'Preview', 'Copy preview link', 'Schedule', 'Move to Trash', 'Save']) {
        await actions.getByRole('button', { name, exact: true }).waitFor();
      }
      expect(await actions.getByRole('button', { name: 'More actions' }).count()).toBe(0);
      await expectFitsAndAccessible(page, 'page editor at 1440');
      expect(errors).toEqual([]);
    });
  });

  it('shows toasts clear of the header and toolbar controls, at 390 and 1440 px, announced politely', async () => {
    for (const viewport of [phone, desktop]) {
      await withSignedInPage(e2e, admin, adminAt(viewport), async ({ page, errors }) => {
        await page.goto(`${e2e.server.url}/admin/pages/${await pageId('historical-significance')}`);
        const excerpt = page.getByLabel('Excerpt');
        await excerpt.fill(`Edited at ${viewport.width} px.`);
        await page
          .getByRole('group', { name: 'Page actions' })
          .getByRole('button', { name: 'Save', exact: true })
          .click();
        const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Page saved' });
        await toast.waitFor();
        const toastBox = await settledToastBox(toast);
        const overlapping = (await headerControlBoxes(page)).filter((control) => intersects(toastBox, control));
        expect(
          overlapping.map((control) => control.text),
          `${viewport.width} px`,
        ).toEqual([]);
        expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(viewport.height);
        // The save left unpublished changes: Publish changes joins the row, and it still fits.
        await page.getByRole('button', { name: 'Publish changes' }).waitFor();
        expect(await clippedElements(page), `${viewport.width} px`).toEqual([]);
        expect(await page.locator('section[aria-live="polite"]').count()).toBe(1);
        expect(errors).toEqual([]);
      });
    }
  });

  it('asks in the admin dialog, not window.confirm, before leaving unsavable edits by an admin link', async () => {
    await withSignedInPage(e2e, admin, adminAt(phone), async ({ page, errors }) => {
      const id = await pageId('geographical-distribution');
      await page.goto(`${e2e.server.url}/admin/pages/${id}`);
      // A slug that cannot be saved: autosave holds it back, so leaving would lose it.
      await page.getByLabel('Slug').fill('not a valid slug!');
      await page.getByText('Not saved — check the highlighted field').waitFor();

      await tabs(page).getByRole('link', { name: 'Content Blocks' }).click();
      const ask = page.getByRole('alertdialog', { name: 'Leave without saving?' });
      await ask.waitFor();
      // The sign-in toast can still be up on a fast run; axe looks at the dialog once it is gone.
      await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 15_000 });
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(await clippedElements(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Stay' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(`/admin/pages/${id}`);
      expect(await page.getByLabel('Slug').inputValue()).toBe('not a valid slug!');

      await tabs(page).getByRole('link', { name: 'Content Blocks' }).click();
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Leave' }).click();
      await page.waitForURL((url) => url.pathname === '/admin/blocks');
      expect(errors).toEqual([]);
    });
  });
});

describe('closing a dialog with typed input', () => {
  it('asks in the admin dialog (not window.confirm), and keeps the input on Keep editing', async () => {
    await withSignedInPage(e2e, admin, adminAt(phone, '/admin/media'), async ({ page, errors }) => {
      await page.getByRole('button', { name: 'New Folder' }).click();
      const folder = page.getByRole('dialog', { name: 'New Folder' });
      await folder.getByLabel('Folder name').fill('Sumideros');
      await page.keyboard.press('Escape');
      const ask = page.getByRole('alertdialog', { name: 'Discard your edits?' });
      await ask.waitFor();
      expect(await clippedElements(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await folder.getByLabel('Folder name').inputValue()).toBe('Sumideros');

      await page.keyboard.press('Escape');
      await ask.waitFor();
      await ask.getByRole('button', { name: 'Discard' }).click();
      await folder.waitFor({ state: 'detached' });
      expect(errors).toEqual([]);
    });
  });
});

describe('an unknown admin address', () => {
  it('answers 404 and shows a not-found screen inside the admin, with a way back to Pages', async () => {
    for (const viewport of [phone, desktop]) {
      await withSignedInPage(e2e, admin, adminAt(viewport), async ({ page, errors }) => {
        const response = await page.goto(`${e2e.server.url}/admin/nope`);
        expect(response?.status()).toBe(404);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        await page.getByText('There is no admin screen at /admin/nope.').waitFor();
        await tabs(page).getByRole('link', { name: 'Pages' }).waitFor();
        await page.getByRole('button', { name: 'Sign Out' }).waitFor();
        await expectFitsAndAccessible(page, `not found at ${viewport.width}`);
        await page.getByRole('link', { name: 'Back to Pages' }).click();
        await page.getByRole('heading', { name: 'Pages Management' }).waitFor();
        // The document's own 404 is the one console line Chromium writes for it.
        expect(errors.filter((line) => !line.includes('status of 404'))).toEqual([]);
      });
    }
  });

  it('answers 404 for unknown paths below a section too, and 200 for real screens', async () => {
    await withSignedInPage(e2e, admin, adminAt(desktop), async ({ page }) => {
      const status = (path: string) =>
        page.evaluate(async (target) => (await fetch(target, { redirect: 'manual' })).status, path);
      expect(await status('/admin/pages/a/b')).toBe(404);
      expect(await status('/admin/media/anything')).toBe(404);
      expect(await status('/admin/pages/trash')).toBe(200);
      expect(await status('/admin/backups')).toBe(200);
      await page.goto(`${e2e.server.url}/admin/media/anything`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    });
  });
});
