import type { DeviceKind } from '@solar/contract';
import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';

/** The counters whose daily delta (or, for e_day_kwh, maximum) gives energy_daily. */
export const SPAN_COUNTERS: Record<DeviceKind, readonly string[]> = {
  inverter: ['e_total_kwh', 'e_day_kwh'],
  meter: ['import_kwh_total', 'export_kwh_total'],
  battery: ['charge_kwh_total', 'discharge_kwh_total'],
  weather: [],
  switch: [],
  box: [],
  epm: [],
  heat_pump: [],
  ess: [],
};

export interface CounterReading {
  deviceId: number;
  ts: Date;
  /** The plant's IANA time zone: the reading's local day. */
  timeZone: string;
  counter: string;
  value: number;
}

/**
 * e_day_kwh gives a day's energy only for inverters that send no e_total_kwh (see
 * `refreshEnergyDaily`), so a sample that has e_total_kwh leaves its e_day_kwh span alone: a
 * quarter fewer span writes per message, and the same energy.
 */
const FALLBACK_COUNTERS: Record<string, string> = { e_day_kwh: 'e_total_kwh' };

function isCounterValue(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** The counter readings of one sample of a device of `kind` that its spans take in. */
export function counterReadingsOf(
  kind: DeviceKind,
  values: Record<string, unknown>,
): { counter: string; value: number }[] {
  return SPAN_COUNTERS[kind].flatMap((counter) => {
    const value = values[counter];
    const preferred = FALLBACK_COUNTERS[counter];
    if (preferred !== undefined && isCounterValue(values[preferred])) return [];
    return isCounterValue(value) ? [{ counter, value }] : [];
  });
}

/**
 * Moves the ends of each (device, local day, counter) span to take in new readings: one
 * statement for the whole batch. Readings must be new samples (duplicates are filtered before),
 * though taking one in twice changes nothing either.
 */
export async function extendCounterSpans(
  trx: QueryExecutorProvider,
  readings: readonly CounterReading[],
): Promise<void> {
  if (readings.length === 0) return;
  await sql`
    WITH input AS (
      SELECT r.device_id, (r.ts AT TIME ZONE r.tz)::date AS day, r.counter, r.ts, r.value
      FROM unnest(${readings.map((r) => r.deviceId)}::int[], ${readings.map((r) => r.ts.toISOString())}::timestamptz[],
                  ${readings.map((r) => r.timeZone)}::text[], ${readings.map((r) => r.counter)}::text[],
                  ${readings.map((r) => r.value)}::double precision[]) AS r (device_id, ts, tz, counter, value)
    )
    ${insertSpansFrom(sql`input`)}
  `.execute(trx);
}

/**
 * Recomputes the spans of the samples matching `sampleFilter` (over `s` samples, `d` devices,
 * `p` plants) from the raw samples; the spans they replace must be deleted first.
 */
export async function rebuildCounterSpans(
  db: QueryExecutorProvider,
  sampleFilter: RawBuilder<unknown>,
): Promise<void> {
  const triples = Object.entries(SPAN_COUNTERS).flatMap(([kind, counters]) =>
    counters.map(
      (counter) => sql`(${kind}, ${counter}, ${FALLBACK_COUNTERS[counter] ?? null}::text)`,
    ),
  );
  await sql`
    WITH input AS (
      SELECT s.device_id, (s.ts AT TIME ZONE COALESCE(p.time_zone, 'UTC'))::date AS day, c.counter, s.ts,
        (s.values ->> c.counter)::double precision AS value
      FROM samples s
      JOIN devices d ON d.id = s.device_id
      JOIN dataloggers dl ON dl.id = d.datalogger_id
      LEFT JOIN plants p ON p.id = dl.plant_id
      JOIN (VALUES ${sql.join(triples)}) AS c (kind, counter, preferred) ON c.kind = d.kind
      WHERE jsonb_typeof(s.values -> c.counter) = 'number'
        AND (c.preferred IS NULL OR jsonb_typeof(s.values -> c.preferred) IS DISTINCT FROM 'number')
        AND ${sampleFilter}
    )
    ${insertSpansFrom(sql`input`)}
  `.execute(db);
}

/** `input` (device_id, day, counter, ts, value) folded into the spans. */
function insertSpansFrom(input: RawBuilder<unknown>) {
  return sql`
    INSERT INTO energy_counter_spans AS s
      (device_id, day, counter, first_ts, first_value, last_ts, last_value, max_value)
    SELECT device_id, day, counter,
      min(ts), (array_agg(value ORDER BY ts))[1],
      max(ts), (array_agg(value ORDER BY ts DESC))[1], max(value)
    FROM ${input}
    GROUP BY device_id, day, counter
    ON CONFLICT (device_id, day, counter) DO UPDATE SET
      first_value = CASE WHEN EXCLUDED.first_ts < s.first_ts THEN EXCLUDED.first_value ELSE s.first_value END,
      first_ts = least(EXCLUDED.first_ts, s.first_ts),
      last_value = CASE WHEN EXCLUDED.last_ts > s.last_ts THEN EXCLUDED.last_value ELSE s.last_value END,
      last_ts = greatest(EXCLUDED.last_ts, s.last_ts),
      max_value = greatest(EXCLUDED.max_value, s.max_value)`;
}
