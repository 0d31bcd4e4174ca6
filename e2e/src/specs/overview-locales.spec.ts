import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { assert } from '../browser.js';
import { test } from '../fixtures.js';
import { withInstallerOverviewPlants } from '../live-dataloggers.js';
import { findOverflowingTexts } from '../overflow.js';
import { REPO_ROOT } from '../server.js';

/** The phone and the desktop widths of issue 16: every page must read whole at both. */
const VIEWPORTS = [
  { name: 'a phone', width: 390, height: 844 },
  { name: 'a 1440 px desktop', width: 1440, height: 900 },
] as const;

/** The web app's locales, one folder each: every one the user can pick is walked. */
async function webLocales(): Promise<string[]> {
  const entries = await readdir(path.join(REPO_ROOT, 'packages/contract/locales'), {
    withFileTypes: true,
  });
  return entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name);
}

async function overflowsOf(page: Page, url: string, ready: string): Promise<string[]> {
  await page.goto(url);
  await page.getByTestId(ready).waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  const findings = await findOverflowingTexts(page, '.shell-content');
  return [
    ...(sideways > 1 ? [`the page scrolls sideways by ${sideways}px`] : []),
    ...findings.map((finding) => `"${finding.text}" ${finding.reason}`),
  ];
}

for (const { name, width, height } of VIEWPORTS) {
  test(`dashboard and overview texts fit ${name} in each of the 13 languages`, async ({
    signedInPage,
  }) => {
    // 26 page loads, each until the network is idle: 3 to 4 minutes on a quiet machine, so the
    // default limit for one spec (4 minutes) is doubled for this walk.
    test.setTimeout(480_000);
    await withInstallerOverviewPlants(async () => {
      const page = await signedInPage('installer@example.com', { width, height });
      await page.goto('/dashboard');
      const overview = await page
        .locator('[data-testid^="plant-card-"] a')
        .first()
        .getAttribute('href');
      assert(overview, 'the dashboard links a plant overview');
      const problems: string[] = [];
      for (const locale of await webLocales()) {
        await page.evaluate((value) => localStorage.setItem('lang', value), locale);
        for (const [url, ready] of [
          ['/dashboard', 'dashboard'],
          [overview, 'key-figures'],
        ] as const) {
          const found = await overflowsOf(page, url, ready);
          problems.push(...found.map((problem) => `${locale} ${url}: ${problem}`));
        }
      }
      assert(problems.length === 0, `texts that do not fit:\n${problems.join('\n')}`);
    });
  });
}
