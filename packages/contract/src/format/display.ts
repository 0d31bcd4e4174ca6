import { bcp47Of, type Locale } from '../i18n/locales.js';
import { formatEnergy, formatPower, joinValueUnit, withThousandSeparators } from './numbers.js';

/** Below a million the cents stay; above, whole units are precise enough. */
const WHOLE_MONEY_FROM = 1e6;

/**
 * The texts of section 9's figures in one reader's language: energy and power through the
 * first formatter (thresholds and units applied once), money as the currency's own format
 * (`1.234,50 €` in German, never "0.10k EUR"), ratios as percent, yields in kWh/kWp.
 */
export interface DisplayFormatters {
  locale: string;
  energyKwh(kwh: number): string;
  powerW(watts: number): string;
  powerKw(kw: number): string;
  capacityKwp(kwp: number): string;
  money(amount: number, currency: string): string;
  percent(ratio: number): string;
  specificYield(kwhPerKwp: number): string;
  decimal(value: number, decimals: number): string;
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Kept per locale, currency and decimals: making a formatter costs far more than using it. */
function moneyFormat(locale: string, currency: string, decimals: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${decimals}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    moneyFormats.set(key, format);
  }
  return format;
}

export function displayFormatters(interfaceLocale: Locale): DisplayFormatters {
  const locale = bcp47Of(interfaceLocale);
  const percentFormat = new Intl.NumberFormat(locale, {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  return {
    locale,
    energyKwh: (kwh) => joinValueUnit(formatEnergy(kwh, locale)),
    powerW: (watts) => joinValueUnit(formatPower(watts / 1000, locale)),
    powerKw: (kw) => joinValueUnit(formatPower(kw, locale)),
    capacityKwp: (kwp) => {
      const power = formatPower(kwp, locale);
      return `${power.value} ${power.unit}p`;
    },
    money: (amount, currency) => {
      const decimals = Math.abs(amount) >= WHOLE_MONEY_FROM ? 0 : 2;
      return moneyFormat(locale, currency, decimals).format(amount);
    },
    percent: (ratio) => percentFormat.format(ratio),
    specificYield: (kwhPerKwp) => `${withThousandSeparators(kwhPerKwp, 2, locale)} kWh/kWp`,
    decimal: (value, decimals) => withThousandSeparators(value, decimals, locale),
  };
}

/** A currency's symbol as a BCP 47 locale writes it (`€`, `US$`); the code when it has none. */
export function currencySymbol(code: string, locale: string): string {
  // Intl throws on a code that is not three letters; a dictionary may hold one.
  if (!/^[A-Za-z]{3}$/.test(code)) return code;
  const parts = new Intl.NumberFormat(locale, { style: 'currency', currency: code }).formatToParts(
    0,
  );
  return parts.find((part) => part.type === 'currency')?.value ?? code;
}
