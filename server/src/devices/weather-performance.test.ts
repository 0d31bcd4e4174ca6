import { ErrorCode, localDate, weatherPerformance } from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildDatalogger,
  buildDevice,
  buildPlant,
  insertEnergy,
} from '../test/fixtures/plants.factories.js';
import { callEndpoint, endpointData } from '../test/call-endpoint.js';
import { buildCompanyWithStaff } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { dailyIrradiation, performanceRatio } from './weather-performance.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

describe('performance ratio', () => {
  it('is yield over irradiation times peak power, null without sun or capacity', () => {
    expect(performanceRatio(40, 5, 10)).toBe(0.8);
    expect(performanceRatio(40, 0, 10)).toBeNull();
    expect(performanceRatio(40, 5, null)).toBeNull();
  });

  it('integrates irradiance per plant-local day and counts gaps as no sun', () => {
    const at = (iso: string, irradianceWm2: number) => ({ ts: new Date(iso), irradianceWm2 });
    const days = dailyIrradiation(
      [
        // 23:30 UTC is already the next day in Berlin (winter time, UTC+1).
        at('2026-01-10T23:30:00Z', 0),
        at('2026-01-11T11:00:00Z', 600),
        at('2026-01-11T11:05:00Z', 600),
        at('2026-01-11T11:10:00Z', 600),
        // Two hours of silence: only 15 minutes count.
        at('2026-01-11T13:10:00Z', 0),
      ],
      'Europe/Berlin',
    );
    expect([...days.keys()]).toEqual(['2026-01-11']);
    expect(days.get('2026-01-11')).toBeCloseTo((600 * (5 + 5 + 15)) / 60 / 1000, 6);
  });

  it("answers each of the last days with the station's irradiation and the plant's yield", async () => {
    const company = await buildCompanyWithStaff(t.deps, ['station.view', 'equip.view']);
    const plant = await buildPlant(t.deps, company.admin.id, {
      company_id: company.company.id,
      time_zone: 'UTC',
      capacity_kwp: 10,
    });
    const datalogger = await buildDatalogger(t.deps, { plantId: plant.id });
    const inverter = await buildDevice(t.deps, datalogger.id, { kind: 'inverter' });
    const station = await buildDevice(t.deps, datalogger.id, { kind: 'weather' });
    const today = localDate('UTC');
    // Five hours at 1,000 W/m² today: 5 kWh/m²; the inverter made 40 kWh.
    const noon = new Date(`${today}T00:00:00Z`).getTime() + 9 * 3_600_000;
    await t.deps.db
      .insertInto('samples')
      .values(
        Array.from({ length: 61 }, (_, i) => ({
          device_id: station.id,
          ts: new Date(noon + i * 5 * 60_000),
          values: JSON.stringify({ irradiance_wm2: i === 60 ? 0 : 1000 }),
        })),
      )
      .execute();
    await insertEnergy(t.deps, inverter.id, [{ day: today, energyKwh: 40 }]);
    const answer = await endpointData(t.app, weatherPerformance, {
      token: company.staffToken,
      params: { sn: station.sn },
      query: { days: 3 },
    });
    expect(answer.capacityKwp).toBe(10);
    expect(answer.days).toHaveLength(3);
    expect(answer.days[2]).toEqual({
      date: today,
      irradiationKwhM2: 5,
      yieldKwh: 40,
      ratio: 0.8,
    });
    expect(answer.days[0]!.ratio).toBeNull();
    const other = await buildCompanyWithStaff(t.deps, ['station.view', 'equip.view']);
    const refused = await callEndpoint(t.app, weatherPerformance, {
      token: other.staffToken,
      params: { sn: station.sn },
    });
    expect(refused.code).toBe(ErrorCode.deviceNotFound);
  });
});
