import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  batchUpgrade,
  batchUpgradeProgress,
  ErrorCode,
  inverterUpgradeProgress,
  upgradeInverter,
} from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  binaryImage,
  firmwareFieldsFor,
  uploadFirmware,
} from '../test/fixtures/firmware.factories.js';
import { buildDatalogger, buildDevice, buildPlant } from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { connectLiveDevices, until } from '../test/live-devices.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * An upgrade end to end: the real app listening on a free port, the broker, the command channel
 * and the simulator's device code downloading from the portal's URL over HTTP.
 */
const externalBroker = process.env.MQTT_URL;
let t: TestApp;
let installer: Awaited<ReturnType<typeof buildCompanyWithStaff>>;
let host: string;
const MODEL = `U${randomUUID().slice(0, 6)}`;
const sn = `UPG${randomUUID().slice(0, 8)}`;
const inverters = { good: `${sn}-INV1`, failing: `${sn}-INV2` };

const waitFor = (check: () => Promise<boolean>) => until(check, 30_000, 200);

const deviceOf = (serial: string) =>
  t.deps.db.selectFrom('devices').selectAll().where('sn', '=', serial).executeTakeFirstOrThrow();

beforeAll(async () => {
  t = await buildTestApp({
    COMMAND_TIMEOUT_MS: '5000',
    ...(externalBroker ? { MQTT_URL: externalBroker } : {}),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const devices = await connectLiveDevices(t, 'upgrades');
  installer = await buildCompanyWithStaff(t.deps);
  const plant = await buildPlant(t.deps, installer.admin.id, { company_id: installer.company.id });
  const key = randomUUID();
  const datalogger = await buildDatalogger(t.deps, { plantId: plant.id, sn, key });
  for (const serial of Object.values(inverters)) {
    await buildDevice(t.deps, datalogger.id, { sn: serial, modelCode: MODEL });
  }
  await devices.simulate(
    [
      {
        name: 'Upgrade plant',
        latitude: 48.1,
        longitude: 11.6,
        timeZone: 'UTC',
        seed: 11,
        datalogger: { sn, key },
        inverters: Object.values(inverters).map((serial) => ({
          sn: serial,
          model: MODEL,
          dcKwp: 10,
          ratedAcKw: 8,
          strings: 2,
        })),
        loadScale: 1,
      },
    ],
    { upgradeFailures: { [inverters.failing]: 'checksum' }, upgradeRebootMs: 100 },
  );
  await waitFor(async () => (await deviceOf(inverters.good)).status === 'normal');
}, 90_000);

describe('remote upgrade of a simulated inverter', () => {
  let firmwareId: number;

  beforeAll(async () => {
    const res = await uploadFirmware(
      t.app,
      installer.adminToken,
      firmwareFieldsFor(MODEL, '2.1.0'),
      {
        bytes: binaryImage(600_000),
        name: 'inv-2.1.0.bin',
      },
    );
    expect(res.code, res.msg).toBe(0);
    firmwareId = res.data.id;
  });

  it('refuses a firmware for another model (4004) and a caller without the permission', async () => {
    const other = await uploadFirmware(
      t.app,
      installer.adminToken,
      firmwareFieldsFor(`X${MODEL}`, '1.0'),
    );
    const mismatch = await callEndpoint(t.app, upgradeInverter, {
      token: installer.adminToken,
      params: { sn: inverters.good },
      body: { firmwareId: other.data.id },
    });
    expect(mismatch.code).toBe(ErrorCode.firmwareMismatch);
    const refused = await callEndpoint(t.app, upgradeInverter, {
      token: installer.staffToken,
      params: { sn: inverters.good },
      body: { firmwareId },
    });
    expect(refused.code).toBe(ErrorCode.noPermission);
  });

  it('upgrades: the device takes the job, downloads, reports 100% and runs the new version', async () => {
    const started = await endpointData(t.app, upgradeInverter, {
      token: installer.adminToken,
      params: { sn: inverters.good },
      body: { firmwareId },
      headers: { host },
    });
    expect(started.jobIds).toHaveLength(1);
    await waitFor(async () => {
      const progress = await endpointData(t.app, inverterUpgradeProgress, {
        token: installer.adminToken,
        params: { sn: inverters.good },
      });
      return progress.status === 'succeeded';
    });
    const progress = await endpointData(t.app, inverterUpgradeProgress, {
      token: installer.adminToken,
      params: { sn: inverters.good },
    });
    expect(progress).toMatchObject({ percent: 100, toVersion: '2.1.0', failureReason: null });
    expect((await deviceOf(inverters.good)).firmware_version).toBe('2.1.0');
    // The device reported `upgrading` until its first reading after the reboot.
    await waitFor(async () => (await deviceOf(inverters.good)).status === 'normal');
    const again = await callEndpoint(t.app, upgradeInverter, {
      token: installer.adminToken,
      params: { sn: inverters.good },
      body: { firmwareId },
      headers: { host },
    });
    expect(again.code).toBe(ErrorCode.firmwareLatest);
  });

  it('reports the checksum failure of a device in a batch and the batch progress', async () => {
    const started = await endpointData(t.app, batchUpgrade, {
      token: installer.adminToken,
      body: { firmwareId, sns: [inverters.failing] },
      headers: { host },
    });
    await waitFor(async () => {
      const batch = await endpointData(t.app, batchUpgradeProgress, {
        token: installer.adminToken,
        params: { batchId: started.batchId },
      });
      return batch.isFinished;
    });
    const batch = await endpointData(t.app, batchUpgradeProgress, {
      token: installer.adminToken,
      params: { batchId: started.batchId },
    });
    expect(batch).toMatchObject({ failed: 1, succeeded: 0 });
    expect(batch.devices[0]!.failureReason).toMatch(/SHA-256/);
    expect((await deviceOf(inverters.failing)).firmware_version).toBeNull();
  });
});
