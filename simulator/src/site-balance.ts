import type { DataloggerRecord } from '@solar/contract';

/** One plant-local day of a site's energy flows, kWh, from its records' counters and powers. */
export interface SiteDay {
  date: string;
  pvKwh: number;
  importKwh: number;
  exportKwh: number;
  /** The meter's site load (household and sub-metered loads), integrated over the records. */
  loadKwh: number;
  /** Into and out of every storage unit (batteries and storage systems), AC side. */
  chargeKwh: number;
  dischargeKwh: number;
  /** Largest sub-metered load (heat pumps, switches) over the site load at one instant, W. */
  subLoadExcessW: number;
}

type Values = Record<string, unknown>;
const numberAt = (values: Values, key: string) =>
  typeof values[key] === 'number' ? values[key] : 0;

const COUNTERS = {
  pvKwh: { kinds: ['inverter'], key: 'e_total_kwh' },
  importKwh: { kinds: ['meter'], key: 'import_kwh_total' },
  exportKwh: { kinds: ['meter'], key: 'export_kwh_total' },
  chargeKwh: { kinds: ['battery', 'ess'], key: 'charge_kwh_total' },
  dischargeKwh: { kinds: ['battery', 'ess'], key: 'discharge_kwh_total' },
} as const;
type CounterField = keyof typeof COUNTERS;

function counterTotals(record: DataloggerRecord): Record<CounterField, number> {
  const totals = { pvKwh: 0, importKwh: 0, exportKwh: 0, chargeKwh: 0, dischargeKwh: 0 };
  for (const device of record.devices) {
    for (const [field, { kinds, key }] of Object.entries(COUNTERS)) {
      if ((kinds as readonly string[]).includes(device.kind))
        totals[field as CounterField] += numberAt(device.values, key);
    }
  }
  return totals;
}

function subLoadExcessW(record: DataloggerRecord): number {
  const meter = record.devices.find((device) => device.kind === 'meter');
  const subLoadsW = record.devices
    .filter((device) => device.kind === 'heat_pump' || device.kind === 'switch')
    .reduce((sum, device) => sum + numberAt(device.values, 'p_w'), 0);
  return meter ? subLoadsW - numberAt(meter.values, 'p_load_w') : 0;
}

/**
 * The site's energy by plant-local day: each counter's step since the previous record is booked
 * on the day of the record that ends it, the load as its power over `stepSeconds`; records of
 * every step (none left out) balance as the simulator stepped them: PV + import + discharge = load + export + charge.
 */
export function siteEnergyByDay(
  records: readonly DataloggerRecord[],
  timeZone: string,
  stepSeconds: number,
): SiteDay[] {
  const dateOf = new Intl.DateTimeFormat('en-CA', { timeZone });
  const days = new Map<string, SiteDay>();
  let previous: Record<CounterField, number> | null = null;
  for (const record of records) {
    const date = dateOf.format(new Date(record.ts));
    const day = days.get(date) ?? {
      date,
      pvKwh: 0,
      importKwh: 0,
      exportKwh: 0,
      loadKwh: 0,
      chargeKwh: 0,
      dischargeKwh: 0,
      subLoadExcessW: -Infinity,
    };
    days.set(date, day);
    const totals = counterTotals(record);
    // The first record only sets where the counters start; its load stepped before it too.
    if (previous) {
      for (const field of Object.keys(COUNTERS) as CounterField[])
        day[field] += totals[field] - previous[field];
      const meter = record.devices.find((device) => device.kind === 'meter');
      day.loadKwh += (numberAt(meter?.values ?? {}, 'p_load_w') * stepSeconds) / 3_600_000;
    }
    previous = totals;
    day.subLoadExcessW = Math.max(day.subLoadExcessW, subLoadExcessW(record));
  }
  return [...days.values()];
}
