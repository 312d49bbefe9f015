import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';

export const chromiumPath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/** Headless, and no network beyond loopback: what Chromium needs on these machines (also used by Lighthouse). */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** Debian's Chromium with chromiumFlags. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
}

/** Fails the test on a page error or console error (a broken hydration shows up here). */
export function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return errors;
}

type HeldPage = typeof globalThis & { a11yToastHold?: ReturnType<typeof setInterval> };

/**
 * Holds every toast expanded and on screen, as a pointer resting over the toaster does. Sonner
 * closes a toast 4 s after it shows and fades it out, and collapses the stack (the toasts behind
 * the front one fade to transparent) when the pointer leaves: either, mid-check, measures as low
 * contrast. CI caught both: a sign-in toast leaving during the check, and a stack collapsing while
 * axe ran, after the browser reported the pointer leaving as the page moved under it. So the event
 * the toaster's React handler listens to is sent again every 20 ms until releaseToasts, without
 * moving Playwright's mouse.
 */
function holdToasts(): void {
  const held = globalThis as HeldPage;
  const hover = () => {
    for (const toaster of document.querySelectorAll('[data-sonner-toaster]')) {
      toaster.dispatchEvent(new MouseEvent('mousemove', { bubbles: true }));
    }
  };
  hover();
  clearInterval(held.a11yToastHold);
  held.a11yToastHold = setInterval(hover, 20);
}

/** Lets the toasts held by holdToasts go on to close. */
function releaseToasts(): void {
  clearInterval((globalThis as HeldPage).a11yToastHold);
  for (const toaster of document.querySelectorAll('[data-sonner-toaster]')) {
    toaster.dispatchEvent(new MouseEvent('mouseout', { bubbles: true, relatedTarget: document.body }));
  }
}

/** axe-core violations of serious or critical impact, as readable lines. */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  // A toast fading in is translucent for ~400 ms and axe would measure its text against a
  // half-drawn background; check the page once its transitions and animations have settled,
  // with every toast held on screen until the check is done.
  await page.evaluate(holdToasts);
  await page
    .waitForFunction(
      (quietMs) => {
        const settled = document
          .getAnimations()
          // Spinners loop forever; only finite animations ever settle.
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .every((animation) => animation.playState !== 'running');
        // Settled for a while, not for one frame: a toast mounts a frame before its fade-in
        // transition starts, and axe once measured it half drawn in that gap (CI, under load).
        const page = globalThis as typeof globalThis & { a11yQuietSince?: number };
        if (!settled) {
          delete page.a11yQuietSince;
          return false;
        }
        page.a11yQuietSince ??= performance.now();
        return performance.now() - page.a11yQuietSince >= quietMs;
      },
      300,
      { timeout: 10_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).analyze().finally(() => page.evaluate(releaseToasts));
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .map((node) => node.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
