import type { DeviceReading } from '@solar/contract';
import type { SimulatedPlant } from './plant-config.js';
import { smoothNoise } from './random.js';

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
  private totalKwh = 0;

  constructor(private readonly pump: NonNullable<SimulatedPlant['heatPumps']>[number]) {}

  /** Heating demand grows as it gets colder; hot water adds a morning and evening share. */
  step(seed: number, { at, hours, ambientC, localHour }: Conditions): DeviceReading {
    const heating = Math.max(0, Math.min(1, (16 - ambientC) / 20));
    const hotWater = localHour === 6 || localHour === 19 ? 0.35 : 0.05;
    const noise = 0.9 + 0.2 * smoothNoise(seed + 41, at.getTime(), 20 * 60_000);
    const powerW = this.pump.ratedKw * 1000 * Math.min(1, heating + hotWater) * noise;
    this.totalKwh += (powerW * hours) / 1000;
    return {
      sn: this.pump.sn,
      kind: 'heat_pump',
      values: {
        state: 'on',
        mode: 'heating',
        p_w: round(powerW, 0),
        water_c: round(44 + 6 * noise - 3 * hotWater, 1),
        e_total_kwh: round(this.totalKwh, 3),
      },
    };
  }
}

/** A storage system charging around noon and discharging in the evening. */
export class StorageSystemModel {
  private socPct = 50;

  constructor(private readonly ess: NonNullable<SimulatedPlant['storageSystems']>[number]) {}

  step({ hours, localHour }: Conditions): DeviceReading {
    const charging = localHour >= 10 && localHour < 15 && this.socPct < 95;
    const discharging = (localHour >= 18 || localHour < 1) && this.socPct > 15;
    const powerW = charging
      ? -this.ess.maxPowerKw * 600
      : discharging
        ? this.ess.maxPowerKw * 500
        : 0;
    this.socPct -= (powerW * hours) / (this.ess.capacityKwh * 10);
    this.socPct = Math.max(0, Math.min(100, this.socPct));
    return {
      sn: this.ess.sn,
      kind: 'ess',
      values: {
        state: 'on',
        mode: 'self_consumption',
        soc_pct: round(this.socPct, 1),
        p_bat_w: round(powerW, 0),
      },
    };
  }
}
