import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { integer, text } from './rules.js';

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
