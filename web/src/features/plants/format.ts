import { formatEnergy, formatPower, joinValueUnit } from '@solar/contract';

/** The list answers power in W; the formatters work in kW. */
export function powerFromWatts(watts: number): string {
  return joinValueUnit(formatPower(watts / 1000));
}

export function energyText(kwh: number): string {
  return joinValueUnit(formatEnergy(kwh));
}

export function capacityText(kwp: number): string {
  const power = formatPower(kwp);
  return `${power.value} ${power.unit}p`;
}
