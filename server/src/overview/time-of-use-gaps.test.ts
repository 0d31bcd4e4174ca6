import * as api from '@solar/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { rebuildPlantEnergy } from '../rollups/rollups.js';
import {
  buildPlantWithDevices,
  insertPower,
  insertSamples,
} from '../test/fixtures/plants.factories.js';
import { buildSignedInOwner } from '../test/factories.js';
import { endpointReader } from '../test/call-endpoint.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

const get = endpointReader(() => t.app);

const FIVE_MINUTES = 5 * 60_000;
const POWER_W = 6000;
/** 6 kW for 5 minutes. */
const BUCKET_KWH = 0.5;

/**
 * Readings every 5 minutes from 06:00 to 18:00 UTC at a steady 6 kW (0 at the last), the
 * counter rising 0.5 kWh a step, none from 10:35 to 13:25: the datalogger was offline.
 */
function dayWithOutage(): { ts: Date; pacW: number; counterKwh: number }[] {
  const start = Date.parse('2025-06-01T06:00:00Z');
  const outage = [Date.parse('2025-06-01T10:30:00Z'), Date.parse('2025-06-01T13:30:00Z')];
  const readings = [];
  for (let step = 0; step <= 144; step += 1) {
    const ts = start + step * FIVE_MINUTES;
    if (ts > outage[0]! && ts < outage[1]!) continue;
    readings.push({ ts: new Date(ts), pacW: step < 144 ? POWER_W : 0, counterKwh: step * 0.5 });
  }
  return readings;
}

describe('time-of-use income across a datalogger outage', () => {
  it('prices the counter energy of the gap by the tariff slots it spans', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter' }],
      {
        time_zone: 'UTC',
        capacity_kwp: 8,
        valuation_method: 'time_of_use',
        tou_segments: JSON.stringify([
          { start: '00:00', end: '12:00', price: 0.1 },
          { start: '12:00', end: '24:00', price: 0.3 },
        ]),
      },
    );
    const inverterId = devices[0]!.id;
    const readings = dayWithOutage();
    await insertSamples(
      t.deps,
      inverterId,
      readings.map((r) => ({
        ts: r.ts.toISOString(),
        values: { pac_w: r.pacW, e_total_kwh: 1000 + r.counterKwh },
      })),
    );
    await insertPower(
      t.deps,
      inverterId,
      readings.map((r) => ({ bucket: r.ts, powerW: r.pacW })),
    );
    await rebuildPlantEnergy(t.deps.db, plant.id);

    const june = await get(api.plantIncomeByDay, {
      params: { id: plant.id },
      query: { month: '2025-06' },
      token,
    });
    const day = june.points[0]!;
    // The counter rose 72 kWh: 36 kWh in each slot (06:00–12:00, 12:00–18:00), the 3-hour
    // outage's 18 kWh among them (9 kWh before noon, 9 after).
    expect(day.energyKwh).toBe(144 * BUCKET_KWH);
    // 36 kWh × 0.1 + 36 kWh × 0.3; priced from the power curve alone it was 10.85 (−25%).
    expect(day.income).toBe(14.4);
  });

  it('books nothing for a counter that went back or jumped across a gap', async () => {
    const { user, token } = await buildSignedInOwner(t.deps);
    const { plant, devices } = await buildPlantWithDevices(
      t.deps,
      user.id,
      [{ kind: 'inverter' }],
      {
        time_zone: 'UTC',
        valuation_method: 'time_of_use',
        tou_segments: JSON.stringify([{ start: '00:00', end: '24:00', price: 1 }]),
      },
    );
    await insertSamples(t.deps, devices[0]!.id, [
      { ts: '2025-06-01T10:00:00Z', values: { pac_w: 0, e_total_kwh: 500 } },
      { ts: '2025-06-01T13:00:00Z', values: { pac_w: 0, e_total_kwh: 20 } },
      // 3 hours of a 10 kWp plant allow at most 46 kWh: 4,980 kWh is a broken counter.
      { ts: '2025-06-01T16:00:00Z', values: { pac_w: 0, e_total_kwh: 5000 } },
    ]);
    const june = await get(api.plantIncomeByDay, {
      params: { id: plant.id },
      query: { month: '2025-06' },
      token,
    });
    expect(june.points[0]?.income).toBe(0);
  });
});
