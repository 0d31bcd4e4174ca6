import { ErrorCode } from '@solar/contract';
import type { Db } from '../db/database.js';
import { AppError } from '../errors/app-error.js';

/** The alarms `ids` of devices on the plant, or 1503 naming the others. */
export async function plantEvents(db: Db, plantId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const events = await db
    .selectFrom('events')
    .innerJoin('devices', 'devices.id', 'events.device_id')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .select(['events.id', 'events.device_id', 'events.started_at'])
    .where('dataloggers.plant_id', '=', plantId)
    .where('events.id', 'in', unique)
    .execute();
  const known = new Set(events.map((event) => event.id));
  const notFound = unique.filter((id) => !known.has(id));
  if (notFound.length > 0) {
    throw new AppError(ErrorCode.workOrderTargetInvalid, 'alarms not of the plant', {
      field: 'eventIds',
      notFound,
    });
  }
  return events;
}

/** The ids of the plant's devices `sns`, or 1503 naming the other serial numbers. */
export async function plantDeviceIds(db: Db, plantId: number, sns: string[]): Promise<number[]> {
  const unique = [...new Set(sns)];
  if (unique.length === 0) return [];
  const devices = await db
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .select(['devices.id', 'devices.sn'])
    .where('dataloggers.plant_id', '=', plantId)
    .where('devices.sn', 'in', unique)
    .execute();
  const known = new Set(devices.map((device) => device.sn));
  const notFound = unique.filter((sn) => !known.has(sn));
  if (notFound.length > 0) {
    throw new AppError(ErrorCode.workOrderTargetInvalid, 'devices not of the plant', {
      field: 'deviceSns',
      notFound,
    });
  }
  return devices.map((device) => device.id);
}
