import { expect, type Page } from '@playwright/test';
import { screenshot } from '../browser.js';
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
 * systems and EPMs, and from each list a detail page with live values. The devices are the
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
  { family: 'epm', list: '/device/epm', value: 'p_grid_w', unit: /\d.*W/ },
] as const;

/** Opens the detail page from the link in the plant's row of the list (reloaded until shown). */
async function openDetailFromList(page: Page, baseUrl: string, list: string, family: string) {
  const deadline = Date.now() + LIVE_TIMEOUT_MS;
  for (;;) {
    await page.goto(`${baseUrl}${list}`);
    const row = page.getByRole('row').filter({ hasText: PLANT }).first();
    const link = row.locator(`a[href^="/device/${family}/"]`).first();
    const shown = await link.waitFor({ timeout: 20_000 }).then(
      () => true,
      () => false,
    );
    if (shown) {
      await link.click();
      await expect(page).toHaveURL(new RegExp(`/device/${family}/[^/?]+$`));
      return;
    }
    if (Date.now() > deadline) throw new Error(`no device of ${PLANT} in ${list}`);
  }
}

/** Watts of a shown power ("4.79 kW", "-350 W"; English separators). */
function wattsOf(text: string): number {
  const match = /^(-?[\d,]+(?:\.\d+)?) (W|kW|MW)$/.exec(text.trim());
  if (!match) throw new Error(`not a power: ${text}`);
  const scale = { W: 1, kW: 1e3, MW: 1e6 }[match[2] as 'W' | 'kW' | 'MW'];
  return Number(match[1]!.replaceAll(',', '')) * scale;
}

/**
 * The EPM's live grid power and export limit: a power with its unit that a house with a
 * plant of a few tens of kW can draw or feed in, against a limit no higher than the inverters'
 * rating (the demo's 29.5 kW, the spec plant's 8.7 kW).
 */
async function expectPlausibleGridPower(page: Page) {
  const grid = wattsOf(await page.locator('[data-value-key="p_grid_w"]').innerText());
  const limit = wattsOf(await page.locator('[data-value-key="export_limit_w"]').innerText());
  expect(Math.abs(grid)).toBeLessThan(60_000);
  expect(limit).toBeGreaterThan(0);
  expect(limit).toBeLessThanOrEqual(30_000);
  expect(-grid).toBeLessThanOrEqual(limit);
}

test('the installer opens each other family’s list and a detail page with live values', async ({
  baseUrl,
  signedInPage,
}) => {
  test.setTimeout(FAMILIES.length * LIVE_TIMEOUT_MS);
  let dataloggers: RunningDataloggers | null = null;
  if (!serverFeedsDemoData()) {
    await seedInstallerFamiliesPlant();
    dataloggers = await startInstallerFamiliesDatalogger();
  }
  try {
    const page = await signedInPage('installer@example.com');
    for (const { family, list, value, unit } of FAMILIES) {
      await openDetailFromList(page, baseUrl, list, family);
      await expect(page.locator(`[data-value-key="${value}"]`)).toHaveText(unit, {
        timeout: LIVE_TIMEOUT_MS,
      });
      if (family === 'epm') await expectPlausibleGridPower(page);
      await screenshot(page, `device-family-${family}-detail`);
    }
  } finally {
    await dataloggers?.stop();
  }
});
