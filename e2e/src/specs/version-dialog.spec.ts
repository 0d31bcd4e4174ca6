import { assert, assertEqual, DEMO_PASSWORD, screenshot, waitForStillness } from '../browser.js';
import { test } from '../fixtures.js';

test('the release-notes dialog opens once, remembers "I know" and links the history', async ({
  newContext,
  baseUrl,
}) => {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mail').fill('viewer@example.com');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();

  const dialog = page.getByRole('dialog');
  await dialog.waitFor({ timeout: 20_000 });
  await waitForStillness(page);
  const width = (await dialog.boundingBox())?.width ?? 0;
  assert(Math.round(width) === 800, `the release-notes dialog is ${width}px wide, not 800`);
  const history = dialog.getByRole('link', { name: 'System update history' });
  assertEqual(await history.getAttribute('href'), '/logging', 'history link');
  await screenshot(page, 'version-dialog');

  const footerVersion = await page.locator('.shell-footer').textContent();
  await dialog.getByRole('button', { name: 'I know' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const seen = await page.evaluate(() => localStorage.getItem('version'));
  assert(seen !== null && footerVersion?.includes(seen), `stored version ${seen} is the latest`);

  await page.reload();
  await page.waitForSelector('.shell-content');
  await page.waitForLoadState('networkidle');
  assert((await page.getByRole('dialog').count()) === 0, 'the dialog stays closed once seen');

  await page.goto(`${baseUrl}/logging`);
  await page.getByText(seen).first().waitFor();
  await context.close();
});
