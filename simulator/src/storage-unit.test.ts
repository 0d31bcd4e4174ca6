import { describe, expect, it } from 'vitest';
import { MAX_SOC_PCT, MIN_SOC_PCT, ONE_WAY_EFFICIENCY, StorageUnit } from './storage-unit.js';

const FIVE_MINUTES = 5 / 60;

function cycle(unit: StorageUnit, surplusW: number, steps: number): number {
  let acWh = 0;
  for (let i = 0; i < steps; i += 1) acWh += unit.exchange(surplusW, FIVE_MINUTES) * FIVE_MINUTES;
  return acWh;
}

describe('storage unit', () => {
  it('gives back about 92 % of what it took, the rest booked as losses', () => {
    const unit = new StorageUnit({ capacityKwh: 10, maxPowerKw: 5 }, { socPct: MIN_SOC_PCT });
    const chargedWh = -cycle(unit, 3000, 12 * 6);
    expect(unit.socPct).toBeCloseTo(MAX_SOC_PCT, 1);
    const dischargedWh = cycle(unit, -3000, 12 * 6);
    expect(unit.socPct).toBeCloseTo(MIN_SOC_PCT, 1);
    const roundTrip = dischargedWh / chargedWh;
    expect(roundTrip).toBeGreaterThan(0.9);
    expect(roundTrip).toBeLessThan(ONE_WAY_EFFICIENCY ** 2);
    expect(unit.chargeKwh * 1000).toBeCloseTo(chargedWh, 3);
    expect(unit.dischargeKwh * 1000).toBeCloseTo(dischargedWh, 3);
    expect(unit.lossesKwh).toBeCloseTo(unit.chargeKwh - unit.dischargeKwh, 3);
  });

  it('stays within its power and charge limits, whatever it is asked', () => {
    const unit = new StorageUnit({ capacityKwh: 5, maxPowerKw: 2.5 });
    for (let i = 0; i < 2000; i += 1) {
      const surplusW = Math.sin(i / 7) * 8000;
      const acW = unit.exchange(surplusW, FIVE_MINUTES);
      expect(Math.abs(acW)).toBeLessThanOrEqual(2500);
      expect(acW * surplusW).toBeLessThanOrEqual(0);
      expect(unit.socPct).toBeGreaterThanOrEqual(MIN_SOC_PCT - 1e-9);
      expect(unit.socPct).toBeLessThanOrEqual(MAX_SOC_PCT + 1e-9);
    }
  });

  it('slowly empties itself on standby, down to its minimum charge', () => {
    const unit = new StorageUnit({ capacityKwh: 10, maxPowerKw: 5 }, { socPct: 50 });
    cycle(unit, 0, 12 * 24);
    // 1.5 W per kWh of capacity: 15 W for a day, 0.36 kWh of 10 kWh.
    expect(unit.socPct).toBeCloseTo(50 - 3.6, 1);
    cycle(unit, 0, 12 * 24 * 400);
    expect(unit.socPct).toBeCloseTo(MIN_SOC_PCT, 6);
  });
});
