import { describe, expect, it } from 'vitest';
import {
  coverForTransmission,
  IRRADIATION_NORMALS,
  meanTransmission,
  monthlyClearSkyIndex,
  nearestNormal,
} from './climate.js';
import { simulatedPlant } from './plant-config.js';
import { PlantSimulator } from './plant-simulator.js';

const NOVEMBER = 10;
const JUNE = 5;

/** Mean daily yield (kWh/kWp) of a 10 kWp array over the 30 days of a month, 15-minute steps. */
function monthlyYield(site: (typeof IRRADIATION_NORMALS)[number], month: number): number {
  const plant = simulatedPlant.parse({
    latitude: site.latitude,
    longitude: site.longitude,
    seed: 7,
    datalogger: { sn: 'DLCLIMATE1', key: 'k' },
    inverters: [{ sn: 'INVCLIMATE1', dcKwp: 10, ratedAcKw: 10 }],
  });
  const simulator = new PlantSimulator(plant, { hasIncidents: false });
  const start = Date.UTC(2026, month, 1);
  const stepSeconds = 900;
  let whTotal = 0;
  for (let t = start; t < start + 30 * 86_400_000; t += stepSeconds * 1000) {
    const record = simulator.step(new Date(t), stepSeconds);
    const inverter = record.devices.find((device) => device.kind === 'inverter');
    if (inverter?.kind === 'inverter')
      whTotal += ((inverter.values.pac_w ?? 0) * stepSeconds) / 3600;
  }
  return whTotal / 1000 / 10 / 30;
}

const site = (name: string) => IRRADIATION_NORMALS.find((normal) => normal.site === name)!;

describe('climate normals', () => {
  it('inverts the cloud model: the chosen cover gives the wanted transmission', () => {
    for (const index of [0.35, 0.5, 0.75, 0.95]) {
      expect(meanTransmission(coverForTransmission(index))).toBeCloseTo(index, 3);
    }
  });

  it('uses the nearest reference site, none far from all of them', () => {
    expect(nearestNormal(53.6, 10)?.site).toBe('Hamburg');
    expect(nearestNormal(0, -30)).toBeNull();
    expect(monthlyClearSkyIndex(0, -30, NOVEMBER)).toBeNull();
  });

  it('makes well under 1 kWh/kWp a day in a north-German November', () => {
    const daily = monthlyYield(site('Hamburg'), NOVEMBER);
    expect(daily).toBeGreaterThan(0.3);
    expect(daily).toBeLessThan(1);
  });

  it('makes about 3 to 4 kWh/kWp a day in a Napa November', () => {
    const daily = monthlyYield(site('Napa'), NOVEMBER);
    expect(daily).toBeGreaterThan(2.8);
    expect(daily).toBeLessThan(4.2);
  });

  it('follows the documented irradiation at every demo site in November and June', () => {
    for (const normal of IRRADIATION_NORMALS) {
      for (const month of [NOVEMBER, JUNE]) {
        // A 30° array turned to the equator gains in winter and loses a little in summer;
        // losses and inverter efficiency keep the yield at 0.65–1.6 of the horizontal figure.
        const ratio = monthlyYield(normal, month) / (normal.ghi[month] ?? Number.NaN);
        expect(ratio, `${normal.site} month ${month + 1}`).toBeGreaterThan(0.65);
        expect(ratio, `${normal.site} month ${month + 1}`).toBeLessThan(1.6);
      }
    }
  });
});
