/**
 * Figures leave the server rounded to the precision they are stored and measured in: energy to
 * the Wh (3 decimals of kWh), money to the currency's minor unit (JPY 0, EUR 2, KWD 3 decimals),
 * masses to the gram (3 decimals of kg). Sums and products of such figures carry binary float
 * noise (0.1 + 0.2 = 0.30000000000000004) and sub-unit fractions nobody can pay or meter.
 */

const KWH_DECIMALS = 3;
const KG_DECIMALS = 3;
/** Where the runtime does not know a currency, the decimals most currencies have. */
const DEFAULT_MINOR_UNIT_DECIMALS = 2;

const minorUnits = new Map<string, number>();

/** Decimals of `currency`'s minor unit (ISO 4217), as the runtime's Intl data knows them. */
export function currencyDecimals(currency: string): number {
  let decimals = minorUnits.get(currency);
  if (decimals === undefined) {
    try {
      decimals = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      decimals = DEFAULT_MINOR_UNIT_DECIMALS;
    }
    minorUnits.set(currency, decimals ?? DEFAULT_MINOR_UNIT_DECIMALS);
  }
  return decimals ?? DEFAULT_MINOR_UNIT_DECIMALS;
}

/**
 * Half away from zero at `decimals`, after the float noise of the scaled value is dropped
 * (1.005 * 100 is 100.49999999999999, meant as 100.5).
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const scale = 10 ** decimals;
  const scaled = Number((Math.abs(value) * scale).toPrecision(15));
  return (Math.sign(value) * Math.round(scaled)) / scale || 0;
}

/** The presenter's rounding of energies, money and masses (see the module comment). */
export const rounded = {
  kWh: (value: number): number => roundTo(value, KWH_DECIMALS),
  money: (value: number, currency: string): number => roundTo(value, currencyDecimals(currency)),
  kg: (value: number): number => roundTo(value, KG_DECIMALS),
};
