import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { instantRange, integer, rangeInOrder, text } from './rules.js';

describe('integer', () => {
  const level = integer({ min: 0, max: 50 });

  it('accepts integers in the range, also as form strings', () => {
    expect(level.parse('0')).toBe(0);
    expect(level.parse(50)).toBe(50);
  });

  it.each([51, -1, 2.5, '7.5'])('refuses %s with both ends of the range', (value) => {
    expect(level.safeParse(value).error?.issues).toEqual([
      expect.objectContaining({ message: 'validation.integerRange', params: { min: 0, max: 50 } }),
    ]);
  });

  it('refuses what is no number at all as such', () => {
    expect(level.safeParse('abc').error?.issues[0]?.message).toBe('validation.number');
  });

  it('still describes an integer range in JSON Schema (OpenAPI)', () => {
    expect(z.toJSONSchema(level, { io: 'input', unrepresentable: 'any' })).toMatchObject({
      type: 'integer',
      minimum: 0,
      maximum: 50,
    });
  });
});

describe('text', () => {
  it('names its maximum length in the issue', () => {
    expect(text(20).safeParse('x'.repeat(21)).error?.issues[0]).toMatchObject({
      message: 'validation.maxLength',
      maximum: 20,
    });
  });
});

describe('instantRange', () => {
  const range = rangeInOrder(z.strictObject(instantRange));

  it('takes instants with their offset, either end open', () => {
    expect(range.parse({ from: '2026-11-25T00:00:00+08:00' })).toEqual({
      from: '2026-11-25T00:00:00+08:00',
    });
    expect(range.safeParse({ to: '2026-11-26T00:00:00Z' }).success).toBe(true);
    expect(range.safeParse({}).success).toBe(true);
  });

  it('refuses bare days and instants without an offset', () => {
    for (const to of ['2026-11-25', '2026-11-25T23:59:59', '25.11.2026']) {
      expect(range.safeParse({ to }).success, to).toBe(false);
    }
  });

  it('compares the ends as instants, and wants the end after the start', () => {
    // 00:00 in Shanghai is 16:00 UTC the day before: in order although it reads later.
    expect(
      range.safeParse({ from: '2026-11-25T00:00:00+08:00', to: '2026-11-24T16:00:00.001Z' })
        .success,
    ).toBe(true);
    // The end is excluded: equal ends would select nothing.
    for (const to of ['2026-11-24T16:00:00Z', '2026-11-24T15:59:59Z']) {
      expect(range.safeParse({ from: '2026-11-25T00:00:00+08:00', to }).error?.issues, to).toEqual([
        expect.objectContaining({ message: 'validation.startBeforeEnd', path: ['to'] }),
      ]);
    }
  });
});
