import { describe, expect, it } from 'vitest';
import { calendarDate, clockMinutes, generationTiers, priceSegments } from './schemas.js';

const segment = (start: string, end: string, price = 0.1) => ({ start, end, price });

describe('time-of-use segments', () => {
  it('accepts 1 to 6 contiguous segments from 00:00 to 24:00', () => {
    expect(priceSegments.safeParse([segment('00:00', '24:00')]).success).toBe(true);
    expect(
      priceSegments.safeParse([segment('00:00', '07:30'), segment('07:30', '24:00', 0.25)]).success,
    ).toBe(true);
    const six = ['00:00', '04:00', '08:00', '12:00', '16:00', '20:00', '24:00'];
    const segments = six.slice(0, -1).map((start, i) => segment(start, six[i + 1] ?? '24:00'));
    expect(priceSegments.safeParse(segments).success).toBe(true);
  });

  it('refuses gaps, overlaps, a late start, an early end, 7 segments and bad clocks', () => {
    const refused = [
      [],
      [segment('00:00', '12:00')],
      [segment('01:00', '24:00')],
      [segment('00:00', '08:00'), segment('09:00', '24:00')],
      [segment('00:00', '10:00'), segment('08:00', '24:00')],
      [segment('00:00', '12:00'), segment('12:00', '12:00'), segment('12:00', '24:00')],
      [segment('00:00', '24:60')],
      [segment('00:00', '25:00')],
      [segment('00:00', '24:00', 10000)],
      [segment('00:00', '24:00', 0.123)],
      Array.from({ length: 7 }, (_, i) =>
        segment(
          `${String(i * 3).padStart(2, '0')}:00`,
          i === 6 ? '24:00' : `${String(i * 3 + 3).padStart(2, '0')}:00`,
        ),
      ),
    ];
    for (const value of refused) {
      expect(priceSegments.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('reads clock times as minutes', () => {
    expect(clockMinutes('07:30')).toBe(450);
    expect(clockMinutes('24:00')).toBe(1440);
  });
});

describe('generation tiers', () => {
  it('start at 0 and rise strictly', () => {
    expect(
      generationTiers.safeParse([
        { fromKwh: 0, price: 0.3 },
        { fromKwh: 1000, price: 0.1 },
      ]).success,
    ).toBe(true);
    expect(generationTiers.safeParse([{ fromKwh: 10, price: 0.3 }]).success).toBe(false);
    expect(
      generationTiers.safeParse([
        { fromKwh: 0, price: 0.3 },
        { fromKwh: 0, price: 0.1 },
      ]).success,
    ).toBe(false);
  });
});

describe('dates and time zones', () => {
  it('accepts real calendar dates only', () => {
    expect(calendarDate.safeParse('2024-02-29').success).toBe(true);
    expect(calendarDate.safeParse('2025-02-29').success).toBe(false);
    expect(calendarDate.safeParse('2026-13-01').success).toBe(false);
    expect(calendarDate.safeParse('0000-01-01').success).toBe(false);
  });
});
