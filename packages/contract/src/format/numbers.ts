/**
 * The two number formatters of section 9, implemented once for server reports and the web app.
 * "Digits" always means the digits of the integer part of the absolute value.
 */

export interface FormattedValue {
  value: string;
  unit: string;
}

export type UnitLadder = readonly [base: string, thousand: string, million: string];

export const ENERGY_UNITS: UnitLadder = ['kWh', 'MWh', 'GWh'];
export const POWER_UNITS: UnitLadder = ['kW', 'MW', 'GW'];
export const POWER_UNITS_WATT: UnitLadder = ['W', 'kW', 'MW'];

export function integerDigits(value: number): number {
  const integerPart = Math.trunc(Math.abs(value));
  return integerPart === 0 ? 1 : String(integerPart).length;
}

/** A BCP 47 tag such as `de` or `zh-CN`; `en-US` where no reader's locale applies. */
export const NEUTRAL_NUMBER_LOCALE = 'en-US';

const separatorFormats = new Map<string, Intl.NumberFormat>();

/** Thousand separators and decimal mark of `locale` with a fixed number of decimals. */
export function withThousandSeparators(
  value: number,
  decimals: number,
  locale = NEUTRAL_NUMBER_LOCALE,
): string {
  const key = `${locale}|${decimals}`;
  let format = separatorFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    separatorFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * First formatter: energy switches unit at 5 and 8 digits, power at 6 and 9; one decimal with
 * thousand separators. 12345 kWh → "12.3 MWh"; 1234 kWh → "1,234.0 kWh".
 */
export function formatScaled(
  value: number,
  units: UnitLadder,
  thresholds: readonly [thousand: number, million: number],
  locale = NEUTRAL_NUMBER_LOCALE,
): FormattedValue {
  const digits = integerDigits(value);
  if (digits >= thresholds[1])
    return { value: withThousandSeparators(value / 1e6, 1, locale), unit: units[2] };
  if (digits >= thresholds[0])
    return { value: withThousandSeparators(value / 1e3, 1, locale), unit: units[1] };
  return { value: withThousandSeparators(value, 1, locale), unit: units[0] };
}

export const ENERGY_THRESHOLDS = [5, 8] as const;
export const POWER_THRESHOLDS = [6, 9] as const;

export function formatEnergy(kwh: number, locale?: string): FormattedValue {
  return formatScaled(kwh, ENERGY_UNITS, ENERGY_THRESHOLDS, locale);
}

export function formatPower(kw: number, locale?: string): FormattedValue {
  return formatScaled(kw, POWER_UNITS, POWER_THRESHOLDS, locale);
}

/**
 * Second formatter: 3 to 5 digits are shown divided by 1000 with the second unit, 6 or more
 * digits divided by 1e6 with the third unit, otherwise as is; always two decimals; zero is "0".
 */
export function formatCompact(
  value: number,
  units: UnitLadder,
  locale = NEUTRAL_NUMBER_LOCALE,
): FormattedValue {
  if (value === 0) return { value: '0', unit: units[0] };
  const digits = integerDigits(value);
  if (digits >= 6) return { value: withThousandSeparators(value / 1e6, 2, locale), unit: units[2] };
  if (digits >= 3) return { value: withThousandSeparators(value / 1e3, 2, locale), unit: units[1] };
  return { value: withThousandSeparators(value, 2, locale), unit: units[0] };
}

export function joinValueUnit(formatted: FormattedValue): string {
  return `${formatted.value} ${formatted.unit}`;
}
