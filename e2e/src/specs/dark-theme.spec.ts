import { seriousViolations } from '../axe.js';
import { assertEqual, screenshot } from '../browser.js';
import { test } from '../fixtures.js';

test('dark mode applies the dark background, is stored, and passes axe', async ({
  baseUrl,
  signedInPage,
}) => {
  const page = await signedInPage('owner@example.com');
  await page.goto(`${baseUrl}/edit`);
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await page.getByTestId('dark-mode-switch').click();
  const background = (): Promise<string> =>
    page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--page-background').trim(),
    );
  assertEqual(await background(), '#252527', 'dark background variable');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForFunction(() => localStorage.getItem('styleType') === '1');
  await page.reload();
  await page.waitForSelector('.shell-content');
  await page.waitForFunction(
    () =>
      getComputedStyle(document.documentElement).getPropertyValue('--page-background').trim() ===
      '#252527',
  );
  await screenshot(page, 'settings-dark');
  const problems = await seriousViolations(page);
  // Back to light for the other specs.
  await page.getByRole('tab', { name: 'Appearance' }).click();
  await page.getByTestId('dark-mode-switch').click();
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForFunction(() => localStorage.getItem('styleType') === '0');
  if (problems.length > 0) throw new Error(`axe found in dark mode:\n  ${problems.join('\n  ')}`);
});
