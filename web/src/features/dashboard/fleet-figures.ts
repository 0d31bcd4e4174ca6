import { amountsText, formatters } from '../../shared/format/formatters';
import type { Portfolio } from './api';

const KG_PER_TONNE = 1000;

export const FLEET_FIGURES = [
  'capacity',
  'power',
  'today',
  'month',
  'year',
  'lifetime',
  'income',
  'co2',
] as const;
export type FleetFigure = (typeof FLEET_FIGURES)[number];

/** The fleet's totals as display text (section 9's formatters), one per figure. */
export function fleetFigureValues(totals: Portfolio['totals']): Record<FleetFigure, string> {
  const format = formatters();
  return {
    capacity: format.capacityKwp(totals.capacityKwp),
    power: format.powerW(totals.powerW),
    today: format.energyKwh(totals.todayKwh),
    month: format.energyKwh(totals.monthKwh),
    year: format.energyKwh(totals.yearKwh),
    lifetime: format.energyKwh(totals.lifetimeKwh),
    income: amountsText(totals.incomes),
    co2: `${format.decimal(totals.co2Kg / KG_PER_TONNE, 1)} t`,
  };
}
