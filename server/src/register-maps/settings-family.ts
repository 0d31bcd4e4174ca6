import type { SettingsFamily } from '@solar/contract';

/**
 * The settings family of an inverter model code (section 3's hexadecimal codes: `0200` is an
 * LS-2.5K F2, `3303` an LHT-HV-5K F2). The first two digits name the product series. Kept to
 * this one function so the shared model-code table can replace the lookup at merge.
 */
const FAMILY_BY_SERIES: Readonly<Record<string, SettingsFamily>> = {
  // LS single-phase string inverters.
  '02': 'mt',
  // LT three-phase string inverters.
  '05': 'gy',
  // LH single-phase hybrid (storage) inverters.
  '31': 'dy-store-single',
  // LHT three-phase hybrid (storage) inverters, HV battery.
  '33': 'dy-store-three',
  // Three-phase commercial grid-tied inverters.
  '40': 'dy-grid',
  '50': 'asw',
  // Microinverters.
  '60': 'uneet',
  '70': 'sidaoer',
  '80': 'thinkPower',
};

export function settingsFamilyOfModel(code: string | null): SettingsFamily | null {
  if (code === null || !/^[0-9A-Fa-f]{4}$/.test(code)) return null;
  return FAMILY_BY_SERIES[code.slice(0, 2)] ?? null;
}
