import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded-postgres.js';
import { startTelemetry, type Telemetry } from '../ingestion/telemetry-runtime.js';
import {
  buildPlantWithDatalogger,
  inverterRecord,
  type PlantWithDatalogger,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import {
  installShippedConfig,
  type MosquittoProcess,
  startMosquitto,
} from '../test/fixtures/mosquitto.fixtures.js';
import { buildDatalogger } from '../test/fixtures/plants.factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { DATALOGGER_TEXTNAME, dataloggerRoleName } from './broker-account.js';
import { BrokerAccounts } from './broker-accounts.js';
import { DynsecControl } from './dynsec-control.js';

const ADMIN_PASSWORD = 'test-dynsec-admin-password';
const PORTAL_USER = 'portal-ingest';
const PORTAL_PASSWORD = 'test-portal-password';
const CHANGE_WITHIN_MS = 10_000;

let dir: string;
let ports: { devices: number; portal: number };
let mosquitto: MosquittoProcess;
let t: TestApp;
let telemetry: Telemetry;
const clients: MqttClient[] = [];

/** What the broker held before the portal started, out of step with the database. */
const drift = {
  stale: { username: uniqueSerial('DS'), password: 'stale-password' },
  /** Not one of the portal's accounts: reconciliation leaves it alone. */
  tool: { username: `operator-tool-${randomUUID().slice(0, 8)}`, password: 'tool-password' },
  /** An operator's account whose name is a valid SN: a datalogger of that SN must not take it. */
  lookalike: { username: `OPS${randomUUID().slice(0, 8)}`, password: 'lookalike-password' },
  oldKey: 'the-key-before-the-change',
};
let changedKey: PlantWithDatalogger;
let missing: PlantWithDatalogger;

/** The shipped dynsec configuration, and the plugin's file made as the docs say. */
async function installBroker(): Promise<string> {
  await mkdir(path.join(dir, 'data'), { recursive: true });
  const dynsecFile = path.join(dir, 'data', 'dynamic-security.json');
  await promisify(execFile)('mosquitto_ctrl', [
    'dynsec',
    'init',
    dynsecFile,
    'admin',
    ADMIN_PASSWORD,
  ]);
  // Started as root, mosquitto drops to its own user, which must read and write here.
  await chmod(dir, 0o755);
  await chmod(path.join(dir, 'data'), 0o777);
  await chmod(dynsecFile, 0o666);
  return installShippedConfig('mosquitto-dynsec.conf', dir, ports);
}

const portalAddress = () => `127.0.0.1:${ports.portal}`;

/** Accounts the database does not know, and one whose key is outdated, written by hand. */
async function driftTheBroker(): Promise<void> {
  const control = await DynsecControl.connect(
    `mqtt://admin:${ADMIN_PASSWORD}@${portalAddress()}`,
    pino({ level: 'silent' }),
  );
  const { stale, tool, lookalike } = drift;
  const outdated = changedKey.datalogger.sn;
  await control.run([
    { command: 'createRole', rolename: dataloggerRoleName(stale.username) },
    { command: 'createRole', rolename: dataloggerRoleName(outdated) },
    {
      command: 'createClient',
      ...stale,
      textname: DATALOGGER_TEXTNAME,
      roles: [{ rolename: dataloggerRoleName(stale.username) }],
    },
    { command: 'createClient', ...tool },
    { command: 'createClient', ...lookalike },
    {
      command: 'createClient',
      username: outdated,
      password: drift.oldKey,
      clientid: outdated,
      textname: DATALOGGER_TEXTNAME,
      textdescription: 'key of an older registration key',
      roles: [{ rolename: dataloggerRoleName(outdated) }],
    },
  ]);
  await control.close();
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'portal-dynsec-'));
  ports = { devices: await freePort(), portal: await freePort() };
  mosquitto = await startMosquitto(await installBroker());
  t = await buildTestApp(
    {
      MQTT_URL: `mqtt://${PORTAL_USER}:${PORTAL_PASSWORD}@${portalAddress()}`,
      MQTT_DYNSEC_URL: `mqtt://admin:${ADMIN_PASSWORD}@${portalAddress()}`,
    },
    { database: 'own' },
  );
  changedKey = await buildPlantWithDatalogger(t.deps);
  missing = await buildPlantWithDatalogger(t.deps);
  await driftTheBroker();
  const suffix = randomUUID().slice(0, 8);
  telemetry = await startTelemetry(t.deps, {
    clientId: `test-dynsec-${suffix}`,
    shareGroup: `dynsec${suffix}`,
    sessionExpirySeconds: 60,
    // One connection: a datalogger's messages reach the pipeline in the order it sent them.
    connections: 1,
  });
}, 60_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync(true)));
  await telemetry?.stop();
  await mosquitto?.stop();
  await rm(dir, { recursive: true, force: true });
});

function connect(options: IClientOptions): Promise<MqttClient> {
  return mqtt
    .connectAsync(`mqtt://127.0.0.1:${ports.devices}`, {
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...options,
    })
    .then((client) => {
      clients.push(client);
      return client;
    });
}

function connectAs(plant: PlantWithDatalogger, key = plant.datalogger.registrationKey) {
  const { sn } = plant.datalogger;
  return connect({ clientId: sn, username: sn, password: key });
}

/** Whether the broker accepts these credentials now (the connection is closed again). */
async function isAccepted(options: IClientOptions): Promise<boolean> {
  try {
    const client = await connect(options);
    await client.endAsync(true);
    return true;
  } catch {
    return false;
  }
}

const credentialsOf = (plant: PlantWithDatalogger, key = plant.datalogger.registrationKey) => ({
  clientId: plant.datalogger.sn,
  username: plant.datalogger.sn,
  password: key,
});

async function isStored(inverterSn: string): Promise<boolean> {
  const row = await t.deps.db
    .selectFrom('devices')
    .select('id')
    .where('sn', '=', inverterSn)
    .executeTakeFirst();
  return row !== undefined;
}

/** A record of a new inverter, without `key`: the broker has checked the datalogger. */
function recordOfNewInverter(): { inverterSn: string; payload: string } {
  const inverterSn = uniqueSerial('INV');
  const record = inverterRecord(new Date().toISOString(), inverterSn, { pac_w: 1200 });
  return { inverterSn, payload: JSON.stringify(record) };
}

describe('per-datalogger accounts in Mosquitto dynamic security', () => {
  it('start-up reconciliation fixed the drifted broker: outdated key, missing and stale accounts', async () => {
    expect(await isAccepted(credentialsOf(changedKey))).toBe(true);
    expect(await isAccepted(credentialsOf(changedKey, drift.oldKey))).toBe(false);
    expect(await isAccepted(credentialsOf(missing))).toBe(true);
    const { stale, tool } = drift;
    expect(await isAccepted({ clientId: stale.username, ...stale })).toBe(false);
    expect(await isAccepted({ clientId: tool.username, ...tool })).toBe(true);
  });

  it('leaves live connections alone when another process reconciles an unchanged broker', async () => {
    const live = await connectAs(missing);
    const dropped = new Promise<boolean>((resolve) => live.once('close', () => resolve(true)));
    const secondProcess = await BrokerAccounts.start(t.deps, {
      adminUrl: `mqtt://admin:${ADMIN_PASSWORD}@${portalAddress()}`,
      portalUrl: `mqtt://${PORTAL_USER}:${PORTAL_PASSWORD}@${portalAddress()}`,
    });
    await secondProcess.stop();
    // The plugin disconnects a client it changes; a round trip after the change would show it.
    const published = live
      .publishAsync(`dl/${missing.datalogger.sn}/status`, 'online', { qos: 1 })
      .then(() => false);
    expect(await Promise.race([published, dropped])).toBe(false);
  });

  it('lets a datalogger with its key publish without `key` in the payload, and stores it', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    await expect
      .poll(() => isAccepted(credentialsOf(plant)), { timeout: CHANGE_WITHIN_MS })
      .toBe(true);
    const datalogger = await connectAs(plant);
    const { inverterSn, payload } = recordOfNewInverter();
    await datalogger.publishAsync(`dl/${plant.datalogger.sn}/data`, payload, { qos: 1 });
    await expect.poll(() => isStored(inverterSn), { timeout: CHANGE_WITHIN_MS }).toBe(true);
  });

  it('refuses a wrong key, a foreign client id and a connection without credentials', async () => {
    const { sn } = missing.datalogger;
    await expect(connectAs(missing, 'a-wrong-key')).rejects.toThrow(/Not authorized/);
    const foreignId = { ...credentialsOf(missing), clientId: changedKey.datalogger.sn };
    await expect(connect(foreignId)).rejects.toThrow(/Not authorized/);
    await expect(connect({ clientId: sn })).rejects.toThrow(/Not authorized/);
    await expect(connect({ clientId: uniqueSerial('ANON') })).rejects.toThrow(/Not authorized/);
  });

  it('does not deliver what a datalogger publishes on another datalogger’s topic', async () => {
    // Mosquitto may close a connection after a denied publish: the spoof gets its own.
    const spoofer = await connectAs(missing);
    const spoofed = recordOfNewInverter();
    spoofer.publish(`dl/${changedKey.datalogger.sn}/data`, spoofed.payload, { qos: 0 });
    await spoofer.endAsync();
    const datalogger = await connectAs(missing);
    const own = recordOfNewInverter();
    await datalogger.publishAsync(`dl/${missing.datalogger.sn}/data`, own.payload, { qos: 1 });
    // Mosquitto handles messages in order: once the own one is stored, the spoof is not coming.
    await expect.poll(() => isStored(own.inverterSn), { timeout: CHANGE_WITHIN_MS }).toBe(true);
    expect(await isStored(spoofed.inverterSn)).toBe(false);
  });

  it('drops a deleted datalogger’s connection and refuses it within seconds', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    await expect
      .poll(() => isAccepted(credentialsOf(plant)), { timeout: CHANGE_WITHIN_MS })
      .toBe(true);
    const live = await connectAs(plant);
    await t.deps.db.deleteFrom('dataloggers').where('id', '=', plant.datalogger.id).execute();
    await expect.poll(() => live.connected, { timeout: CHANGE_WITHIN_MS }).toBe(false);
    expect(await isAccepted(credentialsOf(plant))).toBe(false);
  });

  it("never takes over a client of someone else's that holds a datalogger's SN", async () => {
    const { lookalike } = drift;
    await buildDatalogger(t.deps, { sn: lookalike.username, key: 'datalogger-key' });
    // A datalogger added after it: once its account exists, the lookalike's change was synced.
    const later = await buildPlantWithDatalogger(t.deps);
    await expect
      .poll(() => isAccepted(credentialsOf(later)), { timeout: CHANGE_WITHIN_MS })
      .toBe(true);
    expect(await isAccepted({ clientId: lookalike.username, ...lookalike })).toBe(true);
    expect(
      await isAccepted({
        clientId: lookalike.username,
        username: lookalike.username,
        password: 'datalogger-key',
      }),
    ).toBe(false);
  });

  it('moves a datalogger to its new key when the key changes', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    await expect
      .poll(() => isAccepted(credentialsOf(plant)), { timeout: CHANGE_WITHIN_MS })
      .toBe(true);
    const newKey = randomUUID();
    await t.deps.db
      .updateTable('dataloggers')
      .set({ registration_key: newKey })
      .where('id', '=', plant.datalogger.id)
      .execute();
    await expect
      .poll(() => isAccepted(credentialsOf(plant, newKey)), {
        timeout: CHANGE_WITHIN_MS,
      })
      .toBe(true);
    expect(await isAccepted(credentialsOf(plant))).toBe(false);
  });
});
