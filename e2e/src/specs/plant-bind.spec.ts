import type { Page } from '@playwright/test';
import { assert, screenshot } from '../browser.js';
import {
  type RunningDataloggers,
  seedUnboundSpare,
  serverFeedsDemoData,
  SPARE_DATALOGGER,
  startSpareDatalogger,
} from '../live-dataloggers.js';
import { expectLastUpdateShown, nextLiveReading } from '../overview-live.js';
import { test } from '../fixtures.js';

/**
 * Records arrive every few seconds and the overview asks for them every 15 s; a fresh embedded
 * server first backfills the demo history (about 25 s) before the spare goes live.
 */
const DATA_TIMEOUT_MS = 90_000;

async function createPlant(page: Page, baseUrl: string, plantName: string): Promise<void> {
  await page.goto(`${baseUrl}/plant-add`);
  await page.getByLabel('Plant name').fill(plantName);
  await page.getByLabel('Installed capacity (kWp)').fill('5');
  await page.getByLabel('Latitude').fill('48.776');
  await page.getByLabel('Longitude').fill('9.183');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(/\/plants\/overview\/\d+$/, { timeout: 20_000 });
}

async function bindSpare(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Bind datalogger' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Datalogger serial number').fill(SPARE_DATALOGGER.sn);
  await dialog.getByLabel('Registration key').fill(SPARE_DATALOGGER.key);
  await screenshot(page, 'plant-bind-dialog');
  await dialog.getByRole('button', { name: 'Bind', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

test('the installer creates a plant, binds a simulated datalogger and sees its data', async ({
  baseUrl,
  signedInPage,
}) => {
  let datalogger: RunningDataloggers | null = null;
  if (!serverFeedsDemoData()) {
    await seedUnboundSpare();
    datalogger = await startSpareDatalogger();
  }
  try {
    const page = await signedInPage('installer@example.com');
    await createPlant(page, baseUrl, `E2E bound plant ${Date.now()}`);
    const lastUpdate = await page.getByTestId('last-update').textContent();
    assert(lastUpdate?.trim().endsWith('-'), 'a new plant shows no reading yet');
    await bindSpare(page);
    const firstReading = nextLiveReading(page, null, DATA_TIMEOUT_MS);
    const inverter = page.locator('.ant-table-row', { hasText: `${SPARE_DATALOGGER.sn}-INV1` });
    await inverter.waitFor({ timeout: DATA_TIMEOUT_MS });
    const first = await firstReading;
    await expectLastUpdateShown(page, await nextLiveReading(page, first, DATA_TIMEOUT_MS));
    await screenshot(page, 'plant-bind-overview');
  } finally {
    await datalogger?.stop();
  }
});
