import { type DeviceKind, inverterRatedPowerKw } from '@solar/contract';
import { type QueryExecutorProvider, type RawBuilder, sql } from 'kysely';

/**
 * The counters kept in spans: their plausible steps (or, for e_day_kwh, maximum) give
 * energy_daily. Switches and heat pumps book no daily energy; their spans only judge the steps.
 */
export const SPAN_COUNTERS: Record<DeviceKind, readonly string[]> = {
  inverter: ['e_total_kwh', 'e_day_kwh'],
  meter: ['import_kwh_total', 'export_kwh_total'],
  battery: ['charge_kwh_total', 'discharge_kwh_total'],
  weather: [],
  switch: ['e_total_kwh'],
  box: [],
  epm: [],
  heat_pump: ['e_total_kwh'],
  ess: ['charge_kwh_total', 'discharge_kwh_total'],
};

/** e_day_kwh restarts every day by design: it is read by its maximum, and its steps are not judged. */
const DAY_COUNTER = 'e_day_kwh';

/**
 * A counter step is plausible up to RATING_MARGIN times what the device's rated power gives in
 * the time since the previous reading, plus STEP_ALLOWANCE_KWH for rounded counters and clock
 * jitter.
 */
const RATING_MARGIN = 1.5;
const STEP_ALLOWANCE_KWH = 1;

/**
 * The rating of a device when neither it nor (for inverters and batteries) its plant has one:
 * 1 MW, a large commercial grid connection. Generous on purpose: a bound too tight would drop
 * real energy, while a broken counter jumps by far more.
 */
export const DEFAULT_COUNTER_RATING_KW = 1000;

/** Kinds whose power is bounded by the plant's capacity when they have no rating of their own. */
const PLANT_BOUNDED_KINDS: ReadonlySet<DeviceKind> = new Set(['inverter', 'battery']);

interface RatingSource {
  kind: DeviceKind;
  ratedPowerKw: string | number | null;
  modelCode: string | null;
  plantCapacityKw: string | number | null;
}

/**
 * The power a device's counters are judged by: its own rating (for inverters also its model's),
 * else the plant's capacity for inverters and batteries, else DEFAULT_COUNTER_RATING_KW. Meters,
 * switches and heat pumps are not bounded by the plant: a site may draw far more from the grid
 * than its panels give.
 */
export function counterRatingKw(device: RatingSource): number {
  const own =
    device.kind === 'inverter'
      ? inverterRatedPowerKw(device.ratedPowerKw, device.modelCode)
      : device.ratedPowerKw === null
        ? null
        : Number(device.ratedPowerKw);
  if (own !== null && own > 0) return own;
  const capacity = Number(device.plantCapacityKw ?? 0);
  return PLANT_BOUNDED_KINDS.has(device.kind) && capacity > 0
    ? capacity
    : DEFAULT_COUNTER_RATING_KW;
}

/** The counter rating of each device `filter` (over `d` devices, `p` plants) selects. */
export async function counterRatings(
  db: QueryExecutorProvider,
  filter: RawBuilder<unknown>,
): Promise<Map<number, number>> {
  const rows = await sql<{
    id: number;
    kind: DeviceKind;
    rated_power_kw: string | null;
    model_code: string | null;
    capacity_kwp: string | null;
  }>`
    SELECT d.id, d.kind, d.rated_power_kw, d.model_code, p.capacity_kwp
    FROM devices d
    JOIN dataloggers dl ON dl.id = d.datalogger_id
    LEFT JOIN plants p ON p.id = dl.plant_id
    WHERE ${filter}
  `.execute(db);
  return new Map(
    rows.rows.map((row) => [
      row.id,
      counterRatingKw({
        kind: row.kind,
        ratedPowerKw: row.rated_power_kw,
        modelCode: row.model_code,
        plantCapacityKw: row.capacity_kwp,
      }),
    ]),
  );
}

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
const FALLBACK_COUNTERS: Record<string, string> = { [DAY_COUNTER]: 'e_total_kwh' };

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

/** A counter step beyond what its device can have made: not booked, and raised as an event. */
export interface CounterJump {
  deviceId: number;
  counter: string;
  ts: Date;
  fromValue: number;
  toValue: number;
}

/**
 * Takes new readings into the (device, local day, counter) spans and returns the implausible
 * steps among them. Readings must be new samples already stored (duplicates are filtered
 * before). A span whose new readings all follow its last one is extended from that last
 * reading alone; a span that receives an older (late) reading is rebuilt from the day's raw
 * samples, whose steps raise no event (the device has been seen since, as with fault codes).
 * Steps are judged by the device ratings in `ratings` (see `counterRatings`).
 */
export async function extendCounterSpans(
  trx: QueryExecutorProvider,
  ratings: ReadonlyMap<number, number>,
  readings: readonly CounterReading[],
): Promise<CounterJump[]> {
  if (readings.length === 0) return [];
  const input = sql`
    SELECT r.device_id, (r.ts AT TIME ZONE r.tz)::date AS day, r.tz, r.counter, r.ts, r.value, r.rating_kw
    FROM unnest(${readings.map((r) => r.deviceId)}::int[], ${readings.map((r) => r.ts.toISOString())}::timestamptz[],
                ${readings.map((r) => r.timeZone)}::text[], ${readings.map((r) => r.counter)}::text[],
                ${readings.map((r) => r.value)}::double precision[],
                ${readings.map((r) => ratings.get(r.deviceId) ?? DEFAULT_COUNTER_RATING_KW)}::double precision[])
      AS r (device_id, ts, tz, counter, value, rating_kw)`;
  const late = await sql<{ device_id: number; day: string; tz: string }>`
    WITH input AS (${input})
    SELECT DISTINCT i.device_id, to_char(i.day, 'YYYY-MM-DD') AS day, i.tz
    FROM input i JOIN energy_counter_spans s USING (device_id, day, counter)
    WHERE i.ts <= s.last_ts
  `.execute(trx);
  if (late.rows.length > 0) {
    await sql`
      DELETE FROM energy_counter_spans s
      USING unnest(${late.rows.map((l) => l.device_id)}::int[], ${late.rows.map((l) => l.day)}::date[]) AS l (device_id, day)
      WHERE s.device_id = l.device_id AND s.day = l.day
    `.execute(trx);
    const lateDays = late.rows.map(
      (l) =>
        sql`(s.device_id = ${l.device_id} AND s.ts >= (${l.day}::date::timestamp AT TIME ZONE ${l.tz})
          AND s.ts < ((${l.day}::date + 1)::timestamp AT TIME ZONE ${l.tz}))`,
    );
    await rebuildCounterSpans(trx, ratings, sql`(${sql.join(lateDays, sql` OR `)})`);
  }
  // The rebuilt spans now end at or after their readings, so only the others are extended here.
  const jumps = await sql<{
    device_id: number;
    counter: string;
    ts: Date;
    previous: number;
    value: number;
  }>`
    WITH input AS (${input}),
    keyed AS (
      SELECT i.*, s.last_ts AS seed_ts, s.last_value AS seed_value,
        min(i.ts) OVER (PARTITION BY i.device_id, i.day, i.counter) AS earliest
      FROM input i LEFT JOIN energy_counter_spans s USING (device_id, day, counter)
    ),
    chain AS (
      SELECT device_id, day, counter, ts, value, rating_kw FROM keyed
      WHERE seed_ts IS NULL OR earliest > seed_ts
      UNION
      SELECT device_id, day, counter, seed_ts, seed_value, rating_kw FROM keyed
      WHERE earliest > seed_ts
    ),
    steps AS (${judgedSteps(sql`chain`)}),
    written AS (${insertSpansFrom(sql`steps`)})
    SELECT device_id, counter, ts, previous, value FROM steps
    WHERE verdict = 'jump' AND counter <> ${DAY_COUNTER}
    ORDER BY device_id, ts
  `.execute(trx);
  // A new day's first reading is judged against the last before midnight too, once the spans
  // hold both; a reading with a later day after it is late, like those rebuilt above.
  const crossing = await sql<{
    device_id: number;
    counter: string;
    ts: Date;
    previous: number;
    value: number;
  }>`
    WITH input AS (${input})
    SELECT i.device_id, i.counter, i.ts, p.last_value AS previous, i.value
    FROM input i
    JOIN energy_counter_spans c
      ON c.device_id = i.device_id AND c.day = i.day AND c.counter = i.counter AND c.first_ts = i.ts
    CROSS JOIN LATERAL (${neighbourSpan('previous')}) p
    WHERE i.counter <> ${DAY_COUNTER}
      AND (i.device_id, i.day) NOT IN (
        SELECT * FROM unnest(${late.rows.map((l) => l.device_id)}::int[], ${late.rows.map((l) => l.day)}::date[]))
      AND NOT EXISTS (
        SELECT 1 FROM energy_counter_spans n
        WHERE n.device_id = c.device_id AND n.counter = c.counter AND n.day > c.day)
      AND ${stepVerdict(sql`p.last_value`, sql`i.value`, sql`i.ts - p.last_ts`, sql`i.rating_kw`)} = 'jump'
  `.execute(trx);
  return [...crossing.rows, ...jumps.rows]
    .sort((a, b) => a.device_id - b.device_id || a.ts.getTime() - b.ts.getTime())
    .map((row) => ({
      deviceId: row.device_id,
      counter: row.counter,
      ts: row.ts,
      fromValue: row.previous,
      toValue: row.value,
    }));
}

/**
 * Recomputes the spans of the samples matching `sampleFilter` (over `s` samples, `d` devices,
 * `p` plants) from the raw samples, judging each step by the device's rating in `ratings`; the
 * spans they replace must be deleted first.
 */
export async function rebuildCounterSpans(
  db: QueryExecutorProvider,
  ratings: ReadonlyMap<number, number>,
  sampleFilter: RawBuilder<unknown>,
): Promise<void> {
  if (ratings.size === 0) return;
  const triples = Object.entries(SPAN_COUNTERS).flatMap(([kind, counters]) =>
    counters.map(
      (counter) => sql`(${kind}, ${counter}, ${FALLBACK_COUNTERS[counter] ?? null}::text)`,
    ),
  );
  await sql`
    WITH chain AS (
      SELECT s.device_id, (s.ts AT TIME ZONE COALESCE(p.time_zone, 'UTC'))::date AS day, c.counter, s.ts,
        (s.values ->> c.counter)::double precision AS value, r.rating_kw
      FROM samples s
      JOIN unnest(${[...ratings.keys()]}::int[], ${[...ratings.values()]}::double precision[])
        AS r (device_id, rating_kw) ON r.device_id = s.device_id
      JOIN devices d ON d.id = s.device_id
      JOIN dataloggers dl ON dl.id = d.datalogger_id
      LEFT JOIN plants p ON p.id = dl.plant_id
      JOIN (VALUES ${sql.join(triples)}) AS c (kind, counter, preferred) ON c.kind = d.kind
      WHERE jsonb_typeof(s.values -> c.counter) = 'number'
        AND (c.preferred IS NULL OR jsonb_typeof(s.values -> c.preferred) IS DISTINCT FROM 'number')
        AND ${sampleFilter}
    ),
    steps AS (${judgedSteps(sql`chain`)})
    ${insertSpansFrom(sql`steps`)}
  `.execute(db);
}

/**
 * Each reading of `chain` (device_id, day, counter, ts, value, rating_kw) with the step from
 * the span's previous reading and its verdict: a decrease is a reset, a rise beyond the
 * device's rating a jump; neither is booked, and the span goes on from the new value.
 */
function judgedSteps(chain: RawBuilder<unknown>) {
  const verdict = stepVerdict(
    sql`lag(c.value) OVER w`,
    sql`c.value`,
    sql`c.ts - lag(c.ts) OVER w`,
    sql`c.rating_kw`,
  );
  return sql`
    SELECT c.device_id, c.day, c.counter, c.ts, c.value, lag(c.value) OVER w AS previous,
      ${verdict} AS verdict
    FROM ${chain} c
    WINDOW w AS (PARTITION BY c.device_id, c.day, c.counter ORDER BY c.ts)`;
}

/**
 * The verdict on a counter step from `previous` to `value` in `elapsed` (an interval) for a
 * device of `ratingKw`: 'first' without a previous reading, else 'reset', 'jump' or 'booked'.
 */
export function stepVerdict(
  previous: RawBuilder<unknown>,
  value: RawBuilder<unknown>,
  elapsed: RawBuilder<unknown>,
  ratingKw: RawBuilder<unknown>,
) {
  const allowed = sql`${sql.lit(RATING_MARGIN)} * ${ratingKw} * extract(epoch FROM ${elapsed}) / 3600 + ${sql.lit(STEP_ALLOWANCE_KWH)}`;
  return sql`CASE
      WHEN ${previous} IS NULL THEN 'first'
      WHEN ${value} < ${previous} THEN 'reset'
      WHEN ${value} - ${previous} > ${allowed} THEN 'jump'
      ELSE 'booked'
    END`;
}

/** Rounds a kWh figure to the Wh, as energy is stored. */
export function toWh(kwh: RawBuilder<unknown>) {
  return sql`round((${kwh})::numeric, 3)::double precision`;
}

/**
 * The span of the same device and counter nearest before (`direction` 'previous') or after
 * ('next') the span `c`.
 */
function neighbourSpan(direction: 'previous' | 'next') {
  return direction === 'previous'
    ? sql`SELECT n.day, n.first_ts, n.first_value, n.last_ts, n.last_value FROM energy_counter_spans n
        WHERE n.device_id = c.device_id AND n.counter = c.counter AND n.day < c.day
        ORDER BY n.day DESC LIMIT 1`
    : sql`SELECT n.day, n.first_ts, n.first_value, n.last_ts, n.last_value FROM energy_counter_spans n
        WHERE n.device_id = c.device_id AND n.counter = c.counter AND n.day > c.day
        ORDER BY n.day LIMIT 1`;
}

/**
 * The step from the last reading of one day (`fromDay`, `fromTs`, `fromValue`) to the first
 * reading of a later day: `booked` (0 for a reset or a jump) and `before_midnight`, its share up
 * to the end of `fromDay` in the plant's time zone `tz`, by linear interpolation in time and
 * rounded to the Wh. The later day takes the rest, so the two shares always add up to the step.
 */
function crossingStep(
  from: { day: RawBuilder<unknown>; ts: RawBuilder<unknown>; value: RawBuilder<unknown> },
  to: { ts: RawBuilder<unknown>; value: RawBuilder<unknown> },
  tz: RawBuilder<unknown>,
  ratingKw: RawBuilder<unknown>,
) {
  const verdict = stepVerdict(from.value, to.value, sql`${to.ts} - ${from.ts}`, ratingKw);
  return sql`
    SELECT x.booked, ${toWh(sql`x.booked * extract(epoch FROM x.midnight - ${from.ts}) / extract(epoch FROM ${to.ts} - ${from.ts})`)} AS before_midnight
    FROM (
      SELECT CASE WHEN ${verdict} = 'booked' THEN ${to.value} - ${from.value} ELSE 0 END AS booked,
        ((${from.day} + 1)::timestamp AT TIME ZONE ${tz}) AS midnight
    ) x
    WHERE ${from.ts} IS NOT NULL AND ${to.ts} IS NOT NULL`;
}

/**
 * The energy of each counter span on the (device_id, day, tz) rows of `days`: e_day_kwh its
 * highest value; other counters their booked steps within the day plus their shares of the
 * steps that cross midnight, from the previous day's last reading to the first and from the last
 * to the next day's first (see `crossingStep`). When days without a reading lie between two
 * readings, the later day takes their share: the days always add up to the counter's rise.
 */
export function spanEnergies(days: RawBuilder<unknown>, ratings: ReadonlyMap<number, number>) {
  const rating = sql`COALESCE(r.rating_kw, ${sql.lit(DEFAULT_COUNTER_RATING_KW)})`;
  const entering = crossingStep(
    { day: sql`p.day`, ts: sql`p.last_ts`, value: sql`p.last_value` },
    { ts: sql`c.first_ts`, value: sql`c.first_value` },
    sql`t.tz`,
    rating,
  );
  const leaving = crossingStep(
    { day: sql`c.day`, ts: sql`c.last_ts`, value: sql`c.last_value` },
    { ts: sql`n.first_ts`, value: sql`n.first_value` },
    sql`t.tz`,
    rating,
  );
  return sql`
    SELECT c.device_id, c.day, c.counter,
      CASE WHEN c.counter = ${DAY_COUNTER} THEN c.max_value
        ELSE c.booked_kwh + COALESCE(e.booked - e.before_midnight, 0) + COALESCE(l.before_midnight, 0)
      END AS kwh
    FROM ${days} t
    JOIN energy_counter_spans c ON c.device_id = t.device_id AND c.day = t.day
    LEFT JOIN unnest(${[...ratings.keys()]}::int[], ${[...ratings.values()]}::double precision[])
      AS r (device_id, rating_kw) ON r.device_id = c.device_id
    LEFT JOIN LATERAL (${neighbourSpan('previous')}) p ON c.counter <> ${DAY_COUNTER}
    LEFT JOIN LATERAL (${entering}) e ON true
    LEFT JOIN LATERAL (${neighbourSpan('next')}) n ON c.counter <> ${DAY_COUNTER}
    LEFT JOIN LATERAL (${leaving}) l ON true`;
}

/**
 * The neighbouring days whose share of a crossing step changes with the readings of `touched`
 * (device_id, kind, tz, day, earliest, latest, all readings already in the spans): for a counter
 * whose first reading of the day is one of them, the day of the reading before; for one whose
 * last is, the day of the reading after (a late sample, or a day filled in between).
 */
export function neighbouringDays(touched: RawBuilder<unknown>) {
  return sql`
    SELECT t.device_id, t.kind, t.tz, p.day
    FROM ${touched} t
    JOIN energy_counter_spans c ON c.device_id = t.device_id AND c.day = t.day AND c.first_ts >= t.earliest
    CROSS JOIN LATERAL (${neighbourSpan('previous')}) p
    UNION
    SELECT t.device_id, t.kind, t.tz, n.day
    FROM ${touched} t
    JOIN energy_counter_spans c ON c.device_id = t.device_id AND c.day = t.day AND c.last_ts <= t.latest
    CROSS JOIN LATERAL (${neighbourSpan('next')}) n`;
}

/** Judged `steps` folded into the spans: their ends move, their booked steps add up. */
function insertSpansFrom(steps: RawBuilder<unknown>) {
  return sql`
    INSERT INTO energy_counter_spans AS s
      (device_id, day, counter, first_ts, first_value, last_ts, last_value, max_value, booked_kwh)
    SELECT device_id, day, counter,
      min(ts), (array_agg(value ORDER BY ts))[1],
      max(ts), (array_agg(value ORDER BY ts DESC))[1], max(value),
      COALESCE(sum(value - previous) FILTER (WHERE verdict = 'booked'), 0)
    FROM ${steps}
    GROUP BY device_id, day, counter
    ON CONFLICT (device_id, day, counter) DO UPDATE SET
      first_value = CASE WHEN EXCLUDED.first_ts < s.first_ts THEN EXCLUDED.first_value ELSE s.first_value END,
      first_ts = least(EXCLUDED.first_ts, s.first_ts),
      last_value = CASE WHEN EXCLUDED.last_ts > s.last_ts THEN EXCLUDED.last_value ELSE s.last_value END,
      last_ts = greatest(EXCLUDED.last_ts, s.last_ts),
      max_value = greatest(EXCLUDED.max_value, s.max_value),
      booked_kwh = s.booked_kwh + EXCLUDED.booked_kwh`;
}
