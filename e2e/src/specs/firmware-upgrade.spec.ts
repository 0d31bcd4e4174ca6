import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import { DEMO_PASSWORD, screenshot, signIn } from '../browser.js';
import {
  INSTALLER_COMMAND_INVERTER,
  type RunningDataloggers,
  seedInstallerCommandPlant,
  serverFeedsDemoData,
  startInstallerDatalogger,
} from '../live-dataloggers.js';
import { test } from '../fixtures.js';

/**
 * The installer uploads a firmware for an inverter's model and upgrades that inverter: the
 * simulated device downloads it from the portal, the progress bar reaches 100% and the
 * maintenance log shows the new version.
 */
const LIVE_TIMEOUT_MS = 120_000;

interface InverterRow {
  sn: string;
  status: string;
  plantName: string | null;
  modelCode: string | null;
}

async function installerToken(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'password',
      username: 'installer@example.com',
      password: DEMO_PASSWORD,
    }),
  });
  return ((await response.json()) as { data: { access_token: string } }).data.access_token;
}

/** Whether the live simulator (not the history backfill) feeds the inverter: a fresh record. */
async function isLive(baseUrl: string, token: string, sn: string): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/v1/equip/${sn}/realtime`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = (await response.json()) as { code: number; data: { ts: string | null } };
  const ts = answer.code === 0 ? answer.data.ts : null;
  return ts !== null && Date.now() - Date.parse(ts) < 30_000;
}

/** An online inverter of the installer with a model code, once the live simulator feeds it. */
async function onlineInverter(baseUrl: string, token: string): Promise<InverterRow> {
  let chosen: InverterRow | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl}/api/v1/inverters?page=1&size=100&status=normal`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const rows = ((await response.json()) as { data: { infos: InverterRow[] } }).data.infos;
        chosen = rows.find(
          (row) =>
            row.plantName !== null &&
            row.modelCode !== null &&
            (serverFeedsDemoData() || row.sn === INSTALLER_COMMAND_INVERTER),
        );
        return chosen !== undefined && (await isLive(baseUrl, token, chosen.sn));
      },
      { timeout: LIVE_TIMEOUT_MS },
    )
    .toBe(true);
  return chosen!;
}

let dataloggers: RunningDataloggers | null = null;

test.afterAll(async () => {
  await dataloggers?.stop();
});

test('the installer uploads a firmware and upgrades one inverter to it', async ({
  newContext,
  baseUrl,
}) => {
  test.setTimeout(LIVE_TIMEOUT_MS * 2);
  if (!serverFeedsDemoData()) {
    await seedInstallerCommandPlant();
    dataloggers = await startInstallerDatalogger();
  }
  const inverter = await onlineInverter(baseUrl, await installerToken(baseUrl));
  const version = `9.${Date.now()}`;
  const page = await (await newContext()).newPage();
  await signIn(page, baseUrl, 'installer@example.com');
  await page.goto(`${baseUrl}/firmware/inv`);

  await page.getByRole('button', { name: 'Upload firmware' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload firmware' });
  await dialog.getByLabel('Firmware ID').fill('FW-E2E');
  await dialog.getByLabel('Brand').fill('Solar');
  await dialog.getByLabel('Product (model)').fill(inverter.modelCode!);
  await dialog.getByLabel('EPN (hardware part number)').fill('EPN-E2E');
  await dialog.getByLabel('Version', { exact: true }).fill(version);
  const image = randomBytes(200_000);
  image[0] = 0;
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'e2e-inv.bin', mimeType: 'application/octet-stream', buffer: image });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: version });
  await row.getByRole('button', { name: 'Upgrade devices' }).click();
  const upgrade = page.getByRole('dialog').filter({ hasText: `Upgrade to ${version}` });
  await upgrade.getByLabel('Device serial numbers').fill(inverter.sn);
  await upgrade.getByRole('button', { name: 'Start upgrade' }).click();
  const deviceRow = upgrade.getByRole('row').filter({ hasText: inverter.sn });
  await expect(deviceRow).toContainText('Succeeded', { timeout: LIVE_TIMEOUT_MS });
  await expect(upgrade.getByLabel('Progress of the batch')).toContainText('100%');
  await screenshot(page, 'firmware-upgraded');
  await upgrade.getByRole('button', { name: 'Close' }).click();

  await page.goto(`${baseUrl}/log/maintenance`);
  const attempt = page.getByRole('row').filter({ hasText: inverter.sn }).first();
  await expect(attempt).toContainText(version);
  await expect(attempt).toContainText('Succeeded');
});
