import { type DeviceReading, SUNSPEC_MODELS, type SunSpecModelLayout } from '@solar/contract';
import type { RegisterBus } from '../modbus/modbus-bus.js';
import {
  BATTERY_MODELS,
  CONTROLS_MODEL,
  deviceReading,
  INVERTER_MODELS,
  METER_MODELS,
  MPPT_MODEL,
} from './device-readings.js';
import { discoverModels, type ModelLocation } from './discovery.js';
import { AccumulatorRollover, type DecodedModel, decodeModel, rawPointValue } from './points.js';

const COMMON_MODEL = 1;
const LAYOUTS = new Map(SUNSPEC_MODELS.map((layout) => [layout.id, layout]));
/** The models read at every poll; the others (120–122, 124) are read when asked for. */
const POLLED_MODELS = new Set<number>([
  ...INVERTER_MODELS,
  ...METER_MODELS,
  ...BATTERY_MODELS,
  MPPT_MODEL,
  CONTROLS_MODEL,
]);
/** SunSpec model 123's `Conn`: 0 disconnects the inverter from the grid, 1 connects it. */
const CONNECTED = 1;
const DISCONNECTED = 0;
/** Model 123's `WMaxLim_Ena`: the active-power limit `WMaxLimPct` applies while it is 1. */
const LIMIT_ENABLED = 1;

export interface DeviceLog {
  info(message: string): void;
  warn(message: string): void;
}

function pointAddress(location: ModelLocation, layout: SunSpecModelLayout, name: string): number {
  const point = layout.points.find((candidate) => candidate.name === name);
  if (!point) throw new Error(`model ${layout.id} has no point ${name}`);
  return location.address + point.offset;
}

/** One SunSpec device behind a bus: its model chain, read and decoded at each poll. */
export class SunSpecDevice {
  private readonly rollover = new AccumulatorRollover();

  private constructor(
    private readonly bus: RegisterBus,
    readonly unitId: number,
    readonly sn: string,
    readonly modelName: string | undefined,
    private readonly models: readonly ModelLocation[],
  ) {}

  /** The device at a unit id, or null when it has no SunSpec map or no serial number. */
  static async discover(
    bus: RegisterBus,
    unitId: number,
    log: DeviceLog,
  ): Promise<SunSpecDevice | null> {
    const chain = await discoverModels(bus, unitId);
    if (!chain) return null;
    const common = chain.find((model) => model.id === COMMON_MODEL);
    if (!common) return null;
    const decoded = await readModel(bus, unitId, common);
    const sn = decoded?.points.SN;
    if (typeof sn !== 'string') return null;
    for (const model of chain)
      if (!LAYOUTS.has(model.id))
        log.info(`${sn}: skipping SunSpec model ${model.id}, not known to this agent`);
    const modelName = decoded?.points.Md;
    return new SunSpecDevice(
      bus,
      unitId,
      sn,
      typeof modelName === 'string' ? modelName : undefined,
      chain,
    );
  }

  get modelIds(): number[] {
    return this.models.map((model) => model.id);
  }

  async read(): Promise<DeviceReading | null> {
    const decoded = new Map<number, DecodedModel>();
    for (const location of this.models) {
      if (!POLLED_MODELS.has(location.id)) continue;
      const model = await readModel(this.bus, this.unitId, location, this.rollover);
      if (model) decoded.set(location.id, model);
    }
    return deviceReading(
      { sn: this.sn, modelName: this.modelName, modelIds: this.modelIds },
      decoded,
    );
  }

  get canSwitch(): boolean {
    return this.models.some((model) => model.id === CONTROLS_MODEL);
  }

  /**
   * Connects the inverter to the grid or disconnects it through model 123's `Conn`, then reads
   * the point back: the answer is what the device holds, not what was asked.
   */
  async switchTo(on: boolean): Promise<boolean> {
    const { location, layout } = this.controls();
    const address = pointAddress(location, layout, 'Conn');
    await this.bus.write(this.unitId, address, [on ? CONNECTED : DISCONNECTED]);
    const [readBack] = await this.bus.read(this.unitId, address, 1);
    return readBack === CONNECTED;
  }

  /** The active-power limit in % of the rated power (model 123 `WMaxLimPct`), as the device holds it. */
  async powerLimitPct(): Promise<number | undefined> {
    const { location } = this.controls();
    const controls = await readModel(this.bus, this.unitId, location);
    const limit = controls?.points.WMaxLimPct;
    return typeof limit === 'number' ? limit : undefined;
  }

  /**
   * Limits the active power to `pct` % of the rated power: `WMaxLimPct` at the device's own scale
   * factor, then `WMaxLim_Ena` on; the answer is the limit read back.
   */
  async limitPowerTo(pct: number): Promise<number | undefined> {
    const { location, layout } = this.controls();
    const scaleWords = await this.bus.read(
      this.unitId,
      pointAddress(location, layout, 'WMaxLimPct_SF'),
      1,
    );
    const scale = rawPointValue(scaleWords, 'sunssf');
    const factor = 10 ** (typeof scale === 'number' ? scale : 0);
    await this.bus.write(this.unitId, pointAddress(location, layout, 'WMaxLimPct'), [
      Math.round(pct / factor),
    ]);
    await this.bus.write(this.unitId, pointAddress(location, layout, 'WMaxLim_Ena'), [
      LIMIT_ENABLED,
    ]);
    return this.powerLimitPct();
  }

  private controls(): { location: ModelLocation; layout: SunSpecModelLayout } {
    const location = this.models.find((model) => model.id === CONTROLS_MODEL);
    const layout = LAYOUTS.get(CONTROLS_MODEL);
    if (!location || !layout) throw new Error(`${this.sn} has no SunSpec model 123 (controls)`);
    return { location, layout };
  }
}

async function readModel(
  bus: RegisterBus,
  unitId: number,
  location: ModelLocation,
  rollover?: AccumulatorRollover,
): Promise<DecodedModel | null> {
  const layout = LAYOUTS.get(location.id);
  if (!layout) return null;
  const words = await bus.read(unitId, location.address, location.length + 2);
  return decodeModel(layout, words, rollover);
}
