import { CO2_KG_PER_KWH, localDate, runReport } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildDatalogger,
  buildDevice,
  buildPlant,
  insertEnergy,
  insertPower,
} from '../test/fixtures/plants.factories.js';
import { endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
let company: Awaited<ReturnType<typeof buildCompanyWithStaff>>;
const today = localDate('UTC');
const morning = new Date(`${today}T00:00:00Z`).getTime() + 9 * 3_600_000;

/** A 10 kWp plant with two inverters (40 kWh today) and, when asked, a weather station. */
async function plantWithOutput(name: string, withStation: boolean) {
  const plant = await buildPlant(t.deps, company.admin.id, {
    name,
    company_id: company.company.id,
    time_zone: 'UTC',
    capacity_kwp: 10,
  });
  const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
  const first = await buildDevice(t.deps, datalogger.id, { kind: 'inverter' });
  const second = await buildDevice(t.deps, datalogger.id, { kind: 'inverter' });
  await insertEnergy(t.deps, first.id, [{ day: today, energyKwh: 30 }]);
  await insertEnergy(t.deps, second.id, [{ day: today, energyKwh: 10 }]);
  // The slots' sums: 5 kW, 8.25 kW (the peak, though neither inverter peaks alone), 7 kW.
  await insertPower(t.deps, first.id, [
    { bucket: new Date(morning), powerW: 4000 },
    { bucket: new Date(morning + 300_000), powerW: 6000 },
    { bucket: new Date(morning + 600_000), powerW: 6500 },
  ]);
  await insertPower(t.deps, second.id, [
    { bucket: new Date(morning), powerW: 1000 },
    { bucket: new Date(morning + 300_000), powerW: 2250 },
    { bucket: new Date(morning + 600_000), powerW: 500 },
  ]);
  if (withStation) {
    const station = await buildDevice(t.deps, datalogger.id, { kind: 'weather' });
    // Five hours at 1,000 W/m²: 5 kWh/m², so PR = 40 / (5 × 10) = 0.8.
    await t.deps.db
      .insertInto('samples')
      .values(
        Array.from({ length: 61 }, (_, i) => ({
          device_id: station.id,
          ts: new Date(morning + i * 5 * 60_000),
          values: JSON.stringify({ irradiance_wm2: i === 60 ? 0 : 1000 }),
        })),
      )
      .execute();
  }
  return plant;
}

beforeAll(async () => {
  t = await buildTestApp();
  company = await buildCompanyWithStaff(t.deps, ['workdata.view', 'station.view']);
});

describe('report figures', () => {
  it('give peak power, performance ratio where a station exists and CO2 saved', async () => {
    const withStation = await plantWithOutput('A station roof', true);
    const without = await plantWithOutput('B bare roof', false);
    const report = await endpointData(t.app, runReport, {
      token: company.staffToken,
      body: { plantIds: [withStation.id, without.id], grouping: 'day', from: today, to: today },
    });
    const [station, bare] = report.rows;
    expect(station).toMatchObject({
      plantName: 'A station roof',
      energyKwh: 40,
      peakPowerKw: 8.25,
      performanceRatio: 0.8,
      co2SavedKg: 40 * CO2_KG_PER_KWH,
    });
    // No weather station: not available, never 0.
    expect(bare).toMatchObject({ plantName: 'B bare roof', peakPowerKw: 8.25 });
    expect(bare!.performanceRatio).toBeNull();
    expect(report.totals.peakPowerKw).toBe(8.25);
    expect(report.totals.co2SavedKg).toBe(80 * CO2_KG_PER_KWH);
  });
});
