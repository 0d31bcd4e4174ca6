import { assertEqual } from '../browser.js';
import { test } from '../fixtures.js';

test('sign-out clears the session from storage and returns to sign-in', async ({
  signedInPage,
}) => {
  const page = await signedInPage('viewer@example.com');
  await page.waitForFunction(() => localStorage.getItem('userInfo') !== null);
  await page.getByTestId('user-menu').click();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('menuitem', { name: 'Sign out' }).click(),
  ]);
  await page.waitForURL('**/login');
  const stored = await page.evaluate(() =>
    ['user', 'userInfo', 'readOnly', 'styleType'].map((key) => localStorage.getItem(key)),
  );
  assertEqual(stored, [null, null, null, null], 'session keys after sign-out');
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  const allowed = ['lang', 'readOnly', 'styleType', 'user', 'userInfo', 'version'];
  assertEqual(
    keys.filter((key) => !allowed.includes(key)),
    [],
    'only the six documented keys in localStorage',
  );
});
