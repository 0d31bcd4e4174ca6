import { dataloggerMessage } from '@solar/contract';
import { describe, expect, it } from 'vitest';
import { historyBatches } from './backfill.js';
import { simulatedPlant } from './plant-config.js';
import { inverterEfficiency, PlantSimulator } from './plant-simulator.js';

const munich = simulatedPlant.parse({
  latitude: 48.1,
  longitude: 11.6,
  timeZone: 'Europe/Berlin',
  seed: 42,
  datalogger: { sn: 'DLTEST0001', key: 'k' },
  inverters: [{ sn: 'INVTEST0001', dcKwp: 10, ratedAcKw: 8.5 }],
  meter: { sn: 'METTEST0001' },
  battery: { sn: 'BATTEST0001', capacityKwh: 10, maxPowerKw: 5 },
  weather: { sn: 'WEATEST0001' },
});

/** Inverter AC power every 5 minutes over one UTC day. */
function clearJuneDay() {
  const simulator = new PlantSimulator(munich, { cloudCover: 0, hasIncidents: false });
  const points: { at: Date; pacW: number; eTotal: number }[] = [];
  for (let t = Date.UTC(2026, 5, 21); t < Date.UTC(2026, 5, 22); t += 300_000) {
    const record = simulator.step(new Date(t), 300);
    const inverter = record.devices.find((d) => d.kind === 'inverter')!;
    if (inverter.kind !== 'inverter') throw new Error('inverter expected');
    points.push({
      at: new Date(t),
      pacW: inverter.values.pac_w!,
      eTotal: inverter.values.e_total_kwh!,
    });
  }
  return points;
}

describe('plant simulator', () => {
  it('yields a plausible clear June day in Munich (4–8 kWh/kWp)', () => {
    const points = clearJuneDay();
    const yieldPerKwp = points.at(-1)!.eTotal / 10;
    expect(yieldPerKwp).toBeGreaterThan(4);
    expect(yieldPerKwp).toBeLessThan(8);
  });

  it('draws a bell-shaped curve peaking near solar noon and zero at night', () => {
    const points = clearJuneDay();
    const peak = points.reduce((best, p) => (p.pacW > best.pacW ? p : best));
    // Solar noon at 11.6° E is about 11:15 UTC; clipping flattens the top, so allow ±90 min.
    const peakHour = peak.at.getUTCHours() + peak.at.getUTCMinutes() / 60;
    expect(Math.abs(peakHour - 11.25)).toBeLessThan(1.5);
    expect(peak.pacW).toBeLessThanOrEqual(8500);
    const at = (hourUtc: number) => points[hourUtc * 12]!.pacW;
    expect(at(0)).toBe(0);
    expect(at(1)).toBe(0);
    expect(at(22)).toBe(0);
    expect(at(5)).toBeLessThan(at(7));
    expect(at(7)).toBeLessThan(at(9));
    expect(at(17)).toBeLessThan(at(15));
    expect(at(19)).toBeLessThan(at(17));
  });

  it('produces records the portal accepts', () => {
    const [batch] = historyBatches(
      new PlantSimulator(munich),
      new Date('2026-06-21T10:00:00Z'),
      new Date('2026-06-21T11:00:00Z'),
    );
    expect(batch).toHaveLength(12);
    expect(dataloggerMessage.safeParse({ records: batch }).success).toBe(true);
    const kinds = batch![0]!.devices.map((d) => d.kind).sort();
    expect(kinds).toEqual(['battery', 'inverter', 'meter', 'weather']);
  });

  it('keeps the meter balance: load = pv + grid + battery', () => {
    const simulator = new PlantSimulator(munich, { hasIncidents: false });
    const record = simulator.step(new Date('2026-06-21T17:00:00Z'), 300);
    const value = (kind: string, key: string) =>
      (record.devices.find((d) => d.kind === kind)!.values as Record<string, number>)[key]!;
    const balance =
      value('inverter', 'pac_w') + value('meter', 'p_grid_w') + value('battery', 'p_bat_w');
    expect(Math.abs(balance - value('meter', 'p_load_w'))).toBeLessThan(3);
  });

  it('gives an EPM history: the grid power its plant’s meter sees, at the factory limit', () => {
    const withEpm = simulatedPlant.parse({ ...munich, epm: { sn: 'EPMTEST0001' } });
    const [batch] = historyBatches(
      new PlantSimulator(withEpm, { hasIncidents: false }),
      new Date('2026-06-21T10:00:00Z'),
      new Date('2026-06-21T10:30:00Z'),
    );
    for (const record of batch!) {
      const meter = record.devices.find((d) => d.kind === 'meter')!;
      const epm = record.devices.find((d) => d.kind === 'epm')!;
      expect(epm.values).toEqual({ p_grid_w: meter.values.p_grid_w, export_limit_w: 8500 });
    }
    expect(dataloggerMessage.safeParse({ records: batch }).success).toBe(true);
  });

  it('reports the battery temperature, full cycles and the state of health they leave', () => {
    const batteryAt = (dischargeKwh: number) =>
      new PlantSimulator(munich, { hasIncidents: false, counters: { dischargeKwh } })
        .step(new Date('2026-06-21T12:00:00Z'), 300)
        .devices.find((d) => d.kind === 'battery')!.values;
    expect(batteryAt(0)).toMatchObject({ cycles: 0, soh_pct: 100 });
    // 10 kWh of capacity: 30,000 kWh discharged are 3,000 full cycles, a tenth of health gone.
    expect(batteryAt(30_000)).toMatchObject({ cycles: 3000, soh_pct: 90 });
    expect(batteryAt(0).temp_c).toBeGreaterThanOrEqual(15);
  });

  it('has an efficiency curve that is low at light load and high near rated power', () => {
    expect(inverterEfficiency(0.02)).toBeLessThan(0.8);
    expect(inverterEfficiency(0.5)).toBeGreaterThan(0.96);
    expect(inverterEfficiency(1)).toBeGreaterThan(0.95);
  });
});
