import type { DeviceReading } from '@solar/contract';
import type { ModelInput } from './register-image.js';

type ReadingOf<K extends DeviceReading['kind']> = Extract<DeviceReading, { kind: K }>;
type InverterValues = ReadingOf<'inverter'>['values'];

/** SunSpec model 101–103's operating states `St`. */
export const OPERATING_STATE = {
  off: 1,
  sleeping: 2,
  mppt: 4,
  throttled: 5,
  fault: 7,
} as const;

/** What the controls of model 123 hold: the grid connection and the active-power limit. */
export interface InverterControls {
  connected: boolean;
  /** % of the rated power, applied while `limitEnabled`. */
  limitPct: number;
  limitEnabled: boolean;
}

const MAKER = 'Solar Portal';
const VERSION = 'sim 1.0';
/** A 10 kWh module at 51.2 V nominal. */
const BATTERY_NOMINAL_V = 51.2;
/** Model 802's charge states. */
const CHARGE_STATE = { discharging: 3, charging: 4, holding: 6 } as const;

function commonModel(reading: DeviceReading, unitId: number, fallbackModel: string): ModelInput {
  return {
    id: 1,
    values: {
      Mn: MAKER,
      Md: reading.model ?? fallbackModel,
      Vr: VERSION,
      SN: reading.sn,
      DA: unitId,
    },
  };
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** Model 103 (three-phase inverter) from an inverter's reading and its operating state. */
function threePhaseModel(values: InverterValues, operatingState: number): ModelInput {
  const [a, b, c] = values.ac ?? [];
  const pv = values.pv ?? [];
  const pf = values.pf ?? 1;
  const dcW = sum(pv.map((string) => string.v * string.i));
  return {
    id: 103,
    values: {
      A: a && b && c ? a.i + b.i + c.i : undefined,
      AphA: a?.i,
      AphB: b?.i,
      AphC: c?.i,
      A_SF: -2,
      PhVphA: a?.v,
      PhVphB: b?.v,
      PhVphC: c?.v,
      V_SF: -1,
      W: values.pac_w,
      W_SF: 0,
      Hz: values.freq_hz,
      Hz_SF: -2,
      VA: values.pac_w === undefined ? undefined : values.pac_w / pf,
      VA_SF: 0,
      // SunSpec gives the power factor in percent.
      PF: pf * 100,
      PF_SF: -1,
      WH: values.e_total_kwh === undefined ? undefined : values.e_total_kwh * 1000,
      WH_SF: 0,
      DCA: pv.length ? sum(pv.map((string) => string.i)) : undefined,
      DCA_SF: -2,
      DCV: pv.length ? Math.max(...pv.map((string) => string.v)) : undefined,
      DCV_SF: -1,
      DCW: pv.length ? dcW : undefined,
      DCW_SF: 0,
      TmpCab: values.temp_c,
      Tmp_SF: -1,
      St: operatingState,
    },
  };
}

/** Model 160: one module per MPPT string. */
function mpptModel(values: InverterValues): ModelInput {
  const pv = values.pv ?? [];
  return {
    id: 160,
    values: { DCA_SF: -2, DCV_SF: -1, DCW_SF: 0, N: pv.length },
    repeating: pv.map((string, index) => ({
      ID: index + 1,
      IDStr: `MPPT ${index + 1}`,
      DCA: string.i,
      DCV: string.v,
      DCW: string.v * string.i,
    })),
  };
}

/** Model 123: the immediate controls, `WMaxLimPct` served in tenths of a percent. */
function controlsModel(controls: InverterControls): ModelInput {
  return {
    id: 123,
    values: {
      Conn: controls.connected ? 1 : 0,
      WMaxLimPct: controls.limitPct,
      WMaxLimPct_SF: -1,
      WMaxLim_Ena: controls.limitEnabled ? 1 : 0,
    },
  };
}

export function inverterModels(
  reading: ReadingOf<'inverter'>,
  unitId: number,
  operatingState: number,
  controls: InverterControls,
): ModelInput[] {
  return [
    commonModel(reading, unitId, 'SIM-PV'),
    threePhaseModel(reading.values, operatingState),
    mpptModel(reading.values),
    controlsModel(controls),
  ];
}

/** Model 203 (three-phase wye meter): grid power positive when importing, as the protocol's. */
export function meterModels(
  reading: ReadingOf<'meter'>,
  unitId: number,
  frequencyHz: number | undefined,
): ModelInput[] {
  const {
    p_grid_w: gridW,
    import_kwh_total: importKwh,
    export_kwh_total: exportKwh,
  } = reading.values;
  const phaseW = gridW === undefined ? undefined : gridW / 3;
  return [
    commonModel(reading, unitId, 'SIM-METER'),
    {
      id: 203,
      values: {
        Hz: frequencyHz,
        Hz_SF: -2,
        W: gridW,
        WphA: phaseW,
        WphB: phaseW,
        WphC: phaseW,
        W_SF: 0,
        TotWhExp: exportKwh === undefined ? undefined : exportKwh * 1000,
        TotWhImp: importKwh === undefined ? undefined : importKwh * 1000,
        TotWh_SF: 0,
      },
    },
  ];
}

function chargeState(batteryW: number): number {
  if (batteryW > 0) return CHARGE_STATE.discharging;
  return batteryW < 0 ? CHARGE_STATE.charging : CHARGE_STATE.holding;
}

/** Model 802 (lithium-ion battery): power positive when discharging, as the protocol's. */
export function batteryModels(
  reading: ReadingOf<'battery'>,
  unitId: number,
  rating: { capacityKwh: number; maxPowerKw: number },
): ModelInput[] {
  const values = reading.values;
  return [
    commonModel(reading, unitId, 'SIM-BAT'),
    {
      id: 802,
      values: {
        AHRtg: (rating.capacityKwh * 1000) / BATTERY_NOMINAL_V,
        AHRtg_SF: 0,
        WHRtg: rating.capacityKwh * 1000,
        WHRtg_SF: 1,
        WChaRteMax: rating.maxPowerKw * 1000,
        WDisChaRteMax: rating.maxPowerKw * 1000,
        WChaDisChaMax_SF: 0,
        SoC: values.soc_pct,
        SoH: values.soh_pct,
        SoC_SF: -1,
        SoH_SF: -1,
        NCyc: values.cycles,
        ChaSt: values.p_bat_w === undefined ? undefined : chargeState(values.p_bat_w),
        W: values.p_bat_w,
        W_SF: 0,
      },
    },
  ];
}
