import type { SettingsFamily } from '../register-maps/map.js';
/**
 * The model-code table of spec section 3 as data: an inverter reports a hexadecimal model code
 * (`model` in the device protocol); the portal shows the model name and rated power from here.
 * Unknown codes fall back to a default the caller supplies (the list shows the code itself).
 */

/** String inverters feed the grid only; hybrid (HV battery) inverters also charge a battery. */
export const INVERTER_TOPOLOGIES = ['string', 'hybrid'] as const;
export type InverterTopology = (typeof INVERTER_TOPOLOGIES)[number];

export interface InverterModel {
  /** Upper-case hexadecimal, four digits. */
  code: string;
  name: string;
  ratedPowerKw: number;
  phases: 1 | 3;
  topology: InverterTopology;
  /** MPPT inputs (PV strings) the model has. */
  mpptCount: number;
  /** The register map family of its settings page, null when the model has none. */
  settingsFamily: SettingsFamily | null;
}

/**
 * Code ranges: 02xx single-phase string (LS), 05xx three-phase string (LT), 32xx single-phase
 * hybrid (LH-HV), 33xx three-phase hybrid (LHT-HV); the low byte counts up the power class.
 */
// prettier-ignore
export const INVERTER_MODELS: readonly InverterModel[] = [
  { code: '0200', name: 'LS-2.5K F2', ratedPowerKw: 2.5, phases: 1, topology: 'string', mpptCount: 1, settingsFamily: 'mt' },
  { code: '0201', name: 'LS-3.6K F2', ratedPowerKw: 3.6, phases: 1, topology: 'string', mpptCount: 2, settingsFamily: 'mt' },
  { code: '0202', name: 'LS-5K F2', ratedPowerKw: 5, phases: 1, topology: 'string', mpptCount: 2, settingsFamily: 'mt' },
  { code: '0203', name: 'LS-6K F2', ratedPowerKw: 6, phases: 1, topology: 'string', mpptCount: 2, settingsFamily: 'mt' },
  { code: '0500', name: 'LT-3K F2', ratedPowerKw: 3, phases: 3, topology: 'string', mpptCount: 2, settingsFamily: 'gy' },
  { code: '0501', name: 'LT-5K F2', ratedPowerKw: 5, phases: 3, topology: 'string', mpptCount: 2, settingsFamily: 'gy' },
  { code: '0502', name: 'LT-8K F2', ratedPowerKw: 8, phases: 3, topology: 'string', mpptCount: 2, settingsFamily: 'dy-grid' },
  { code: '0503', name: 'LT-10K F2', ratedPowerKw: 10, phases: 3, topology: 'string', mpptCount: 2, settingsFamily: 'asw' },
  { code: '0504', name: 'LT-15K F2', ratedPowerKw: 15, phases: 3, topology: 'string', mpptCount: 3, settingsFamily: 'asw' },
  { code: '0505', name: 'LT-20K F2', ratedPowerKw: 20, phases: 3, topology: 'string', mpptCount: 3, settingsFamily: 'asw' },
  { code: '0506', name: 'LT-30K F2', ratedPowerKw: 30, phases: 3, topology: 'string', mpptCount: 4, settingsFamily: 'sidaoer' },
  { code: '0507', name: 'LT-50K F2', ratedPowerKw: 50, phases: 3, topology: 'string', mpptCount: 6, settingsFamily: 'sidaoer' },
  { code: '0600', name: 'LM-800 micro', ratedPowerKw: 0.8, phases: 1, topology: 'string', mpptCount: 2, settingsFamily: 'uneet' },
  { code: '0700', name: 'LM-2K micro', ratedPowerKw: 2, phases: 1, topology: 'string', mpptCount: 4, settingsFamily: 'thinkPower' },
  { code: '3200', name: 'LH-HV-3.6K F2', ratedPowerKw: 3.6, phases: 1, topology: 'hybrid', mpptCount: 2, settingsFamily: 'dy-store-single' },
  { code: '3201', name: 'LH-HV-5K F2', ratedPowerKw: 5, phases: 1, topology: 'hybrid', mpptCount: 2, settingsFamily: 'dy-store-single' },
  { code: '3301', name: 'LHT-HV-3K F2', ratedPowerKw: 3, phases: 3, topology: 'hybrid', mpptCount: 2, settingsFamily: 'dy-store-three' },
  { code: '3303', name: 'LHT-HV-5K F2', ratedPowerKw: 5, phases: 3, topology: 'hybrid', mpptCount: 2, settingsFamily: 'dy-store-three' },
  { code: '3305', name: 'LHT-HV-10K F2', ratedPowerKw: 10, phases: 3, topology: 'hybrid', mpptCount: 2, settingsFamily: 'dy-store-three' },
  { code: '3307', name: 'LHT-HV-20K F2', ratedPowerKw: 20, phases: 3, topology: 'hybrid', mpptCount: 3, settingsFamily: null },
];

const MODELS_BY_CODE = new Map(INVERTER_MODELS.map((model) => [model.code, model]));

/** Codes are compared case-insensitively (`3a01` and `3A01` are one model). */
export function normalizeModelCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The model of a code, or null for an unknown or absent code. */
export function inverterModelOf(code: string | null | undefined): InverterModel | null {
  if (code === null || code === undefined) return null;
  return MODELS_BY_CODE.get(normalizeModelCode(code)) ?? null;
}

/** An inverter's rated power: the stored one first (an installer may have entered it), else its model's. */
export function inverterRatedPowerKw(
  stored: string | number | null,
  modelCode: string | null,
): number | null {
  if (stored !== null) return Number(stored);
  return inverterModelOf(modelCode)?.ratedPowerKw ?? null;
}

/** The model name of a code; unknown codes answer `fallback` (section 3). */
export function inverterModelName(code: string | null | undefined, fallback: string): string {
  return inverterModelOf(code)?.name ?? fallback;
}
