import { randomUUID } from 'node:crypto';
import type { DataloggerRecord, DeviceReading } from '@solar/contract';
import { sql } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import { buildDatalogger, buildPlant } from '../plants/plants.factories.js';
import { buildUser } from '../test/factories.js';
import type { KnownDatalogger } from '../broker/datalogger-directory.js';

export function uniqueSerial(prefix: string): string {
  return `${prefix}${randomUUID().replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}

export interface PlantWithDatalogger {
  plantId: number;
  ownerId: number;
  datalogger: KnownDatalogger;
}

/** A plant in `timeZone` with one datalogger (random SN and key). */
export async function buildPlantWithDatalogger(
  deps: AppDeps,
  options: { timeZone?: string; ownerId?: number; companyId?: number | null; name?: string } = {},
): Promise<PlantWithDatalogger> {
  const ownerId = options.ownerId ?? (await buildUser(deps, { kind: 'owner' })).id;
  const timeZone = options.timeZone ?? 'Europe/Berlin';
  const plant = await buildPlant(deps, ownerId, {
    ...(options.name === undefined ? {} : { name: options.name }),
    company_id: options.companyId ?? null,
    longitude: 11.6,
    latitude: 48.1,
    time_zone: timeZone,
  });
  const sn = uniqueSerial('DL');
  const key = randomUUID();
  const row = await buildDatalogger(deps, { plantId: plant.id, sn, key });
  return {
    plantId: plant.id,
    ownerId,
    datalogger: { id: row.id, sn, registrationKey: key, plantId: plant.id, timeZone },
  };
}

export function inverterReading(
  sn: string,
  values: Extract<DeviceReading, { kind: 'inverter' }>['values'],
): DeviceReading {
  return { sn, kind: 'inverter', values };
}

export function record(ts: string, ...devices: DeviceReading[]): DataloggerRecord {
  return { ts, devices };
}

export async function deviceIdOf(deps: AppDeps, sn: string): Promise<number> {
  const row = await deps.db
    .selectFrom('devices')
    .select('id')
    .where('sn', '=', sn)
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function energyByDay(deps: AppDeps, deviceId: number) {
  const rows = await deps.db
    .selectFrom('energy_daily')
    .select([
      sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'),
      'energy_kwh',
      'import_kwh',
      'export_kwh',
      'charge_kwh',
      'discharge_kwh',
      'load_kwh',
    ])
    .where('device_id', '=', deviceId)
    .orderBy('day')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.day, row]));
}

export async function sampleCount(deps: AppDeps, deviceIds: number[]): Promise<number> {
  const row = await deps.db
    .selectFrom('samples')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('device_id', 'in', deviceIds)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
