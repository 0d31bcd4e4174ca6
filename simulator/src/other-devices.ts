import type { DeviceReading } from '@solar/contract';
import type { SimulatedPlant } from './plant-config.js';
import { smoothNoise } from './random.js';
import type { StorageUnit } from './storage-unit.js';

/**
 * Readings of a plant's combiner boxes, heat pumps and storage systems at one instant, from the
 * same sun and weather as its inverters. Their on/off state and mode come from the command
 * responder (`CommandResponder.apply`), which holds what the portal last set.
 */
export interface Conditions {
  at: Date;
  hours: number;
  /** Irradiance on the modules, W/m². */
  poa: number;
  ambientC: number;
  /** Local hour of day, 0–23. */
  localHour: number;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

/** String currents at ~9 A per 1,000 W/m², voltages near 620 V; the weak string at ~55 %. */
export function boxReading(
  box: NonNullable<SimulatedPlant['boxes']>[number],
  seed: number,
  { at, poa }: Conditions,
): DeviceReading {
  const strings = Array.from({ length: box.strings }, (_, index) => {
    const spread = 0.97 + 0.06 * smoothNoise(seed + 31 + index, at.getTime(), 30 * 60_000);
    const share = index + 1 === box.weakString ? 0.55 : 1;
    const current = (poa / 1000) * 9 * spread * share;
    const voltage = poa > 5 ? 600 + 40 * spread : 0;
    return { v: round(voltage, 1), i: round(current, 2) };
  });
  return { sn: box.sn, kind: 'box', values: { strings } };
}

/** Keeps its running energy counter between steps. */
export class HeatPumpModel {
  constructor(
    private readonly pump: NonNullable<SimulatedPlant['heatPumps']>[number],
    private totalKwh = 0,
  ) {}

  /** Heating demand grows as it gets colder; hot water adds a morning and evening share. */
  step(seed: number, { at, hours, ambientC, localHour }: Conditions): HeatPumpReading {
    const heating = Math.max(0, Math.min(1, (16 - ambientC) / 20));
    const hotWater = localHour === 6 || localHour === 19 ? 0.35 : 0.05;
    const noise = 0.9 + 0.2 * smoothNoise(seed + 41, at.getTime(), 20 * 60_000);
    const powerW = round(this.pump.ratedKw * 1000 * Math.min(1, heating + hotWater) * noise, 0);
    this.totalKwh += (powerW * hours) / 1000;
    return {
      sn: this.pump.sn,
      kind: 'heat_pump',
      values: {
        state: 'on',
        mode: 'heating',
        p_w: powerW,
        water_c: round(44 + 6 * noise - 3 * hotWater, 1),
        e_total_kwh: round(this.totalKwh, 3),
      },
    };
  }
}

type HeatPumpReading = Extract<DeviceReading, { kind: 'heat_pump' }> & {
  values: { p_w: number };
};

/**
 * A storage system's reading: it works in self-consumption after the plant's battery, so its
 * power is part of the meter's balance (see `PlantSimulator.step`).
 */
export function storageSystemReading(sn: string, unit: StorageUnit, acW: number): DeviceReading {
  return {
    sn,
    kind: 'ess',
    values: {
      state: 'on',
      mode: 'self_consumption',
      soc_pct: round(unit.socPct, 1),
      p_bat_w: round(acW, 0),
      charge_kwh_total: round(unit.chargeKwh, 3),
      discharge_kwh_total: round(unit.dischargeKwh, 3),
    },
  };
}
