import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { seriousViolations } from '../axe.js';
import { assert } from '../browser.js';
import { type SpecContext, test } from '../fixtures.js';
import { withInstallerOverviewPlants } from '../live-dataloggers.js';
import { REPO_ROOT } from '../server.js';

const SHOTS_DIR = path.join(REPO_ROOT, 'e2e/test-results/overview-ux');

async function shot(page: Page, name: string): Promise<void> {
  await mkdir(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
}

async function assertNoSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  assert(overflow <= 1, `${what} scrolls sideways by ${overflow}px`);
}

/** The flow picture stays inside its card. */
async function assertFlowInsideCard(page: Page, what: string): Promise<void> {
  const flow = page.getByTestId('power-flow');
  await flow.waitFor();
  const [figure, card] = await Promise.all([
    flow.boundingBox(),
    flow.locator('xpath=ancestor::div[contains(@class,"ant-card-body")][1]').boundingBox(),
  ]);
  assert(figure && card, `${what}: flow and card have boxes`);
  assert(
    figure.x >= card.x - 1 && figure.x + figure.width <= card.x + card.width + 1,
    `${what}: the flow diagram (${figure.width}px) is wider than its card (${card.width}px)`,
  );
}

async function openDashboardAndOverview(page: Page, label: string): Promise<void> {
  await page.goto('/dashboard');
  await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
  await assertNoSidewaysScroll(page, `dashboard ${label}`);
  await shot(page, `dashboard-${label}`);
  await page.locator('[data-testid^="plant-card-"] a').first().click();
  await page.getByTestId('key-figures').waitFor();
  await assertFlowInsideCard(page, `overview ${label}`);
  await assertNoSidewaysScroll(page, `overview ${label}`);
  await shot(page, `overview-${label}`);
}

/** A marker of the dashboard's map opens its plant's overview; then back to the dashboard. */
async function openPlantFromMap(page: Page): Promise<void> {
  await page.getByTestId('plant-map').waitFor();
  const marker = page.locator('[data-testid="plant-map"] .plant-map-dot').first();
  await marker.click();
  await page.waitForURL(/\/plants\/overview\/\d+$/);
  await page.getByTestId('key-figures').waitFor();
  await page.goBack();
  await page.getByTestId('dashboard').waitFor();
}

async function useLanguage(context: BrowserContext, page: Page, lang: string): Promise<void> {
  await context.addInitScript((value) => localStorage.setItem('lang', value), lang);
  await page.reload();
}

test('dashboard and overview fit and read well in light, dark, phone, German and Chinese', async ({
  signedInPage,
}) => {
  await withInstallerOverviewPlants(() => walkThemesLanguagesAndWidths(signedInPage));
});

async function walkThemesLanguagesAndWidths(
  signedInPage: SpecContext['signedInPage'],
): Promise<void> {
  const page = await signedInPage('installer@example.com', { width: 1440, height: 900 });
  const wide = page.context();
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('dashboard').waitFor({ timeout: 30_000 });
  await openPlantFromMap(page);
  await openDashboardAndOverview(page, 'light-1440');

  // The profile carries the style type: answer it dark for this page.
  await page.route(/\/api\/v1\/user(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: { styleType: number } };
    await route.fulfill({ response, json: { ...body, data: { ...body.data, styleType: 1 } } });
  });
  await page.reload();
  await page.waitForFunction(
    () =>
      getComputedStyle(document.documentElement).getPropertyValue('--page-background').trim() ===
      '#252527',
  );
  await assertFlowInsideCard(page, 'overview dark');
  await shot(page, 'overview-dark-1440');
  const darkProblems = await seriousViolations(page);
  assert(darkProblems.length === 0, `axe on the dark overview:\n  ${darkProblems.join('\n  ')}`);
  await page.unroute(/\/api\/v1\/user(\?|$)/);

  await useLanguage(wide, page, 'zh_CN');
  await openDashboardAndOverview(page, 'zh_CN-1440');
  await wide.close();

  const phonePage = await signedInPage('installer@example.com', { width: 390, height: 844 });
  const phone = phonePage.context();
  await useLanguage(phone, phonePage, 'de');
  await openDashboardAndOverview(phonePage, 'de-390');
  await phone.close();
}
