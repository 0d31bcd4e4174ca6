import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD, screenshot } from '../browser.js';
import {
  INSTALLER_COMMAND_INVERTER,
  type RunningDataloggers,
  serverFeedsDemoData,
  startInstallerCommandPlant,
} from '../live-dataloggers.js';
import { test } from '../fixtures.js';
import { accessTokenOf } from '../portal-api.js';

/**
 * Commands reach the device over MQTT and it answers at once (drop rate 0); the realtime card
 * polls every 10 s and the simulator publishes a fresh record right after a switch command.
 * A fresh embedded server first backfills the demo history (about 25 s) before its simulator,
 * which answers the commands, starts.
 */
const LIVE_TIMEOUT_MS = 120_000;
const CHANGE_TIMEOUT_MS = 45_000;
/** Below this an inverter is treated as in the night (dusk included). */
const PRODUCING_W = 100;

const DEVICE_READER = { email: 'device-reader@example.com', role: 'Device reader' } as const;
/** Sees plants and inverters, may neither switch them (`inverter.boot`) nor set them. */
const DEVICE_READER_PERMISSIONS = ['station.view', 'equip.view', 'inverter.view'];
/** Catalogue codes (spec section 8). */
const NO_PERMISSION = 2;
const ACCOUNT_EXISTS = 104;
const ROLE_EXISTS = 801;

interface Answer<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** One API call; `form` bodies are form-encoded, others JSON. */
async function call<T>(
  baseUrl: string,
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body?: { json: unknown } | { form: Record<string, string> },
): Promise<Answer<T>> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  let payload: string | undefined;
  if (body && 'json' in body) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else if (body) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(body.form).toString();
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: payload });
  return (await response.json()) as Answer<T>;
}

interface ChosenInverter {
  sn: string;
  name: string;
  plantName: string;
  isProducing: boolean;
}

interface InverterRow {
  sn: string;
  alias: string | null;
  plantName: string | null;
  powerW: number;
}

/**
 * The installer's inverter to switch: in the demo the one producing most right now (the demo
 * plants lie in four time zones, so usually one is in daylight); otherwise the spec's own.
 */
async function chooseInverter(baseUrl: string, token: string): Promise<ChosenInverter> {
  const list = await call<{ infos: InverterRow[] }>(
    baseUrl,
    token,
    'GET',
    '/api/v1/inverters?page=1&size=100',
  );
  const rows = list.data.infos.filter((row) =>
    serverFeedsDemoData() ? row.plantName !== null : row.sn === INSTALLER_COMMAND_INVERTER,
  );
  const best = rows.reduce<InverterRow | undefined>(
    (top, row) => (top === undefined || row.powerW > top.powerW ? row : top),
    undefined,
  );
  if (!best?.plantName) throw new Error('the installer sees no inverter on a plant');
  return {
    sn: best.sn,
    name: best.alias ?? best.sn,
    plantName: best.plantName,
    isProducing: best.powerW >= PRODUCING_W,
  };
}

interface Realtime {
  ts: string | null;
  values: Record<string, unknown>;
}

/**
 * Waits for the live simulator (not the history backfill) to feed the inverter: two records in
 * a row stamped within the last half minute.
 */
async function waitForLiveRecords(baseUrl: string, token: string, sn: string): Promise<void> {
  const freshTs = async () => {
    const answer = await call<Realtime>(baseUrl, token, 'GET', `/api/v1/equip/${sn}/realtime`);
    const ts = answer.code === 0 ? answer.data.ts : null;
    return ts !== null && Date.now() - Date.parse(ts) < 30_000 ? ts : null;
  };
  let first: string | null = null;
  await expect
    .poll(async () => (first = await freshTs()), { timeout: LIVE_TIMEOUT_MS })
    .not.toBeNull();
  await expect
    .poll(
      async () => {
        const ts = await freshTs();
        return ts !== null && ts !== first;
      },
      { timeout: LIVE_TIMEOUT_MS },
    )
    .toBe(true);
}

/** A company member with a role holding the inverter pages but none of their buttons. */
async function ensureDeviceViewer(baseUrl: string, installerToken: string): Promise<void> {
  const roleCreated = await call(baseUrl, installerToken, 'POST', '/api/v1/company/role', {
    json: {
      name: DEVICE_READER.role,
      remark: 'Sees devices, sends no command',
      permissions: DEVICE_READER_PERMISSIONS,
    },
  });
  // 0, or 801 when a kept database has the role already.
  if (roleCreated.code !== 0 && roleCreated.code !== ROLE_EXISTS) {
    throw new Error(`creating role ${DEVICE_READER.role}: ${roleCreated.code} ${roleCreated.msg}`);
  }
  const roles = await call<{ infos: { id: number; name: string }[] }>(
    baseUrl,
    installerToken,
    'GET',
    '/api/v1/company/roles?page=1&size=20',
  );
  const role = roles.data.infos.find((r) => r.name === DEVICE_READER.role);
  if (!role) throw new Error(`role ${DEVICE_READER.role} missing: ${JSON.stringify(roles)}`);
  const created = await call(baseUrl, installerToken, 'POST', '/api/v1/company/user', {
    form: {
      email: DEVICE_READER.email,
      nickname: 'Device reader',
      password: DEMO_PASSWORD,
      roleId: String(role.id),
    },
  });
  // 0, or 104 when a kept database has the account already.
  if (created.code !== 0 && created.code !== ACCOUNT_EXISTS) {
    throw new Error(`creating ${DEVICE_READER.email}: ${created.code} ${created.msg}`);
  }
}

/** The value beside a label in the realtime card's descriptions. */
function realtimeValue(page: Page, label: string): Locator {
  const card = page.locator('.ant-card', {
    has: page.getByText('Realtime values', { exact: true }),
  });
  return card
    .locator('.ant-descriptions-item-container', {
      has: page.locator('.ant-descriptions-item-label').getByText(label, { exact: true }),
    })
    .locator('.ant-descriptions-item-content');
}

/** "3.2 kW" → 3200; "-" (no reading) → NaN. */
function watts(text: string | null): number {
  const match = /^(-?[\d,.]+)\s*(W|kW|MW)$/.exec((text ?? '').trim());
  if (!match) return Number.NaN;
  const factor = { W: 1, kW: 1000, MW: 1_000_000 }[match[2] as 'W' | 'kW' | 'MW'];
  return Number(match[1]!.replace(/,/g, '')) * factor;
}

async function sendCommand(page: Page, label: string, inverter: ChosenInverter): Promise<void> {
  await page.getByTestId('inverter-controls').getByRole('button', { name: label }).click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog).toContainText(`${label}: ${inverter.name} of plant ${inverter.plantName}?`);
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ mode: 'serial' });

let inverter: ChosenInverter;
let installerToken: string;
let dataloggers: RunningDataloggers | null = null;

test.beforeAll(async () => {
  test.setTimeout(LIVE_TIMEOUT_MS * 2);
  const baseUrl = process.env.E2E_BASE_URL;
  if (!baseUrl) throw new Error('E2E_BASE_URL is not set: run the specs through playwright test');
  dataloggers = await startInstallerCommandPlant();
  installerToken = await accessTokenOf(baseUrl, 'installer@example.com');
  // One simulator feeds every datalogger: once one inverter is live, all are, and their power
  // tells day from night (before, the list holds backfilled history or nothing).
  const anyInverter = serverFeedsDemoData()
    ? (await chooseInverter(baseUrl, installerToken)).sn
    : INSTALLER_COMMAND_INVERTER;
  await waitForLiveRecords(baseUrl, installerToken, anyInverter);
  inverter = await chooseInverter(baseUrl, installerToken);
  await ensureDeviceViewer(baseUrl, installerToken);
});

test.afterAll(async () => {
  await dataloggers?.stop();
});

test('the installer shuts an inverter down from its detail page and boots it again', async ({
  baseUrl,
  signedInPage,
}) => {
  const page = await signedInPage('installer@example.com');
  await page.goto(`${baseUrl}/device/inverter/${inverter.sn}`);
  const power = realtimeValue(page, 'Current power');
  const remoteSwitch = realtimeValue(page, 'Remote switch');
  await expect(remoteSwitch).toHaveText('On', { timeout: CHANGE_TIMEOUT_MS });
  if (inverter.isProducing) {
    await expect.poll(async () => watts(await power.textContent())).toBeGreaterThan(0);
  }

  await sendCommand(page, 'Shut down', inverter);
  const confirmation = page.getByRole('alert').filter({ hasText: 'confirmed the command' });
  await expect(confirmation).toContainText(`${inverter.name} confirmed the command`);
  await expect(confirmation).toContainText('switch: off');
  await expect(remoteSwitch).toHaveText('Off', { timeout: CHANGE_TIMEOUT_MS });
  await expect(power).toHaveText('0.0 kW', { timeout: CHANGE_TIMEOUT_MS });
  // The inverter's own state: standby while shut down (the portal's status stays its health).
  await expect(realtimeValue(page, 'Operating state')).toHaveText('Standby', {
    timeout: CHANGE_TIMEOUT_MS,
  });
  const controls = page.getByTestId('inverter-controls');
  await expect(controls.getByRole('button', { name: 'Shut down' })).toHaveCount(0);
  await screenshot(page, 'inverter-shut-down');

  await sendCommand(page, 'Boot', inverter);
  await expect(confirmation).toContainText('switch: on');
  await expect(remoteSwitch).toHaveText('On', { timeout: CHANGE_TIMEOUT_MS });
  await expect(controls.getByRole('button', { name: 'Shut down' })).toBeVisible();
  if (inverter.isProducing) {
    await expect
      .poll(async () => watts(await power.textContent()), { timeout: CHANGE_TIMEOUT_MS })
      .toBeGreaterThan(0);
  }
  await screenshot(page, 'inverter-booted');
});

test('the installer writes a setting and sees the value the device read back', async ({
  baseUrl,
  signedInPage,
}) => {
  const page = await signedInPage('installer@example.com');
  await page.goto(`${baseUrl}/device/setting?sn=${encodeURIComponent(inverter.sn)}`);
  const limit = page.getByLabel('Active power limit');
  // The form starts from the values read from the device.
  await expect(limit).not.toHaveValue('', { timeout: CHANGE_TIMEOUT_MS });
  // Shown with the map's step ("100.0"); a value other than the current one, so it is sent.
  const wanted = Number(await limit.inputValue()) === 70 ? 60 : 70;
  await limit.fill(String(wanted));
  await page.getByRole('button', { name: 'Write to device' }).click();

  await expect(page.getByText('Written and read back')).toBeVisible({
    timeout: CHANGE_TIMEOUT_MS,
  });
  const row = page.getByRole('row').filter({ hasText: 'Active power limit' });
  await expect(row.getByRole('cell')).toHaveText([
    'Active power limit',
    `${wanted} %`,
    `${wanted} % Confirmed`,
  ]);
  await screenshot(page, 'inverter-setting-read-back');

  // Read from the device again: the form shows the written value.
  await page.reload();
  await expect
    .poll(async () => Number(await page.getByLabel('Active power limit').inputValue()), {
      timeout: CHANGE_TIMEOUT_MS,
    })
    .toBe(wanted);
});

test('a member without the inverter buttons sees no control and the server refuses commands', async ({
  baseUrl,
  signedInPage,
}) => {
  const page = await signedInPage(DEVICE_READER.email);
  await page.goto(`${baseUrl}/device/inverter/${inverter.sn}`);
  // The page itself is readable: header and realtime values.
  await expect(page.getByText(inverter.plantName, { exact: true }).first()).toBeVisible({
    timeout: CHANGE_TIMEOUT_MS,
  });
  await expect(realtimeValue(page, 'Remote switch')).toHaveText('On', {
    timeout: CHANGE_TIMEOUT_MS,
  });
  const controls = page.getByTestId('inverter-controls');
  await expect(controls).toBeAttached();
  await expect(controls.getByRole('button')).toHaveCount(0);
  await expect(controls.getByRole('link')).toHaveCount(0);
  await screenshot(page, 'inverter-detail-viewer');

  const token = await accessTokenOf(baseUrl, DEVICE_READER.email);
  const shutdown = await call(baseUrl, token, 'POST', `/api/v1/inverter/${inverter.sn}/shutdown`);
  expect(shutdown.code).toBe(NO_PERMISSION);
  const write = await call(baseUrl, token, 'POST', `/api/v1/inverter/${inverter.sn}/settings`, {
    json: { values: { activePowerLimitPct: 50 } },
  });
  expect(write.code).toBe(NO_PERMISSION);
  // Nothing was switched: the installer still sees it running.
  const realtime = await call<Realtime>(
    baseUrl,
    installerToken,
    'GET',
    `/api/v1/equip/${inverter.sn}/realtime`,
  );
  expect(realtime.data.values.switch).not.toBe('off');
});
