import { localDate } from '@solar/contract';
import type { WeatherPerformanceDay } from '@solar/contract';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The performance ratio of spec section 1: a day's measured yield against what the plant's
 * peak power would give under the irradiation the weather station measured,
 * PR = yield (kWh) / (irradiation (kWh/m²) / 1 kW/m² × capacity (kWp)).
 */

/** A reading stands for at most this long: a gap in the data counts as no irradiance. */
const MAX_SAMPLE_SPAN_MS = 15 * 60_000;

/** Irradiation per plant-local day (kWh/m²) from irradiance samples (W/m²) in time order. */
export function dailyIrradiation(
  samples: readonly { ts: Date; irradianceWm2: number }[],
  timeZone: string,
): Map<string, number> {
  const days = new Map<string, number>();
  samples.forEach((sample, index) => {
    const next = samples[index + 1];
    const spanMs = next ? Math.min(next.ts.getTime() - sample.ts.getTime(), MAX_SAMPLE_SPAN_MS) : 0;
    const date = localDate(timeZone, sample.ts);
    const kwhM2 = (sample.irradianceWm2 * spanMs) / 3_600_000 / 1000;
    days.set(date, (days.get(date) ?? 0) + kwhM2);
  });
  return days;
}

export function performanceRatio(
  yieldKwh: number,
  irradiationKwhM2: number,
  capacityKwp: number | null,
): number | null {
  if (capacityKwp === null || capacityKwp <= 0 || irradiationKwhM2 <= 0.01) return null;
  return Number((yieldKwh / (irradiationKwhM2 * capacityKwp)).toFixed(3));
}

/** The days `first`…`last` of a plant with the station's irradiation and its inverters' yield. */
export async function weatherPerformanceDays(
  db: Db,
  input: {
    stationId: number;
    plantId: number | null;
    capacityKwp: number | null;
    timeZone: string;
    dates: readonly string[];
    from: Date;
    to: Date;
  },
): Promise<WeatherPerformanceDay[]> {
  const rows = await db
    .selectFrom('samples')
    .select([
      'ts',
      sql<number | null>`(CASE WHEN jsonb_typeof(values -> 'irradiance_wm2') = 'number'
        THEN (values ->> 'irradiance_wm2')::float8 END)`.as('irradiance'),
    ])
    .where('device_id', '=', input.stationId)
    .where('ts', '>=', input.from)
    .where('ts', '<', input.to)
    .orderBy('ts')
    .execute();
  const irradiation = dailyIrradiation(
    rows.flatMap((row) =>
      row.irradiance === null
        ? []
        : [{ ts: new Date(row.ts), irradianceWm2: Number(row.irradiance) }],
    ),
    input.timeZone,
  );
  const yields = new Map<string, number>();
  if (input.plantId !== null) {
    const energy = await db
      .selectFrom('energy_daily')
      .innerJoin('devices', 'devices.id', 'energy_daily.device_id')
      .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
      .select([
        sql<string>`to_char(energy_daily.day, 'YYYY-MM-DD')`.as('date'),
        (eb) => eb.fn.sum<number>('energy_daily.energy_kwh').as('kwh'),
      ])
      .where('dataloggers.plant_id', '=', input.plantId)
      .where('devices.kind', '=', 'inverter')
      .where('energy_daily.day', '>=', input.dates[0]!)
      .where('energy_daily.day', '<=', input.dates[input.dates.length - 1]!)
      .groupBy('energy_daily.day')
      .execute();
    for (const row of energy) yields.set(row.date, Number(row.kwh));
  }
  return input.dates.map((date) => {
    const irradiationKwhM2 = Number((irradiation.get(date) ?? 0).toFixed(3));
    const yieldKwh = Number((yields.get(date) ?? 0).toFixed(2));
    return {
      date,
      irradiationKwhM2,
      yieldKwh,
      ratio: performanceRatio(yieldKwh, irradiationKwhM2, input.capacityKwp),
    };
  });
}
