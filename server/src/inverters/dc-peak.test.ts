import { describe, expect, it } from 'vitest';
import { dcPeaksKw } from './dc-peak.js';

const inverter = (id: number, ratedPowerKw: number | null, dcPeakKw: number | null = null) => ({
  id,
  ratedPowerKw,
  dcPeakKw,
  modelCode: null,
});

describe('DC peak power behind an inverter', () => {
  it('shares the plant’s capacity by the inverters’ AC ratings when none is set', () => {
    const peaks = dcPeaksKw([inverter(1, 10), inverter(2, 5)], 18);
    expect(peaks).toEqual(
      new Map([
        [1, 12],
        [2, 6],
      ]),
    );
  });

  it('takes a value set for the inverter, and the others share what it leaves of the plant', () => {
    const peaks = dcPeaksKw([inverter(1, 10, 13.5), inverter(2, 5), inverter(3, 10)], 18);
    expect(peaks).toEqual(
      new Map([
        [1, 13.5],
        [2, 1.5],
        [3, 3],
      ]),
    );
  });

  it('shares equally when one of the unset inverters has no known rating', () => {
    expect(dcPeaksKw([inverter(1, 10), inverter(2, null)], 18)).toEqual(
      new Map([
        [1, 9],
        [2, 9],
      ]),
    );
  });

  it('shares equally without known ratings, and has none without a plant capacity', () => {
    expect(dcPeaksKw([inverter(1, null), inverter(2, null)], 9)).toEqual(
      new Map([
        [1, 4.5],
        [2, 4.5],
      ]),
    );
    expect(dcPeaksKw([inverter(1, 10), inverter(2, 5, 7)], 0)).toEqual(
      new Map([
        [1, null],
        [2, 7],
      ]),
    );
  });

  it('reads a model’s rating when the inverter has none stored', () => {
    // 3303 is a 5 kW model: beside a stored 10 kW rating it takes a third of 18 kWp.
    const peaks = dcPeaksKw([inverter(1, 10), { ...inverter(2, null), modelCode: '3303' }], 18);
    expect(peaks.get(2)).toBe(6);
  });
});
