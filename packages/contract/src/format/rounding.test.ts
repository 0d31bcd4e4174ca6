import { describe, expect, it } from 'vitest';
import { currencyDecimals, rounded, roundTo } from './rounding.js';

describe('currencyDecimals', () => {
  it('knows each currency minor unit', () => {
    expect(currencyDecimals('EUR')).toBe(2);
    expect(currencyDecimals('JPY')).toBe(0);
    expect(currencyDecimals('KWD')).toBe(3);
  });
  it('falls back to 2 decimals for a code the runtime refuses', () => {
    expect(currencyDecimals('EURO')).toBe(2);
  });
});

describe('rounded.money', () => {
  it('drops float noise: 0.1 € + 0.2 € is 0.3 €', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(rounded.money(0.1 + 0.2, 'EUR')).toBe(0.3);
  });
  it('rounds to the cent, half away from zero', () => {
    expect(rounded.money(1.005, 'EUR')).toBe(1.01);
    expect(rounded.money(121.994999, 'EUR')).toBe(121.99);
    expect(rounded.money(-2.345, 'EUR')).toBe(-2.35);
  });
  it('rounds yen to whole yen and dinar to the fils', () => {
    expect(rounded.money(1234.5, 'JPY')).toBe(1235);
    expect(rounded.money(1234.49, 'JPY')).toBe(1234);
    expect(rounded.money(1.23456, 'KWD')).toBe(1.235);
  });
});

describe('rounded.kWh and rounded.kg', () => {
  it('keep 3 decimals: the Wh and the gram', () => {
    expect(rounded.kWh(26.576999999999998)).toBe(26.577);
    expect(rounded.kWh(19_230.2734)).toBe(19_230.273);
    expect(rounded.kg(0.475 * 3.3)).toBe(1.568);
  });
  it('leaves no negative zero and passes non-finite values', () => {
    expect(Object.is(roundTo(-0.0001, 3), 0)).toBe(true);
    expect(roundTo(Number.NaN, 3)).toBeNaN();
  });
});
