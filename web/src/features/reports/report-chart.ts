import type { ReportGrouping } from '@solar/contract';
import type { BarPoint } from '../plants/charts/options';
import type { ReportData } from './ReportTable';

/** The chart's bars: energy per plant, or per day or month summed over the plants. */
export function reportBars(data: ReportData, grouping: ReportGrouping): BarPoint[] {
  const bars = new Map<string, number>();
  for (const row of data.rows) {
    const label = grouping === 'plant' ? row.plantName : row.period;
    bars.set(label, (bars.get(label) ?? 0) + row.energyKwh);
  }
  const points = [...bars].map(([period, value]) => ({ period, value }));
  return grouping === 'plant' ? points : points.sort((a, b) => a.period.localeCompare(b.period));
}
