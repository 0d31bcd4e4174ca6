import type { DataloggerRecord, DeviceReading } from '@solar/contract';
import type { PlantCounters, SimulatedPlant } from '../plant-config.js';
import { PlantSimulator } from '../plant-simulator.js';
import { type ModelInput, pointAt, registerImage, type RegisterImage } from './register-image.js';
import {
  batteryModels,
  type InverterControls,
  inverterModels,
  meterModels,
  OPERATING_STATE,
} from './sunspec-models.js';

type InverterReading = Extract<DeviceReading, { kind: 'inverter' }>;

/** Modbus exception codes a device answers with. */
export const MODBUS_EXCEPTION = {
  illegalDataAddress: 2,
  illegalDataValue: 3,
  gatewayTargetFailed: 0x0b,
} as const;

/** A Modbus exception: modbus-serial's server answers it with `modbusErrorCode`. */
export class ModbusException extends Error {
  constructor(
    readonly modbusErrorCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Registers are stepped at most once a second, however often they are read. */
const MIN_STEP_MS = 1000;
/** A gap longer than this (nobody read for a while) is stepped as this long. */
const MAX_STEP_SECONDS = 60;
/** `WMaxLimPct` is served in tenths of a percent (its scale factor is -1). */
const LIMIT_PCT_PER_RAW = 0.1;
const FULL_POWER_PCT = 100;

/** The model 123 points a client may write, with the raw values each accepts. */
const WRITABLE_CONTROLS: Record<string, (raw: number) => boolean> = {
  Conn: (raw) => raw === 0 || raw === 1,
  WMaxLimPct: (raw) => raw * LIMIT_PCT_PER_RAW <= FULL_POWER_PCT,
  WMaxLim_Ena: (raw) => raw === 0 || raw === 1,
};

export interface SunSpecSiteOptions {
  /** Random faults and warnings (default off: a demo device behaves). */
  hasIncidents?: boolean;
  /** Forces the cloud cover (0 clear … 0.85 overcast) instead of the simulated weather. */
  cloudCover?: number;
  counters?: PlantCounters;
  /** The simulated instant (the wall clock by default). */
  now?: () => Date;
}

interface ServedInverter {
  unitId: number;
  sn: string;
  ratedW: number;
  controls: InverterControls;
  /** Energy the plant simulator made but the controls held back, so `WH` counts what was given. */
  heldBackKwh: number;
}

/**
 * A simulated plant served as SunSpec devices: its inverters (models 1, 103, 160, 123), its meter
 * (203) and its battery (802), one unit id each in that order. The plant simulator's sun and
 * weather drive the registers; model 123's `Conn` and `WMaxLimPct`/`WMaxLim_Ena` switch and
 * limit the served inverter, and the meter sees the power it no longer gives.
 */
export class SunSpecSite {
  private readonly simulator: PlantSimulator;
  private readonly inverters: ServedInverter[];
  /** The unit ids served, each with the serial number of the device behind it. */
  readonly units: readonly { unitId: number; sn: string }[];
  private readonly now: () => Date;
  private lastStepAt: number | null = null;
  private simulated: DataloggerRecord | null = null;
  private served: DataloggerRecord | null = null;
  private images = new Map<number, RegisterImage>();

  constructor(
    readonly plant: SimulatedPlant,
    options: SunSpecSiteOptions = {},
  ) {
    this.simulator = new PlantSimulator(plant, {
      hasIncidents: options.hasIncidents ?? false,
      ...(options.cloudCover === undefined ? {} : { cloudCover: options.cloudCover }),
      ...(options.counters ? { counters: options.counters } : {}),
    });
    this.now = options.now ?? (() => new Date());
    this.inverters = plant.inverters.map((inverter, index) => ({
      unitId: index + 1,
      sn: inverter.sn,
      ratedW: inverter.ratedAcKw * 1000,
      controls: { connected: true, limitPct: FULL_POWER_PCT, limitEnabled: false },
      heldBackKwh: 0,
    }));
    const serials = [
      ...plant.inverters.map((inverter) => inverter.sn),
      ...(plant.meter ? [plant.meter.sn] : []),
      ...(plant.battery ? [plant.battery.sn] : []),
    ];
    this.units = serials.map((sn, index) => ({ unitId: index + 1, sn }));
  }

  /** What the devices show now, in the protocol's terms: the simulated plant with its controls. */
  reading(sn: string): DeviceReading | undefined {
    this.refresh();
    return this.served?.devices.find((device) => device.sn === sn);
  }

  read(unitId: number, address: number, count: number): number[] {
    this.refresh();
    const image = this.imageOf(unitId);
    const start = address - image.base;
    if (start < 0 || start + count > image.words.length)
      throw new ModbusException(
        MODBUS_EXCEPTION.illegalDataAddress,
        `unit ${unitId} has no registers ${address}–${address + count - 1}`,
      );
    return image.words.slice(start, start + count);
  }

  /** Writes model 123's controls of an inverter; any other register is refused. */
  write(unitId: number, address: number, words: readonly number[]): void {
    this.refresh();
    const inverter = this.inverters.find((candidate) => candidate.unitId === unitId);
    const image = this.imageOf(unitId);
    const changes = words.map((raw, index) => {
      const target = pointAt(image, address + index);
      const accepts = target?.modelId === 123 ? WRITABLE_CONTROLS[target.point.name] : undefined;
      if (!inverter || !target || !accepts)
        throw new ModbusException(
          MODBUS_EXCEPTION.illegalDataAddress,
          `register ${address + index} of unit ${unitId} cannot be written`,
        );
      if (!accepts(raw))
        throw new ModbusException(
          MODBUS_EXCEPTION.illegalDataValue,
          `${target.point.name} cannot take ${raw}`,
        );
      return { name: target.point.name, raw };
    });
    for (const { name, raw } of changes) applyControl(inverter!.controls, name, raw);
    this.render();
  }

  private imageOf(unitId: number): RegisterImage {
    const image = this.images.get(unitId);
    if (!image)
      throw new ModbusException(
        MODBUS_EXCEPTION.gatewayTargetFailed,
        `no device at unit ${unitId}`,
      );
    return image;
  }

  /** Steps the plant to now (at most once a second), then serves what it gives. */
  private refresh(): void {
    const now = this.now();
    if (this.lastStepAt !== null && now.getTime() - this.lastStepAt < MIN_STEP_MS) return;
    const stepSeconds =
      this.lastStepAt === null
        ? 1
        : Math.min((now.getTime() - this.lastStepAt) / 1000, MAX_STEP_SECONDS);
    this.lastStepAt = now.getTime();
    this.simulated = this.simulator.step(now, stepSeconds);
    for (const inverter of this.inverters) {
      const device = this.simulated.devices.find((candidate) => candidate.sn === inverter.sn);
      const pacW = device?.kind === 'inverter' ? (device.values.pac_w ?? 0) : 0;
      inverter.heldBackKwh += (Math.max(0, pacW - allowedW(inverter)) * stepSeconds) / 3_600_000;
    }
    this.render();
  }

  private render(): void {
    if (!this.simulated) return;
    this.served = controlled(this.simulated, this.inverters);
    const images = new Map<number, RegisterImage>();
    for (const { unitId, sn } of this.units) {
      const device = this.served.devices.find((candidate) => candidate.sn === sn);
      if (device) images.set(unitId, registerImage(this.modelsOf(device, unitId)));
    }
    this.images = images;
  }

  private modelsOf(device: DeviceReading, unitId: number): ModelInput[] {
    const inverter = this.inverters.find((candidate) => candidate.sn === device.sn);
    if (device.kind === 'inverter' && inverter)
      return inverterModels(device, unitId, operatingState(device, inverter), inverter.controls);
    if (device.kind === 'meter') {
      const frequencyHz = this.served?.devices.find((candidate) => candidate.kind === 'inverter')
        ?.values.freq_hz;
      return meterModels(device, unitId, frequencyHz);
    }
    if (device.kind === 'battery' && this.plant.battery)
      return batteryModels(device, unitId, this.plant.battery);
    throw new Error(`${device.sn}: a ${device.kind} is not served as a SunSpec device`);
  }
}

function applyControl(controls: InverterControls, name: string, raw: number): void {
  if (name === 'Conn') controls.connected = raw === 1;
  if (name === 'WMaxLimPct') controls.limitPct = raw * LIMIT_PCT_PER_RAW;
  if (name === 'WMaxLim_Ena') controls.limitEnabled = raw === 1;
}

/** The power an inverter may give under its controls, W. */
function allowedW(inverter: ServedInverter): number {
  const { connected, limitEnabled, limitPct } = inverter.controls;
  if (!connected) return 0;
  return limitEnabled ? (inverter.ratedW * limitPct) / FULL_POWER_PCT : inverter.ratedW;
}

function operatingState(reading: InverterReading, inverter: ServedInverter): number {
  const { status, pac_w: pacW = 0 } = reading.values;
  if (!inverter.controls.connected) return OPERATING_STATE.off;
  if (status === 'fault' || status === 'protect') return OPERATING_STATE.fault;
  if (pacW <= 0) return OPERATING_STATE.sleeping;
  return pacW >= allowedW(inverter) ? OPERATING_STATE.throttled : OPERATING_STATE.mppt;
}

/** An inverter's reading held to what its controls allow: currents follow the power. */
function limited(reading: InverterReading, inverter: ServedInverter): InverterReading {
  const values = reading.values;
  const pacW = values.pac_w ?? 0;
  const share = pacW > 0 ? Math.min(1, allowedW(inverter) / pacW) : 1;
  const scaled = (list: typeof values.ac) =>
    list?.map((phase) => ({ v: phase.v, i: Math.round(phase.i * share * 100) / 100 }));
  const totalKwh = values.e_total_kwh;
  return {
    ...reading,
    values: {
      ...values,
      pac_w: Math.round(pacW * share),
      ac: scaled(values.ac),
      pv: scaled(values.pv),
      ...(totalKwh === undefined ? {} : { e_total_kwh: totalKwh - inverter.heldBackKwh }),
      switch: inverter.controls.connected ? 'on' : 'off',
      ...(inverter.controls.connected ? {} : { status: 'standby' as const }),
    },
  };
}

/** The simulated record under the inverters' controls; the meter imports what they hold back. */
function controlled(record: DataloggerRecord, inverters: readonly ServedInverter[]) {
  let heldBackW = 0;
  const devices = record.devices.map((device) => {
    const inverter = inverters.find((candidate) => candidate.sn === device.sn);
    if (!inverter || device.kind !== 'inverter') return device;
    const served = limited(device, inverter);
    heldBackW += (device.values.pac_w ?? 0) - (served.values.pac_w ?? 0);
    return served;
  });
  return {
    ...record,
    devices: devices.map((device) =>
      device.kind === 'meter' && device.values.p_grid_w !== undefined
        ? { ...device, values: { ...device.values, p_grid_w: device.values.p_grid_w + heldBackW } }
        : device,
    ),
  };
}
