import type { ReportGrouping } from '@solar/contract';
import type { BarPoint } from '../plants/charts/options';
import type { ReportData } from './ReportTable';

type Row = ReportData['rows'][number];

/** The bar of a row: its plant, its plant's device, or its day or month. */
const LABELS: Record<ReportGrouping, (row: Row) => string> = {
  plant: (row) => row.plantName,
  device: (row) => `${row.plantName} · ${row.deviceName ?? ''}`,
  day: (row) => row.period,
  month: (row) => row.period,
};

/** The chart's bars: energy per plant or device, or per day or month summed over the plants. */
export function reportBars(data: ReportData, grouping: ReportGrouping): BarPoint[] {
  const bars = new Map<string, number>();
  for (const row of data.rows) {
    const label = LABELS[grouping](row);
    bars.set(label, (bars.get(label) ?? 0) + row.energyKwh);
  }
  const points = [...bars].map(([period, value]) => ({ period, value }));
  const isByDate = grouping === 'day' || grouping === 'month';
  return isByDate ? points.sort((a, b) => a.period.localeCompare(b.period)) : points;
}
