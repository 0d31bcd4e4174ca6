import { expect, type Locator, type Page } from '@playwright/test';
import { screenshot } from '../browser.js';
import { startOwnerLivePlant } from '../live-dataloggers.js';
import { test } from '../fixtures.js';

/**
 * The owner's device families: the battery list, the other devices (meters) with one detail
 * page showing live values, and the battery's state of charge on the plant overview. A fresh
 * embedded server first backfills the demo history before its simulator reports live values.
 */
const LIVE_TIMEOUT_MS = 120_000;

/**
 * Reloads until the row's text matches: a list fetches once per visit, and right after a fresh
 * start the demo devices have no readings yet.
 */
async function reloadUntil(page: Page, row: Locator, pattern: RegExp): Promise<void> {
  const deadline = Date.now() + LIVE_TIMEOUT_MS;
  for (;;) {
    const text = await row.textContent({ timeout: LIVE_TIMEOUT_MS });
    if (pattern.test(text ?? '')) return;
    if (Date.now() > deadline) throw new Error(`"${text}" still not ${String(pattern)}`);
    await page.waitForTimeout(3000);
    await page.reload();
  }
}

test('the owner opens batteries, meters and a meter detail, and sees the state of charge', async ({
  baseUrl,
  signedInPage,
}) => {
  test.setTimeout(4 * LIVE_TIMEOUT_MS);
  const { name: plantName, dataloggers } = await startOwnerLivePlant();
  try {
    const page = await signedInPage('owner@example.com');

    await page.goto(`${baseUrl}/device/battery`);
    const batteryRow = page.getByRole('row').filter({ hasText: plantName }).first();
    await reloadUntil(page, batteryRow, /\d %/);
    await screenshot(page, 'device-families-batteries');

    await page.goto(`${baseUrl}/device/other?family=meter`);
    const meterRow = page.getByRole('row').filter({ hasText: plantName }).first();
    await meterRow.waitFor({ timeout: LIVE_TIMEOUT_MS });
    await meterRow.getByRole('link').first().click();
    await page.waitForURL(/\/device\/meter\/[^/]+$/);
    const gridPower = page.locator('[data-value-key="p_grid_w"]');
    await expect(gridPower).toHaveText(/\d.*W/, { timeout: LIVE_TIMEOUT_MS });
    await screenshot(page, 'device-families-meter-detail');

    await page.goto(`${baseUrl}/plants`);
    await page.getByText(plantName, { exact: true }).first().click();
    await page.waitForURL(/\/plants\/overview\/\d+$/);
    const batteryOnOverview = page.getByRole('row').filter({ hasText: 'Battery' }).first();
    await expect(batteryOnOverview).toContainText(/\d+ %/, { timeout: LIVE_TIMEOUT_MS });
  } finally {
    await dataloggers?.stop();
  }
});
