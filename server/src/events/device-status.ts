import { type DeviceStatus, eventLevelLetter, OFFLINE_AFTER_MINUTES } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * A reporting device's status: fault for an open F-level code (or inverter status "fault"),
 * protect for an open P-level code or status "protect", upgrading from the status field,
 * warning for an open W-level code, else normal. Offline is set by `markSilentDevicesOffline`.
 */
export function deviceStatusOf(
  values: Record<string, unknown>,
  openLevels: readonly number[],
): DeviceStatus {
  const letters = new Set(openLevels.map(eventLevelLetter));
  if (letters.has('F') || values.status === 'fault') return 'fault';
  if (letters.has('P') || values.status === 'protect') return 'protect';
  if (values.status === 'upgrading') return 'upgrading';
  if (letters.has('W')) return 'warning';
  return 'normal';
}

/** Devices silent for 15 minutes become offline; returns how many changed. */
export async function markSilentDevicesOffline(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .updateTable('devices')
    .set({ status: 'offline' })
    .where('status', '!=', 'offline')
    .where((eb) =>
      eb.or([
        eb('last_seen_at', 'is', null),
        eb(
          'last_seen_at',
          '<',
          sql<Date>`${now.toISOString()}::timestamptz - make_interval(mins => ${OFFLINE_AFTER_MINUTES})`,
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
