import { beforeAll, describe, expect, it } from 'vitest';
import { writeMeterSettings } from '../devices/meter-settings.js';
import { buildDevice } from '../test/fixtures/plants.factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import {
  buildPlantWithDatalogger,
  energyByDay,
  record,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { IngestionService } from './ingestion-service.js';
import { primaryMeterValues } from './meter-scaling.js';

const WIRING = { ctRatio: 40, ptRatio: 1.5, buyOffsetKwh: 1000, sellOffsetKwh: 250 };

describe('primaryMeterValues', () => {
  it('multiplies currents by CT, voltages by PT, power and counters by both, then adds offsets', () => {
    expect(
      primaryMeterValues(
        {
          i_a: 2.5,
          u_v: 230,
          p_grid_w: -50,
          q_var: 3,
          import_kwh_total: 10.123,
          export_kwh_total: 4,
          temp_c: 31.5,
          fault_codes: [7],
        },
        WIRING,
      ),
    ).toEqual({
      i_a: 100,
      u_v: 345,
      p_grid_w: -3000,
      q_var: 180,
      import_kwh_total: 1607.38,
      export_kwh_total: 490,
      temp_c: 31.5,
      fault_codes: [7],
    });
  });

  it('leaves a meter on the default wiring as it reads', () => {
    const values = { p_grid_w: 812, import_kwh_total: 5.5, export_kwh_total: 0.25 };
    expect(
      primaryMeterValues(values, { ctRatio: 1, ptRatio: 1, buyOffsetKwh: 0, sellOffsetKwh: 0 }),
    ).toEqual(values);
  });
});

describe('ingesting a meter behind transformers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  it('stores primary values, so live values, power curve and daily energy are scaled', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'Europe/Berlin' });
    const sn = uniqueSerial('MTR');
    const meter = await buildDevice(t.deps, plant.datalogger.id, {
      sn,
      kind: 'meter',
      lastSeenAt: null,
    });
    await writeMeterSettings(
      t.deps.db,
      { id: meter.id, plantId: plant.plantId },
      { ct_ratio: 40, pt_ratio: 1.5, buy_offset_kwh: 1000, sell_offset_kwh: 250 },
    );
    const reading = (p: number, imported: number, exported: number) => ({
      sn,
      kind: 'meter' as const,
      values: { p_grid_w: p, import_kwh_total: imported, export_kwh_total: exported },
    });
    const outcome = await new IngestionService(t.deps).ingestRecords(plant.datalogger, [
      record('2026-06-10T06:00:00Z', reading(50, 10, 2)),
      record('2026-06-10T07:00:00Z', reading(50, 10.5, 2)),
      record('2026-06-10T12:00:00Z', reading(-20, 10.5, 2.25)),
    ]);
    expect(outcome.kind).toBe('stored');

    // Secondary 0.5 kWh imported and 0.25 kWh exported, times CT 40 × PT 1.5.
    const day = (await energyByDay(t.deps, meter.id))['2026-06-10']!;
    expect(Number(day.import_kwh)).toBeCloseTo(30, 6);
    expect(Number(day.export_kwh)).toBeCloseTo(15, 6);
    const device = await t.deps.db
      .selectFrom('devices')
      .select('last_values')
      .where('id', '=', meter.id)
      .executeTakeFirstOrThrow();
    // 2.25 × 60 + 250 and 10.5 × 60 + 1000.
    expect(device.last_values).toMatchObject({
      p_grid_w: -1200,
      import_kwh_total: 1630,
      export_kwh_total: 385,
    });
    const power = await t.deps.db
      .selectFrom('power_5min')
      .select('power_w')
      .where('device_id', '=', meter.id)
      .orderBy('bucket')
      .execute();
    expect(power.map((row) => Number(row.power_w))).toEqual([3000, 3000, -1200]);
  });
});
