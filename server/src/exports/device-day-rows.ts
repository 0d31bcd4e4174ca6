import {
  DEVICE_FAMILIES,
  type DeviceFamily,
  dayBounds,
  describeParameter,
  ErrorCode,
  familyOfKind,
  isGenericFamily,
  type Locale,
  localTimestamp,
  parameterLabel,
} from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { deviceValuesOf, fieldPattern } from '../devices/device-values.js';
import { findVisibleDevice } from '../equipment/device-access.js';
import { AppError } from '../errors/app-error.js';
import { compareParameters, flattenInverterValues } from '../inverters/inverter-day.js';
import { dayTimeZone } from '../plants/local-day.js';
import { localeFile } from '../i18n/locale-files.js';
import { deviceValueLabel, valueHeader, withUnit } from './device-value-labels.js';
import { CURSOR_CHUNK } from './export-cursor.js';
import type { Cell, TableRows } from './table-rows.js';
import type { ExportFilters } from './exports.tables.js';

type DeviceDayFilters = Extract<ExportFilters, { kind: 'deviceDay' }>;

/** Without a plant, days are UTC days (as on the device pages). */

/** How one family's readings become columns: flattened values, column order, header text. */
interface ValueColumns {
  flatten(values: unknown): Iterable<[string, number | string | null]>;
  compare(a: string, b: string): number;
  header(key: string, locale: Locale): string;
}

const naturalOrder = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

const INVERTER_COLUMNS: ValueColumns = {
  flatten: (values) => flattenInverterValues(values),
  compare: (a, b) => {
    const [infoA, infoB] = [describeParameter(a), describeParameter(b)];
    if (!infoA || !infoB) return Number(!infoA) - Number(!infoB) || naturalOrder(a, b);
    return compareParameters(infoA, infoB);
  },
  header: (key, locale) =>
    withUnit(
      parameterLabel(key, localeFile(locale, 'parameters')),
      describeParameter(key)?.unit ?? '',
    ),
};

/** A generic family's columns: its fields' order (realtime card, curves, list), then by name. */
function familyColumns(family: DeviceFamily & { id: Parameters<typeof deviceValuesOf>[0] }) {
  const fields = [...family.realtimeFields, ...family.series, ...family.valueFields].map(
    (field) => ({ field, pattern: field.key.includes('*') ? fieldPattern(field.key) : null }),
  );
  const fieldOf = (key: string) =>
    fields.find(({ field, pattern }) => (pattern ? pattern.test(key) : field.key === key));
  const rank = (key: string) => {
    const found = fieldOf(key);
    return found ? fields.indexOf(found) : fields.length;
  };
  const label = (key: string, locale: Locale) => {
    const found = fieldOf(key);
    if (!found?.pattern) return deviceValueLabel(key, locale);
    const template = deviceValueLabel(found.field.key.replace('*', 'N'), locale);
    return template?.replace('{{n}}', found.pattern.exec(key)?.[1] ?? '');
  };
  return {
    flatten: (values) => Object.entries(deviceValuesOf(family.id, values)),
    compare: (a, b) => rank(a) - rank(b) || naturalOrder(a, b),
    header: (key, locale) => valueHeader(key, label(key, locale), fieldOf(key)?.field.format),
  } satisfies ValueColumns;
}

/**
 * The device of a day export when the caller may see it and its family's list: 606 for an
 * unknown or another tenant's device alike, 2 without the family's permission.
 */
export async function findDayDevice(db: Db, auth: AuthContext, sn: string) {
  const found = await findVisibleDevice(db, auth, sn);
  if (!found) throw new AppError(ErrorCode.deviceNotFound);
  const family = familyOfKind(found.device.kind);
  if (!family || !auth.permissions.has(family.permission)) {
    throw new AppError(ErrorCode.noPermission);
  }
  const columns = isGenericFamily(family.id)
    ? familyColumns({ ...DEVICE_FAMILIES[family.id], id: family.id })
    : INVERTER_COLUMNS;
  return {
    id: found.device.id,
    timeZone: dayTimeZone(found.device.plant_time_zone),
    columns,
  };
}

/**
 * One device's readings over a plant-local day (23, 24 or 25 hours), a row per reading. The
 * samples are read twice through a cursor, first for the columns, then for the rows, so no
 * day of readings is held in memory.
 */
export async function deviceDayRows(
  db: Db,
  auth: AuthContext,
  filters: DeviceDayFilters,
  locale: Locale,
): Promise<TableRows> {
  const device = await findDayDevice(db, auth, filters.sn);
  const bounds = dayBounds(device.timeZone, filters.date);
  const samples = db
    .selectFrom('samples')
    .where('device_id', '=', device.id)
    .where('ts', '>=', bounds.from)
    .where('ts', '<', bounds.to);
  const keys = new Set<string>();
  let total = 0;
  for await (const sample of samples.select('values').stream(CURSOR_CHUNK)) {
    total += 1;
    for (const [key] of device.columns.flatten(sample.values)) keys.add(key);
  }
  const columns = [...keys].sort(device.columns.compare);
  async function* rows(): AsyncIterable<Cell[]> {
    const ordered = samples.select(['ts', 'values']).orderBy('ts').stream(CURSOR_CHUNK);
    for await (const sample of ordered) {
      const values = new Map(device.columns.flatten(sample.values));
      yield [
        localTimestamp(device.timeZone, new Date(sample.ts)),
        ...columns.map((key) => values.get(key) ?? null),
      ];
    }
  }
  return {
    headers: [
      localeFile(locale, 'parameters').time,
      ...columns.map((key) => device.columns.header(key, locale)),
    ],
    total,
    rows: rows(),
  };
}
