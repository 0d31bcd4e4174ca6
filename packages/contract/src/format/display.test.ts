import { describe, expect, it } from 'vitest';
import { displayFormatters } from './display.js';
import { formatEnergy } from './numbers.js';

const normalizeSpaces = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('display formatters in the reader locale', () => {
  it('writes German energy with a decimal comma and dot separators', () => {
    expect(displayFormatters('de').energyKwh(3632.6)).toBe('3.632,6 kWh');
    expect(formatEnergy(3632.6, 'de')).toEqual({ value: '3.632,6', unit: 'kWh' });
  });
  it('keeps the thresholds of section 9 in every locale', () => {
    expect(displayFormatters('de').energyKwh(12345)).toBe('12,3 MWh');
    expect(displayFormatters('en').powerW(123_456_000)).toBe('123.5 MW');
    expect(displayFormatters('zh_CN').powerW(4250)).toBe('4.3 kW');
  });
  it('shows money in the currency format, never as thousands', () => {
    expect(normalizeSpaces(displayFormatters('de').money(100.5, 'EUR'))).toBe('100,50 €');
    expect(displayFormatters('en').money(0.1, 'EUR')).toBe('€0.10');
    expect(displayFormatters('en').money(2_500_000, 'USD')).toBe('$2,500,000');
  });
  it('writes percent and specific yield in the locale', () => {
    expect(normalizeSpaces(displayFormatters('de').percent(0.42))).toBe('42 %');
    expect(displayFormatters('de').specificYield(3.456)).toBe('3,46 kWh/kWp');
    expect(displayFormatters('po').capacityKwp(1234.5)).toBe('1234,5 kWp');
  });
});
