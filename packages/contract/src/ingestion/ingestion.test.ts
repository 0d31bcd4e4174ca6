import { describe, expect, it } from 'vitest';
import { dataloggerMessage, recordsOf, serialOfTopic, VENDOR_VALUE_LIMITS } from './payload.js';
import { eventLevelLetter, plantStatus, worstStatus } from './status.js';

describe('event levels and statuses', () => {
  it('maps level 5 to P, 2 to W and anything else to F', () => {
    expect([5, 2, 1, 0, 3, 9].map(eventLevelLetter)).toEqual(['P', 'W', 'F', 'F', 'F', 'F']);
  });

  it('orders statuses by severity, fault worst', () => {
    expect(worstStatus([])).toBe('normal');
    expect(worstStatus(['normal', 'warning', 'upgrading'])).toBe('warning');
    expect(worstStatus(['normal', 'offline', 'protect'])).toBe('protect');
    expect(worstStatus(['protect', 'fault', 'upgrading'])).toBe('fault');
  });

  it('derives a plant status from its devices', () => {
    expect(plantStatus([])).toBe('offline');
    expect(plantStatus(['offline', 'offline'])).toBe('offline');
    expect(plantStatus(['normal', 'upgrading'])).toBe('upgrading');
    expect(plantStatus(['normal', 'offline'])).toBe('warning');
    expect(plantStatus(['upgrading', 'offline'])).toBe('warning');
    expect(plantStatus(['fault', 'offline'])).toBe('fault');
    expect(plantStatus(['normal', 'protect'])).toBe('protect');
  });
});

describe('datalogger payload', () => {
  const reading = { sn: 'INV1', kind: 'inverter', values: { pac_w: 10, vendor_x: 'kept' } };

  it('accepts a record or a batch, with an optional key', () => {
    const single = dataloggerMessage.parse({
      ts: '2026-06-21T10:00:00Z',
      devices: [reading],
      key: 'k',
    });
    expect(recordsOf(single)).toHaveLength(1);
    const batch = dataloggerMessage.parse({
      records: [{ ts: '2026-06-21T10:00:00Z', devices: [reading] }],
    });
    expect(recordsOf(batch)[0]!.devices[0]!.values).toMatchObject({ vendor_x: 'kept' });
  });

  it('bounds vendor values: depth, keys, key length, string and array sizes', () => {
    const withValues = (values: Record<string, unknown>) =>
      dataloggerMessage.safeParse({
        ts: '2026-06-21T10:00:00Z',
        devices: [{ sn: 'INV1', kind: 'inverter', values }],
      }).success;
    const nested = (depth: number): unknown => (depth === 0 ? 1 : [nested(depth - 1)]);
    const keys = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
    const { depth, keys: maxKeys, keyLength, stringLength, arrayLength } = VENDOR_VALUE_LIMITS;

    expect(withValues({ mppt: [{ v: 1, tags: ['a'] }], ok: true, none: null })).toBe(true);
    expect(withValues({ x: nested(depth - 1) })).toBe(true);
    expect(withValues({ x: nested(depth) })).toBe(false);
    expect(withValues({ x: nested(5000) })).toBe(false);
    expect(withValues(keys(maxKeys))).toBe(true);
    expect(withValues(keys(maxKeys + 1))).toBe(false);
    expect(withValues({ x: keys(maxKeys + 1) })).toBe(false);
    expect(withValues({ ['k'.repeat(keyLength + 1)]: 1 })).toBe(false);
    expect(withValues({ x: 's'.repeat(stringLength) })).toBe(true);
    expect(withValues({ x: 's'.repeat(stringLength + 1) })).toBe(false);
    expect(withValues({ x: Array.from({ length: arrayLength + 1 }, () => 1) })).toBe(false);
  });

  it('refuses unknown kinds, bad times, wrong value types and unknown top-level fields', () => {
    const ok = { ts: '2026-06-21T10:00:00Z', devices: [reading] };
    expect(dataloggerMessage.safeParse({ ...ok, extra: 1 }).success).toBe(false);
    expect(dataloggerMessage.safeParse({ ...ok, ts: 'noon' }).success).toBe(false);
    expect(dataloggerMessage.safeParse({ ...ok, devices: [] }).success).toBe(false);
    expect(
      dataloggerMessage.safeParse({ ...ok, devices: [{ ...reading, kind: 'toaster' }] }).success,
    ).toBe(false);
    expect(
      dataloggerMessage.safeParse({ ...ok, devices: [{ ...reading, values: { pac_w: '10' } }] })
        .success,
    ).toBe(false);
    expect(
      dataloggerMessage.safeParse({ ...ok, devices: [{ ...reading, sn: 'bad sn' }] }).success,
    ).toBe(false);
  });

  it('reads the serial number from datalogger topics only', () => {
    expect(serialOfTopic('dl/ABC123/data')).toBe('ABC123');
    expect(serialOfTopic('dl/ABC123/other')).toBeNull();
    expect(serialOfTopic('xx/ABC123/data')).toBeNull();
  });
});
