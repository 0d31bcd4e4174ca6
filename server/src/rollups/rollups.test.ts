import { type DataloggerRecord, editPlant } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildPlantEnergy } from './rollups.js';
import { COUNTER_IMPLAUSIBLE_CODE } from '../events/counter-events.js';
import {
  buildPlantWithDatalogger,
  deviceIdOf,
  energyByDay,
  inverterRecord,
  record,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { buildIngestionTestApp, type IngestionTestApp } from '../test/ingestion-test-app.js';
import { tokenFor } from '../test/factories.js';
import { callEndpoint } from '../test/call-endpoint.js';

let t: IngestionTestApp;
beforeAll(async () => {
  t = await buildIngestionTestApp();
});

/** Inverter records every `stepMinutes` in [from, to), the counter rising 1 kWh per hour. */
function hourlyCounter(
  sn: string,
  from: string,
  to: string,
  stepMinutes = 15,
  startKwh = 100,
): DataloggerRecord[] {
  const records: DataloggerRecord[] = [];
  const start = Date.parse(from);
  for (let t = start; t < Date.parse(to); t += stepMinutes * 60_000) {
    const hours = (t - start) / 3_600_000;
    records.push(
      inverterRecord(new Date(t).toISOString(), sn, { pac_w: 1000, e_total_kwh: startKwh + hours }),
    );
  }
  return records;
}

async function ingest(
  plant: Awaited<ReturnType<typeof buildPlantWithDatalogger>>,
  records: DataloggerRecord[],
) {
  const outcome = await t.service.ingestRecords(plant.datalogger, records);
  expect(outcome.kind).toBe('stored');
}

describe('energy_daily on plant-local days', () => {
  it('gives the 23-hour day of the March DST change its 23 hours (Europe/Berlin)', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'Europe/Berlin' });
    const sn = uniqueSerial('INV');
    // 2026-03-29 local runs from 2026-03-28T23:00Z (CET) to 2026-03-29T22:00Z (CEST).
    await ingest(plant, hourlyCounter(sn, '2026-03-28T20:00:00Z', '2026-03-30T02:00:00Z'));
    const days = await energyByDay(t.deps, await deviceIdOf(t.deps, sn));
    // The step from 21:45Z to the next day's first sample at 22:00Z is split at midnight.
    expect(days['2026-03-29']!.energy_kwh).toBeCloseTo(23, 6);
    expect(days['2026-03-28']!.energy_kwh).toBeCloseTo(3, 6);
    expect(days['2026-03-30']!.energy_kwh).toBeCloseTo(3.75, 6);
  });

  it('gives the 25-hour day of the October DST change its 25 hours (Europe/Berlin)', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'Europe/Berlin' });
    const sn = uniqueSerial('INV');
    // 2026-10-25 local runs from 2026-10-24T22:00Z (CEST) to 2026-10-25T23:00Z (CET).
    await ingest(plant, hourlyCounter(sn, '2026-10-24T20:00:00Z', '2026-10-26T02:00:00Z'));
    const days = await energyByDay(t.deps, await deviceIdOf(t.deps, sn));
    expect(days['2026-10-25']!.energy_kwh).toBeCloseTo(25, 6);
    expect(days['2026-10-24']!.energy_kwh).toBeCloseTo(2, 6);
  });

  it('puts samples near midnight UTC on the right local days in other time zones', async () => {
    const auckland = await buildPlantWithDatalogger(t.deps, { timeZone: 'Pacific/Auckland' });
    const losAngeles = await buildPlantWithDatalogger(t.deps, { timeZone: 'America/Los_Angeles' });
    const nz = uniqueSerial('INV');
    const la = uniqueSerial('INV');
    // Auckland is UTC+12 in July: 11:30Z is 23:30 on the 1st, 12:30Z is 00:30 on the 2nd.
    await ingest(auckland, [
      inverterRecord('2026-07-01T10:30:00Z', nz, { e_total_kwh: 10 }),
      inverterRecord('2026-07-01T11:30:00Z', nz, { e_total_kwh: 11 }),
      inverterRecord('2026-07-01T12:30:00Z', nz, { e_total_kwh: 11.5 }),
      inverterRecord('2026-07-01T13:30:00Z', nz, { e_total_kwh: 13 }),
    ]);
    // Los Angeles is UTC−7 in July: 06:30Z is 23:30 on June 30, 07:30Z is 00:30 on July 1.
    await ingest(losAngeles, [
      inverterRecord('2026-07-01T05:30:00Z', la, { e_total_kwh: 50 }),
      inverterRecord('2026-07-01T06:30:00Z', la, { e_total_kwh: 52 }),
      inverterRecord('2026-07-01T07:30:00Z', la, { e_total_kwh: 53 }),
      inverterRecord('2026-07-01T08:30:00Z', la, { e_total_kwh: 56 }),
    ]);
    const nzDays = await energyByDay(t.deps, await deviceIdOf(t.deps, nz));
    expect(Object.keys(nzDays)).toEqual(['2026-07-01', '2026-07-02']);
    // The step across midnight, 11 -> 11.5 from 23:30 to 00:30, is halved.
    expect(nzDays['2026-07-01']!.energy_kwh).toBeCloseTo(1.25, 6);
    expect(nzDays['2026-07-02']!.energy_kwh).toBeCloseTo(1.75, 6);
    const laDays = await energyByDay(t.deps, await deviceIdOf(t.deps, la));
    expect(Object.keys(laDays)).toEqual(['2026-06-30', '2026-07-01']);
    expect(laDays['2026-06-30']!.energy_kwh).toBeCloseTo(2.5, 6);
    expect(laDays['2026-07-01']!.energy_kwh).toBeCloseTo(3.5, 6);
  });

  it('lets late and out-of-order samples fix a past day, and never goes negative', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const sn = uniqueSerial('INV');
    await ingest(plant, [
      inverterRecord('2026-05-10T12:00:00Z', sn, { e_total_kwh: 20, e_day_kwh: 8 }),
    ]);
    await ingest(plant, [inverterRecord('2026-05-11T12:00:00Z', sn, { e_total_kwh: 30 })]);
    const deviceId = await deviceIdOf(t.deps, sn);
    // Half of the 10 kWh from noon to noon falls before midnight.
    expect((await energyByDay(t.deps, deviceId))['2026-05-10']!.energy_kwh).toBe(5);
    await ingest(plant, [
      inverterRecord('2026-05-10T06:00:00Z', sn, { e_total_kwh: 12, e_day_kwh: 0 }),
    ]);
    expect((await energyByDay(t.deps, deviceId))['2026-05-10']!.energy_kwh).toBeCloseTo(13, 6);
    // A counter that went backwards (replaced inverter) books nothing, not a negative step.
    await ingest(plant, [inverterRecord('2026-05-11T18:00:00Z', sn, { e_total_kwh: 2 })]);
    expect((await energyByDay(t.deps, deviceId))['2026-05-11']!.energy_kwh).toBe(5);
    const device = await t.deps.db
      .selectFrom('devices')
      .select(['last_seen_at'])
      .where('id', '=', deviceId)
      .executeTakeFirstOrThrow();
    expect(device.last_seen_at?.toISOString()).toBe('2026-05-11T18:00:00.000Z');
  });

  it('fills import, export, charge, discharge and the plant load on the meter', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'Europe/Berlin' });
    const inverter = uniqueSerial('INV');
    const meter = uniqueSerial('MET');
    const battery = uniqueSerial('BAT');
    const at = (ts: string, e: number, imp: number, exp: number, chg: number, dis: number) =>
      inverterRecord(
        ts,
        inverter,
        { e_total_kwh: e, pac_w: 2000 },
        {
          sn: meter,
          kind: 'meter',
          values: { import_kwh_total: imp, export_kwh_total: exp, p_grid_w: -500, p_load_w: 800 },
        },
        {
          sn: battery,
          kind: 'battery',
          values: { charge_kwh_total: chg, discharge_kwh_total: dis, soc_pct: 50, p_bat_w: -700 },
        },
      );
    await ingest(plant, [
      at('2026-06-01T04:00:00Z', 100, 500, 300, 40, 30),
      at('2026-06-01T20:00:00Z', 130, 505, 318, 48, 34),
    ]);
    const meterDay = (await energyByDay(t.deps, await deviceIdOf(t.deps, meter)))['2026-06-01']!;
    expect(meterDay).toMatchObject({ import_kwh: 5, export_kwh: 18, energy_kwh: 0 });
    // load = generation 30 + import 5 − export 18 + discharge 4 − charge 8
    expect(meterDay.load_kwh).toBeCloseTo(13, 6);
    const batteryDay = (await energyByDay(t.deps, await deviceIdOf(t.deps, battery)))[
      '2026-06-01'
    ]!;
    expect(batteryDay).toMatchObject({ charge_kwh: 8, discharge_kwh: 4, load_kwh: 0 });
  });
});

describe('days that add up across midnight', () => {
  /** kWh per minute of each counter: whole Wh, so every day's share is exact. */
  const perMinute = {
    e_total_kwh: 0.05,
    import_kwh_total: 0.01,
    export_kwh_total: 0.02,
    charge_kwh_total: 0.006,
    discharge_kwh_total: 0.004,
  };
  type Counter = keyof typeof perMinute;
  const COUNTERS = Object.keys(perMinute) as Counter[];
  const ENERGY_OF: Record<
    Counter,
    'energy_kwh' | 'import_kwh' | 'export_kwh' | 'charge_kwh' | 'discharge_kwh'
  > = {
    e_total_kwh: 'energy_kwh',
    import_kwh_total: 'import_kwh',
    export_kwh_total: 'export_kwh',
    charge_kwh_total: 'charge_kwh',
    discharge_kwh_total: 'discharge_kwh',
  };

  /** An inverter, meter and battery on a plant in `timeZone`, and their records. */
  async function threeDevices(timeZone: string) {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone });
    const sn = {
      inverter: uniqueSerial('INV'),
      meter: uniqueSerial('MET'),
      battery: uniqueSerial('BAT'),
    };
    const at = (ts: string, v: Record<Counter, number>) =>
      inverterRecord(
        ts,
        sn.inverter,
        { e_total_kwh: v.e_total_kwh },
        {
          sn: sn.meter,
          kind: 'meter',
          values: { import_kwh_total: v.import_kwh_total, export_kwh_total: v.export_kwh_total },
        },
        {
          sn: sn.battery,
          kind: 'battery',
          values: {
            charge_kwh_total: v.charge_kwh_total,
            discharge_kwh_total: v.discharge_kwh_total,
          },
        },
      );
    const energies = async () => {
      const ids = {
        e_total_kwh: await deviceIdOf(t.deps, sn.inverter),
        import_kwh_total: await deviceIdOf(t.deps, sn.meter),
        export_kwh_total: await deviceIdOf(t.deps, sn.meter),
        charge_kwh_total: await deviceIdOf(t.deps, sn.battery),
        discharge_kwh_total: await deviceIdOf(t.deps, sn.battery),
      };
      const result = {} as Record<Counter, Record<string, number>>;
      for (const counter of COUNTERS) {
        const days = await energyByDay(t.deps, ids[counter]);
        result[counter] = Object.fromEntries(
          Object.entries(days).map(([day, row]) => [day, row[ENERGY_OF[counter]]]),
        );
      }
      return result;
    };
    return { plant, at, energies };
  }

  /** Records every 5 minutes in [from, to), each counter rising at its rate from 1000 kWh. */
  function everyFiveMinutes(
    at: (ts: string, v: Record<Counter, number>) => DataloggerRecord,
    from: string,
    to: string,
  ) {
    const records: DataloggerRecord[] = [];
    for (let ms = Date.parse(from); ms < Date.parse(to); ms += 300_000) {
      const minutes = (ms - Date.parse(from)) / 60_000;
      const values = Object.fromEntries(
        COUNTERS.map((c) => [c, Math.round((1000 + perMinute[c] * minutes) * 1000) / 1000]),
      ) as Record<Counter, number>;
      records.push(at(new Date(ms).toISOString(), values));
    }
    return records;
  }

  it.each([
    {
      name: 'three summer days (Europe/Berlin)',
      // 21:02 local on June 10 to 00:57 on June 13: 178, 1440, 1440 and 57 minutes.
      from: '2026-06-10T19:02:00Z',
      to: '2026-06-12T23:00:00Z',
      minutes: { '2026-06-10': 178, '2026-06-11': 1440, '2026-06-12': 1440, '2026-06-13': 57 },
    },
    {
      name: 'the 23-hour spring DST day (Europe/Berlin)',
      from: '2026-03-28T21:02:00Z',
      to: '2026-03-29T23:00:00Z',
      minutes: { '2026-03-28': 118, '2026-03-29': 1380, '2026-03-30': 57 },
    },
    {
      name: 'the 25-hour autumn DST day (Europe/Berlin)',
      from: '2026-10-24T20:02:00Z',
      to: '2026-10-26T00:00:00Z',
      minutes: { '2026-10-24': 118, '2026-10-25': 1500, '2026-10-26': 57 },
    },
  ])(
    "gives $name each its minutes, adding up to every counter's rise",
    async ({ from, to, minutes }) => {
      const { plant, at, energies } = await threeDevices('Europe/Berlin');
      const records = everyFiveMinutes(at, from, to);
      await ingest(plant, records);
      const byCounter = await energies();
      const first = records[0]!.devices;
      const last = records.at(-1)!.devices;
      const valueOf = (devices: DataloggerRecord['devices'], counter: Counter) =>
        devices
          .map((d) => (d.values as Record<string, number>)[counter])
          .find((v) => v !== undefined)!;
      for (const counter of COUNTERS) {
        const days = byCounter[counter];
        expect(Object.keys(days)).toEqual(Object.keys(minutes));
        for (const [day, length] of Object.entries(minutes))
          expect(days[day]).toBeCloseTo(length * perMinute[counter], 6);
        const sum = Object.values(days).reduce((a, b) => a + b, 0);
        const rise = valueOf(last, counter) - valueOf(first, counter);
        expect(Math.round(sum * 1000)).toBe(Math.round(rise * 1000));
      }
    },
  );

  it('splits the step across midnight in proportion to time, and books no reset or jump', async () => {
    const { plant, at, energies } = await threeDevices('UTC');
    const values = (e: number, imp: number, exp: number) => ({
      e_total_kwh: e,
      import_kwh_total: imp,
      export_kwh_total: exp,
      charge_kwh_total: 1,
      discharge_kwh_total: 1,
    });
    await ingest(plant, [
      at('2026-09-01T23:50:00Z', values(10, 500, 70)),
      at('2026-09-01T23:57:00Z', values(10.1, 500.5, 70.1)),
      // 0.5 kWh from 23:57 to 00:02: 0.3 before midnight, 0.2 after; the import resets, the
      // export jumps by far more than 1 MW gives in 5 minutes.
      at('2026-09-02T00:02:00Z', values(10.6, 0, 5000)),
      at('2026-09-02T00:07:00Z', values(10.7, 0.25, 5000.5)),
    ]);
    const days = await energies();
    expect(days.e_total_kwh).toEqual({ '2026-09-01': 0.4, '2026-09-02': 0.3 });
    expect(days.import_kwh_total).toEqual({ '2026-09-01': 0.5, '2026-09-02': 0.25 });
    expect(days.export_kwh_total).toEqual({ '2026-09-01': 0.1, '2026-09-02': 0.5 });
  });

  it('updates both days when a late sample opens or closes its day', async () => {
    const { plant, at, energies } = await threeDevices('UTC');
    const counter = (e: number) => ({
      e_total_kwh: e,
      import_kwh_total: 0,
      export_kwh_total: 0,
      charge_kwh_total: 0,
      discharge_kwh_total: 0,
    });
    await ingest(plant, [at('2026-09-10T23:00:00Z', counter(10))]);
    await ingest(plant, [
      at('2026-09-11T00:30:00Z', counter(11.5)),
      at('2026-09-11T01:00:00Z', counter(12)),
    ]);
    // 1.5 kWh in 1.5 hours across midnight: 1 before, 0.5 after.
    expect((await energies()).e_total_kwh).toEqual({ '2026-09-10': 1, '2026-09-11': 1 });
    // A late last sample of the 10th: 0.5 kWh from 23:45 to 00:30, a third of it before midnight.
    await ingest(plant, [at('2026-09-10T23:45:00Z', counter(11))]);
    expect((await energies()).e_total_kwh).toEqual({ '2026-09-10': 1.167, '2026-09-11': 0.833 });
    // A late first sample of the 11th: 0.2 kWh from 23:45 to 00:10, 0.12 before midnight.
    await ingest(plant, [at('2026-09-11T00:10:00Z', counter(11.2))]);
    expect((await energies()).e_total_kwh).toEqual({ '2026-09-10': 1.12, '2026-09-11': 0.88 });
  });
});

describe('implausible counter steps', () => {
  /** The counter-implausible events of a device, as their start times. */
  async function counterEvents(deviceId: number): Promise<string[]> {
    const rows = await t.deps.db
      .selectFrom('events')
      .select(['started_at', 'ended_at'])
      .where('device_id', '=', deviceId)
      .where('code', '=', COUNTER_IMPLAUSIBLE_CODE)
      .orderBy('started_at')
      .execute();
    for (const row of rows) expect(row.ended_at).toEqual(row.started_at);
    return rows.map((row) => row.started_at.toISOString());
  }

  /** An 11 kW inverter (its rated power stored) whose first reading is `first`. */
  async function elevenKwInverter(first: DataloggerRecord[]) {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const sn = uniqueSerial('INV');
    await ingest(
      plant,
      first.map((r) => ({ ...r, devices: [{ ...r.devices[0]!, sn }] })),
    );
    const deviceId = await deviceIdOf(t.deps, sn);
    await t.deps.db
      .updateTable('devices')
      .set({ rated_power_kw: '11' })
      .where('id', '=', deviceId)
      .execute();
    const at = (ts: string, kwh: number) => inverterRecord(ts, sn, { e_total_kwh: kwh });
    return { plant, deviceId, at };
  }

  // 4-minute steps of 0.7 kWh (10.5 kW) around a jump of 1,560 kWh at 10:08.
  const jumpDay: [string, number][] = [
    ['2026-08-03T10:04:00Z', 440],
    ['2026-08-03T10:08:00Z', 2000],
    ['2026-08-03T10:12:00Z', 2000.7],
    ['2026-08-03T10:16:00Z', 2001.4],
  ];
  const firstOfJumpDay = inverterRecord('2026-08-03T10:00:00Z', 'X', { e_total_kwh: 439.3 });

  it('leaves a jump beyond the rating out of the day and raises it once', async () => {
    const { plant, deviceId, at } = await elevenKwInverter([firstOfJumpDay]);
    for (const [ts, kwh] of jumpDay) await ingest(plant, [at(ts, kwh)]);
    const day = (await energyByDay(t.deps, deviceId))['2026-08-03']!;
    expect(day.energy_kwh).toBeCloseTo(2.1, 6);
    expect(await counterEvents(deviceId)).toEqual(['2026-08-03T10:08:00.000Z']);
    // The rebuild from raw samples judges the steps alike.
    await rebuildPlantEnergy(t.deps.db, plant.plantId);
    expect((await energyByDay(t.deps, deviceId))['2026-08-03']!.energy_kwh).toBeCloseTo(2.1, 6);
  });

  it('judges late and out-of-order samples alike, raising no event for the late ones', async () => {
    const { plant, deviceId, at } = await elevenKwInverter([firstOfJumpDay]);
    const [fourth, jump, twelfth, sixteenth] = jumpDay.map(([ts, kwh]) => at(ts, kwh));
    await ingest(plant, [sixteenth!, twelfth!]);
    expect(await counterEvents(deviceId)).toEqual(['2026-08-03T10:12:00.000Z']);
    await ingest(plant, [jump!]);
    await ingest(plant, [fourth!]);
    expect((await energyByDay(t.deps, deviceId))['2026-08-03']!.energy_kwh).toBeCloseTo(2.1, 6);
    expect(await counterEvents(deviceId)).toEqual(['2026-08-03T10:12:00.000Z']);
  });

  it('leaves a jump across midnight out of both days and raises it once', async () => {
    const { plant, deviceId, at } = await elevenKwInverter([
      inverterRecord('2026-08-07T23:56:00Z', 'X', { e_total_kwh: 100 }),
    ]);
    await ingest(plant, [at('2026-08-08T00:04:00Z', 2000)]);
    await ingest(plant, [at('2026-08-08T00:08:00Z', 2000.7)]);
    expect(await counterEvents(deviceId)).toEqual(['2026-08-08T00:04:00.000Z']);
    // Late readings on either side of midnight raise nothing.
    await ingest(plant, [at('2026-08-07T23:58:00Z', 100.3)]);
    await ingest(plant, [at('2026-08-08T00:02:00Z', 1999.5)]);
    expect(await counterEvents(deviceId)).toEqual(['2026-08-08T00:04:00.000Z']);
    const days = await energyByDay(t.deps, deviceId);
    expect(days['2026-08-07']!.energy_kwh).toBeCloseTo(0.3, 6);
    expect(days['2026-08-08']!.energy_kwh).toBeCloseTo(1.2, 6);
  });

  it('keeps a normal day at full rating whole, without events', async () => {
    const first = inverterRecord('2026-08-04T09:00:00Z', 'X', { e_total_kwh: 100 });
    const { plant, deviceId, at } = await elevenKwInverter([first]);
    // 11 kW for two hours in 5-minute steps, and a 1.5-hour gap at 12 kW.
    const records = Array.from({ length: 24 }, (_, i) =>
      at(
        new Date(Date.parse('2026-08-04T09:05:00Z') + i * 300_000).toISOString(),
        100 + (i + 1) * (11 / 12),
      ),
    );
    records.push(at('2026-08-04T12:30:00Z', 122 + 18));
    await ingest(plant, records);
    expect((await energyByDay(t.deps, deviceId))['2026-08-04']!.energy_kwh).toBeCloseTo(40, 6);
    expect(await counterEvents(deviceId)).toEqual([]);
  });

  it('keeps the energy before and after a counter reset, without an event', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const meter = uniqueSerial('MET');
    const at = (ts: string, imp: number, exp: number) =>
      record(ts, {
        sn: meter,
        kind: 'meter',
        values: { import_kwh_total: imp, export_kwh_total: exp },
      });
    await ingest(plant, [at('2026-08-05T08:00:00Z', 500, 70), at('2026-08-05T09:00:00Z', 502, 71)]);
    await ingest(plant, [at('2026-08-05T10:00:00Z', 0, 0)]);
    await ingest(plant, [at('2026-08-05T11:00:00Z', 3, 0.5)]);
    const deviceId = await deviceIdOf(t.deps, meter);
    expect((await energyByDay(t.deps, deviceId))['2026-08-05']).toMatchObject({
      import_kwh: 5,
      export_kwh: 1.5,
    });
    expect(await counterEvents(deviceId)).toEqual([]);
  });

  it('judges switch counters without counting their use as generation', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const sn = uniqueSerial('SW');
    const at = (ts: string, kwh: number) =>
      record(ts, { sn, kind: 'switch', values: { e_total_kwh: kwh } });
    // Without a rating of its own a switch is allowed 1.5 MW: 101 kWh in four minutes.
    await ingest(plant, [at('2026-08-06T10:00:00Z', 10), at('2026-08-06T10:04:00Z', 100)]);
    await ingest(plant, [at('2026-08-06T10:08:00Z', 5000)]);
    const deviceId = await deviceIdOf(t.deps, sn);
    expect(await counterEvents(deviceId)).toEqual(['2026-08-06T10:08:00.000Z']);
    expect((await energyByDay(t.deps, deviceId))['2026-08-06']!.energy_kwh).toBe(0);
  });
});

describe('power_5min', () => {
  it('averages the samples of each UTC 5-minute bucket, late ones included', async () => {
    const plant = await buildPlantWithDatalogger(t.deps);
    const sn = uniqueSerial('INV');
    await ingest(plant, [
      inverterRecord('2026-06-02T10:00:00Z', sn, { pac_w: 1000 }),
      inverterRecord('2026-06-02T10:02:00Z', sn, { pac_w: 2000 }),
      inverterRecord('2026-06-02T10:05:00Z', sn, { pac_w: 4000 }),
    ]);
    await ingest(plant, [inverterRecord('2026-06-02T10:04:00Z', sn, { pac_w: 3000 })]);
    const rows = await t.deps.db
      .selectFrom('power_5min')
      .select(['bucket', 'power_w'])
      .where('device_id', '=', await deviceIdOf(t.deps, sn))
      .orderBy('bucket')
      .execute();
    expect(rows.map((r) => [r.bucket.toISOString(), r.power_w])).toEqual([
      ['2026-06-02T10:00:00.000Z', 2000],
      ['2026-06-02T10:05:00.000Z', 4000],
    ]);
  });
});

describe('energy without a lifetime counter', () => {
  it('falls back to the highest e_day_kwh of the local day', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const sn = uniqueSerial('INV');
    await ingest(plant, [
      inverterRecord('2026-05-20T08:00:00Z', sn, { e_day_kwh: 1.5 }),
      inverterRecord('2026-05-20T16:00:00Z', sn, { e_day_kwh: 9.25 }),
    ]);
    const days = await energyByDay(t.deps, await deviceIdOf(t.deps, sn));
    expect(days['2026-05-20']!.energy_kwh).toBeCloseTo(9.25, 6);
  });
});

describe('counter spans', () => {
  async function spanCounters(deviceId: number): Promise<string[]> {
    const rows = await t.deps.db
      .selectFrom('energy_counter_spans')
      .select('counter')
      .where('device_id', '=', deviceId)
      .orderBy('counter')
      .execute();
    return rows.map((row) => row.counter);
  }

  it('keeps an e_day_kwh span only for samples without e_total_kwh, as the rebuild does', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const both = uniqueSerial('INV');
    const dayOnly = uniqueSerial('INV');
    await ingest(plant, [
      inverterRecord('2026-05-21T08:00:00Z', both, { e_total_kwh: 10, e_day_kwh: 1 }),
      inverterRecord('2026-05-21T16:00:00Z', both, { e_total_kwh: 14, e_day_kwh: 5 }),
      inverterRecord('2026-05-21T16:00:00Z', dayOnly, { e_day_kwh: 6 }),
    ]);
    const [bothId, dayOnlyId] = [await deviceIdOf(t.deps, both), await deviceIdOf(t.deps, dayOnly)];
    expect(await spanCounters(bothId)).toEqual(['e_total_kwh']);
    expect(await spanCounters(dayOnlyId)).toEqual(['e_day_kwh']);
    await rebuildPlantEnergy(t.deps.db, plant.plantId);
    expect(await spanCounters(bothId)).toEqual(['e_total_kwh']);
    expect(await spanCounters(dayOnlyId)).toEqual(['e_day_kwh']);
    expect((await energyByDay(t.deps, bothId))['2026-05-21']!.energy_kwh).toBeCloseTo(4, 6);
    expect((await energyByDay(t.deps, dayOnlyId))['2026-05-21']!.energy_kwh).toBeCloseTo(6, 6);
  });
});

describe('rebuildPlantEnergy', () => {
  it('moves the energy to the new local days after a time zone change', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const sn = uniqueSerial('INV');
    // 22:00Z–23:00Z on June 3 is June 4 in Berlin (UTC+2).
    await ingest(plant, [
      inverterRecord('2026-06-03T20:00:00Z', sn, { e_total_kwh: 1 }),
      inverterRecord('2026-06-03T21:00:00Z', sn, { e_total_kwh: 2 }),
      inverterRecord('2026-06-03T22:30:00Z', sn, { e_total_kwh: 4 }),
      inverterRecord('2026-06-03T23:30:00Z', sn, { e_total_kwh: 7 }),
    ]);
    const deviceId = await deviceIdOf(t.deps, sn);
    expect(Object.keys(await energyByDay(t.deps, deviceId))).toEqual(['2026-06-03']);
    await t.deps.db
      .updateTable('plants')
      .set({ time_zone: 'Europe/Berlin' })
      .where('id', '=', plant.plantId)
      .execute();
    await rebuildPlantEnergy(t.deps.db, plant.plantId);
    const days = await energyByDay(t.deps, deviceId);
    expect(Object.keys(days)).toEqual(['2026-06-03', '2026-06-04']);
    // 2 kWh from 21:00Z to 22:30Z, two thirds of it before Berlin's midnight at 22:00Z.
    expect(days['2026-06-03']!.energy_kwh).toBeCloseTo(2.333, 6);
    expect(days['2026-06-04']!.energy_kwh).toBeCloseTo(3.667, 6);
  });

  it('runs when the plant edit changes the time zone', async () => {
    const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'UTC' });
    const sn = uniqueSerial('INV');
    await ingest(plant, [
      inverterRecord('2026-06-03T21:00:00Z', sn, { e_total_kwh: 2 }),
      inverterRecord('2026-06-03T23:30:00Z', sn, { e_total_kwh: 7 }),
    ]);
    const deviceId = await deviceIdOf(t.deps, sn);
    const edit = await callEndpoint(t.app, editPlant, {
      params: { id: plant.plantId },
      token: await tokenFor(t.deps, plant.ownerId),
      body: { timeZone: 'Europe/Berlin' },
    });
    expect(edit.code).toBe(0);
    expect(Object.keys(await energyByDay(t.deps, deviceId))).toEqual(['2026-06-03', '2026-06-04']);
  });
});
