import { normalYieldKwhPerKwp } from '@solar/simulator';
import { describe, expect, it } from 'vitest';
import { generationBeforeHistory } from './demo-plants.js';

const MUNICH = { latitude: 48.137, longitude: 11.575 };
const NAPA = { latitude: 38.3, longitude: -122.29 };
const SEEDED_AT = new Date('2026-11-23T06:00:00Z');

function yearOfYield(site: typeof MUNICH): number {
  const year = [new Date('2025-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z')] as const;
  return normalYieldKwhPerKwp(site.latitude, site.longitude, ...year) ?? 0;
}

describe('the demo plants’ generation before their history', () => {
  it('rests on a typical year: about 1000 to 1150 kWh/kWp in Munich, 1600 to 1800 in Napa', () => {
    expect(yearOfYield(MUNICH)).toBeGreaterThan(1000);
    expect(yearOfYield(MUNICH)).toBeLessThan(1150);
    expect(yearOfYield(NAPA)).toBeGreaterThan(1600);
    expect(yearOfYield(NAPA)).toBeLessThan(1800);
  });

  it('covers commissioning (April 2025) until the history starts, by the plant’s capacity', () => {
    // 19 months, two summers among them: between one and a half and two typical years.
    const offset = generationBeforeHistory(MUNICH, 9.8, SEEDED_AT);
    expect(offset).toBeGreaterThan(9.8 * 1.5 * yearOfYield(MUNICH));
    expect(offset).toBeLessThan(9.8 * 2 * yearOfYield(MUNICH));
    expect(generationBeforeHistory(MUNICH, 9.8, new Date('2025-04-15T00:00:00Z'))).toBe(0);
  });
});
