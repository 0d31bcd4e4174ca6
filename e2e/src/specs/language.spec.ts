import { expect } from '@playwright/test';
import { assert, assertEqual, topMenuLabels } from '../browser.js';
import { type SpecContext, test } from '../fixtures.js';

async function switchOnSignInPage({
  newContext,
  baseUrl,
}: Pick<SpecContext, 'newContext' | 'baseUrl'>): Promise<void> {
  const context = await newContext();
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('combobox', { name: 'Language' }).selectOption('de'),
  ]);
  await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
  assertEqual(await page.evaluate(() => localStorage.getItem('lang')), 'de', 'stored language');
  await context.close();
}

async function switchInShell(signedInPage: SpecContext['signedInPage']): Promise<void> {
  const page = await signedInPage('viewer@example.com');
  assertEqual(await topMenuLabels(page), ['Dashboard', 'Plants', 'Full screen'], 'English menu');
  // A click on the dropdown during its opening animation can miss: open and choose until the
  // choice is stored (the page then reloads), instead of waiting for a load that never comes.
  await expect(async () => {
    await page.getByTestId('language-switcher').click({ timeout: 5_000 });
    await page.getByRole('menuitem', { name: 'Deutsch' }).click({ timeout: 5_000 });
    await page.waitForFunction(() => localStorage.getItem('lang') === 'de', null, {
      timeout: 10_000,
    });
  }).toPass({ timeout: 90_000 });
  await page.locator('.side-menu > li', { hasText: 'Anlagen' }).waitFor();
  assertEqual(
    await topMenuLabels(page),
    ['Übersicht', 'Anlagen', 'Vollbildanzeige'],
    'German menu after reload',
  );
  assertEqual(await page.evaluate(() => localStorage.getItem('lang')), 'de', 'stored language');
  assert((await page.evaluate(() => document.documentElement.lang)) === 'de', 'html lang is de');
  await page.context().close();
}

test('switching the language stores it and reloads in the new language', async ({
  newContext,
  baseUrl,
  signedInPage,
}) => {
  await switchOnSignInPage({ newContext, baseUrl });
  await switchInShell(signedInPage);
});
