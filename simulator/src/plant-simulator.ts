import {
  type DataloggerRecord,
  type DeviceReading,
  type InverterState,
  localDate,
  localHour,
} from '@solar/contract';
import type { PlantCounters, SimulatedPlant } from './plant-config.js';
import { boxReading, HeatPumpModel, storageSystemReading } from './other-devices.js';
import { StorageUnit } from './storage-unit.js';
import { hash01, seededRandom, smoothNoise } from './random.js';
import {
  ambientTemperature,
  clearSkyGhi,
  cloudTransmission,
  dailyCloudCover,
  defaultOrientation,
  diffuseShare,
  planeOfArray,
  sunPosition,
} from './sun.js';
import { climateCloudCover } from './climate.js';
import { epmReading, ratedAcWOf } from './epm-device.js';

/** Fault codes the simulator raises: the descriptor set of the portal, with weights. */
const RANDOM_FAULTS: readonly { code: string; kind: 'F' | 'P' | 'W'; weight: number }[] = [
  { code: '101', kind: 'P', weight: 3 },
  { code: '102', kind: 'P', weight: 2 },
  { code: '201', kind: 'F', weight: 2 },
  { code: '202', kind: 'F', weight: 1 },
  { code: '203', kind: 'F', weight: 1 },
  { code: '302', kind: 'W', weight: 2 },
  { code: '401', kind: 'W', weight: 2 },
];
const OVER_TEMPERATURE_CODE = '301';
const OVER_TEMPERATURE_C = 62;
const TEMPERATURE_COEFFICIENT = -0.004;
/** PVGIS' default system loss: wiring, soiling, mismatch and ageing. */
const SYSTEM_LOSSES = 0.14;

export interface SimulatorOptions {
  /** Forces the cloud cover (0 clear … 0.85 overcast) instead of the seeded daily draw. */
  cloudCover?: number;
  /** Random faults, warnings and offline periods (default on). */
  hasIncidents?: boolean;
  counters?: PlantCounters;
}

interface ActiveFault {
  code: string;
  kind: 'F' | 'P' | 'W';
  until: number;
}

interface InverterMemory {
  totalKwh: number;
  todayKwh: number;
  localDate: string;
  fault: ActiveFault | null;
}

function gaussian(x: number, mean: number, width: number): number {
  return Math.exp(-((x - mean) ** 2) / (2 * width * width));
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

/** Inverter efficiency at a share of rated power: self-consumption and ohmic losses. */
export function inverterEfficiency(loadShare: number): number {
  if (loadShare <= 0) return 0;
  return loadShare / (loadShare + 0.006 + 0.02 * loadShare * loadShare);
}

/**
 * One plant, stepped through time: the sun and clouds drive the arrays, the inverters
 * convert and clip, the battery follows the household load, the meter sees the rest.
 * Each `step` returns the datalogger record for that instant.
 */
export class PlantSimulator {
  private readonly inverters = new Map<string, InverterMemory>();
  private importKwh: number;
  private exportKwh: number;
  private readonly battery: StorageUnit | null;
  private readonly random: () => number;
  private offlineUntil = 0;
  private readonly heatPumps: HeatPumpModel[];
  private readonly storageSystems: { sn: string; unit: StorageUnit }[];

  constructor(
    readonly plant: SimulatedPlant,
    private readonly options: SimulatorOptions = {},
  ) {
    const counters = options.counters ?? {};
    for (const inverter of plant.inverters) {
      const today = counters.inverterTodayKwh?.[inverter.sn];
      this.inverters.set(inverter.sn, {
        totalKwh: counters.inverterTotalsKwh?.[inverter.sn] ?? 0,
        todayKwh: today?.kwh ?? 0,
        localDate: today?.localDate ?? '',
        fault: null,
      });
    }
    this.importKwh = counters.importKwh ?? 0;
    this.exportKwh = counters.exportKwh ?? 0;
    this.battery = plant.battery
      ? new StorageUnit(plant.battery, {
          socPct: counters.socPct,
          chargeKwh: counters.chargeKwh,
          dischargeKwh: counters.dischargeKwh,
        })
      : null;
    this.random = seededRandom(plant.seed * 7919 + 13);
    this.heatPumps = (plant.heatPumps ?? []).map(
      (pump) => new HeatPumpModel(pump, counters.heatPumpTotalsKwh?.[pump.sn]),
    );
    this.storageSystems = (plant.storageSystems ?? []).map((ess) => ({
      sn: ess.sn,
      unit: new StorageUnit(ess, counters.storageSystems?.[ess.sn]),
    }));
  }

  get hasIncidents(): boolean {
    return this.options.hasIncidents ?? true;
  }

  /** Whether the datalogger is in one of its occasional offline periods at `at`. */
  isOffline(at: Date, stepSeconds: number): boolean {
    if (!this.hasIncidents) return false;
    if (at.getTime() < this.offlineUntil) return true;
    // About one outage of 20–50 minutes every four days.
    if (this.random() < stepSeconds / (4 * 86_400)) {
      this.offlineUntil = at.getTime() + (20 + this.random() * 30) * 60_000;
      return true;
    }
    return false;
  }

  step(at: Date, stepSeconds: number): DataloggerRecord {
    const hours = stepSeconds / 3600;
    const plant = this.plant;
    const cover =
      this.options.cloudCover ??
      climateCloudCover(plant.seed, at, plant.latitude, plant.longitude) ??
      dailyCloudCover(plant.seed, at, plant.latitude);
    const sun = sunPosition(at, plant.latitude, plant.longitude);
    const transmission = cloudTransmission(plant.seed, at, cover);
    const ghi = clearSkyGhi(sun.elevation) * transmission;
    const poa = planeOfArray(
      ghi,
      sun,
      defaultOrientation(plant.latitude),
      diffuseShare(transmission, cover),
    );
    const ambient = ambientTemperature(at, plant.latitude, plant.longitude, cover);
    const wind = 1 + 5 * smoothNoise(plant.seed + 3, at.getTime(), 40 * 60_000);
    const moduleTemp = ambient + (poa / 800) * 25 * (1.6 / (1 + 0.3 * wind));
    const today = localDate(plant.timeZone, at);

    const devices: DeviceReading[] = [];
    let pvAcW = 0;
    for (const inverter of plant.inverters) {
      const reading = this.stepInverter(inverter, at, hours, poa, moduleTemp, ambient, today);
      pvAcW += reading.pacW;
      devices.push(reading.device);
    }
    const conditions = {
      at,
      hours,
      poa,
      ambientC: ambient,
      localHour: localHour(plant.timeZone, at),
    };
    const heatPumps = this.heatPumps.map((pump) => pump.step(plant.seed, conditions));
    // The meter measures the whole site: the household and every sub-metered load behind it.
    const loadW =
      this.householdLoadW(at) + heatPumps.reduce((sum, pump) => sum + pump.values.p_w, 0);
    // The battery takes the surplus (or covers the deficit) first, the storage systems what is left.
    let storageW = 0;
    if (this.battery && plant.battery) {
      const batteryW = this.battery.exchange(pvAcW - loadW, hours);
      storageW += batteryW;
      devices.push(batteryReading(plant.battery, this.battery, batteryW, ambient));
    }
    const storageSystems = this.storageSystems.map(({ sn, unit }) => {
      const acW = unit.exchange(pvAcW + storageW - loadW, hours);
      storageW += acW;
      return storageSystemReading(sn, unit, acW);
    });
    const gridW = loadW - pvAcW - storageW;
    if (gridW > 0) this.importKwh += (gridW * hours) / 1000;
    else this.exportKwh += (-gridW * hours) / 1000;
    if (plant.meter) {
      devices.push({
        sn: plant.meter.sn,
        kind: 'meter',
        ...(plant.meter.model ? { model: plant.meter.model } : {}),
        values: {
          import_kwh_total: round(this.importKwh, 3),
          export_kwh_total: round(this.exportKwh, 3),
          p_grid_w: round(gridW, 0),
          p_load_w: round(loadW, 0),
        },
      });
    }
    if (plant.weather) {
      devices.push({
        sn: plant.weather.sn,
        kind: 'weather',
        ...(plant.weather.model ? { model: plant.weather.model } : {}),
        values: {
          irradiance_wm2: round(poa, 1),
          ambient_c: round(ambient, 1),
          module_c: round(moduleTemp, 1),
          wind_ms: round(wind, 1),
        },
      });
    }
    for (const box of plant.boxes ?? []) devices.push(boxReading(box, plant.seed, conditions));
    devices.push(...heatPumps, ...storageSystems);
    // At its factory limit (the inverters' rating) an EPM never curtails; the command
    // responder puts a written limit on top of live records.
    if (plant.epm) devices.push(epmReading(plant.epm.sn, gridW, ratedAcWOf(plant)));
    return { ts: at.toISOString(), devices };
  }

  private stepInverter(
    inverter: SimulatedPlant['inverters'][number],
    at: Date,
    hours: number,
    poa: number,
    moduleTemp: number,
    ambient: number,
    localDate: string,
  ): { pacW: number; device: DeviceReading } {
    const state = this.inverters.get(inverter.sn)!;
    if (state.localDate !== localDate) {
      state.localDate = localDate;
      state.todayKwh = 0;
    }
    const fault = this.currentFault(state, at, poa > 50, hours);
    const ratedW = inverter.ratedAcKw * 1000;
    const dcW = Math.max(
      0,
      inverter.dcKwp *
        poa *
        (1 + TEMPERATURE_COEFFICIENT * (moduleTemp - 25)) *
        (1 - SYSTEM_LOSSES),
    );
    let acW = dcW * inverterEfficiency(dcW / ratedW);
    if (acW < ratedW * 0.004) acW = 0;
    const isTripped = fault !== null && fault.kind !== 'W';
    if (isTripped) acW = 0;
    acW = Math.min(acW, ratedW);
    const temperature =
      ambient + 6 + 28 * (acW / ratedW) + hash01(this.plant.seed, at.getTime() / 60_000) * 1.5;
    const isHot = temperature > OVER_TEMPERATURE_C;
    if (isHot) acW *= 0.9;
    state.todayKwh += (acW * hours) / 1000;
    state.totalKwh += (acW * hours) / 1000;

    const codes = [...(fault ? [fault.code] : []), ...(isHot ? [OVER_TEMPERATURE_CODE] : [])];
    const status: InverterState =
      fault?.kind === 'F'
        ? 'fault'
        : fault?.kind === 'P'
          ? 'protect'
          : acW > 0
            ? 'normal'
            : 'standby';
    const values = {
      pac_w: round(acW, 0),
      e_day_kwh: round(state.todayKwh, 3),
      e_total_kwh: round(state.totalKwh, 3),
      pv: this.strings(inverter, isTripped ? 0 : dcW, moduleTemp, poa),
      ac: this.phases(acW, at),
      freq_hz: round(50 + (smoothNoise(this.plant.seed + 5, at.getTime(), 60_000) - 0.5) * 0.06, 2),
      pf:
        acW > 0
          ? round(0.99 + smoothNoise(this.plant.seed + 6, at.getTime(), 600_000) * 0.01, 3)
          : 1,
      temp_c: round(temperature, 1),
      status,
      fault_codes: codes,
    };
    return {
      pacW: acW,
      device: {
        sn: inverter.sn,
        kind: 'inverter',
        ...(inverter.model ? { model: inverter.model } : {}),
        values,
      },
    };
  }

  /** Faults start rarely and only while producing (about one every two weeks per inverter). */
  private currentFault(
    state: InverterMemory,
    at: Date,
    isProducing: boolean,
    hours: number,
  ): ActiveFault | null {
    if (state.fault && at.getTime() >= state.fault.until) state.fault = null;
    if (!state.fault && this.hasIncidents && isProducing && this.random() < hours / (14 * 10)) {
      const total = RANDOM_FAULTS.reduce((sum, f) => sum + f.weight, 0);
      let draw = this.random() * total;
      const chosen = RANDOM_FAULTS.find((f) => (draw -= f.weight) < 0) ?? RANDOM_FAULTS[0]!;
      state.fault = {
        code: chosen.code,
        kind: chosen.kind,
        until: at.getTime() + (15 + this.random() * 75) * 60_000,
      };
    }
    return state.fault;
  }

  /** MPPT strings: module voltage falls with temperature and low light; current carries the power. */
  private strings(
    inverter: SimulatedPlant['inverters'][number],
    dcW: number,
    moduleTemp: number,
    poa: number,
  ) {
    const modulesPerString = Math.max(
      1,
      Math.round((inverter.dcKwp * 1000) / 400 / inverter.strings),
    );
    const hasLight = poa > 5;
    const moduleVoltage = hasLight
      ? 34 * (1 - 0.0035 * (moduleTemp - 25)) * (1 + 0.05 * Math.log(Math.min(poa, 1200) / 1000))
      : 0;
    const voltage = modulesPerString * moduleVoltage;
    return Array.from({ length: inverter.strings }, (_, index) => {
      const share = 1 / inverter.strings + (index % 2 === 0 ? 0.01 : -0.01);
      const current = voltage > 0 ? (dcW * share) / voltage : 0;
      return { v: round(voltage, 1), i: round(current, 2) };
    });
  }

  private phases(acW: number, at: Date) {
    return [0, 1, 2].map((phase) => {
      const voltage =
        230 + (smoothNoise(this.plant.seed + 10 + phase, at.getTime(), 120_000) - 0.5) * 8;
      return { v: round(voltage, 1), i: round(acW / 3 / voltage, 2) };
    });
  }

  /** A household profile: night base, morning and evening peaks, some appliances in between. */
  private householdLoadW(at: Date): number {
    const hour = localHour(this.plant.timeZone, at) + at.getUTCMinutes() / 60;
    const base = 220 + 80 * smoothNoise(this.plant.seed + 20, at.getTime(), 30 * 60_000);
    const peaks =
      900 * gaussian(hour, 7.3, 0.9) +
      1500 * gaussian(hour, 19, 1.7) +
      450 * gaussian(hour, 12.5, 1.5);
    const appliance = hash01(this.plant.seed, Math.floor(at.getTime() / 600_000)) < 0.06 ? 1800 : 0;
    return (base + peaks + appliance) * this.plant.loadScale;
  }
}

/** A lithium battery loses about a fifth of its capacity over 6,000 full cycles. */
const HEALTH_LOST_PER_CYCLE_PCT = 20 / 6000;

/** Full cycles (energy discharged over capacity) and the state of health they leave. */
function batteryWear(dischargeKwh: number, capacityKwh: number) {
  const cycles = dischargeKwh / capacityKwh;
  return {
    cycles: Math.floor(cycles),
    soh_pct: round(Math.max(100 - cycles * HEALTH_LOST_PER_CYCLE_PCT, 0), 1),
  };
}

function batteryReading(
  battery: NonNullable<SimulatedPlant['battery']>,
  unit: StorageUnit,
  acW: number,
  ambientC: number,
): DeviceReading {
  return {
    sn: battery.sn,
    kind: 'battery',
    ...(battery.model ? { model: battery.model } : {}),
    values: {
      soc_pct: round(unit.socPct, 1),
      p_bat_w: round(acW, 0),
      charge_kwh_total: round(unit.chargeKwh, 3),
      discharge_kwh_total: round(unit.dischargeKwh, 3),
      ...batteryWear(unit.dischargeKwh, battery.capacityKwh),
      temp_c: round(Math.max(ambientC, 15) + Math.abs(acW) / 1000, 1),
      fault_codes: [],
    },
  };
}
