import mqtt from 'mqtt';
import pg from 'pg';
import { accessTokenOf, getData, postJson } from './portal-api.js';
import { serverFeedsDemoData } from './live-dataloggers.js';

/**
 * The datalogger the work-order spec binds to a plant of its own: the demo's second spare where
 * the server seeds the demo (the plant-bind spec takes the first), else one the spec registers.
 */
const DATALOGGER = serverFeedsDemoData()
  ? { sn: 'DEMOSPARE02', key: 'SPAREKEY02' }
  : { sn: 'E2EWO01', key: 'E2EWOKEY01' };

/** The event code the alarm record carries: a fan failure (a warning) of the catalogue. */
export const ALARM_CODE = '301';

export interface AlarmSite {
  plantName: string;
  inverterSn: string;
}

async function registerDatalogger(): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO dataloggers (sn, registration_key, plant_id) VALUES ($1, $2, NULL)
       ON CONFLICT (sn) DO UPDATE SET plant_id = NULL`,
      [DATALOGGER.sn, DATALOGGER.key],
    );
  } finally {
    await client.end();
  }
}

/** Publishes one record through the device protocol: the inverter reports `ALARM_CODE`. */
async function publishAlarm(inverterSn: string): Promise<void> {
  const brokerUrl = process.env.MQTT_URL ?? process.env.E2E_BROKER_URL;
  if (!brokerUrl)
    throw new Error('the work-order spec needs MQTT_URL or a server from global-setup');
  // The embedded broker takes a datalogger whose client id is its SN (the simulator's session
  // yields for the moment and reconnects).
  const client = await mqtt.connectAsync(brokerUrl, {
    clientId: DATALOGGER.sn,
    username: DATALOGGER.sn,
    password: DATALOGGER.key,
  });
  const record = {
    key: DATALOGGER.key,
    ts: new Date().toISOString(),
    devices: [
      {
        sn: inverterSn,
        kind: 'inverter',
        values: { pac_w: 0, status: 'fault', fault_codes: [ALARM_CODE] },
      },
    ],
  };
  try {
    await client.publishAsync(`dl/${DATALOGGER.sn}/data`, JSON.stringify(record), { qos: 1 });
  } finally {
    await client.endAsync();
  }
}

/**
 * An installer plant with a datalogger whose inverter reports an alarm, made through the API
 * and the device protocol; answers once the events list shows the alarm.
 */
export async function installerAlarmSite(baseUrl: string): Promise<AlarmSite> {
  if (!serverFeedsDemoData()) await registerDatalogger();
  const token = await accessTokenOf(baseUrl, 'installer@example.com');
  const plantName = `E2E Work Order Roof ${Date.now()}`;
  const plant = await postJson<{ id: number }>(baseUrl, token, '/api/v1/plant', {
    name: plantName,
    capacityKwp: 6,
    plantType: 'grid',
    latitude: 48.776,
    longitude: 9.183,
    timeZone: 'Europe/Berlin',
  });
  await postJson(baseUrl, token, `/api/v1/plant/${plant.id}/gateway`, DATALOGGER);
  const inverterSn = `${DATALOGGER.sn}-WOINV${Date.now() % 100000}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    await publishAlarm(inverterSn);
    const events = await getData<{ total: number }>(
      baseUrl,
      token,
      `/api/v1/events?plantId=${plant.id}&keyword=${inverterSn}&status=open`,
    );
    if (events.total > 0) return { plantName, inverterSn };
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  throw new Error(`no alarm of ${inverterSn} within a minute`);
}
