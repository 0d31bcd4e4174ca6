import { ALARM_RULES, type DataloggerRecord } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildPlantWithDatalogger,
  deviceIdOf,
  inverterReading,
  type PlantWithDatalogger,
  record,
  uniqueSerial,
} from '../test/fixtures/ingestion.factories.js';
import { buildIngestionTestApp, type IngestionTestApp } from '../test/ingestion-test-app.js';
import { evaluatePlantAlarms } from './evaluate-alarms.js';

let t: IngestionTestApp;
beforeAll(async () => {
  t = await buildIngestionTestApp();
});

const KWP = 5;
const STEP_MS = 5 * 60_000;
const LOW_YIELD = ALARM_RULES.lowSpecificYield.code;
const NO_PRODUCTION = ALARM_RULES.noDaylightProduction.code;
const OFFLINE = ALARM_RULES.dataloggerOffline.code;

/** A clear June day near Munich: a bell of power between 04:00 and 20:00 UTC, W per kWp. */
function clearDayWPerKwp(at: number): number {
  const hours = (at % 86_400_000) / 3_600_000;
  return hours <= 4 || hours >= 20 ? 0 : 800 * Math.sin((Math.PI * (hours - 4)) / 16);
}

/** What each inverter makes of the sky at an instant, as a share of its clear-day power. */
type Shares = (at: number, inverter: number) => number;

interface Fleet {
  plant: PlantWithDatalogger;
  serials: string[];
  ids: number[];
  /** What each inverter's counter reached, kWh. */
  counters: number[];
}

async function buildFleet(): Promise<Fleet> {
  const plant = await buildPlantWithDatalogger(t.deps, { timeZone: 'Europe/Berlin' });
  const serials = [uniqueSerial('INVA'), uniqueSerial('INVB'), uniqueSerial('INVC')];
  return { plant, serials, ids: [], counters: serials.map(() => 100) };
}

/** Writes the fleet's records every 5 minutes in [from, to) through the ingestion pipeline. */
async function report(fleet: Fleet, from: string, to: string, shares: Shares): Promise<void> {
  const records: DataloggerRecord[] = [];
  for (let at = Date.parse(from); at < Date.parse(to); at += STEP_MS) {
    const readings = fleet.serials.map((sn, index) => {
      const powerW = clearDayWPerKwp(at) * KWP * shares(at, index);
      fleet.counters[index]! += (powerW * STEP_MS) / 3_600_000 / 1000;
      return inverterReading(sn, { pac_w: powerW, e_total_kwh: fleet.counters[index]! });
    });
    records.push(record(new Date(at).toISOString(), ...readings));
  }
  for (let index = 0; index < records.length; index += 50) {
    await t.service.ingestRecords(fleet.plant.datalogger, records.slice(index, index + 50));
  }
  if (fleet.ids.length === 0) {
    fleet.ids = await Promise.all(fleet.serials.map((sn) => deviceIdOf(t.deps, sn)));
    await t.deps.db
      .updateTable('devices')
      .set({ dc_peak_kw: String(KWP) })
      .where('id', 'in', fleet.ids)
      .execute();
  }
}

/** Energy a clear day gives one inverter in [from, to), as `report` writes it, kWh. */
function clearEnergyKwh(from: string, to: string, share = 1): number {
  let kWh = 0;
  for (let at = Date.parse(from); at < Date.parse(to); at += STEP_MS) {
    kWh += (clearDayWPerKwp(at) * KWP * share * STEP_MS) / 3_600_000 / 1000;
  }
  return kWh;
}

async function alarmsOf(fleet: Fleet, code: string) {
  return t.deps.db
    .selectFrom('events')
    .leftJoin('event_lost_energy', 'event_lost_energy.event_id', 'events.id')
    .select(['events.id', 'events.device_id', 'events.started_at', 'events.ended_at'])
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('lost_kwh'), eb.lit(0)).as('lostKwh'))
    .where('events.code', '=', code)
    .where('events.device_id', 'in', fleet.ids)
    .groupBy('events.id')
    .orderBy('events.id')
    .execute();
}

const evaluateAt = (fleet: Fleet, at: string) =>
  evaluatePlantAlarms(t.deps.db, fleet.plant.plantId, new Date(at));

const withinFivePercent = (actual: number, expected: number) =>
  expect(Math.abs(actual - expected)).toBeLessThanOrEqual(expected * 0.05);

describe('low specific yield', () => {
  it('fires for a shaded inverter with the energy it lost, once, and clears on a good day', async () => {
    const fleet = await buildFleet();
    await report(fleet, '2026-06-15T03:00:00Z', '2026-06-15T18:00:00Z', (_, i) =>
      i === 2 ? 0.5 : 1,
    );
    await evaluateAt(fleet, '2026-06-15T18:00:00Z');
    await evaluateAt(fleet, '2026-06-15T18:00:00Z');

    const alarms = await alarmsOf(fleet, LOW_YIELD);
    expect(alarms.map((alarm) => [alarm.device_id, alarm.ended_at])).toEqual([
      [fleet.ids[2], null],
    ]);
    const removed = clearEnergyKwh('2026-06-15T03:00:00Z', '2026-06-15T18:00:00Z', 0.5);
    withinFivePercent(Number(alarms[0]!.lostKwh), removed);

    await report(fleet, '2026-06-16T03:00:00Z', '2026-06-16T12:00:00Z', () => 1);
    await evaluateAt(fleet, '2026-06-16T12:00:00Z');
    const [cleared] = await alarmsOf(fleet, LOW_YIELD);
    expect(cleared!.ended_at).toEqual(new Date('2026-06-16T12:00:00Z'));
    withinFivePercent(Number(cleared!.lostKwh), removed);
  });

  it('books a day once when the alarm closes and reopens on that day', async () => {
    const fleet = await buildFleet();
    const threshold = (thresholdPct: number) =>
      t.deps.db
        .insertInto('alarm_rule_settings')
        .values({
          plant_id: fleet.plant.plantId,
          rule: 'lowSpecificYield',
          is_enabled: true,
          level: 1,
          parameters: JSON.stringify({ ...ALARM_RULES.lowSpecificYield.defaults, thresholdPct }),
        })
        .onConflict((oc) =>
          oc
            .columns(['plant_id', 'rule'])
            .where('company_id', 'is', null)
            .doUpdateSet((eb) => ({ parameters: eb.ref('excluded.parameters') })),
        )
        .execute();
    await report(fleet, '2026-06-15T03:00:00Z', '2026-06-15T18:00:00Z', (_, i) =>
      i === 2 ? 0.5 : 1,
    );
    await threshold(70);
    await evaluateAt(fleet, '2026-06-15T16:00:00Z');
    await threshold(40);
    await evaluateAt(fleet, '2026-06-15T17:00:00Z');
    await threshold(70);
    await evaluateAt(fleet, '2026-06-15T18:00:00Z');

    const alarms = await alarmsOf(fleet, LOW_YIELD);
    expect(alarms.map((alarm) => alarm.ended_at === null)).toEqual([false, true]);
    const removed = clearEnergyKwh('2026-06-15T03:00:00Z', '2026-06-15T18:00:00Z', 0.5);
    withinFivePercent(Number(alarms[0]!.lostKwh), removed);
    expect(Number(alarms[1]!.lostKwh)).toBe(0);
  });

  it('stays silent on a cloudy day for all inverters and at night', async () => {
    const fleet = await buildFleet();
    await report(fleet, '2026-06-15T03:00:00Z', '2026-06-15T20:00:00Z', (at, i) =>
      i === 1 ? 0.18 : 0.2 + 0.02 * Math.sin(at / 3_600_000 + i),
    );
    for (const at of ['2026-06-15T06:00:00Z', '2026-06-15T12:00:00Z', '2026-06-15T23:00:00Z']) {
      await evaluateAt(fleet, at);
    }
    expect(await alarmsOf(fleet, LOW_YIELD)).toEqual([]);
    expect(await alarmsOf(fleet, NO_PRODUCTION)).toEqual([]);
  });
});

describe('no production in daylight', () => {
  it('fires for an inverter that trips at noon while its peers produce, and ends when it produces again', async () => {
    const fleet = await buildFleet();
    const isTripped = (at: number, i: number) =>
      i === 0 &&
      at >= Date.parse('2026-06-15T11:00:00Z') &&
      at < Date.parse('2026-06-15T13:00:00Z');
    await report(fleet, '2026-06-15T03:00:00Z', '2026-06-15T12:00:00Z', (at, i) =>
      isTripped(at, i) ? 0 : 1,
    );
    await evaluateAt(fleet, '2026-06-15T12:00:00Z');
    await evaluateAt(fleet, '2026-06-15T12:00:00Z');
    const [open, ...others] = await alarmsOf(fleet, NO_PRODUCTION);
    expect(others).toEqual([]);
    expect(open).toMatchObject({
      device_id: fleet.ids[0],
      started_at: new Date('2026-06-15T11:00:00Z'),
      ended_at: null,
    });
    withinFivePercent(
      Number(open!.lostKwh),
      clearEnergyKwh('2026-06-15T11:00:00Z', '2026-06-15T12:00:00Z'),
    );

    await report(fleet, '2026-06-15T12:00:00Z', '2026-06-15T13:30:00Z', (at, i) =>
      isTripped(at, i) ? 0 : 1,
    );
    await evaluateAt(fleet, '2026-06-15T13:30:00Z');
    const [closed] = await alarmsOf(fleet, NO_PRODUCTION);
    expect(closed!.ended_at).toEqual(new Date('2026-06-15T13:00:00Z'));
    withinFivePercent(
      Number(closed!.lostKwh),
      clearEnergyKwh('2026-06-15T11:00:00Z', '2026-06-15T13:00:00Z'),
    );
  });

  it('stays silent at night and on a day too dark for every inverter', async () => {
    const fleet = await buildFleet();
    await report(fleet, '2026-06-15T03:00:00Z', '2026-06-15T12:00:00Z', () => 0.02);
    await evaluateAt(fleet, '2026-06-15T12:00:00Z');
    await report(fleet, '2026-06-15T20:00:00Z', '2026-06-15T23:00:00Z', (_, i) =>
      i === 0 ? 0 : 1,
    );
    await evaluateAt(fleet, '2026-06-15T23:00:00Z');
    expect(await alarmsOf(fleet, NO_PRODUCTION)).toEqual([]);
  });
});

describe('datalogger offline', () => {
  async function silentSince(fleet: Fleet, lastHeard: string) {
    await t.deps.db
      .updateTable('dataloggers')
      .set({ last_online_at: new Date(lastHeard) })
      .where('id', '=', fleet.plant.datalogger.id)
      .execute();
  }

  it('lets a datalogger sleep through the night, and fires once it stays silent in daylight', async () => {
    const fleet = await buildFleet();
    await report(fleet, '2026-06-15T18:00:00Z', '2026-06-15T19:30:00Z', () => 1);
    await silentSince(fleet, '2026-06-15T19:30:00Z');
    await evaluateAt(fleet, '2026-06-16T03:00:00Z');
    expect(await alarmsOf(fleet, OFFLINE)).toEqual([]);

    await evaluateAt(fleet, '2026-06-16T04:45:00Z');
    const [alarm] = await alarmsOf(fleet, OFFLINE);
    expect(alarm).toMatchObject({ started_at: new Date('2026-06-15T19:30:00Z'), ended_at: null });
    expect(Number(alarm!.lostKwh)).toBe(0);

    await silentSince(fleet, '2026-06-16T05:00:00Z');
    await evaluateAt(fleet, '2026-06-16T05:05:00Z');
    expect((await alarmsOf(fleet, OFFLINE))[0]!.ended_at).toEqual(new Date('2026-06-16T05:00:00Z'));
  });
});
