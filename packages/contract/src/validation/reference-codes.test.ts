import { describe, expect, it } from 'vitest';
import {
  currencyCode,
  isCurrencyCode,
  isTimeZone,
  timeZone,
  timeZoneNames,
} from './reference-codes.js';

describe('reference codes', () => {
  it('knows IANA names and UTC', () => {
    expect(timeZoneNames()[0]).toBe('UTC');
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    for (const zone of ['Asia/Kolkata', 'America/Nuuk', 'Europe/Kyiv', 'Etc/GMT+5'])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ['europe/berlin', '+01:00', 'Europe', ''])
      expect(isTimeZone(zone), zone).toBe(false);
    expect(timeZone.safeParse(' Asia/Tokyo ').data).toBe('Asia/Tokyo');
  });

  it('lists zones under their current IANA names, each once, on any runtime', () => {
    const names = timeZoneNames();
    for (const zone of ['Asia/Kolkata', 'Europe/Kyiv', 'America/Nuuk', 'Asia/Ho_Chi_Minh'])
      expect(names, zone).toContain(zone);
    for (const zone of ['Asia/Calcutta', 'Europe/Kiev', 'America/Godthab', 'Asia/Saigon'])
      expect(names, zone).not.toContain(zone);
    expect(new Set(names).size).toBe(names.length);
    expect(names.every(isTimeZone)).toBe(true);
    expect(isTimeZone('Asia/Calcutta')).toBe(true);
  });

  it('takes any ISO 4217 code the runtime formats, beyond the seeded ones', () => {
    for (const code of ['EUR', 'CHF', 'ISK', 'MAD']) expect(isCurrencyCode(code)).toBe(true);
    for (const code of ['eur', 'XYZ', 'EURO', '']) expect(isCurrencyCode(code)).toBe(false);
    expect(currencyCode.safeParse('XYZ').error?.issues[0]?.message).toBe('validation.currencyCode');
  });
});
