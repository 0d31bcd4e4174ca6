import { describe, expect, it } from 'vitest';
import {
  dayBounds,
  localClock,
  localDate,
  localHour,
  localTimestamp,
  plantDate,
  plantDateTime,
  plantTime,
  utcOffset,
  zoneAbbreviation,
} from './plant-time.js';

const HOUR_MS = 3_600_000;
const hoursOf = ({ from, to }: { from: Date; to: Date }) =>
  (to.getTime() - from.getTime()) / HOUR_MS;
const iso = ({ from, to }: { from: Date; to: Date }) => [from.toISOString(), to.toISOString()];

describe('dayBounds', () => {
  it('gives Europe/Berlin a 23-hour day in spring and a 25-hour day in autumn', () => {
    const spring = dayBounds('Europe/Berlin', '2026-03-29');
    expect(iso(spring)).toEqual(['2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z']);
    expect(hoursOf(spring)).toBe(23);
    const autumn = dayBounds('Europe/Berlin', '2026-10-25');
    expect(iso(autumn)).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(hoursOf(autumn)).toBe(25);
    expect(hoursOf(dayBounds('Europe/Berlin', '2026-07-01'))).toBe(24);
  });

  it('gives America/Los_Angeles its 23- and 25-hour days', () => {
    const spring = dayBounds('America/Los_Angeles', '2026-03-08');
    expect(iso(spring)).toEqual(['2026-03-08T08:00:00.000Z', '2026-03-09T07:00:00.000Z']);
    expect(hoursOf(spring)).toBe(23);
    const autumn = dayBounds('America/Los_Angeles', '2026-11-01');
    expect(iso(autumn)).toEqual(['2026-11-01T07:00:00.000Z', '2026-11-02T08:00:00.000Z']);
    expect(hoursOf(autumn)).toBe(25);
  });

  it('keeps every day 24 hours long in a zone without daylight saving time', () => {
    for (const date of ['2026-03-29', '2026-10-25', '2026-12-31']) {
      const bounds = dayBounds('Asia/Kolkata', date);
      expect(hoursOf(bounds), date).toBe(24);
      expect(bounds.from.toISOString(), date).toBe(
        new Date(Date.parse(`${date}T00:00:00Z`) - 5.5 * HOUR_MS).toISOString(),
      );
    }
  });

  it('starts a day whose midnight the clocks skip at the moment they land', () => {
    // Chile moves from 00:00 (-04) straight to 01:00 (-03) on the first Sunday of September.
    const bounds = dayBounds('America/Santiago', '2026-09-06');
    expect(bounds.from.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(hoursOf(bounds)).toBe(23);
  });
});

describe('localDate, localClock and localHour', () => {
  it('read the plant wall clock, not the machine’s', () => {
    const instant = new Date('2026-12-31T23:30:00Z');
    expect(localDate('Pacific/Kiritimati', instant)).toBe('2027-01-01');
    expect(localDate('America/Los_Angeles', instant)).toBe('2026-12-31');
    expect(localClock('Asia/Kathmandu', instant)).toBe('05:15');
    expect(localHour('Asia/Tokyo', instant)).toBe(8);
    expect(localClock('Europe/Berlin', new Date('2026-03-29T00:59:59Z'))).toBe('01:59');
    expect(localClock('Europe/Berlin', new Date('2026-03-29T01:00:00Z'))).toBe('03:00');
  });
});

describe('localTimestamp', () => {
  it('writes the plant-local wall time with the offset in force at that instant', () => {
    const cases: [string, string, string][] = [
      ['2026-03-08T06:59:59Z', 'America/New_York', '2026-03-08 01:59:59 -05:00'],
      ['2026-03-08T07:00:00Z', 'America/New_York', '2026-03-08 03:00:00 -04:00'],
      ['2026-03-29T00:59:59Z', 'Europe/Berlin', '2026-03-29 01:59:59 +01:00'],
      ['2026-03-29T01:00:00Z', 'Europe/Berlin', '2026-03-29 03:00:00 +02:00'],
      ['2026-10-25T00:30:00Z', 'Europe/Berlin', '2026-10-25 02:30:00 +02:00'],
      ['2026-10-25T01:30:00Z', 'Europe/Berlin', '2026-10-25 02:30:00 +01:00'],
      ['2026-06-01T12:00:00Z', 'Asia/Kolkata', '2026-06-01 17:30:00 +05:30'],
      ['2026-06-01T12:00:00Z', 'Asia/Kathmandu', '2026-06-01 17:45:00 +05:45'],
      ['2026-01-01T12:00:00Z', 'America/St_Johns', '2026-01-01 08:30:00 -03:30'],
      ['2026-12-31T23:30:00Z', 'UTC', '2026-12-31 23:30:00 +00:00'],
      ['2026-12-31T23:30:00Z', 'Pacific/Kiritimati', '2027-01-01 13:30:00 +14:00'],
    ];
    for (const [instant, zone, expected] of cases) {
      expect(localTimestamp(zone, new Date(instant)), `${instant} ${zone}`).toBe(expected);
    }
  });

  it('takes epoch milliseconds as well as dates', () => {
    expect(localTimestamp('America/Los_Angeles', Date.parse('2026-07-01T18:00:00Z'))).toBe(
      '2026-07-01 11:00:00 -07:00',
    );
  });
});

describe('utcOffset', () => {
  it('follows daylight saving time and writes half and quarter hours', () => {
    expect(utcOffset('America/Los_Angeles', new Date('2026-01-15T12:00:00Z'))).toBe('-08:00');
    expect(utcOffset('America/Los_Angeles', new Date('2026-07-15T12:00:00Z'))).toBe('-07:00');
    expect(utcOffset('Asia/Kathmandu', new Date('2026-07-15T12:00:00Z'))).toBe('+05:45');
    expect(utcOffset('UTC')).toBe('+00:00');
  });
});

describe('the zone label', () => {
  it('is the English abbreviation where one exists, else the GMT offset', () => {
    const summer = new Date('2026-07-01T12:00:00Z');
    const winter = new Date('2026-01-15T12:00:00Z');
    expect(zoneAbbreviation('America/Los_Angeles', summer)).toBe('PDT');
    expect(zoneAbbreviation('America/Los_Angeles', winter)).toBe('PST');
    expect(zoneAbbreviation('Europe/Berlin', summer)).toBe('CEST');
    expect(zoneAbbreviation('Europe/Berlin', winter)).toBe('CET');
    expect(zoneAbbreviation('Asia/Tokyo', summer)).toBe('GMT+9');
    expect(zoneAbbreviation('UTC', summer)).toBe('UTC');
  });

  it('follows the plant time in every language', () => {
    const instant = '2026-07-01T18:03:00Z';
    expect(plantTime(instant, 'America/Los_Angeles', 'de')).toBe('11:03 PDT');
    expect(plantTime(instant, 'Asia/Tokyo', 'zh-CN')).toBe('03:03 GMT+9');
    expect(plantDateTime(instant, 'Europe/Berlin', 'de')).toBe('01.07.2026, 20:03 CEST');
    expect(plantDate(instant, 'Asia/Tokyo', 'de')).toBe('02.07.2026');
  });
});

describe('plant-zone times', () => {
  const summer = '2026-07-01T18:03:00Z';
  const winter = '2026-11-23T19:03:00Z';

  it('shows the plant wall clock with the zone abbreviation', () => {
    expect(plantTime(summer, 'America/Los_Angeles', 'en-US')).toBe('11:03 AM PDT');
    expect(plantTime(winter, 'America/Los_Angeles', 'de')).toBe('11:03 PST');
    expect(plantTime(summer, 'Europe/Berlin', 'de')).toBe('20:03 CEST');
  });
  it('falls back to the offset where no abbreviation exists', () => {
    expect(zoneAbbreviation('Asia/Shanghai', new Date(winter))).toBe('GMT+8');
    expect(plantTime(winter, 'Asia/Shanghai', 'zh-CN')).toBe('03:03 GMT+8');
  });
  it('writes the date in the reader locale and the time in the plant zone', () => {
    expect(plantDateTime(winter, 'Europe/Berlin', 'de')).toBe('23.11.2026, 20:03 CET');
    expect(plantDateTime(winter, 'Europe/Berlin', 'de', 'second')).toBe('23.11.2026, 20:03:00 CET');
  });
});
