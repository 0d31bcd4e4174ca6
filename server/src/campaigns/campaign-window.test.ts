import { localClock } from '@solar/contract';
import { getTimes } from 'suncalc';
import { describe, expect, it } from 'vitest';
import { isInsideWindow, isNightAt } from './campaign-window.js';

const munich = { latitude: 48.14, longitude: 11.58, timeZone: 'Europe/Berlin' };
const sydney = { latitude: -33.87, longitude: 151.21, timeZone: 'Australia/Sydney' };
const tromso = { latitude: 69.65, longitude: 18.96, timeZone: 'Europe/Oslo' };

describe('upgrade windows in plant-local time', () => {
  it('night follows the sun at the plant: one instant is day in Munich and night in Sydney', () => {
    const noonUtc = new Date('2026-11-23T12:00:00Z');
    expect(isNightAt(munich, noonUtc)).toBe(false);
    expect(isNightAt(sydney, noonUtc)).toBe(true);
    const midnightUtc = new Date('2026-11-23T00:00:00Z');
    expect(isNightAt(munich, midnightUtc)).toBe(true);
    expect(isNightAt(sydney, midnightUtc)).toBe(false);
  });

  it('the night starts at sunset: in Munich in November 16:10 is before it, 16:40 after', () => {
    // Sunset in Munich on 23 November 2026 is about 16:25 local (15:25 UTC).
    expect(isNightAt(munich, new Date('2026-11-23T15:10:00Z'))).toBe(false);
    expect(isNightAt(munich, new Date('2026-11-23T15:40:00Z'))).toBe(true);
  });

  it('night is between suncalc’s sunset and sunrise, to the minute', () => {
    const { sunset, sunrise } = getTimes(
      new Date('2026-11-23T12:00:00Z'),
      munich.latitude,
      munich.longitude,
    );
    const minute = 60_000;
    expect(isNightAt(munich, new Date(sunset!.getTime() - minute))).toBe(false);
    expect(isNightAt(munich, new Date(sunset!.getTime() + minute))).toBe(true);
    expect(isNightAt(munich, new Date(sunrise!.getTime() - minute))).toBe(true);
    expect(isNightAt(munich, new Date(sunrise!.getTime() + minute))).toBe(false);
  });

  it('knows polar nights and midnight sun', () => {
    expect(isNightAt(tromso, new Date('2026-12-21T11:00:00Z'))).toBe(true);
    expect(isNightAt(tromso, new Date('2026-06-21T23:00:00Z'))).toBe(false);
  });

  it('a plant without a position keeps the local clock night from 20:00 to 05:00', () => {
    const place = { latitude: null, longitude: null, timeZone: 'Asia/Tokyo' };
    expect(isNightAt(place, new Date('2026-11-23T12:00:00Z'))).toBe(true); // 21:00 in Tokyo
    expect(isNightAt(place, new Date('2026-11-23T03:00:00Z'))).toBe(false); // 12:00 in Tokyo
  });

  it('hours windows cross midnight in the plant’s own time zone', () => {
    const window = { mode: 'hours' as const, start: '22:00', end: '04:00' };
    const instant = new Date('2026-11-23T22:30:00Z');
    expect(localClock('Asia/Tokyo', instant)).toBe('07:30');
    expect(isInsideWindow(window, { ...munich }, instant)).toBe(true); // 23:30 in Munich
    expect(isInsideWindow(window, { ...sydney }, instant)).toBe(false); // 09:30 in Sydney
    expect(isInsideWindow({ mode: 'any' }, sydney, instant)).toBe(true);
  });
});
