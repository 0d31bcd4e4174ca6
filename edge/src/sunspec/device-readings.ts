import type { DeviceReading, InverterState } from '@solar/contract';
import type { DecodedBlock, DecodedModel } from './points.js';

export const INVERTER_MODELS = [101, 102, 103, 111, 112, 113] as const;
export const METER_MODELS = [201, 202, 203, 204, 211, 212, 213, 214] as const;
export const BATTERY_MODELS = [802] as const;
export const MPPT_MODEL = 160;
export const CONTROLS_MODEL = 123;

const num = (block: DecodedBlock, name: string): number | undefined =>
  typeof block[name] === 'number' ? (block[name] as number) : undefined;
const kWh = (wh: number | undefined) =>
  wh === undefined ? undefined : Number((wh / 1000).toPrecision(12));

/** SunSpec's operating state `St` in the portal's terms: producing, standing by, or faulted. */
const INVERTER_STATE_OF_ST: Record<number, InverterState> = {
  1: 'standby', // OFF
  2: 'standby', // SLEEPING
  3: 'normal', // STARTING
  4: 'normal', // MPPT
  5: 'normal', // THROTTLED
  6: 'standby', // SHUTTING_DOWN
  7: 'fault', // FAULT
  8: 'standby', // STANDBY
};

const PHASES = ['A', 'B', 'C'] as const;

function phasesOf(block: DecodedBlock) {
  return PHASES.flatMap((phase) => {
    const v = num(block, `PhVph${phase}`);
    const i = num(block, `Aph${phase}`);
    return v === undefined || i === undefined ? [] : [{ v, i }];
  });
}

/** Drops what the device left unimplemented, so no absent point is ever reported as a number. */
function present<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as T;
}

function inverterValues(models: ReadonlyMap<number, DecodedModel>, inverter: DecodedBlock) {
  const st = num(inverter, 'St');
  const pf = num(inverter, 'PF');
  const ac = phasesOf(inverter);
  const mppt = models.get(MPPT_MODEL)?.repeating.flatMap((module) => {
    const v = num(module, 'DCV');
    const i = num(module, 'DCA');
    return v === undefined || i === undefined ? [] : [{ v, i }];
  });
  const conn = num(models.get(CONTROLS_MODEL)?.points ?? {}, 'Conn');
  return present({
    pac_w: num(inverter, 'W'),
    e_total_kwh: kWh(num(inverter, 'WH')),
    freq_hz: num(inverter, 'Hz'),
    // SunSpec gives the power factor in percent (cos φ × 100).
    pf: pf === undefined ? undefined : Number((pf / 100).toPrecision(12)),
    temp_c: num(inverter, 'TmpCab'),
    ac: ac.length ? ac : undefined,
    pv: mppt?.length ? mppt : undefined,
    status: st === undefined ? undefined : INVERTER_STATE_OF_ST[st],
    switch: conn === undefined ? undefined : conn === 1 ? ('on' as const) : ('off' as const),
  });
}

function meterValues(meter: DecodedBlock) {
  return present({
    import_kwh_total: kWh(num(meter, 'TotWhImp')),
    export_kwh_total: kWh(num(meter, 'TotWhExp')),
    // SunSpec meters count power into the site as positive: import, as the protocol's p_grid_w.
    p_grid_w: num(meter, 'W'),
    freq_hz: num(meter, 'Hz'),
  });
}

function batteryValues(battery: DecodedBlock) {
  return present({ soc_pct: num(battery, 'SoC'), p_bat_w: num(battery, 'W') });
}

function firstOf(models: ReadonlyMap<number, DecodedModel>, ids: readonly number[]) {
  for (const id of ids) {
    const model = models.get(id);
    if (model) return model.points;
  }
  return undefined;
}

/**
 * A device's reading in the protocol's terms (docs/device-protocol.md, 2.3) from its decoded
 * models, with the whole model chain it declares; null when it declares no model of a family
 * the portal knows.
 */
export function deviceReading(
  device: { sn: string; modelName: string | undefined; modelIds: readonly number[] },
  models: ReadonlyMap<number, DecodedModel>,
): DeviceReading | null {
  const base = {
    sn: device.sn,
    ...(device.modelName ? { model: device.modelName.slice(0, 64) } : {}),
    sunspecModels: device.modelIds.slice(0, 64),
  };
  const inverter = firstOf(models, INVERTER_MODELS);
  if (inverter) return { ...base, kind: 'inverter', values: inverterValues(models, inverter) };
  const meter = firstOf(models, METER_MODELS);
  if (meter) return { ...base, kind: 'meter', values: meterValues(meter) };
  const battery = firstOf(models, BATTERY_MODELS);
  if (battery) return { ...base, kind: 'battery', values: batteryValues(battery) };
  return null;
}
