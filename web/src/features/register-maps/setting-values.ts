import type { RegisterEntry, RegisterMap } from '@solar/contract';

/** A setting's value as it travels (`settingValues` of the device protocol). */
export type SettingValue = number | string | boolean;
export type SettingValues = Record<string, SettingValue>;

/**
 * Writes the values to the inverter and answers what the device read back after writing
 * (`POST /api/v1/inverter/:sn/settings`); rejects with the API error on refusal.
 */
export type WriteInverterSettings = (sn: string, values: SettingValues) => Promise<SettingValues>;

/** Reads the inverter's current values from the device (`GET /api/v1/inverter/:sn/settings/current`). */
export type ReadInverterSettings = (sn: string) => Promise<SettingValues>;

/** A write bound to one inverter, as the form calls it. */
export type WriteSettings = (values: SettingValues) => Promise<SettingValues>;

/** The map's settings by section, sections in the map's first-use order. */
export function settingsByGroup(map: RegisterMap): [RegisterEntry['group'], RegisterEntry[]][] {
  const groups = new Map<RegisterEntry['group'], RegisterEntry[]>();
  for (const entry of map.settings) {
    groups.set(entry.group, [...(groups.get(entry.group) ?? []), entry]);
  }
  return [...groups];
}

/**
 * The writable fields filled in and different from what the device has (`current`); empty
 * fields are left as the device has them.
 */
export function changedValues(
  map: RegisterMap,
  form: Record<string, unknown>,
  current: SettingValues = {},
): SettingValues {
  const values: SettingValues = {};
  for (const entry of map.settings) {
    const value = form[entry.key];
    if (entry.isReadOnly || value === undefined || value === null || value === '') continue;
    if (current[entry.key] === value) continue;
    if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') {
      values[entry.key] = value;
    }
  }
  return values;
}
