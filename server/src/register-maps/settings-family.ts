import { inverterModelOf, type SettingsFamily } from '@solar/contract';

/** The settings family of an inverter model code, from the shared model-code table. */
export function settingsFamilyOfModel(code: string | null): SettingsFamily | null {
  return inverterModelOf(code)?.settingsFamily ?? null;
}
