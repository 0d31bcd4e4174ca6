import { expect } from '@playwright/test';
import { screenshot } from '../browser.js';
import { type SpecContext, test } from '../fixtures.js';
import { accessTokenOf } from '../portal-api.js';
import {
  INSTALLER_SWITCH,
  type RunningDataloggers,
  seedInstallerSwitchPlant,
  serverFeedsDemoData,
  startInstallerSwitchDatalogger,
} from '../live-dataloggers.js';

/**
 * The installer adds a repeating task to a switch due within two minutes, and sees it run: the
 * task's last result turns Done and the switch reports Off. The switch is the demo one (plant
 * "Installer HQ Stuttgart") where the server feeds the demo plants, else one of the installer's
 * plants the spec seeds and feeds with its own simulated datalogger; both plants are in
 * Europe/Berlin. The dispatcher runs at each minute; the simulator answers at once.
 */
const SWITCH_SN = serverFeedsDemoData() ? 'DEMOSWI0003' : INSTALLER_SWITCH;
const PLANT_TIME_ZONE = 'Europe/Berlin';
const RUN_TIMEOUT_MS = 180_000;

interface Answer<T = unknown> {
  code: number;
  data: T;
}

async function api<T>(baseUrl: string, token: string, method: string, path: string) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
  });
  return (await response.json()) as Answer<T>;
}

interface SwitchReading {
  status: string;
  ts: string | null;
  values: { state?: string };
}

/**
 * Waits for a report of the switch received now (a database kept from an earlier run holds its
 * last state, while its datalogger may still be connecting), then makes sure it is on.
 */
async function switchOnWhenReported(baseUrl: string, token: string): Promise<void> {
  const since = Date.now();
  const realtime = `/api/v1/equip/${SWITCH_SN}/realtime`;
  const reportedNow = (reading: SwitchReading | undefined) =>
    Boolean(reading?.values?.state) &&
    reading?.status !== 'offline' &&
    (serverFeedsDemoData() || Date.parse(reading?.ts ?? '') >= since - 1_000);
  await expect
    .poll(
      async () => reportedNow((await api<SwitchReading>(baseUrl, token, 'GET', realtime)).data),
      {
        timeout: 120_000,
      },
    )
    .toBe(true);
  const current = await api<SwitchReading>(baseUrl, token, 'GET', realtime);
  if (current.data.values.state === 'on') return;
  // The datalogger's connection may be recorded a moment after its first report.
  await expect
    .poll(async () => (await api(baseUrl, token, 'POST', `/api/v1/switch/${SWITCH_SN}/on`)).code, {
      timeout: 30_000,
    })
    .not.toBe(602);
  await expect
    .poll(async () => (await api<SwitchReading>(baseUrl, token, 'GET', realtime)).data.values.state)
    .toBe('on');
}

/** The plant's wall clock `minutes` from now, as the task dialog takes it (`HH:mm`). */
function plantTimeIn(minutes: number): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone: PLANT_TIME_ZONE,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + minutes * 60_000));
}

test('the installer creates a repeating switch task and sees it switch the device off', async ({
  baseUrl,
  signedInPage,
}) => {
  test.setTimeout(RUN_TIMEOUT_MS + 120_000);
  let dataloggers: RunningDataloggers | null = null;
  if (!serverFeedsDemoData()) {
    await seedInstallerSwitchPlant();
    dataloggers = await startInstallerSwitchDatalogger();
  }
  try {
    await runTaskOnSwitch(baseUrl, signedInPage);
  } finally {
    await dataloggers?.stop();
  }
});

async function runTaskOnSwitch(
  baseUrl: string,
  signedInPage: SpecContext['signedInPage'],
): Promise<void> {
  const token = await accessTokenOf(baseUrl, 'installer@example.com');
  await switchOnWhenReported(baseUrl, token);

  const page = await signedInPage('installer@example.com');
  await page.goto(`${baseUrl}/device/switch/${SWITCH_SN}/control`);
  const state = page.locator('.ant-descriptions');
  await expect(state.getByText('On', { exact: true })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Add task' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Off').check();
  // Seconds before a minute's end leave the dispatcher no time: take the minute after.
  const runsAt = plantTimeIn(new Date().getSeconds() > 45 ? 2 : 1);
  const time = dialog.getByLabel('Time');
  await time.click();
  await time.fill(runsAt);
  await time.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // The time typed, not the clock read again: the minute may have turned since.
  const row = page.getByRole('row').filter({ hasText: runsAt });
  await expect(row).toContainText(PLANT_TIME_ZONE);
  await expect(row.getByText('Done')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
  await expect(state.getByText('Off', { exact: true })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'switch-task-ran');
}
