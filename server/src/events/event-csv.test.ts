import { describe, expect, it } from 'vitest';
import { formatPlantTime } from './event-csv.js';

describe('formatPlantTime', () => {
  it('writes the plant-local wall time with the offset in force at that instant', () => {
    const cases: [string, string, string][] = [
      ['2026-03-08T06:59:59Z', 'America/New_York', '2026-03-08 01:59:59 -05:00'],
      ['2026-03-08T07:00:00Z', 'America/New_York', '2026-03-08 03:00:00 -04:00'],
      ['2026-03-29T00:59:59Z', 'Europe/Berlin', '2026-03-29 01:59:59 +01:00'],
      ['2026-03-29T01:00:00Z', 'Europe/Berlin', '2026-03-29 03:00:00 +02:00'],
      ['2026-06-01T12:00:00Z', 'Asia/Kolkata', '2026-06-01 17:30:00 +05:30'],
      ['2026-06-01T12:00:00Z', 'Asia/Kathmandu', '2026-06-01 17:45:00 +05:45'],
      ['2026-01-01T12:00:00Z', 'America/St_Johns', '2026-01-01 08:30:00 -03:30'],
      ['2026-12-31T23:30:00Z', 'UTC', '2026-12-31 23:30:00 +00:00'],
      ['2026-12-31T23:30:00Z', 'Pacific/Kiritimati', '2027-01-01 13:30:00 +14:00'],
    ];
    for (const [instant, zone, expected] of cases) {
      expect(formatPlantTime(new Date(instant), zone), `${instant} ${zone}`).toBe(expected);
    }
  });
});
