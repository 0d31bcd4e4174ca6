import type { Db } from '../db/database.js';
import { plantDcPeaksKw } from '../inverters/dc-peak.js';
import type { PlantPosition } from './expected-energy.js';

/** What every rule reads about one plant at the moment it is evaluated. */
export interface AlarmContext {
  db: Db;
  now: Date;
  plantId: number;
  timeZone: string;
  /** Null without coordinates: the sun's height is unknown there. */
  position: PlantPosition | null;
  /** The plant's inverters with their DC peak power, kWp (null: unknown). */
  peaksKw: Map<number, number | null>;
}

/** A rule's verdict on one device now. */
export interface Finding {
  deviceId: number;
  /** True: the condition holds; false: it cleared; null: cannot tell now (night, a dark day). */
  holds: boolean | null;
  /** When the condition began (a new alarm starts there) or cleared (an open one ends there). */
  at: Date;
}

/** An alarm of a rule, as its lost energy is reckoned: from its start to its end or now. */
export interface AlarmSpan {
  deviceId: number;
  startedAt: Date;
  endedAt: Date | null;
}

export async function alarmContext(db: Db, plantId: number, now: Date): Promise<AlarmContext> {
  const plant = await db
    .selectFrom('plants')
    .select(['time_zone', 'latitude', 'longitude'])
    .where('id', '=', plantId)
    .executeTakeFirstOrThrow();
  const position =
    plant.latitude === null || plant.longitude === null
      ? null
      : { latitude: plant.latitude, longitude: plant.longitude };
  return {
    db,
    now,
    plantId,
    timeZone: plant.time_zone,
    position,
    peaksKw: await plantDcPeaksKw(db, plantId),
  };
}

/** The inverters with a known DC peak power: the ones a rule can compare. */
export function ratedInverters(ctx: AlarmContext): { id: number; kWp: number }[] {
  return [...ctx.peaksKw].flatMap(([id, kWp]) => (kWp ? [{ id, kWp }] : []));
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
