import { type FamilySeries, localClock } from '@solar/contract';
import type { ChartOption } from '../../../shared/charts/echarts';

const PALETTE = [
  '#e85c0b',
  '#1677ff',
  '#52c41a',
  '#722ed1',
  '#faad14',
  '#13c2c2',
  '#eb2f96',
  '#2f54eb',
];

function unitText(unit: string): string {
  return unit === '' ? '' : ` ${unit}`;
}

export interface DayChartInput<Series extends FamilySeries = FamilySeries> {
  /** An inverter's series (with their group) or any device family's. */
  series: readonly Series[];
  labelOf: (key: string) => string;
  timeZone: string;
  /** The plant-local day as ISO instants. */
  from: string;
  to: string;
}

/**
 * Lines over the plant-local day on a time axis labelled in the plant's zone (23 or 25 hours
 * on the days clocks change); one y-axis per unit, at most two (the caller keeps the rule).
 */
export function dayChartOption<Series extends FamilySeries>(
  input: DayChartInput<Series>,
): ChartOption {
  const units = [...new Set(input.series.map((s) => s.unit))].slice(0, 2);
  const shown = input.series.filter((s) => units.includes(s.unit));
  return {
    color: PALETTE,
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      formatter: (params: unknown) => {
        const items = (Array.isArray(params) ? params : [params]) as {
          seriesName: string;
          value: [number, number];
          marker: string;
          seriesIndex: number;
        }[];
        const first = items[0];
        if (!first) return '';
        const lines = items.map(
          (item) =>
            `${item.marker}${item.seriesName}: ${item.value[1]}${unitText(shown[item.seriesIndex]?.unit ?? '')}`,
        );
        return [localClock(input.timeZone, first.value[0]), ...lines].join('<br/>');
      },
    },
    legend: { top: 0, type: 'scroll', data: shown.map((s) => input.labelOf(s.key)) },
    grid: { left: 56, right: units.length > 1 ? 56 : 16, top: 40, bottom: 32 },
    xAxis: {
      type: 'time',
      min: Date.parse(input.from),
      max: Date.parse(input.to),
      axisLabel: { formatter: (value: number) => localClock(input.timeZone, value) },
    },
    yAxis: units.map((unit, index) => ({
      type: 'value',
      name: unit,
      position: index === 0 ? 'left' : 'right',
      scale: true,
    })),
    series: shown.map((s) => ({
      name: input.labelOf(s.key),
      type: 'line',
      showSymbol: false,
      yAxisIndex: units.indexOf(s.unit),
      data: s.points,
    })),
  };
}
