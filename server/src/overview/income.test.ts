import { describe, expect, it } from 'vitest';
import { bucketEnergyKwh, segmentPriceAt, tieredIncome } from './income.js';
import { periodsBetween } from '../plants/plant-calendar.js';

describe('pricing', () => {
  const segments = [
    { start: '00:00', end: '07:30', price: 0.1 },
    { start: '07:30', end: '24:00', price: 0.3 },
  ];

  it('finds the segment of a minute, boundaries belonging to the later one', () => {
    expect(segmentPriceAt(segments, 0)).toBe(0.1);
    expect(segmentPriceAt(segments, 449)).toBe(0.1);
    expect(segmentPriceAt(segments, 450)).toBe(0.3);
    expect(segmentPriceAt(segments, 1439)).toBe(0.3);
  });

  it('splits energy across generation tiers', () => {
    const tiers = [
      { fromKwh: 0, price: 0.5 },
      { fromKwh: 100, price: 0.2 },
      { fromKwh: 200, price: 0.1 },
    ];
    expect(tieredIncome(tiers, 0, 50)).toBe(25);
    expect(tieredIncome(tiers, 90, 20)).toBeCloseTo(5 + 2);
    expect(tieredIncome(tiers, 50, 200)).toBeCloseTo(25 + 20 + 5);
    expect(tieredIncome(tiers, 10, 0)).toBe(0);
  });

  it('turns an average power over 5 minutes into kWh', () => {
    expect(bucketEnergyKwh(12000)).toBe(1);
  });

  it('lists periods of a range', () => {
    expect(periodsBetween('2025-12-30', '2026-01-02', 'day')).toEqual([
      '2025-12-30',
      '2025-12-31',
      '2026-01-01',
    ]);
    expect(periodsBetween('2025-11-15', '2026-02-01', 'month')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
    ]);
    expect(periodsBetween('2024-05-01', '2026-01-02', 'year')).toEqual(['2024', '2025', '2026']);
  });
});
