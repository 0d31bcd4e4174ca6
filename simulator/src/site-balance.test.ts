import type { DataloggerRecord } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { simulatedPlant } from './plant-config.js';
import { PlantSimulator } from './plant-simulator.js';
import { type SiteDay, siteEnergyByDay } from './site-balance.js';
import { ONE_WAY_EFFICIENCY, STANDBY_W_PER_KWH } from './storage-unit.js';

const STEP_SECONDS = 300;

/** A site with every device that draws or stores: battery, heat pump and storage system. */
const site = simulatedPlant.parse({
  latitude: 48.776,
  longitude: 9.183,
  timeZone: 'Europe/Berlin',
  seed: 3,
  datalogger: { sn: 'DLBAL0001', key: 'k' },
  inverters: [
    { sn: 'INVBAL0001', dcKwp: 12, ratedAcKw: 10.4 },
    { sn: 'INVBAL0002', dcKwp: 10, ratedAcKw: 8.7 },
  ],
  meter: { sn: 'METBAL0001' },
  battery: { sn: 'BATBAL0001', capacityKwh: 30, maxPowerKw: 15 },
  weather: { sn: 'WEABAL0001' },
  heatPumps: [{ sn: 'HPBAL0001', ratedKw: 8 }],
  storageSystems: [{ sn: 'ESSBAL0001', capacityKwh: 50, maxPowerKw: 25 }],
  loadScale: 2,
});

/** Every step's record, offline periods included: the site's physics goes on while they last. */
function recordsOf(from: string, days: number): DataloggerRecord[] {
  const simulator = new PlantSimulator(site);
  const start = Date.parse(from);
  return Array.from({ length: (days * 86_400) / STEP_SECONDS }, (_, i) =>
    simulator.step(new Date(start + i * STEP_SECONDS * 1000), STEP_SECONDS),
  );
}

/** PV + import + discharge against load + export + charge, as a share of the day's inflow. */
function imbalance(day: SiteDay): number {
  const inflow = day.pvKwh + day.importKwh + day.dischargeKwh;
  const outflow = day.loadKwh + day.exportKwh + day.chargeKwh;
  return Math.abs(inflow - outflow) / inflow;
}

describe('site balance', () => {
  it.each([
    ['winter', '2026-01-10T00:00:00+01:00'],
    ['summer', '2026-06-10T00:00:00+02:00'],
  ])('adds up every day of a %s week within 1 %%', (_, from) => {
    const records = recordsOf(from, 7);
    const days = siteEnergyByDay(records, site.timeZone, STEP_SECONDS);
    expect(days).toHaveLength(7);
    for (const day of days) {
      expect(imbalance(day), day.date).toBeLessThan(0.01);
      expect(day.subLoadExcessW, day.date).toBeLessThanOrEqual(0);
    }
  });

  it('puts the storage system’s flows in the meter’s balance, with losses and bounded charge', () => {
    const records = recordsOf('2026-06-10T00:00:00+02:00', 7);
    const ess = records.map((r) => r.devices.find((d) => d.kind === 'ess')!.values);
    const socs = ess.map((values) => values.soc_pct!);
    expect(Math.min(...socs)).toBeGreaterThanOrEqual(10);
    expect(Math.max(...socs)).toBeLessThanOrEqual(95);
    const charged = ess.at(-1)!.charge_kwh_total!;
    const discharged = ess.at(-1)!.discharge_kwh_total!;
    expect(charged).toBeGreaterThan(20);
    expect(discharged).toBeGreaterThan(0);
    // What went in and did not come out is in the cells or lost: converting both ways, and
    // at most the standby draw of the week.
    const storedChangeKwh = ((socs.at(-1)! - socs[0]!) / 100) * 50;
    const lossesKwh = charged - discharged - storedChangeKwh;
    const conversionKwh =
      charged * (1 - ONE_WAY_EFFICIENCY) + discharged * (1 / ONE_WAY_EFFICIENCY - 1);
    const standbyKwh = (STANDBY_W_PER_KWH * 50 * 7 * 24) / 1000;
    // The charge readings are rounded to 0.1 %, 50 Wh of this system.
    const readingKwh = 0.05;
    expect(lossesKwh).toBeGreaterThan(conversionKwh - readingKwh);
    expect(lossesKwh).toBeLessThan(conversionKwh + standbyKwh + readingKwh);
  });
});
