import * as api from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildPlantWithDevices,
  insertEnergy,
  insertPower,
} from '../test/fixtures/plants.factories.js';
import { buildSignedInOwner } from '../test/factories.js';
import { endpointReader } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const get = endpointReader(() => t.app);

const TWO_YEARS = [
  { day: '2024-07-01', energyKwh: 1000.1 },
  { day: '2025-03-01', energyKwh: 2000.2 },
];

/** A plant with 19,000 kWh generated before monitoring and two monitored days. */
async function plantWithOffset(
  overrides: Parameters<typeof buildPlantWithDevices>[3],
  days = TWO_YEARS,
) {
  const { user, token } = await buildSignedInOwner(t.deps);
  const { plant, devices } = await buildPlantWithDevices(t.deps, user.id, [{ kind: 'inverter' }], {
    generation_offset_kwh: 19_000,
    ...overrides,
  });
  await insertEnergy(t.deps, devices[0]!.id, days);
  return { plant, devices, token, params: { id: plant.id } };
}

describe('generation before monitoring', () => {
  it('is its own part of the lifetime energy, the yearly view and the total income', async () => {
    const { token, params } = await plantWithOffset({
      valuation_method: 'constant',
      constant_price: 0.1,
      currency: 'EUR',
    });
    const total = await get(api.plantEnergyTotal, { params, token });
    expect(total).toEqual({ energyKwh: 22_000.3, beforeMonitoringKwh: 19_000 });

    const years = await get(api.plantEnergyByYear, { params, token });
    expect(years.beforeMonitoringKwh).toBe(19_000);
    const monitored = years.points.reduce((sum, point) => sum + point.energyKwh, 0);
    expect(years.beforeMonitoringKwh + monitored).toBeCloseTo(total.energyKwh, 6);

    const incomes = await get(api.plantIncomeByYear, { params, token });
    expect(incomes.beforeMonitoring).toEqual({ energyKwh: 19_000, income: 1900 });
    expect(incomes.points.find((p) => p.period === '2024')).toMatchObject({ income: 100.01 });
    expect(incomes.points.find((p) => p.period === '2025')).toMatchObject({ income: 200.02 });

    const income = await get(api.plantIncomeTotal, { params, token });
    expect(income).toEqual({
      currency: 'EUR',
      energyKwh: 22_000.3,
      income: 2200.03,
      beforeMonitoring: { energyKwh: 19_000, income: 1900 },
    });
    const realtime = await get(api.plantRealtime, { params, token });
    expect(realtime.totalKwh).toBe(income.energyKwh);
  });

  it('values the offset by the tiers from 0 kWh, or at the average time-of-use price', async () => {
    const tiered = await plantWithOffset({
      valuation_method: 'generation',
      generation_offset_kwh: 150,
      generation_tiers: JSON.stringify([
        { fromKwh: 0, price: 0.5 },
        { fromKwh: 100, price: 0.2 },
      ]),
    });
    const tieredTotal = await get(api.plantIncomeTotal, {
      params: tiered.params,
      token: tiered.token,
    });
    // 100 kWh × 0.5 + 50 kWh × 0.2 before monitoring; the monitored 3,000.3 kWh at 0.2.
    expect(tieredTotal.beforeMonitoring).toEqual({ energyKwh: 150, income: 60 });
    expect(tieredTotal.income).toBe(660.06);

    const timeOfUse = await plantWithOffset(
      {
        time_zone: 'UTC',
        valuation_method: 'time_of_use',
        generation_offset_kwh: 10,
        tou_segments: JSON.stringify([
          { start: '00:00', end: '12:00', price: 0.1 },
          { start: '12:00', end: '24:00', price: 0.3 },
        ]),
      },
      [],
    );
    const args = { params: timeOfUse.params, token: timeOfUse.token };
    // Nothing priced from the curve yet: the segments' mean over the day, (0.1 + 0.3) / 2.
    expect((await get(api.plantIncomeTotal, args)).beforeMonitoring.income).toBe(2);
    // 1 kWh at 0.1 and 3 kWh at 0.3 earned 1 per 4 kWh: the offset earns 0.25 per kWh.
    const inverterId = timeOfUse.devices[0]!.id;
    await insertEnergy(t.deps, inverterId, [{ day: '2025-03-01', energyKwh: 4 }]);
    await insertPower(t.deps, inverterId, [
      { bucket: new Date('2025-03-01T06:00:00Z'), powerW: 12_000 },
      { bucket: new Date('2025-03-01T14:00:00Z'), powerW: 36_000 },
    ]);
    expect((await get(api.plantIncomeTotal, args)).beforeMonitoring.income).toBe(2.5);
  });

  it('rounds income to the minor unit of the plant currency', async () => {
    const { token, params } = await plantWithOffset({
      valuation_method: 'constant',
      constant_price: 3.33,
      currency: 'JPY',
      generation_offset_kwh: 0.5,
    });
    const income = await get(api.plantIncomeTotal, { params, token });
    // 0.5 × 3.33 = 1.665 → ¥2; 3,000.3 kWh × 3.33 per year: ¥3,330 and ¥6,661.
    expect(income.beforeMonitoring.income).toBe(2);
    expect(income.income).toBe(2 + 3330 + 6661);
  });
});
