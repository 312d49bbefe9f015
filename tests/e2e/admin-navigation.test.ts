import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { CDPSession, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuType, NavigationNode } from '../../src/features/navigation/navigation.dto';
import { getJson, projectRoot } from '../helpers/build-app';
import { ApiClient, createUserWithRole } from '../helpers/auth';
import { seriousA11yViolations } from '../helpers/browser';
import {
  desktopViewport,
  tabTo,
  touchPhone,
  useBrowserTest,
  waitForHydration,
  withApiSignedInPage,
  withSignedInPage,
} from '../helpers/e2e';

const e2e = useBrowserTest();
let admin: { email: string; password: string };
let api: ApiClient;
const shots = path.join(projectRoot, 'dist', 'screenshots', 'admin-navigation');

beforeAll(async () => {
  admin = await createUserWithRole(e2e.server, 'admin');
  api = new ApiClient(e2e.server.url);
  expect((await api.signIn(admin.email, admin.password)).status).toBe(200);
  await mkdir(shots, { recursive: true });
});

const row = (page: Page, title: string) => page.getByRole('listitem', { name: new RegExp(`^${title}, level \\d+$`) });
const handle = (page: Page, title: string) => page.getByRole('button', { name: `Drag to move ${title}`, exact: true });
/**
 * The newest sentence said to screen readers: dnd-kit's live region says every drag step; a refused
 * arrow key (no dnd-kit event) is said by the list's own region until the next step.
 */
const announced = (page: Page) =>
  page.evaluate(() => {
    const refusal = document.querySelector('[data-sortable-announcer]')?.textContent ?? '';
    const dndKit = [...document.querySelectorAll('[id^="DndLiveRegion-"]')].map((region) => region.textContent ?? '');
    return (refusal || dndKit.filter(Boolean).join(' | ')).replace(/\u00a0$/, '');
  });
const overlay = (page: Page) => page.locator('[aria-hidden="true"].cursor-grabbing');

type Spec = string | [string, Spec[]];

/** Replaces a menu with these items (created over the API, in order). */
async function resetMenu(menu: MenuType, specs: Spec[]): Promise<void> {
  const current = await api.get<{ items: NavigationNode[] }>(`/api/v1/navigation/admin?menu=${menu}`);
  for (const item of current.body.items) {
    expect((await api.request('DELETE', `/api/v1/navigation/${item.id}`)).status).toBe(204);
  }
  const create = async (spec: Spec, parentId: string | null) => {
    const [title, children] = typeof spec === 'string' ? [spec, []] : spec;
    const slug = title.toLowerCase().replaceAll(' ', '-');
    const created = await api.post<{ item: { id: string } }>('/api/v1/navigation', {
      title,
      link_url: `/${slug}`,
      menu_type: menu,
      parent_id: parentId,
    });
    expect(created.status).toBe(201);
    for (const child of children) await create(child, created.body.item.id);
  };
  for (const spec of specs) await create(spec, null);
}

/** The menu as visitors get it from the API, one line per item, two spaces per level. */
async function apiOutline(menu: MenuType): Promise<string[]> {
  const { body } = await getJson<{ items: NavigationNode[] }>(`${e2e.server.url}/api/v1/navigation?menu=${menu}`);
  const lines: string[] = [];
  const walk = (nodes: NavigationNode[], depth: number) => {
    for (const node of nodes) {
      lines.push(`${'  '.repeat(depth)}${node.title}`);
      walk(node.children, depth + 1);
    }
  };
  walk(body.items, 0);
  return lines;
}

/** The menu as the admin screen shows it, in the same form. */
async function screenOutline(page: Page, menu: MenuType): Promise<string[]> {
  const labels = await page
    .getByRole('list', { name: `${menu === 'header' ? 'Header' : 'Footer'} navigation` })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.getAttribute('aria-label') ?? ''));
  return labels.map((label) => {
    const [, title = '', level = '1'] = /^(.*), level (\d+)$/.exec(label) ?? [];
    return `${'  '.repeat(Number(level) - 1)}${title}`;
  });
}

async function openMenu(page: Page, menu: MenuType): Promise<void> {
  await page.goto(`${e2e.server.url}/admin/navigation?menu=${menu}`);
  await page.getByRole('list', { name: `${menu === 'header' ? 'Header' : 'Footer'} navigation` }).waitFor();
}

async function centre(locator: Locator): Promise<{ x: number; y: number }> {
  // Mid-screen, not at its edge: a phone's toasts sit at the bottom and would take the touch.
  await locator.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await locator.boundingBox();
  if (!box) throw new Error('not visible');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** A point at `fraction` of the row's height (0.1: its top quarter, 0.5: the middle). */
async function pointIn(page: Page, title: string, fraction: number): Promise<{ x: number; y: number }> {
  const box = await row(page, title).boundingBox();
  if (!box) throw new Error(`${title} is not visible`);
  return { x: box.x + box.width / 2, y: box.y + box.height * fraction };
}

/** Drags a row by its handle with the mouse and drops it at `fraction` of the target row. */
async function mouseDrag(
  page: Page,
  title: string,
  target: string,
  fraction: number,
  beforeDrop?: () => Promise<void>,
): Promise<void> {
  const from = await centre(handle(page, title));
  const to = await pointIn(page, target, fraction);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  // Past dnd-kit's 4 px activation distance, then on to the target in small steps.
  await page.mouse.move(from.x, from.y + 8, { steps: 3 });
  await page.mouse.move(from.x, to.y, { steps: 12 });
  await page.waitForTimeout(100);
  await beforeDrop?.();
  await page.mouse.up();
}

/** Real touch input through the browser's input pipeline (CDP), not synthetic DOM events. */
async function touchDrag(
  cdp: CDPSession,
  from: { x: number; y: number },
  to: { x: number; y: number },
  options: { holdMs: number; steps: number; beforeEnd?: () => Promise<void> },
): Promise<void> {
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] });
  await wait(options.holdMs);
  for (let step = 1; step <= options.steps; step++) {
    const x = from.x + ((to.x - from.x) * step) / options.steps;
    const y = from.y + ((to.y - from.y) * step) / options.steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
    await wait(16);
  }
  await wait(100);
  await options.beforeEnd?.();
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** Presses Tab until the drag handle of `title` has focus. */
const tabToHandle = (page: Page, title: string) => tabTo(page, handle(page, title), { maxPresses: 80 });

async function press(page: Page, key: string): Promise<void> {
  await page.keyboard.press(key);
  // dnd-kit starts listening one tick after the lift and measures between key presses.
  await page.waitForTimeout(200);
}

describe('navigation management', () => {
  it('builds a 3-level menu by drag and drop and by the buttons, and the public header shows it', async () => {
    const navigationScreen = { viewport: desktopViewport, next: '/admin/navigation' };
    await withSignedInPage(e2e, admin, navigationScreen, async ({ context, page, errors }) => {
      // Missing fields are refused with the spec's message.
      await page.getByRole('button', { name: 'Add Navigation Item' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Add item' }).click();
      await page.getByText('Please provide both title and URL.').first().waitFor();
      await page.keyboard.press('Escape');

      const addItem = async (title: string, url: string) => {
        await page.getByRole('button', { name: 'Add Navigation Item' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByLabel('Title').fill(title);
        await dialog.getByLabel('URL').fill(url);
        await dialog.getByRole('button', { name: 'Add item' }).click();
        await page.getByText('Navigation item created').first().waitFor();
        await row(page, title).waitFor();
      };
      await addItem('Dive Planning', '/cenote-diving');
      await addItem('Gas Rules', '/safety-guidelines');
      await addItem('Rule of Thirds', '/safety-guidelines');
      expect(await row(page, 'Gas Rules').getAttribute('aria-label')).toBe('Gas Rules, level 1');

      // Drag: drop 'Gas Rules' on the middle of 'Dive Planning' → its child.
      await mouseDrag(page, 'Gas Rules', 'Dive Planning', 0.5);
      await expect.poll(() => row(page, 'Gas Rules').getAttribute('aria-label')).toBe('Gas Rules, level 2');

      // Buttons: indent 'Rule of Thirds' twice → under 'Dive Planning', then under 'Gas Rules'.
      await page.getByRole('button', { name: 'Indent: Rule of Thirds' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => row(page, 'Rule of Thirds').getAttribute('aria-label')).toBe('Rule of Thirds, level 2');
      await page.getByRole('button', { name: 'Indent: Rule of Thirds' }).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => row(page, 'Rule of Thirds').getAttribute('aria-label')).toBe('Rule of Thirds, level 3');
      const indent = await row(page, 'Rule of Thirds').evaluate((element) => getComputedStyle(element).paddingLeft);
      expect(indent).toBe(`${8 + 2 * 24}px`);

      expect(await seriousA11yViolations(page)).toEqual([]);

      // The public header shows the new group with its child and grandchild.
      const site = await context.newPage();
      await site.goto(`${e2e.server.url}/`);
      await waitForHydration(site);
      await site
        .getByRole('navigation', { name: 'Main' })
        .first()
        .getByRole('button', { name: 'Dive Planning' })
        .click();
      await site.getByRole('link', { name: 'Gas Rules' }).first().waitFor();
      expect(await site.getByRole('link', { name: 'Rule of Thirds' }).first().isVisible()).toBe(true);
      expect(errors).toEqual([]);
    });
  });

  it('moves items with the mouse before, inside and after a row; children move along', async () => {
    await resetMenu('footer', [['Guides', ['Cave diving']], 'Cenote types', 'Gear', 'Contact']);
    await withApiSignedInPage(e2e, admin, { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await openMenu(page, 'footer');
      expect(await screenOutline(page, 'footer')).toEqual([
        'Guides',
        '  Cave diving',
        'Cenote types',
        'Gear',
        'Contact',
      ]);

      // Top quarter of 'Guides': before it. A line is drawn above the target row while dragging.
      await mouseDrag(page, 'Contact', 'Guides', 0.1, async () => {
        expect(await row(page, 'Guides').locator('[data-drop-indicator="above"]').count()).toBe(1);
        expect(await overlay(page).textContent()).toContain('At the top level, position 1 of 4');
        expect(await announced(page)).toBe('Contact moved to the top level, position 1 of 4.');
        await page.screenshot({ path: path.join(shots, 'desktop-before.png') });
      });
      const afterBefore = ['Contact', 'Guides', '  Cave diving', 'Cenote types', 'Gear'];
      await expect.poll(() => apiOutline('footer')).toEqual(afterBefore);
      await expect.poll(() => screenOutline(page, 'footer')).toEqual(afterBefore);
      expect(await announced(page)).toBe('Contact dropped at the top level, position 1 of 4.');

      // The middle of 'Guides': inside it, as its last child. The row is highlighted.
      await mouseDrag(page, 'Cenote types', 'Guides', 0.5, async () => {
        expect(await overlay(page).textContent()).toContain('Inside Guides, position 2 of 2');
        expect(await row(page, 'Guides').getAttribute('class')).toContain('outline-lagoon-500');
        await page.screenshot({ path: path.join(shots, 'desktop-mid-drag.png') });
      });
      const afterInside = ['Contact', 'Guides', '  Cave diving', '  Cenote types', 'Gear'];
      await expect.poll(() => apiOutline('footer')).toEqual(afterInside);

      // A parent cannot go into its own sub-items: refused, nothing changes.
      await mouseDrag(page, 'Guides', 'Cave diving', 0.5, async () => {
        expect(await overlay(page).textContent()).toContain('Guides cannot go inside one of its own sub-items.');
      });
      await page.getByText('Guides cannot go inside one of its own sub-items.').first().waitFor();
      expect(await apiOutline('footer')).toEqual(afterInside);

      // Bottom quarter of 'Gear': after it. 'Guides' takes its children along.
      await mouseDrag(page, 'Guides', 'Gear', 0.9, async () => {
        expect(await row(page, 'Gear').locator('[data-drop-indicator="below"]').count()).toBe(1);
      });
      const afterAfter = ['Contact', 'Gear', 'Guides', '  Cave diving', '  Cenote types'];
      await expect.poll(() => apiOutline('footer')).toEqual(afterAfter);

      // Dropping an item back where it was sends nothing.
      await mouseDrag(page, 'Gear', 'Gear', 0.5);
      expect(await announced(page)).toBe('Gear dropped where it was, at the top level, position 2 of 3.');

      await page.reload();
      await page.getByRole('list', { name: 'Footer navigation' }).waitFor();
      expect(await screenOutline(page, 'footer')).toEqual(afterAfter);
      expect(await apiOutline('footer')).toEqual(afterAfter);
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
  });

  it('moves items by touch on a phone: press and hold the handle, then drag; a swipe still scrolls', async () => {
    await resetMenu('footer', [['Guides', ['Cave diving']], 'Cenote types', 'Gear']);
    await withApiSignedInPage(e2e, admin, touchPhone, async ({ context, page, errors }) => {
      const cdp = await context.newCDPSession(page);
      await openMenu(page, 'footer');
      // Count what input reaches the page: the drags below must come as touch, never as mouse.
      await page.evaluate(() => {
        const counts: Record<string, number> = { touchstart: 0, touchmove: 0, mousedown: 0, mousemove: 0 };
        for (const type of Object.keys(counts)) {
          window.addEventListener(type, () => (counts[type] = (counts[type] ?? 0) + 1), {
            capture: true,
            passive: true,
          });
        }
        (window as unknown as { inputCounts: Record<string, number> }).inputCounts = counts;
      });
      const inputCounts = () =>
        page.evaluate(() => (window as unknown as { inputCounts: Record<string, number> }).inputCounts);

      // Handles are finger-sized on a touch screen.
      const box = await handle(page, 'Gear').boundingBox();
      expect(box?.width).toBeGreaterThanOrEqual(44);
      expect(box?.height).toBeGreaterThanOrEqual(44);

      // Hold 'Gear' by its handle, drag it onto the middle of 'Guides'.
      await touchDrag(cdp, await centre(handle(page, 'Gear')), await pointIn(page, 'Guides', 0.5), {
        holdMs: 400,
        steps: 12,
        beforeEnd: async () => {
          expect(await overlay(page).textContent()).toContain('Inside Guides, position 2 of 2');
          await page.screenshot({ path: path.join(shots, 'phone-mid-drag.png') });
        },
      });
      const afterInside = ['Guides', '  Cave diving', '  Gear', 'Cenote types'];
      await expect.poll(() => apiOutline('footer')).toEqual(afterInside);
      await expect.poll(() => screenOutline(page, 'footer')).toEqual(afterInside);

      // Then 'Cenote types' onto the top of 'Guides': before it. The rows must have settled first (the
      // drop animation and the rows' transitions), or the handle is measured where it no longer is.
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
          ),
      );
      await touchDrag(cdp, await centre(handle(page, 'Cenote types')), await pointIn(page, 'Guides', 0.1), {
        holdMs: 400,
        steps: 12,
      });
      const afterBefore = ['Cenote types', 'Guides', '  Cave diving', '  Gear'];
      await expect.poll(() => apiOutline('footer')).toEqual(afterBefore);

      const counts = await inputCounts();
      expect(counts['touchstart']).toBe(2);
      expect(counts['touchmove']).toBeGreaterThanOrEqual(10);
      expect(counts['mousedown']).toBe(0);
      expect(counts['mousemove']).toBe(0);

      await page.reload();
      await page.getByRole('list', { name: 'Footer navigation' }).waitFor();
      expect(await screenOutline(page, 'footer')).toEqual(afterBefore);
      await page.screenshot({ path: path.join(shots, 'phone.png'), fullPage: true });
      expect(await seriousA11yViolations(page)).toEqual([]);

      // A quick swipe that starts on a handle scrolls the long header menu instead of dragging.
      await openMenu(page, 'header');
      const headerBefore = await apiOutline('header');
      // A handle in the lower half of the screen, so the finger can travel up 300 px.
      let start: { x: number; y: number } | null = null;
      for (const candidate of await page.getByRole('button', { name: /^Drag to move / }).all()) {
        const candidateBox = await candidate.boundingBox();
        if (candidateBox && candidateBox.y > 450 && candidateBox.y < 750) {
          start = { x: candidateBox.x + candidateBox.width / 2, y: candidateBox.y + candidateBox.height / 2 };
          break;
        }
      }
      if (!start) throw new Error('no handle in the lower half of the screen');
      const scrolledBefore = await page.evaluate(() => window.scrollY);
      await touchDrag(cdp, start, { x: start.x, y: start.y - 300 }, { holdMs: 0, steps: 6 });
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledBefore + 100);
      expect(await announced(page)).toBe('');
      expect(await apiOutline('header')).toEqual(headerBefore);
      expect(errors).toEqual([]);
    });
  });

  it('moves items with the keyboard only: lift, arrows, drop, cancel, with plain announcements', async () => {
    await resetMenu('footer', [['Guides', ['Cave diving']], 'Cenote types', 'Gear']);
    await withApiSignedInPage(e2e, admin, { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await openMenu(page, 'footer');
      await page.getByRole('button', { name: 'Add Navigation Item' }).focus();
      await tabToHandle(page, 'Cenote types');

      // Right: inside the item above (Guides), after its child.
      await press(page, 'Space');
      expect(await announced(page)).toBe('Picked up Cenote types at the top level, position 2 of 3.');
      await press(page, 'ArrowRight');
      expect(await announced(page)).toBe('Cenote types moved inside Guides, position 2 of 2.');
      expect(await row(page, 'Cave diving').locator('[data-drop-indicator="below"]').count()).toBe(1);
      await page.screenshot({ path: path.join(shots, 'desktop-keyboard.png') });
      await press(page, 'Space');
      expect(await announced(page)).toBe('Cenote types dropped inside Guides, position 2 of 2.');
      const nested = ['Guides', '  Cave diving', '  Cenote types', 'Gear'];
      await expect.poll(() => apiOutline('footer')).toEqual(nested);
      await expect.poll(() => screenOutline(page, 'footer')).toEqual(nested);
      // Focus stays on the moved item's handle, ready for the next move.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Drag to move Cenote types');

      // Up: one position up among Guides' children.
      await press(page, 'Enter');
      await press(page, 'ArrowUp');
      expect(await announced(page)).toBe('Cenote types moved inside Guides, position 1 of 2.');
      await press(page, 'Enter');
      const reordered = ['Guides', '  Cenote types', '  Cave diving', 'Gear'];
      await expect.poll(() => apiOutline('footer')).toEqual(reordered);

      // Left: 'Cave diving' moves out a level, right after Guides.
      await tabToHandle(page, 'Cave diving');
      await press(page, 'Space');
      await press(page, 'ArrowLeft');
      expect(await announced(page)).toBe('Cave diving moved to the top level, position 2 of 3.');
      await press(page, 'Space');
      const outdented = ['Guides', '  Cenote types', 'Cave diving', 'Gear'];
      await expect.poll(() => apiOutline('footer')).toEqual(outdented);

      // Escape cancels: nothing is saved.
      await tabToHandle(page, 'Gear');
      await press(page, 'Space');
      await press(page, 'ArrowUp');
      await press(page, 'ArrowUp');
      await press(page, 'Escape');
      expect(await announced(page)).toBe('Moving cancelled. Gear is back at the top level, position 3 of 3.');
      await page.waitForTimeout(300);
      expect(await apiOutline('footer')).toEqual(outdented);

      await page.reload();
      await page.getByRole('list', { name: 'Footer navigation' }).waitFor();
      expect(await screenOutline(page, 'footer')).toEqual(outdented);
      expect(errors).toEqual([]);
    });
  });

  it('refuses moves deeper than 3 levels, by mouse, keyboard and the Indent button, and says why', async () => {
    await resetMenu('footer', [
      ['Level one', [['Level two', ['Level three', 'Deep sibling']]]],
      'Loose end',
      ['Branch', ['Twig']],
    ]);
    const start = ['Level one', '  Level two', '    Level three', '    Deep sibling', 'Loose end', 'Branch', '  Twig'];
    await withApiSignedInPage(e2e, admin, { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await openMenu(page, 'footer');
      const message = 'Menus have at most 3 levels, and Loose end would be on level 4.';

      // Mouse: the middle of a level-3 row would make a level 4.
      await mouseDrag(page, 'Loose end', 'Level three', 0.5, async () => {
        expect(await overlay(page).textContent()).toContain(message);
        expect(await row(page, 'Level three').getAttribute('class')).toContain('outline-red-500');
        await page.screenshot({ path: path.join(shots, 'desktop-refused.png') });
      });
      await page.getByText(message).first().waitFor();
      expect(await announced(page)).toBe(`Loose end was not moved. ${message}`);
      expect(await apiOutline('footer')).toEqual(start);

      // Keyboard: 'Branch' (with its child) may become a level-2 item, not a level-3 one.
      await page.getByRole('button', { name: 'Add Navigation Item' }).focus();
      await tabToHandle(page, 'Branch');
      await press(page, 'Space');
      await press(page, 'ArrowUp');
      expect(await announced(page)).toBe('Branch moved to the top level, position 2 of 3.');
      await press(page, 'ArrowRight');
      expect(await announced(page)).toBe('Branch moved inside Level one, position 2 of 2.');
      await press(page, 'ArrowRight');
      expect(await announced(page)).toBe('Branch cannot go a level deeper: menus have at most 3 levels.');
      await press(page, 'Escape');
      expect(await apiOutline('footer')).toEqual(start);

      // The Indent button follows the same rule.
      await page.getByRole('button', { name: 'Indent: Deep sibling' }).click();
      await page.getByText('Menus have at most 3 levels, and Deep sibling would be on level 4.').first().waitFor();
      expect(await apiOutline('footer')).toEqual(start);
      expect(errors).toEqual([]);
    });
  });
});

describe('the Spanish menus (decision 44)', () => {
  it('switches to the Spanish menus, which are edited on their own', async () => {
    await withApiSignedInPage(e2e, admin, { viewport: { width: 1280, height: 900 } }, async ({ page, errors }) => {
      await openMenu(page, 'header');
      const english = await api.get<{ items: NavigationNode[] }>('/api/v1/navigation/admin?menu=header');
      await page.getByRole('button', { name: 'Español' }).click();
      await page.waitForURL(/lang=es/);
      await expect.poll(() => row(page, 'Los cenotes').isVisible()).toBe(true);
      for (const item of english.body.items) expect(await row(page, item.title).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Español' }).getAttribute('aria-pressed')).toBe('true');
      await page.screenshot({ path: path.join(shots, 'spanish-menus.png') });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'English' }).click();
      await expect.poll(() => row(page, 'Los cenotes').count()).toBe(0);
      expect(errors).toEqual([]);
    });
  });
});
