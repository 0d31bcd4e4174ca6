import { type DeviceValueField, type ValueFormat, VALUE_FORMAT_UNITS } from '@solar/contract';
import type { TFunction } from 'i18next';
import { decimalText, energyText, powerFromWatts } from '../../shared/format/formatters';

/** Decimals shown per format where no scaling formatter of section 9 applies. */
const DECIMALS: Partial<Record<ValueFormat, number>> = {
  percent: 1,
  temperature: 1,
  irradiance: 0,
  speed: 1,
  voltage: 1,
  current: 2,
  count: 0,
};

/**
 * One reading as text: power and energy through the section 9 formatters (W → kW, kWh → MWh),
 * on/off states and modes by their texts, other numbers with their unit.
 */
export function valueText(
  format: ValueFormat,
  key: string,
  value: number | string | null | undefined,
  t: TFunction,
): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string')
    return t(`devices:choice.${key}.${value}`, { defaultValue: value });
  if (format === 'power') return powerFromWatts(value);
  if (format === 'energy') return energyText(value);
  return decimalText(value, DECIMALS[format] ?? 2, VALUE_FORMAT_UNITS[format]);
}

/** A numbered key's field (`strings3_i` → `strings*_i`) and its entry number. */
export function fieldOf(
  fields: readonly DeviceValueField[],
  key: string,
): { field: DeviceValueField; number: number | null } | null {
  for (const field of fields) {
    if (field.key === key) return { field, number: null };
    if (!field.key.includes('*')) continue;
    const [head = '', tail = ''] = field.key.split('*');
    const middle =
      key.startsWith(head) && key.endsWith(tail)
        ? key.slice(head.length, key.length - tail.length)
        : '';
    if (/^\d+$/.test(middle)) return { field, number: Number(middle) };
  }
  return null;
}

/** A value key's label: `strings3_i` reads "String 3 current". */
export function valueLabel(fields: readonly DeviceValueField[], key: string, t: TFunction): string {
  const found = fieldOf(fields, key);
  if (!found) return key;
  const labelKey = found.field.key.replace('*', 'N');
  return t(`devices:value.${labelKey}`, { n: found.number ?? '' });
}
