import type { ReportGrouping } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { addDays, type Granularity } from '../overview/plant-calendar.js';
import { type PeriodTotals, periodTotals, plantDeviceIds } from '../overview/plant-energy.js';
import { visiblePlants } from '../plants/plant-access.js';
import type { Cell } from './export-tables.js';

export interface ReportSelection {
  from: string;
  to: string;
  grouping: ReportGrouping;
  plantIds?: number[] | undefined;
}

/** A whole range is one period: the year label of every day, summed below. */
const GRANULARITY: Record<ReportGrouping, Granularity> = {
  plant: 'year',
  day: 'day',
  month: 'month',
};

/** The visible plants a report covers, by name. */
export function reportPlants(db: Db, auth: AuthContext, selection: ReportSelection) {
  let query = db.selectFrom('plants').where((eb) => visiblePlants(auth)(eb));
  if (selection.plantIds) query = query.where('plants.id', 'in', selection.plantIds);
  return query;
}

function sumOf(totals: Iterable<PeriodTotals>): PeriodTotals {
  const sum = { energyKwh: 0, importKwh: 0, exportKwh: 0 };
  for (const period of totals) {
    sum.energyKwh += period.energyKwh;
    sum.importKwh += period.importKwh;
    sum.exportKwh += period.exportKwh;
  }
  return sum;
}

const round = (value: number, decimals: number) => Number(value.toFixed(decimals));

/**
 * One plant's report rows: the overview's own `periodTotals` (daily rollups of plant-local
 * days), so a report's figures equal the overview's to the last Wh. Equivalent hours are energy
 * over capacity; self-consumption (generation less export) only where a meter measures export.
 */
async function plantRows(
  db: Db,
  plant: { id: number; name: string; capacity_kwp: number | string },
  selection: ReportSelection,
): Promise<Cell[][]> {
  const devices = await plantDeviceIds(db, plant.id);
  const totals = await periodTotals(
    db,
    devices,
    GRANULARITY[selection.grouping],
    selection.from,
    addDays(selection.to, 1),
  );
  const periods: [string, PeriodTotals][] =
    selection.grouping === 'plant'
      ? [[`${selection.from} – ${selection.to}`, sumOf(totals.values())]]
      : [...totals.entries()].sort(([a], [b]) => a.localeCompare(b));
  const capacity = Number(plant.capacity_kwp);
  const hasMeter = devices.meter.length > 0;
  return periods.map(([period, figures]) => [
    plant.name,
    period,
    round(figures.energyKwh, 3),
    capacity > 0 ? round(figures.energyKwh / capacity, 2) : null,
    hasMeter ? round(figures.importKwh, 3) : null,
    hasMeter ? round(figures.exportKwh, 3) : null,
    hasMeter ? round(Math.max(figures.energyKwh - figures.exportKwh, 0), 3) : null,
  ]);
}

/** The report's rows, plant by plant (plants read through a cursor). */
export async function* reportCells(db: Db, auth: AuthContext, selection: ReportSelection) {
  const plants = reportPlants(db, auth, selection)
    .select(['plants.id', 'plants.name', 'plants.capacity_kwp'])
    .orderBy('plants.name')
    .orderBy('plants.id')
    .stream(100);
  for await (const plant of plants) yield* await plantRows(db, plant, selection);
}
