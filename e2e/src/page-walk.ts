import type { Page } from '@playwright/test';
import { serverFeedsDemoData } from './live-dataloggers.js';

/** The installer's demo switch (the switch-task spec drives it too, but only reads are made here). */
const DEMO_SWITCH = 'DEMOSWI0003';

/**
 * What is still on its way under the page's content: the shell's page change and antd's
 * spinners (a table's, a map's) are busy regions, skeletons stand in for cards whose answers or
 * code have not arrived.
 */
const LOADING = [
  '.shell-content[aria-busy="true"]',
  '.shell-content [aria-busy="true"]',
  '.shell-content .ant-skeleton',
  '.shell-content .ant-spin-spinning',
].join(', ');

/** Waits until the page's content is shown and nothing under it loads any more. */
export async function waitUntilLoaded(page: Page): Promise<void> {
  await page.locator('.shell-content').waitFor({ timeout: 30_000 });
  await page.waitForFunction((selector) => !document.querySelector(selector), LOADING, {
    timeout: 30_000,
  });
}

/**
 * Opens `path` inside the running app, as its links do (a page load per page costs a busy
 * runner seconds): the page shown is marked, and the walk goes on once a page without the mark
 * is shown and has loaded. Two pages of one component in a row would share their
 * elements, so a walk alternates them.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  if (new URL(page.url()).pathname === path) return waitUntilLoaded(page);
  await page.evaluate((target) => {
    // A kept page hidden now may be shown again later: only what is shown now is left.
    for (const child of Array.from(document.querySelectorAll('.shell-content > *')))
      child.toggleAttribute('data-walk-left', !(child as HTMLElement).hidden);
    history.pushState(null, '', target);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(
    () =>
      Array.from(document.querySelectorAll('.shell-content > *')).some(
        (shown) => !shown.hasAttribute('data-walk-left') && !(shown as HTMLElement).hidden,
      ),
    undefined,
    { timeout: 30_000 },
  );
  await waitUntilLoaded(page);
}

/** The first link on the page at `listPath` whose address starts with `prefix`. */
async function firstLink(page: Page, listPath: string, prefix: string): Promise<string> {
  await page.goto(listPath);
  const link = page.locator(`.shell-content a[href^="${prefix}"]`).first();
  await link.waitFor({ timeout: 30_000 });
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`${listPath} links nothing under ${prefix}`);
  return href;
}

/**
 * The installer's pages a walk visits: the lists, and the detail pages of the first plant,
 * inverter and other device, found through their lists as a reader finds them; with the demo
 * data, its switch's detail and controls too.
 */
export async function installerPages(page: Page): Promise<string[]> {
  const overview = await firstLink(page, '/plants', '/plants/overview/');
  const inverter = await firstLink(page, '/device/inverter', '/device/inverter/');
  const otherDevice = await firstLink(page, '/device/other', '/device/');
  const switchPages = serverFeedsDemoData()
    ? [`/device/switch/${DEMO_SWITCH}`, `/device/switch/${DEMO_SWITCH}/control`]
    : [];
  return [
    '/dashboard',
    '/plants',
    overview,
    '/device/inverter',
    inverter,
    '/device/other',
    otherDevice,
    '/device/event',
    ...switchPages.slice(0, 1),
    '/device/gateway/list',
    ...switchPages.slice(1),
    '/video',
    '/workdata/report',
    '/workdata/reportinfo',
    '/log/communication',
  ];
}

/** Applies a language the way the app does: stored, then the first page loads again. */
export async function openInLanguage(page: Page, locale: string, path: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('lang', value), locale);
  await page.goto(path);
  await waitUntilLoaded(page);
}
