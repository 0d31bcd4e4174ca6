import type { Page } from '@playwright/test';
import { assert, screenshot } from '../browser.js';
import {
  OWNER_LIVE_PLANT,
  type RunningDataloggers,
  seedOwnerLivePlant,
  serverFeedsDemoData,
  startOwnerDatalogger,
} from '../live-dataloggers.js';
import { test } from '../fixtures.js';

/**
 * The overview refreshes every 15 s and records arrive every few seconds
 * (SIMULATOR_INTERVAL_SECONDS); a fresh embedded server first backfills the demo history
 * (about 25 s) before its live simulation starts.
 */
const CHANGE_TIMEOUT_MS = 90_000;

async function lastUpdate(page: Page): Promise<string> {
  return (await page.getByTestId('last-update').textContent())?.trim() ?? '';
}

async function waitForNewUpdate(page: Page, before: string): Promise<string> {
  const deadline = Date.now() + CHANGE_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const now = await lastUpdate(page);
    if (now !== before && !now.endsWith('-')) return now;
    await page.waitForTimeout(1000);
  }
  throw new Error(`the overview still shows "${before}" after ${CHANGE_TIMEOUT_MS / 1000} s`);
}

test('the owner opens a plant overview and sees live data change', async ({
  baseUrl,
  signedInPage,
}) => {
  const plantName = serverFeedsDemoData() ? 'Sunny Home Munich' : OWNER_LIVE_PLANT;
  let dataloggers: RunningDataloggers | null = null;
  if (!serverFeedsDemoData()) {
    await seedOwnerLivePlant();
    dataloggers = await startOwnerDatalogger();
  }
  try {
    const page = await signedInPage('owner@example.com');
    await page.goto(`${baseUrl}/plants`);
    // The table's link or the card (whichever view the list opens in) leads to the overview.
    await page.getByText(plantName, { exact: true }).first().click();
    await page.waitForURL(/\/plants\/overview\/\d+$/);
    await page.getByTestId('key-figures').waitFor();
    const first = await waitForNewUpdate(page, '');
    const second = await waitForNewUpdate(page, first);
    await screenshot(page, 'plant-live-overview');
    assert(second > first, `last update went from "${first}" to "${second}", not forward`);
  } finally {
    await dataloggers?.stop();
  }
});
