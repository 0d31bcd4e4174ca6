import { randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { bootInverter, equipmentRealtime, ErrorCode, shutdownInverter } from '@solar/contract';
// Declares the app's command channel (a Fastify decoration) for this file's type check.
import type {} from '@solar/server/src/commands/commands.routes.js';
import { startTelemetry, type Telemetry } from '@solar/server/src/ingestion/telemetry-runtime.js';
import { callEndpoint } from '@solar/server/src/test/call-endpoint.js';
import { buildCompanyWithStaff, tokenFor } from '@solar/server/src/test/factories.js';
import { buildDatalogger, buildPlant } from '@solar/server/src/test/fixtures/plants.factories.js';
import { buildTestApp, type TestApp } from '@solar/server/src/test/test-app.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EdgeAgent, statusFileOf } from './agent.js';
import { parseConfig } from './config.js';
import { BATTERY, GRID_METER, THREE_PHASE_INVERTER } from './test/demo-devices.js';
// A port just freed is one where nothing listens: the portal is down.
import { freePort, type ServedUnit, SunSpecDeviceServer } from './test/sunspec-device-server.js';

/**
 * The agent between devices served by pymodbus and the real portal (app, database, broker:
 * embedded, or MQTT_URL's): what the devices hold is what the portal shows, and the portal's
 * commands change what the devices hold.
 */
const externalBroker = process.env.MQTT_URL;
const CONN_ADDRESS = 40_002 + 68 + 52 + 50 + 5 + 4;
const quietLog = { info: () => undefined, warn: () => undefined };
const REPOSITORY = path.resolve(import.meta.dirname, '../..');
const CLI = path.join(REPOSITORY, 'edge/src/cli.ts');

let t: TestApp;
let telemetry: Telemetry;
let devices: SunSpecDeviceServer;
/** A second inverter on a bus of its own, stopped by the test of a dead device. */
let secondDevice: SunSpecDeviceServer;
let agent: EdgeAgent;
let bufferDir: string;
let token: string;
let plantId: number;

async function until<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`not reached in time: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const SECOND_SN = 'INV-SUNSPEC-2';

/** The same device under another model-1 serial number. */
function withSerial(unit: ServedUnit, sn: string): ServedUnit {
  return {
    ...unit,
    models: unit.models.map((model) =>
      model.id === 1 ? { ...model, values: { ...model.values, SN: sn } } : model,
    ),
  };
}

/** When the portal last stored a reading of the device, by its timestamp. */
async function lastSeenMs(sn: string): Promise<number> {
  const device = await t.deps.db
    .selectFrom('devices')
    .select('last_seen_at')
    .where('sn', '=', sn)
    .executeTakeFirst();
  return device?.last_seen_at?.getTime() ?? 0;
}

const realtime = (sn: string) => callEndpoint(t.app, equipmentRealtime, { params: { sn }, token });

beforeAll(async () => {
  t = await buildTestApp({
    COMMAND_TIMEOUT_MS: '8000',
    ...(externalBroker ? { MQTT_URL: externalBroker } : {}),
  });
  const suffix = randomUUID().slice(0, 8);
  telemetry = await startTelemetry(t.deps, {
    mqttPort: 0,
    clientId: `test-edge-${suffix}`,
    shareGroup: `edge${suffix}`,
    sessionExpirySeconds: 120,
  });
  await t.app.commandChannel.start({
    brokerUrl: telemetry.brokerUrl,
    isExternal: telemetry.isExternalBroker,
    ...(telemetry.broker ? telemetry.broker.internal : {}),
  });
  const { company, admin } = await buildCompanyWithStaff(t.deps);
  const plant = await buildPlant(t.deps, admin.id, { company_id: company.id });
  const sn = `EDGE${suffix}`;
  plantId = plant.id;
  await buildDatalogger(t.deps, { plantId: plant.id, sn, key: 'EDGEKEY1' });
  token = await tokenFor(t.deps, admin.id);

  devices = await SunSpecDeviceServer.start({ 1: THREE_PHASE_INVERTER, 2: GRID_METER, 3: BATTERY });
  secondDevice = await SunSpecDeviceServer.start({
    1: withSerial(THREE_PHASE_INVERTER, SECOND_SN),
  });
  bufferDir = await mkdtemp(path.join(os.tmpdir(), 'edge-buffer-'));
  const config = parseConfig(
    JSON.stringify({
      portal: { url: telemetry.brokerUrl, sn, key: 'EDGEKEY1' },
      intervalSeconds: 2,
      bufferDir,
      devices: [
        { modbus: devices.url, unitIds: [1, 2, 3], timeoutMs: 500 },
        { modbus: secondDevice.url, unitIds: [1], timeoutMs: 500 },
      ],
    }),
  );
  agent = new EdgeAgent(config, quietLog);
  await agent.start();
}, 60_000);

afterAll(async () => {
  await agent?.stop();
  await devices?.stop();
  await secondDevice?.stop();
  await t.app.commandChannel.stop();
  await telemetry?.stop();
  await rm(bufferDir, { recursive: true, force: true });
});

/** The readings waiting in a buffer (none while the agent has not made its folder yet). */
const pendingIn = async (dir: string) =>
  (await readdir(path.join(dir, 'pending')).catch(() => [])).filter((name) =>
    name.endsWith('.json'),
  );

describe('the edge agent reporting to the portal', () => {
  it('shows each SunSpec device under its serial number with the served values', async () => {
    const inverter = await until(
      () => realtime('INV-SUNSPEC-1'),
      (res) => res.code === 0,
    );
    expect(inverter.data).toMatchObject({
      kind: 'inverter',
      values: { pac_w: 4210, e_total_kwh: 10532.7, freq_hz: 50.01, pf: 0.998, temp_c: 41.5 },
    });
    const declared = await t.deps.db
      .selectFrom('devices')
      .select('sunspec_models')
      .where('sn', '=', 'INV-SUNSPEC-1')
      .executeTakeFirstOrThrow();
    expect(declared.sunspec_models).toEqual(expect.arrayContaining([1, 103, 160, 123]));
    expect((await realtime('MET-SUNSPEC-1')).data).toMatchObject({
      kind: 'meter',
      values: { import_kwh_total: 2311.2, export_kwh_total: 4102.9, p_grid_w: 950 },
    });
    expect((await realtime('BAT-SUNSPEC-1')).data).toMatchObject({
      kind: 'battery',
      values: { soc_pct: 63.5, p_bat_w: -460 },
    });
  });

  it('shuts the inverter down and boots it through model 123, confirmed by the device', async () => {
    await until(
      () => realtime('INV-SUNSPEC-1'),
      (res) => res.data?.status === 'normal',
    );
    const shutdown = await callEndpoint(t.app, shutdownInverter, {
      params: { sn: 'INV-SUNSPEC-1' },
      token,
    });
    expect(shutdown.code).toBe(ErrorCode.ok);
    expect(await devices.registers(1, CONN_ADDRESS, 1)).toEqual([0]);
    await until(
      () => realtime('INV-SUNSPEC-1'),
      (res) => res.data?.values.switch === 'off',
    );
    const boot = await callEndpoint(t.app, bootInverter, {
      params: { sn: 'INV-SUNSPEC-1' },
      token,
    });
    expect(boot.code).toBe(ErrorCode.ok);
    expect(await devices.registers(1, CONN_ADDRESS, 1)).toEqual([1]);
  });
});

describe('a device that stops answering', () => {
  it('goes silent in the portal while the others keep reporting', async () => {
    await until(
      () => lastSeenMs(SECOND_SN),
      (seen) => seen > 0,
    );
    await secondDevice.stop();
    const stoppedAt = Date.now();
    await until(
      () => lastSeenMs('INV-SUNSPEC-1'),
      (seen) => seen > stoppedAt + 1000,
    );
    const silentSince = await lastSeenMs(SECOND_SN);
    const living = await lastSeenMs('INV-SUNSPEC-1');
    await until(
      () => lastSeenMs('INV-SUNSPEC-1'),
      (seen) => seen > living,
    );
    expect(await lastSeenMs(SECOND_SN)).toBe(silentSince);
    const status = JSON.parse(await readFile(statusFileOf(bufferDir), 'utf8')) as {
      devices: { sn: string | null; answering: boolean }[];
    };
    expect(status.devices.filter((device) => !device.answering)).toEqual([
      expect.objectContaining({ sn: SECOND_SN }),
    ]);
  });
});

describe('the edge agent killed during a portal outage', () => {
  it('keeps every reading on disk and the portal stores each once', async () => {
    const suffix = randomUUID().slice(0, 8);
    const sn = `EDGE${suffix}`;
    await buildDatalogger(t.deps, { plantId, sn, key: 'EDGEKEY2' });
    const inverterSn = `INV-${suffix}`;
    const inverter = {
      models: THREE_PHASE_INVERTER.models.map((model) =>
        model.id === 1 ? { ...model, values: { ...model.values, SN: inverterSn } } : model,
      ),
    };
    const served = await SunSpecDeviceServer.start({ 1: inverter });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'edge-outage-'));
    const configFor = (url: string) => ({
      portal: { url, sn, key: 'EDGEKEY2' },
      intervalSeconds: 1,
      bufferDir: path.join(dir, 'buffer'),
      devices: [{ modbus: served.url, unitIds: [1], timeoutMs: 500 }],
    });
    try {
      // The agent as it runs on a device, its portal unreachable, killed without warning.
      const configFile = path.join(dir, 'agent.json');
      await writeFile(
        configFile,
        JSON.stringify(configFor(`mqtt://127.0.0.1:${await freePort()}`)),
      );
      const agentProcess = spawn(
        process.execPath,
        ['--import', 'tsx', CLI, '--config', configFile],
        {
          cwd: REPOSITORY,
          stdio: 'ignore',
        },
      );
      const exited = new Promise((resolve) => agentProcess.once('exit', resolve));
      await until(
        () => pendingIn(path.join(dir, 'buffer')),
        (names) => names.length >= 3,
      );
      agentProcess.kill('SIGKILL');
      await exited;
      const backlog = (await pendingIn(path.join(dir, 'buffer'))).map((name) =>
        name.slice(0, -'.json'.length),
      );

      const online = new EdgeAgent(
        parseConfig(JSON.stringify(configFor(telemetry.brokerUrl))),
        quietLog,
      );
      await online.start();
      await until(
        () => pendingIn(path.join(dir, 'buffer')),
        (names) => names.length === 0,
      );
      await online.stop();
      const stored = await t.deps.db
        .selectFrom('samples')
        .innerJoin('devices', 'devices.id', 'samples.device_id')
        .select('samples.ts')
        .where('devices.sn', '=', inverterSn)
        .execute();
      const storedTimes = stored.map((row) => new Date(row.ts).toISOString());
      expect(new Set(storedTimes).size).toBe(storedTimes.length);
      expect(backlog.length).toBeGreaterThanOrEqual(3);
      for (const ts of backlog) expect(storedTimes).toContain(ts);
    } finally {
      await served.stop();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
