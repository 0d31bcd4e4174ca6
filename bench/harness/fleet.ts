import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import type { AppDeps } from '../../server/src/app-deps.js';
import { createBenchOwner } from './seed.js';

export interface FleetDatalogger {
  sn: string;
  key: string;
}

/** `count` plants with one datalogger each, inserted in a few statements. */
export async function createFleet(deps: AppDeps, count: number): Promise<FleetDatalogger[]> {
  const ownerId = await createBenchOwner(deps, { email: `bench-${randomUUID()}@example.com` });
  const tag = randomUUID().slice(0, 6).toUpperCase();
  const fleet = Array.from({ length: count }, (_, i) => ({
    sn: `BENCH${tag}${String(i).padStart(5, '0')}`,
    key: randomUUID(),
  }));
  const plants = await deps.db
    .insertInto('plants')
    .values(
      fleet.map((dl) => ({
        name: `Bench ${dl.sn}`,
        owner_user_id: ownerId,
        company_id: null,
        capacity_kwp: 10,
        commissioning_date: null,
        longitude: 11.6,
        latitude: 48.1,
        address: null,
        time_zone: 'Europe/Berlin',
        region_country: null,
        region_state: null,
        region_city: null,
        picture_url: null,
        total_investment: null,
        installer_email: null,
      })),
    )
    .returning('id')
    .execute();
  await deps.db
    .insertInto('dataloggers')
    .values(
      fleet.map((dl, i) => ({
        sn: dl.sn,
        registration_key: dl.key,
        plant_id: plants[i]!.id,
      })),
    )
    .execute();
  return fleet;
}

/** One MQTT connection per datalogger, opened `parallel` at a time, each subscribed to its acks. */
export async function connectFleet(
  brokerUrl: string,
  fleet: readonly FleetDatalogger[],
  onAck: (sn: string, ts: readonly string[]) => void,
  parallel = 100,
): Promise<MqttClient[]> {
  const clients: MqttClient[] = [];
  for (let start = 0; start < fleet.length; start += parallel) {
    const connected = await Promise.all(
      fleet.slice(start, start + parallel).map(async (dl) => {
        const client = await mqtt.connectAsync(brokerUrl, {
          clientId: dl.sn,
          username: dl.sn,
          password: dl.key,
          protocolVersion: 4,
          reconnectPeriod: 0,
        });
        client.on('message', (_topic, payload) =>
          onAck(dl.sn, (JSON.parse(payload.toString()) as { ts: string[] }).ts),
        );
        await client.subscribeAsync(`dl/${dl.sn}/ack`, { qos: 1 });
        return client;
      }),
    );
    clients.push(...connected);
  }
  return clients;
}

/** One inverter (6 values) and one meter (4 values): 10 data points. */
export function fleetMessage(
  dl: FleetDatalogger,
  seq: number,
  includeKey: boolean,
): { ts: string; body: string } {
  const at = FIRST_TS + seq * 60_000;
  const ts = new Date(at).toISOString();
  const hours = (seq * 60_000) / 3_600_000;
  const record = {
    ts,
    devices: [
      {
        sn: `${dl.sn}-INV`,
        kind: 'inverter',
        values: {
          pac_w: 3000 + (seq % 7),
          e_day_kwh: hours % 24,
          e_total_kwh: 1000 + hours * 3,
          freq_hz: 50,
          temp_c: 40,
          fault_codes: [],
        },
      },
      {
        sn: `${dl.sn}-MET`,
        kind: 'meter',
        values: {
          import_kwh_total: 500 + hours,
          export_kwh_total: 200 + hours * 2,
          p_grid_w: -2000,
          p_load_w: 1000,
        },
      },
    ],
  };
  return { ts, body: JSON.stringify(includeKey ? { ...record, key: dl.key } : record) };
}

/** Minutes back from now so a soak's simulated timestamps never reach the future. */
const FIRST_TS = Math.floor((Date.now() - 3 * 86_400_000) / 60_000) * 60_000;
