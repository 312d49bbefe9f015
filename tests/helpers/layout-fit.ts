import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/** What the fit check looks at: controls, tabs, headings, and titles in navigation and lists. */
const fitSelector = [
  'button',
  '[role="tab"]',
  '[role="menuitem"]',
  'h1',
  'h2',
  'h3',
  'h4',
  'nav a',
  'li a',
  'li h3',
  'li h4',
  'label',
  'th',
].join(', ');

/**
 * Visible elements whose text does not fit: content wider than the box (clipped or spilling out),
 * or a box that runs past the viewport's right edge without a horizontal scroller around it. Text
 * cut with an ellipsis is allowed when the element (or its control) carries the whole text in a
 * title or accessible name. Returns one readable line per offender.
 */
export async function clippedElements(page: Page): Promise<string[]> {
  // One function body with no inner named functions: tsx (scripts) would wrap those in a helper
  // that does not exist inside the page.
  return page.evaluate((selector) => {
    const offenders: string[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    const squash = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      const elementBox = element.getBoundingClientRect();
      const elementStyle = getComputedStyle(element);
      if (elementBox.width <= 2 || elementBox.height <= 2) continue;
      if (elementStyle.visibility === 'hidden' || element.closest('[aria-hidden="true"]')) continue;
      const label = `<${element.tagName.toLowerCase()}> "${squash(element.textContent) || (element.getAttribute('aria-label') ?? '')}"`;

      // Its own box, and any text box inside it (a truncating span in a button).
      let clipped: HTMLElement | undefined;
      for (const box of [element, ...element.querySelectorAll<HTMLElement>('span, div, p')]) {
        // Screen-reader-only text is a 1 px clipped box on purpose.
        if (box.clientWidth <= 2 || box.getBoundingClientRect().height <= 2) continue;
        if (getComputedStyle(box).clip.startsWith('rect')) continue;
        if (box.scrollWidth > box.clientWidth + 1) {
          clipped = box;
          break;
        }
      }
      if (clipped) {
        const text = squash(clipped.textContent);
        const carrier = clipped.closest('[title], [aria-label]');
        const offered = `${carrier?.getAttribute('title') ?? ''} ${carrier?.getAttribute('aria-label') ?? ''}`;
        const ellipsis = getComputedStyle(clipped).textOverflow === 'ellipsis';
        if (!(ellipsis && text !== '' && offered.includes(text))) {
          offenders.push(`${label} clipped (content ${clipped.scrollWidth} px in ${clipped.clientWidth} px)`);
          continue;
        }
      }
      if (elementBox.right > viewportWidth + 1) {
        let scroller = false;
        for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
          const overflowX = getComputedStyle(node).overflowX;
          if ((overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth) scroller = true;
        }
        if (!scroller)
          offenders.push(`${label} runs past the viewport (right edge ${Math.round(elementBox.right)} px)`);
      }
    }
    if (document.documentElement.scrollWidth > viewportWidth + 1) {
      offenders.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px wide)`);
    }
    return offenders;
  }, fitSelector);
}

/** An element's box on the page, as Playwright's boundingBox gives it. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** A sonner toast's box once it has slid into place (mounted, then moved in with a transition). */
export async function settledToastBox(toast: Locator): Promise<Box> {
  await expect.poll(() => toast.getAttribute('data-mounted'), { timeout: 5000 }).toBe('true');
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const box = await toast.boundingBox();
  if (!box) throw new Error('the toast has no box');
  return box;
}
