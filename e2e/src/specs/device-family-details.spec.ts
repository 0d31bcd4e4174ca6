import { expect, type Page } from '@playwright/test';
import { screenshot, signIn } from '../browser.js';
import { test } from '../fixtures.js';
import {
  INSTALLER_FAMILIES_PLANT,
  type RunningDataloggers,
  seedInstallerFamiliesPlant,
  serverFeedsDemoData,
  startInstallerFamiliesDatalogger,
} from '../live-dataloggers.js';

/**
 * The installer opens the lists of weather stations, combiner boxes, heat pumps, storage
 * systems, and from each list a detail page with live values. The devices are the
 * demo ones of "Installer HQ Stuttgart" where the server feeds the demo plants, else those of
 * a plant the spec seeds and feeds with its own simulated datalogger.
 */
const PLANT = serverFeedsDemoData() ? 'Installer HQ Stuttgart' : INSTALLER_FAMILIES_PLANT;
const LIVE_TIMEOUT_MS = 120_000;

/** Each family's list, and a value its detail page shows once the device reported. */
const FAMILIES = [
  { family: 'weather', list: '/device/other?family=weather', value: 'ambient_c', unit: /\d.*°C/ },
  { family: 'box', list: '/device/other?family=box', value: 'i_total_a', unit: /\d.*A/ },
  { family: 'heat-pump', list: '/device/other?family=heat_pump', value: 'p_w', unit: /\d.*W/ },
  { family: 'ess', list: '/device/other?family=ess', value: 'soc_pct', unit: /\d.*%/ },
] as const;

/** The SN in the plant's row of the list (reloaded until the device appears). */
async function serialInList(page: Page, baseUrl: string, list: string): Promise<string> {
  const deadline = Date.now() + LIVE_TIMEOUT_MS;
  for (;;) {
    await page.goto(`${baseUrl}${list}`);
    const row = page.getByRole('row').filter({ hasText: PLANT }).first();
    const shown = await row.waitFor({ timeout: 10_000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      const text = (await row.getByRole('cell').first().textContent()) ?? '';
      return text.trim();
    }
    if (Date.now() > deadline) throw new Error(`no device of ${PLANT} in ${list}`);
    await page.waitForTimeout(3000);
  }
}

test('the installer opens each other family’s list and a detail page with live values', async ({
  newContext,
  baseUrl,
}) => {
  test.setTimeout(FAMILIES.length * LIVE_TIMEOUT_MS);
  let dataloggers: RunningDataloggers | null = null;
  if (!serverFeedsDemoData()) {
    await seedInstallerFamiliesPlant();
    dataloggers = await startInstallerFamiliesDatalogger();
  }
  const page = await (await newContext()).newPage();
  try {
    await signIn(page, baseUrl, 'installer@example.com');
    for (const { family, list, value, unit } of FAMILIES) {
      const sn = await serialInList(page, baseUrl, list);
      await page.goto(`${baseUrl}/device/${family}/${encodeURIComponent(sn)}`);
      await expect(page.locator(`[data-value-key="${value}"]`)).toHaveText(unit, {
        timeout: LIVE_TIMEOUT_MS,
      });
      await screenshot(page, `device-family-${family}-detail`);
    }
  } finally {
    await page.context().close();
    await dataloggers?.stop();
  }
});
