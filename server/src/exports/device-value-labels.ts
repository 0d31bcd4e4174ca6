import { type DeviceValueField, type Locale, VALUE_FORMAT_UNITS } from '@solar/contract';
import { localeFile } from '../i18n/locale-files.js';

/**
 * A generic family value's name in `locale`: the web's `devices:value.*` text (`stringsN_v`
 * names a numbered entry, `{{n}}` being its number).
 */
export function deviceValueLabel(key: string, locale: Locale): string | undefined {
  return (localeFile(locale, 'devices').value as Record<string, string | undefined>)[key];
}

/** A column header: a name and its unit, when it has one. */
export const withUnit = (name: string, unit: string) => (unit === '' ? name : `${name} (${unit})`);

/** A family value's header in `locale`: its name (its key when unnamed) and its format's unit. */
export function valueHeader(
  key: string,
  label: string | undefined,
  format: DeviceValueField['format'] | undefined,
): string {
  return withUnit(label ?? key, format ? VALUE_FORMAT_UNITS[format] : '');
}
