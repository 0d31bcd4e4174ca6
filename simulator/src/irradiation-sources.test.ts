import { describe, expect, it } from 'vitest';
import {
  dailyMeansFromNasaPower,
  dailyMeansFromPvgis,
  monthsOffSource,
  nasaPowerUrl,
  pvgisUrl,
} from './irradiation-sources.js';
import { IRRADIATION_NORMALS } from './climate.js';

const hamburg = IRRADIATION_NORMALS[0];

describe('the irradiation sources', () => {
  it('asks PVGIS for horizontal monthly irradiation and NASA POWER for its climatology', () => {
    expect(pvgisUrl(hamburg)).toContain('MRcalc?lat=53.55&lon=9.99&horirrad=1');
    expect(nasaPowerUrl(hamburg)).toContain('parameters=ALLSKY_SFC_SW_DWN');
  });

  it('turns PVGIS monthly sums of several years into means per day', () => {
    const monthly = [2019, 2020].flatMap((year) =>
      Array.from({ length: 12 }, (_, index) => ({
        year,
        month: index + 1,
        'H(h)_m': year === 2019 ? 30 : 32,
      })),
    );
    const means = dailyMeansFromPvgis({ outputs: { monthly } });
    expect(means[0]).toBeCloseTo(31 / 31);
    expect(means[3]).toBeCloseTo(31 / 30);
  });

  it('reads NASA POWER by month name and flags months more than the tolerance off', () => {
    const values = Object.fromEntries(
      ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'].map(
        (key, index) => [key, hamburg.ghi[index] ?? 0],
      ),
    );
    const source = dailyMeansFromNasaPower({
      properties: { parameter: { ALLSKY_SFC_SW_DWN: { ...values, NOV: 1.2, ANN: 2.7 } } },
    });
    expect(monthsOffSource(hamburg.ghi, source, 0.1)).toEqual([
      { month: 11, table: 0.7, source: 1.2 },
    ]);
  });
});
