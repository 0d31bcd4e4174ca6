import type { DataloggerRecord } from '@solar/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { IngestionPipeline } from './ingestion-pipeline.js';
import type { IngestOutcome } from './ingestion-service.js';
import {
  buildPlantWithDatalogger,
  deviceIdOf,
  energyByDay,
  inverterRecord,
  type PlantWithDatalogger,
  sampleCount,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { buildIngestionTestApp, type IngestionTestApp } from '../test/ingestion-test-app.js';
import { ingestionCounters } from './ingestion-stats.js';

let t: IngestionTestApp;
beforeAll(async () => {
  t = await buildIngestionTestApp();
});

/** A pipeline whose first group waits long enough for everything submitted in the same tick. */
function pipeline(maxBatch = 1000, concurrency = 2): IngestionPipeline {
  return new IngestionPipeline(t.service, t.deps.logger, {
    maxBatch,
    lingerMs: 50,
    concurrency,
    minConcurrentBatch: 1,
  });
}

function messageOf(
  plant: PlantWithDatalogger,
  body: DataloggerRecord | { records: DataloggerRecord[] },
) {
  return { sn: plant.datalogger.sn, payload: Buffer.from(JSON.stringify(body)), requireKey: false };
}

describe('group commit', () => {
  it('stores messages of several dataloggers in one transaction, one outcome each', async () => {
    const plants = await Promise.all([1, 2, 3].map(() => buildPlantWithDatalogger(t.deps)));
    const inverters = plants.map(() => uniqueSerial('INV'));
    const committer = pipeline();
    const batchesBefore = ingestionCounters.batches;
    const submitted = plants.flatMap((plant, p) =>
      [0, 1, 2].map((m) => {
        const ts = new Date(Date.UTC(2026, 4, 4, 10, m)).toISOString();
        return committer.submit(messageOf(plant, inverterRecord(ts, inverters[p]!, { pac_w: m })));
      }),
    );
    const outcomes = await Promise.all(submitted);
    await committer.stop();
    expect(ingestionCounters.batches - batchesBefore).toBe(1);
    expect(outcomes).toEqual(
      plants.flatMap((plant) =>
        [0, 1, 2].map((m) => ({
          kind: 'stored',
          sn: plant.datalogger.sn,
          ts: [new Date(Date.UTC(2026, 4, 4, 10, m)).toISOString()],
          refused: [],
        })),
      ),
    );
    for (const sn of inverters)
      expect(await sampleCount(t.deps, [await deviceIdOf(t.deps, sn)])).toBe(3);
  });

  it('answers bad messages in a group without holding back the good ones', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const committer = pipeline();
    const good = inverterRecord('2026-05-04T11:00:00Z', uniqueSerial('INV'), { pac_w: 5 });
    const outcomes = await Promise.all([
      committer.submit({ sn: plant.datalogger.sn, payload: Buffer.from('{'), requireKey: false }),
      committer.submit({
        sn: uniqueSerial('DL'),
        payload: Buffer.from(JSON.stringify(good)),
        requireKey: false,
      }),
      committer.submit(messageOf(plant, good)),
    ]);
    await committer.stop();
    expect(outcomes).toEqual<IngestOutcome[]>([
      { kind: 'rejected', reason: 'json' },
      { kind: 'unknownDatalogger' },
      { kind: 'stored', sn: plant.datalogger.sn, ts: [good.ts], refused: [] },
    ]);
  });

  it("keeps a device's order inside a group: events open and close, the newest values win", async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    const committer = pipeline();
    await Promise.all(
      [
        inverterRecord('2026-05-05T10:00:00Z', sn, { pac_w: 1, fault_codes: ['F01'] }),
        inverterRecord('2026-05-05T10:01:00Z', sn, { pac_w: 2, fault_codes: [] }),
        inverterRecord('2026-05-05T10:02:00Z', sn, { pac_w: 3, fault_codes: ['F02'] }),
      ].map((r) => committer.submit(messageOf(plant, r))),
    );
    await committer.stop();
    const deviceId = await deviceIdOf(t.deps, sn);
    const events = await t.deps.db
      .selectFrom('events')
      .select(['code', 'started_at', 'ended_at'])
      .where('device_id', '=', deviceId)
      .orderBy('started_at')
      .execute();
    expect(
      events.map((e) => [e.code, e.started_at.toISOString(), e.ended_at?.toISOString() ?? null]),
    ).toEqual([
      ['F01', '2026-05-05T10:00:00.000Z', '2026-05-05T10:01:00.000Z'],
      ['F02', '2026-05-05T10:02:00.000Z', null],
    ]);
    const device = await t.deps.db
      .selectFrom('devices')
      .select(['last_values', 'last_seen_at'])
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    expect(device.last_values).toMatchObject({ pac_w: 3 });
    expect(device.last_seen_at?.toISOString()).toBe('2026-05-05T10:02:00.000Z');
  });

  it('stores a duplicate in a group and a message redelivered after a crash once', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const sn = uniqueSerial('INV');
    const first = inverterRecord('2026-05-06T08:00:00Z', sn, { pac_w: 1, e_total_kwh: 10 });
    const second = inverterRecord('2026-05-06T09:00:00Z', sn, { pac_w: 2, e_total_kwh: 12 });
    const sameInstant = inverterRecord('2026-05-06T09:00:00Z', sn, { pac_w: 99, e_total_kwh: 99 });
    const committer = pipeline();
    await Promise.all(
      [first, second, second, sameInstant].map((r) => committer.submit(messageOf(plant, r))),
    );
    const deviceId = await deviceIdOf(t.deps, sn);
    const energy = await energyByDay(t.deps, deviceId);
    expect(energy['2026-05-06']!.energy_kwh).toBeCloseTo(2, 9);
    // Committed, but the process died before its PUBACK: the broker delivers the message again.
    const duplicatesBefore = ingestionCounters.duplicates;
    const again = await committer.submit(messageOf(plant, second));
    await committer.stop();
    expect(again).toEqual({
      kind: 'stored',
      sn: plant.datalogger.sn,
      ts: [second.ts],
      refused: [],
    });
    expect(ingestionCounters.duplicates - duplicatesBefore).toBe(1);
    expect(await sampleCount(t.deps, [deviceId])).toBe(2);
    expect(await energyByDay(t.deps, deviceId)).toEqual(energy);
    const stored = await t.deps.db
      .selectFrom('samples')
      .select('values')
      .where('device_id', '=', deviceId)
      .where('ts', '=', new Date(second.ts))
      .executeTakeFirstOrThrow();
    expect(stored.values).toMatchObject({ pac_w: 2 });
  });

  it('refuses new messages once stopped, so they are never acknowledged', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const committer = pipeline();
    await committer.stop();
    await expect(
      committer.submit(
        messageOf(plant, inverterRecord('2026-05-07T08:00:00Z', uniqueSerial('INV'), {})),
      ),
    ).rejects.toThrow(/stopped/);
  });
});

/** Inverter, meter and battery every 20 minutes over the March DST change in Berlin. */
function series(inverter: string, meter: string): DataloggerRecord[] {
  const records: DataloggerRecord[] = [];
  const start = Date.parse('2026-03-28T18:00:00Z');
  for (let i = 0; i < 90; i += 1) {
    const hours = i / 3;
    records.push(
      inverterRecord(
        new Date(start + i * 20 * 60_000).toISOString(),
        inverter,
        {
          pac_w: 1000 + ((i * 37) % 500),
          e_total_kwh: 200 + hours * 1.7,
          e_day_kwh: (hours * 1.7) % 11,
        },
        {
          sn: meter,
          kind: 'meter',
          values: {
            import_kwh_total: 50 + hours * 0.3,
            export_kwh_total: 20 + hours,
            p_grid_w: -300,
          },
        },
      ),
    );
  }
  return records;
}

/** Deterministic shuffle, so a failure can be replayed. */
function shuffled<T>(items: readonly T[]): T[] {
  const copy = [...items];
  let seed = 7;
  for (let i = copy.length - 1; i > 0; i -= 1) {
    seed = (seed * 16_807) % 2_147_483_647;
    const j = seed % (i + 1);
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Daily energy of a device as the old per-message rollup computed it: from the raw samples. */
/** Each local day's rise of the counter `key`, interpolated in time to its midnights. */
async function energyFromSamples(deviceId: number, timeZone: string, key: string) {
  const at = (x: string) => sql`(
    SELECT a.v + (b.v - a.v) * COALESCE(extract(epoch FROM ${sql.raw(x)} - a.ts) / nullif(extract(epoch FROM b.ts - a.ts), 0), 0)
    FROM (SELECT ts, v FROM s WHERE ts <= ${sql.raw(x)} ORDER BY ts DESC LIMIT 1) a,
         (SELECT ts, v FROM s WHERE ts >= ${sql.raw(x)} ORDER BY ts LIMIT 1) b)`;
  const rows = await sql<{ day: string; energy: number }>`
    WITH s AS (
      SELECT ts, (values ->> ${key})::double precision AS v FROM samples WHERE device_id = ${deviceId}
    ), bounds AS (
      SELECT day,
        greatest(day::timestamp AT TIME ZONE ${timeZone}, (SELECT min(ts) FROM s)) AS from_ts,
        least((day + 1)::timestamp AT TIME ZONE ${timeZone}, (SELECT max(ts) FROM s)) AS to_ts
      FROM (SELECT DISTINCT (ts AT TIME ZONE ${timeZone})::date AS day FROM s) d
    )
    SELECT to_char(day, 'YYYY-MM-DD') AS day, ${at('to_ts')} - ${at('from_ts')} AS energy
    FROM bounds ORDER BY day
  `.execute(t.deps.db);
  return Object.fromEntries(rows.rows.map((r) => [r.day, r.energy]));
}

async function rollupsOf(inverter: string, meter: string) {
  const [inverterId, meterId] = [
    await deviceIdOf(t.deps, inverter),
    await deviceIdOf(t.deps, meter),
  ];
  const power = await t.deps.db
    .selectFrom('power_5min')
    .select(['device_id', 'bucket', 'power_w'])
    .where('device_id', 'in', [inverterId, meterId])
    .orderBy('device_id')
    .orderBy('bucket')
    .execute();
  return {
    inverterId,
    meterId,
    inverter: await energyByDay(t.deps, inverterId),
    meter: await energyByDay(t.deps, meterId),
    power: power.map((p) => [
      p.device_id === inverterId ? 'inverter' : 'meter',
      p.bucket.toISOString(),
      p.power_w,
    ]),
  };
}

describe('rollups under group commit', () => {
  it('equal the per-message result, late and out-of-order groups included, across a DST day', async () => {
    const timeZone = 'Europe/Berlin';
    const onePlant = await buildPlantWithDatalogger(t.deps, { timeZone });
    const groupPlant = await buildPlantWithDatalogger(t.deps, { timeZone });
    const one = { inverter: uniqueSerial('INV'), meter: uniqueSerial('MET') };
    const grouped = { inverter: uniqueSerial('INV'), meter: uniqueSerial('MET') };
    for (const r of series(one.inverter, one.meter))
      await t.service.ingestRecords(onePlant.datalogger, [r]);
    const committer = pipeline(7);
    await Promise.all(
      shuffled(series(grouped.inverter, grouped.meter)).map((r) =>
        committer.submit(messageOf(groupPlant, r)),
      ),
    );
    await committer.stop();

    const expected = await rollupsOf(one.inverter, one.meter);
    const actual = await rollupsOf(grouped.inverter, grouped.meter);
    expect(Object.keys(actual.inverter)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30']);
    for (const [kind, days] of [
      ['inverter', 'energy_kwh'],
      ['meter', 'import_kwh'],
      ['meter', 'export_kwh'],
      ['meter', 'load_kwh'],
    ] as const)
      for (const day of Object.keys(expected[kind]))
        expect(actual[kind][day]![days]).toBeCloseTo(expected[kind][day]![days], 9);
    expect(actual.power.length).toBe(expected.power.length);
    actual.power.forEach((row, i) => {
      expect(row.slice(0, 2)).toEqual(expected.power[i]!.slice(0, 2));
      expect(row[2] as number).toBeCloseTo(expected.power[i]![2] as number, 9);
    });
    const fromSamples = await energyFromSamples(actual.inverterId, timeZone, 'e_total_kwh');
    for (const [day, energy] of Object.entries(fromSamples))
      expect(Math.abs(actual.inverter[day]!.energy_kwh - energy)).toBeLessThanOrEqual(
        0.0005 + 1e-9,
      );
  });
});
