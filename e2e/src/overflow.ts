import type { Page } from '@playwright/test';

/** One text that runs out of its box or off the screen. */
export interface OverflowFinding {
  text: string;
  reason: string;
}

/**
 * Texts under `rootSelector` that a reader cannot read whole: a text element reaching beyond
 * the viewport's sides (but in a box that scrolls sideways, such as a wide table), a box that clips its own text (`overflow` hidden or clipped, or an
 * ellipsis, with the text wider than the box), or an SVG label outside its picture. The map
 * (its own scrolling world) is left out; texts hidden on purpose have no size and are skipped.
 */
export function findOverflowingTexts(page: Page, rootSelector: string): Promise<OverflowFinding[]> {
  return page.evaluate((selector) => {
    const findings: { text: string; reason: string }[] = [];
    const root = document.querySelector(selector);
    if (!root) return [{ text: selector, reason: 'the page part is missing' }];
    const viewport = document.documentElement.clientWidth;
    const ownText = (element: Element) =>
      Array.from(element.childNodes)
        .filter((node) => node.nodeType === Node.TEXT_NODE)
        .map((node) => node.textContent ?? '')
        .join('')
        .trim();
    // A wide table scrolls inside its own box: its far columns are reachable, not lost. antd's
    // tab bar moves its tabs itself (a swipe, its menu of the tabs out of sight).
    const insideScroller = (element: Element) => {
      for (let box = element.parentElement; box && box !== root; box = box.parentElement)
        if (
          ['auto', 'scroll'].includes(getComputedStyle(box).overflowX) ||
          box.classList.contains('ant-tabs-nav-wrap')
        )
          return true;
      return false;
    };
    for (const element of Array.from(root.querySelectorAll('*'))) {
      if (element.closest('.leaflet-container')) continue;
      const text = ownText(element);
      if (!text) continue;
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      const label = text.slice(0, 60);
      if (!insideScroller(element) && (box.left < -1 || box.right > viewport + 1)) {
        findings.push({
          text: label,
          reason: `reaches ${Math.round(box.right)}px of ${viewport}px`,
        });
        continue;
      }
      if (element instanceof SVGElement) {
        const picture = element.ownerSVGElement?.getBoundingClientRect();
        if (picture && (box.left < picture.left - 1 || box.right > picture.right + 1))
          findings.push({ text: label, reason: 'leaves its diagram' });
        continue;
      }
      const style = getComputedStyle(element);
      const clips =
        ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (clips && element.scrollWidth > element.clientWidth + 1)
        findings.push({
          text: label,
          reason: `clipped: ${element.scrollWidth}px of text in ${element.clientWidth}px`,
        });
    }
    return findings;
  }, rootSelector);
}

/**
 * Texts under `rootSelector` that a box hiding its overflow cuts off (a table wider than the
 * card around it): the far columns of such a table can be neither seen nor scrolled to.
 */
export function findCutOffTexts(page: Page, rootSelector: string): Promise<OverflowFinding[]> {
  return page.evaluate((selector) => {
    const findings: { text: string; reason: string }[] = [];
    const root = document.querySelector(selector);
    if (!root) return [{ text: selector, reason: 'the page part is missing' }];
    const clippingBox = (element: Element) => {
      for (
        let box = element.parentElement;
        box && box !== root.parentElement;
        box = box.parentElement
      ) {
        const overflow = getComputedStyle(box).overflowX;
        if (['auto', 'scroll'].includes(overflow)) return null;
        if (['hidden', 'clip'].includes(overflow)) return box;
      }
      return null;
    };
    for (const cell of Array.from(root.querySelectorAll('th, td'))) {
      const text = (cell.textContent ?? '').trim();
      const box = cell.getBoundingClientRect();
      if (!text || box.width < 2) continue;
      const clipper = clippingBox(cell);
      const limit = clipper?.getBoundingClientRect().right;
      if (limit !== undefined && box.right > limit + 1)
        findings.push({
          text: text.slice(0, 60),
          reason: `cut off at ${Math.round(limit)}px, ends at ${Math.round(box.right)}px`,
        });
    }
    return findings;
  }, rootSelector);
}
