import type { Page } from '@playwright/test';
import { assert, screenshot, waitForStillness } from '../browser.js';
import { test } from '../fixtures.js';
import { findCutOffTexts, findOverflowingTexts } from '../overflow.js';
import { installerPages, openInApp, openInLanguage } from '../page-walk.js';

const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
/** The longest words (German) and another script (Chinese). */
const LOCALES = ['de', 'zh_CN'] as const;

/** What does not fit on the page shown: sideways scrolling, texts off the screen or cut off. */
async function overflows(page: Page): Promise<string[]> {
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  const offScreen = (await findOverflowingTexts(page, '.shell-content')).filter((finding) =>
    finding.reason.startsWith('reaches'),
  );
  const cutOff = await findCutOffTexts(page, '.shell-content');
  return [
    ...(sideways > 1 ? [`the page scrolls sideways by ${sideways}px`] : []),
    ...[...offScreen, ...cutOff].map((finding) => `"${finding.text}" ${finding.reason}`),
  ];
}

test('at phone width the menu is a drawer, the page and its dialogs fit', async ({
  signedInPage,
}) => {
  const page = await signedInPage('installer@example.com', { width: 390, height: 844 });
  assert((await page.locator('.shell-sider').count()) === 0, 'no fixed side menu on a phone');
  assert(
    (await page.locator('[data-device="phone"]').count()) === 1,
    'shell marks the phone layout',
  );
  await page.getByTestId('menu-toggle').click();
  await page.locator('.shell-drawer .side-menu').waitFor();
  await screenshot(page, 'phone-menu');
  await page.locator('.shell-drawer').getByText('Company').click();
  await page.locator('.shell-drawer').getByRole('link', { name: 'Members' }).click();
  await page.locator('.shell-drawer .side-menu').waitFor({ state: 'hidden' });
  // The list page's rows are cards on a phone: no table, nothing wider than the screen.
  await page.getByTestId('row-card').first().waitFor();
  assert((await page.locator('.ant-table:visible').count()) === 0, 'no table on a phone');
  const cardBox = await page.getByTestId('row-card').first().boundingBox();
  assert(
    cardBox !== null && cardBox.x >= 0 && cardBox.x + cardBox.width <= 390,
    `a member card spans ${cardBox?.x}..${(cardBox?.x ?? 0) + (cardBox?.width ?? 0)}px of 390px`,
  );
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  assert(overflow <= 1, `page scrolls sideways by ${overflow}px`);
  await screenshot(page, 'phone-members');

  await page.getByRole('button', { name: 'Add member' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await waitForStillness(page);
  const box = await dialog.boundingBox();
  assert(box !== null, 'the member dialog has a box');
  assert(
    box.x >= 0 && box.x + box.width <= 390,
    `the member dialog spans ${box.x}..${box.x + box.width}px of a 390px screen`,
  );
  await screenshot(page, 'phone-member-dialog');
});

test('no page of the installer scrolls sideways or cuts a table off at 390 and 1440 px', async ({
  signedInPage,
}) => {
  // Sixty page changes: a busy two-core runner needs minutes for them.
  test.setTimeout(600_000);
  const page = await signedInPage('installer@example.com', WIDTHS[0]);
  const paths = await installerPages(page);
  const problems: string[] = [];
  for (const locale of LOCALES) {
    await openInLanguage(page, locale, paths[0] ?? '/dashboard');
    for (const { width, height } of WIDTHS) {
      // The shell follows the width as it changes, as on a turned tablet.
      await page.setViewportSize({ width, height });
      for (const path of paths) {
        await openInApp(page, path);
        const found = await overflows(page);
        problems.push(...found.map((problem) => `${locale} ${width}px ${path}: ${problem}`));
      }
    }
  }
  assert(problems.length === 0, `pages that do not fit:\n${problems.join('\n')}`);
});
