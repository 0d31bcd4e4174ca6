import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { IngestionService } from './ingestion-service.js';
import {
  buildPlantWithDatalogger,
  deviceIdOf,
  inverterRecord,
  sampleCount,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { ingestionCounters } from './ingestion-stats.js';
import { deleteExpiredSamples } from './raw-retention.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

async function partitionOf(deviceId: number, ts: string): Promise<string> {
  const result = await sql<{ partition: string }>`
    SELECT tableoid::regclass::text AS partition FROM samples WHERE device_id = ${deviceId} AND ts = ${ts}::timestamptz
  `.execute(t.deps.db);
  return result.rows[0]!.partition;
}

describe('sample partitions', () => {
  it('creates the month partition on demand', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    await new IngestionService(t.deps).ingestRecords(plant.datalogger, [
      inverterRecord('2018-02-10T10:00:00Z', sn, { pac_w: 1 }),
    ]);
    expect(await partitionOf(await deviceIdOf(t.deps, sn), '2018-02-10T10:00:00Z')).toBe(
      'samples_2018_02',
    );
  });

  it('keeps old backlog in the default partition when that month already has rows there', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    const service = new IngestionService(t.deps);
    await service.ingestRecords(plant.datalogger, [
      inverterRecord('2017-06-01T10:00:00Z', sn, { pac_w: 1 }),
    ]);
    const deviceId = await deviceIdOf(t.deps, sn);
    // A row of June 2018 placed in the default partition before any partition existed.
    await sql`INSERT INTO samples_default (device_id, ts, values) VALUES (${deviceId}, '2018-06-01T10:00:00Z', '{}')`.execute(
      t.deps.db,
    );
    await new IngestionService(t.deps).ingestRecords(plant.datalogger, [
      inverterRecord('2018-06-02T10:00:00Z', sn, { pac_w: 2 }),
    ]);
    expect(await partitionOf(deviceId, '2018-06-02T10:00:00Z')).toBe('samples_default');
    expect(await sampleCount(t.deps, [deviceId])).toBe(3);
  });
});

describe('device registration', () => {
  it('registers unknown devices under their datalogger and refuses them to any other', async () => {
    const first = await buildPlantWithDatalogger(t.deps);
    const second = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    const service = new IngestionService(t.deps);
    await service.ingestRecords(first.datalogger, [
      {
        ts: '2026-04-10T10:00:00Z',
        devices: [{ sn, kind: 'inverter', model: '0200', values: { pac_w: 1 } }],
      },
    ]);
    const before = ingestionCounters.snapshot().rejectedByReason.foreignDevice ?? 0;
    const outcome = await service.ingestRecords(second.datalogger, [
      {
        ts: '2026-04-10T10:05:00Z',
        devices: [{ sn, kind: 'inverter', model: '0500', values: { pac_w: 2 } }],
      },
    ]);
    expect(outcome).toEqual({
      kind: 'stored',
      sn: second.datalogger.sn,
      ts: [],
      refused: [{ ts: '2026-04-10T10:05:00Z', sn, reason: 'foreignDevice' }],
    });
    const device = await t.deps.db
      .selectFrom('devices')
      .select(['id', 'datalogger_id', 'model_code'])
      .where('sn', '=', sn)
      .executeTakeFirstOrThrow();
    expect(device).toMatchObject({ datalogger_id: first.datalogger.id, model_code: '0200' });
    expect(await sampleCount(t.deps, [device.id])).toBe(1);
    expect(ingestionCounters.snapshot().rejectedByReason.foreignDevice).toBe(before + 1);
  });
});

describe('raw retention', () => {
  it('deletes raw samples older than the retention period and keeps the rollups', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const sn = uniqueSerial('INV');
    const now = new Date('2016-03-31T00:00:00Z');
    await new IngestionService(t.deps).ingestRecords(plant.datalogger, [
      inverterRecord('2016-01-10T10:00:00Z', sn, { pac_w: 100, e_total_kwh: 1 }),
      inverterRecord('2016-01-10T12:00:00Z', sn, { pac_w: 100, e_total_kwh: 3 }),
      inverterRecord('2016-03-20T10:00:00Z', sn, { pac_w: 100, e_total_kwh: 9 }),
    ]);
    const deviceId = await deviceIdOf(t.deps, sn);
    await deleteExpiredSamples(t.deps.db, 30, now);
    expect(await sampleCount(t.deps, [deviceId])).toBe(1);
    const rollup = await t.deps.db
      .selectFrom('energy_daily')
      .select('energy_kwh')
      .where('device_id', '=', deviceId)
      .where('day', '=', '2016-01-10')
      .executeTakeFirstOrThrow();
    // 2 kWh within the day and its share up to midnight of the 6 kWh until March 20.
    expect(rollup.energy_kwh).toBe(2.043);
  });
});
