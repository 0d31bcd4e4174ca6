import { assert, screenshot } from '../browser.js';
import { startOwnerLivePlant } from '../live-dataloggers.js';
import { expectLastUpdateShown, nextLiveReading } from '../overview-live.js';
import { test } from '../fixtures.js';

/**
 * Records arrive every few seconds (SIMULATOR_INTERVAL_SECONDS) and the overview asks for them
 * every 15 s; a fresh embedded server first backfills the demo history (about 25 s) before its
 * live simulation starts.
 */
const CHANGE_TIMEOUT_MS = 90_000;

test('the owner opens a plant overview and sees live data change', async ({
  baseUrl,
  signedInPage,
}) => {
  const { name: plantName, dataloggers } = await startOwnerLivePlant();
  try {
    const page = await signedInPage('owner@example.com');
    await page.goto(`${baseUrl}/plants`);
    const firstReading = nextLiveReading(page, null, CHANGE_TIMEOUT_MS);
    // The table's link or the card (whichever view the list opens in) leads to the overview.
    await page.getByText(plantName, { exact: true }).first().click();
    await page.waitForURL(/\/plants\/overview\/\d+$/);
    await page.getByTestId('key-figures').waitFor();
    const first = await firstReading;
    const second = await nextLiveReading(page, first, CHANGE_TIMEOUT_MS);
    await expectLastUpdateShown(page, second);
    await screenshot(page, 'plant-live-overview');
    assert(
      Date.parse(second.lastUpdate) > Date.parse(first.lastUpdate),
      `last update went from "${first.lastUpdate}" to "${second.lastUpdate}", not forward`,
    );
  } finally {
    await dataloggers?.stop();
  }
});
