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
