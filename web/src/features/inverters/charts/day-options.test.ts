import { describe, expect, it } from 'vitest';
import { localClock } from '@solar/contract';
import { dayChartOption } from './day-options';

describe('dayChartOption', () => {
  const input = {
    labelOf: (key: string) => key.toUpperCase(),
    timeZone: 'Europe/Berlin',
    from: '2026-10-24T22:00:00.000Z',
    to: '2026-10-25T23:00:00.000Z',
  };

  it('spans the 25-hour plant-local day and labels times in the plant zone', () => {
    const option = dayChartOption({ ...input, series: [] }) as {
      xAxis: { min: number; max: number; axisLabel: { formatter: (v: number) => string } };
    };
    expect((option.xAxis.max - option.xAxis.min) / 3_600_000).toBe(25);
    // 00:30 and 01:30 UTC on the 25th are 02:30 CEST and 02:30 CET.
    expect(option.xAxis.axisLabel.formatter(Date.parse('2026-10-25T00:30:00Z'))).toBe('02:30');
    expect(localClock('Europe/Berlin', Date.parse('2026-10-25T01:30:00Z'))).toBe('02:30');
  });

  it('puts each of two units on its own y-axis and leaves a third out', () => {
    const option = dayChartOption({
      ...input,
      series: [
        { key: 'pac_w', group: 'generation', unit: 'W', points: [[1, 2]] },
        { key: 'pv1_v', group: 'input', unit: 'V', points: [[1, 300]] },
        { key: 'pv1_i', group: 'input', unit: 'A', points: [[1, 3]] },
      ],
    }) as { yAxis: { name: string }[]; series: { name: string; yAxisIndex: number }[] };
    expect(option.yAxis.map((axis) => axis.name)).toEqual(['W', 'V']);
    expect(option.series.map((s) => [s.name, s.yAxisIndex])).toEqual([
      ['PAC_W', 0],
      ['PV1_V', 1],
    ]);
  });
});
