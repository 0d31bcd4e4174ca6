import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/** A device without a plant has no local day of its own: its days are UTC days. */
const NO_PLANT_TIME_ZONE = 'UTC';

/** The time zone of a device's days: its plant's, else UTC. */
export function dayTimeZone(plantTimeZone: string | null): string {
  return plantTimeZone ?? NO_PLANT_TIME_ZONE;
}

export interface DayBounds {
  from: Date;
  to: Date;
}

/**
 * Local midnight of `date` and of the next day in `timeZone`, as instants (PostgreSQL's tz data):
 * a day lasts 23 or 25 hours when the clocks change.
 */
export async function dayBounds(db: Db, timeZone: string, date: string): Promise<DayBounds> {
  const result = await sql<{ from: Date; to: Date }>`
    SELECT (${date}::date)::timestamp AT TIME ZONE ${timeZone} AS "from",
      (${date}::date + 1)::timestamp AT TIME ZONE ${timeZone} AS "to"`.execute(db);
  const row = result.rows[0]!;
  return { from: new Date(row.from), to: new Date(row.to) };
}

/** A local day as the day pages show it: its bounds as instants and the series read between them. */
export async function readLocalDay<S>(
  db: Db,
  timeZone: string,
  date: string,
  readSeries: (bounds: DayBounds) => Promise<S>,
) {
  const bounds = await dayBounds(db, timeZone, date);
  const series = await readSeries(bounds);
  return { date, timeZone, from: bounds.from.toISOString(), to: bounds.to.toISOString(), series };
}
