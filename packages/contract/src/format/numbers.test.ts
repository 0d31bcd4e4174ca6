import { describe, expect, it } from 'vitest';
import {
  ENERGY_UNITS,
  formatCompact,
  formatEnergy,
  formatPower,
  integerDigits,
} from './numbers.js';

describe('integerDigits', () => {
  it('counts the integer part of the absolute value', () => {
    expect(integerDigits(0)).toBe(1);
    expect(integerDigits(0.5)).toBe(1);
    expect(integerDigits(-12345.6)).toBe(5);
  });
});

describe('formatEnergy (first formatter, energy thresholds 5 and 8 digits)', () => {
  it('keeps 4-digit values in kWh with one decimal and separators', () => {
    expect(formatEnergy(9999.94)).toEqual({ value: '9,999.9', unit: 'kWh' });
  });
  it('switches to MWh at 5 digits', () => {
    expect(formatEnergy(12345)).toEqual({ value: '12.3', unit: 'MWh' });
  });
  it('switches to GWh at 8 digits', () => {
    expect(formatEnergy(12_345_678)).toEqual({ value: '12.3', unit: 'GWh' });
    expect(formatEnergy(9_999_999)).toEqual({ value: '10,000.0', unit: 'MWh' });
  });
  it('keeps the sign of negative offsets', () => {
    expect(formatEnergy(-54321)).toEqual({ value: '-54.3', unit: 'MWh' });
  });
});

describe('formatPower (first formatter, power thresholds 6 and 9 digits)', () => {
  it('keeps 5-digit values in the base unit', () => {
    expect(formatPower(99999)).toEqual({ value: '99,999.0', unit: 'kW' });
  });
  it('switches at 6 and 9 digits', () => {
    expect(formatPower(123456)).toEqual({ value: '123.5', unit: 'MW' });
    expect(formatPower(123_456_789)).toEqual({ value: '123.5', unit: 'GW' });
  });
});

describe('formatCompact (second formatter)', () => {
  it('shows zero as 0', () => {
    expect(formatCompact(0, ENERGY_UNITS)).toEqual({ value: '0', unit: 'kWh' });
  });
  it('keeps 1 and 2 digit values with two decimals', () => {
    expect(formatCompact(42.126, ENERGY_UNITS)).toEqual({ value: '42.13', unit: 'kWh' });
  });
  it('divides 3 to 5 digit values by 1000', () => {
    expect(formatCompact(123, ENERGY_UNITS)).toEqual({ value: '0.12', unit: 'MWh' });
    expect(formatCompact(99999, ENERGY_UNITS)).toEqual({ value: '100.00', unit: 'MWh' });
  });
  it('divides 6 or more digit values by 1e6', () => {
    expect(formatCompact(1_234_567, ENERGY_UNITS)).toEqual({ value: '1.23', unit: 'GWh' });
  });
});
