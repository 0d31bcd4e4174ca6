import type { IrradiationNormal } from './climate.js';

/**
 * The published sources of the climate table (`climate.ts`), read back so the table can be
 * checked against them: PVGIS (JRC) monthly horizontal irradiation and NASA POWER's
 * climatology of all-sky surface shortwave irradiance. Both are open APIs without a key.
 */
export const PVGIS_MONTHLY = 'https://re.jrc.ec.europa.eu/api/v5_2/MRcalc';
export const NASA_POWER_CLIMATOLOGY = 'https://power.larc.nasa.gov/api/temporal/climatology/point';

const MONTH_KEYS = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
] as const;
/** Days per month, February as the mean of leap and common years. */
const MONTH_DAYS = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function pvgisUrl({ latitude, longitude }: IrradiationNormal): string {
  return `${PVGIS_MONTHLY}?lat=${latitude}&lon=${longitude}&horirrad=1&outputformat=json`;
}

export function nasaPowerUrl({ latitude, longitude }: IrradiationNormal): string {
  return `${NASA_POWER_CLIMATOLOGY}?parameters=ALLSKY_SFC_SW_DWN&community=RE&latitude=${latitude}&longitude=${longitude}&format=JSON`;
}

interface PvgisAnswer {
  outputs: { monthly: { month: number; 'H(h)_m': number }[] };
}

/** PVGIS answers kWh/m² per month and year: the mean per day of each month over the years. */
export function dailyMeansFromPvgis(answer: PvgisAnswer): number[] {
  return MONTH_DAYS.map((days, index) => {
    const months = answer.outputs.monthly.filter((row) => row.month === index + 1);
    const mean = months.reduce((sum, row) => sum + row['H(h)_m'], 0) / months.length;
    return mean / days;
  });
}

interface NasaPowerAnswer {
  properties: { parameter: { ALLSKY_SFC_SW_DWN: Record<string, number> } };
}

/** NASA POWER answers the climatology in kWh/m² per day already, by month name. */
export function dailyMeansFromNasaPower(answer: NasaPowerAnswer): number[] {
  return MONTH_KEYS.map((key) => answer.properties.parameter.ALLSKY_SFC_SW_DWN[key] ?? Number.NaN);
}

/** The months where the table differs from the source by more than `tolerance` (a share). */
export function monthsOffSource(
  table: readonly number[],
  source: readonly number[],
  tolerance: number,
): { month: number; table: number; source: number }[] {
  return table.flatMap((value, month) => {
    const reference = source[month] ?? Number.NaN;
    const isOff = !(Math.abs(value - reference) <= tolerance * Math.max(reference, 0.5));
    return isOff ? [{ month: month + 1, table: value, source: Number(reference.toFixed(2)) }] : [];
  });
}
