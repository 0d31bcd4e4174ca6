import { dayBounds, type DayBounds } from '@solar/contract';

/** A device without a plant has no local day of its own: its days are UTC days. */
const NO_PLANT_TIME_ZONE = 'UTC';

/** The time zone of a device's days: its plant's, else UTC. */
export function dayTimeZone(plantTimeZone: string | null): string {
  return plantTimeZone ?? NO_PLANT_TIME_ZONE;
}

/** A local day as the day pages show it: its bounds as instants and the series read between them. */
export async function readLocalDay<S>(
  timeZone: string,
  date: string,
  readSeries: (bounds: DayBounds) => Promise<S>,
) {
  const bounds = dayBounds(timeZone, date);
  const series = await readSeries(bounds);
  return { date, timeZone, from: bounds.from.toISOString(), to: bounds.to.toISOString(), series };
}
