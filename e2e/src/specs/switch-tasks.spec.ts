import { type BrowserContext, expect } from '@playwright/test';
import { DEMO_PASSWORD, screenshot, signIn } from '../browser.js';
import { test } from '../fixtures.js';
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
  return ((await response.json()) as Answer<{ access_token: string }>).data.access_token;
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
  newContext,
  baseUrl,
}) => {
  test.setTimeout(RUN_TIMEOUT_MS + 120_000);
  let dataloggers: RunningDataloggers | null = null;
  if (!serverFeedsDemoData()) {
    await seedInstallerSwitchPlant();
    dataloggers = await startInstallerSwitchDatalogger();
  }
  try {
    await runTaskOnSwitch(baseUrl, await newContext());
  } finally {
    await dataloggers?.stop();
  }
});

async function runTaskOnSwitch(baseUrl: string, context: BrowserContext): Promise<void> {
  const token = await installerToken(baseUrl);
  const realtime = `/api/v1/equip/${SWITCH_SN}/realtime`;
  await expect
    .poll(
      async () =>
        (await api<{ values: { state?: string } }>(baseUrl, token, 'GET', realtime)).data?.values
          ?.state,
      {
        timeout: 120_000,
      },
    )
    .toBeTruthy();
  const current = await api<{ values: { state?: string } }>(baseUrl, token, 'GET', realtime);
  if (current.data.values.state !== 'on') {
    expect((await api(baseUrl, token, 'POST', `/api/v1/switch/${SWITCH_SN}/on`)).code).toBe(0);
  }

  const page = await context.newPage();
  await signIn(page, baseUrl, 'installer@example.com');
  await page.goto(`${baseUrl}/device/switch/${SWITCH_SN}/control`);
  const state = page.locator('.ant-descriptions');
  await expect(state.getByText('On', { exact: true })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('button', { name: 'Add task' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Off').check();
  // Seconds before a minute's end leave the dispatcher no time: take the minute after.
  const lead = new Date().getSeconds() > 45 ? 2 : 1;
  const time = dialog.getByLabel('Time');
  await time.click();
  await time.fill(plantTimeIn(lead));
  await time.press('Enter');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  const row = page.getByRole('row').filter({ hasText: plantTimeIn(lead) });
  await expect(row).toContainText(PLANT_TIME_ZONE);
  await expect(row.getByText('Done')).toBeVisible({ timeout: RUN_TIMEOUT_MS });
  await expect(state.getByText('Off', { exact: true })).toBeVisible({ timeout: 30_000 });
  await screenshot(page, 'switch-task-ran');
  await context.close();
}
