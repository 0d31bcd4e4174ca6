import { randomUUID } from 'node:crypto';
import type { DeviceKind, DeviceStatus } from '@solar/contract';
import type { Insertable } from 'kysely';
import type { AppDeps } from '../app-deps.js';
import type { PlantsTable } from './plants.tables.js';

function suffix(): string {
  return randomUUID().replaceAll('-', '').slice(0, 10);
}

export async function buildPlant(
  deps: AppDeps,
  ownerUserId: number,
  overrides: Partial<Insertable<PlantsTable>> = {},
) {
  return deps.db
    .insertInto('plants')
    .values({
      name: `Plant ${suffix().slice(0, 6)}`,
      owner_user_id: ownerUserId,
      company_id: null,
      capacity_kwp: 10,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildDatalogger(
  deps: AppDeps,
  options: { plantId?: number | null; sn?: string; key?: string } = {},
) {
  return deps.db
    .insertInto('dataloggers')
    .values({
      sn: options.sn ?? `DL${suffix()}`,
      registration_key: options.key ?? 'KEY12345',
      plant_id: options.plantId ?? null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface BuildDeviceOptions {
  kind?: DeviceKind;
  /** Default: `SN` and 10 random hexadecimal digits. */
  sn?: string;
  modelCode?: string | null;
  status?: DeviceStatus;
  lastValues?: Record<string, unknown>;
  lastSeenAt?: Date | null;
}

export async function buildDevice(
  deps: AppDeps,
  dataloggerId: number,
  options: BuildDeviceOptions = {},
) {
  return deps.db
    .insertInto('devices')
    .values({
      datalogger_id: dataloggerId,
      sn: options.sn ?? `SN${suffix()}`,
      kind: options.kind ?? 'inverter',
      model_code: options.modelCode ?? null,
      status: options.status ?? 'normal',
      last_seen_at: options.lastSeenAt === undefined ? new Date() : options.lastSeenAt,
      last_values: JSON.stringify(options.lastValues ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A plant with one datalogger and the given devices. */
export async function buildPlantWithDevices(
  deps: AppDeps,
  ownerUserId: number,
  devices: BuildDeviceOptions[],
  overrides: Partial<Insertable<PlantsTable>> = {},
) {
  const plant = await buildPlant(deps, ownerUserId, overrides);
  const datalogger = await buildDatalogger(deps, { plantId: plant.id });
  const built = [];
  for (const device of devices) built.push(await buildDevice(deps, datalogger.id, device));
  return { plant, datalogger, devices: built };
}

export async function insertPower(
  deps: AppDeps,
  deviceId: number,
  points: { bucket: Date; powerW: number }[],
): Promise<void> {
  if (points.length === 0) return;
  await deps.db
    .insertInto('power_5min')
    .values(points.map((p) => ({ device_id: deviceId, bucket: p.bucket, power_w: p.powerW })))
    .execute();
}

export async function insertEnergy(
  deps: AppDeps,
  deviceId: number,
  days: { day: string; energyKwh?: number; importKwh?: number; exportKwh?: number }[],
): Promise<void> {
  if (days.length === 0) return;
  await deps.db
    .insertInto('energy_daily')
    .values(
      days.map((d) => ({
        device_id: deviceId,
        day: d.day,
        energy_kwh: d.energyKwh ?? 0,
        import_kwh: d.importKwh ?? 0,
        export_kwh: d.exportKwh ?? 0,
      })),
    )
    .execute();
}

export async function buildEvent(
  deps: AppDeps,
  deviceId: number,
  options: { code?: string; level?: number; startedAt?: Date; endedAt?: Date | null } = {},
) {
  return deps.db
    .insertInto('events')
    .values({
      device_id: deviceId,
      code: options.code ?? '1001',
      level: options.level ?? 1,
      started_at: options.startedAt ?? new Date(),
      ended_at: options.endedAt ?? null,
      notified_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function buildEventDescriptor(
  deps: AppDeps,
  code: string,
  texts: Record<string, { text: string; suggestion: string }>,
  level = 1,
) {
  await deps.db
    .insertInto('event_descriptors')
    .values({ code, level, texts: JSON.stringify(texts) })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .execute();
}
