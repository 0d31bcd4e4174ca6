import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { assert } from '../browser.js';
import { test } from '../fixtures.js';
import { withInstallerOverviewPlants } from '../live-dataloggers.js';
import { findOverflowingTexts } from '../overflow.js';
import { waitUntilLoaded } from '../page-walk.js';
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

/** The page's texts that do not fit, once its `ready` part is shown and nothing loads. */
async function overflowsOnceLoaded(page: Page, ready: string): Promise<string[]> {
  await page.getByTestId(ready).waitFor({ timeout: 30_000 });
  await waitUntilLoaded(page);
  const sideways = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  const findings = await findOverflowingTexts(page, '.shell-content');
  return [
    ...(sideways > 1 ? [`the page scrolls sideways by ${sideways}px`] : []),
    ...findings.map((finding) => `"${finding.text}" ${finding.reason}`),
  ];
}

/** The page's texts that do not fit at each viewport, each problem named by viewport. */
async function overflowsAtEachViewport(page: Page, ready: string): Promise<string[]> {
  const problems: string[] = [];
  for (const { name, width, height } of VIEWPORTS) {
    await page.setViewportSize({ width, height });
    // Two frames: the resize's media-query listeners have re-rendered before anything is read.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    const found = await overflowsOnceLoaded(page, ready);
    problems.push(...found.map((problem) => `at ${name}: ${problem}`));
  }
  return problems;
}

test('dashboard and overview texts fit a phone and a 1440 px desktop in each of the 13 languages', async ({
  signedInPage,
}) => {
  await withInstallerOverviewPlants(async () => {
    const page = await signedInPage('installer@example.com', VIEWPORTS[0]);
    let overview: string | null = null;
    const problems: string[] = [];
    for (const locale of await webLocales()) {
      // A language applies on a page load (the app stores it and reloads), so each is one
      // load of the dashboard; its plant card then leads to the overview inside the app. Each
      // page is measured at both widths, resized in place: the layout follows the width alone.
      await page.evaluate((value) => localStorage.setItem('lang', value), locale);
      await page.goto('/dashboard');
      const onDashboard = await overflowsAtEachViewport(page, 'dashboard');
      problems.push(...onDashboard.map((problem) => `${locale} /dashboard ${problem}`));
      // The same plant in every language, though other specs may add plants meanwhile.
      overview ??= await page
        .locator('[data-testid^="plant-card-"] a')
        .first()
        .getAttribute('href');
      assert(overview, 'the dashboard links a plant overview');
      await page.locator(`[data-testid^="plant-card-"] a[href="${overview}"]`).click();
      const onOverview = await overflowsAtEachViewport(page, 'key-figures');
      problems.push(...onOverview.map((problem) => `${locale} ${overview} ${problem}`));
    }
    assert(problems.length === 0, `texts that do not fit:\n${problems.join('\n')}`);
  });
});
