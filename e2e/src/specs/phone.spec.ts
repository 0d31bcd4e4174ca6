import { assert, screenshot, waitForStillness } from '../browser.js';
import { test } from '../fixtures.js';

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
