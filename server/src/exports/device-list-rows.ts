import { DEVICE_FAMILIES, ErrorCode, type Locale, localTimestamp } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { deviceValuesOf, pickValues } from '../devices/device-values.js';
import { listedDevices, visibleDevices } from '../equipment/device-access.js';
import { AppError } from '../errors/app-error.js';
import { dayTimeZone } from '../plants/local-day.js';
import { deviceValueLabel, valueHeader } from './device-value-labels.js';
import { exportHeaders } from '../i18n/export-headers.js';
import { countOf, cursorCells } from './export-cursor.js';
import type { TableRows } from './table-rows.js';
import type { ExportFilters } from './exports.tables.js';

type DeviceListFilters = Extract<ExportFilters, { kind: 'devices' }>;

/** The inverter export's SN, alias, plant, datalogger, status and last-report headers. */
const SHARED_INVERTER_COLUMNS = [0, 1, 5, 6, 4, 9];

/** Code 2 unless the caller holds the family's list permission. */
export function authorizeFamily(auth: AuthContext, filters: DeviceListFilters): void {
  if (!auth.permissions.has(DEVICE_FAMILIES[filters.family].permission)) {
    throw new AppError(ErrorCode.noPermission);
  }
}

/** The family's list as its page shows it: device, plant, status, then its list values. */
export function deviceListHeaders(locale: Locale, filters: DeviceListFilters): string[] {
  const shared = SHARED_INVERTER_COLUMNS.map((index) => exportHeaders(locale).inverter[index]!);
  const values = DEVICE_FAMILIES[filters.family].valueFields.map((field) =>
    valueHeader(field.key, deviceValueLabel(field.key, locale), field.format),
  );
  return [...shared, ...values];
}

/** The devices of one family the owner may see, in the list's order, times in the plant's zone. */
export async function deviceListRows(
  db: Db,
  auth: AuthContext,
  filters: DeviceListFilters,
): Promise<TableRows> {
  authorizeFamily(auth, filters);
  const devices = visibleDevices(db, auth, DEVICE_FAMILIES[filters.family].kind!, filters);
  const fields = DEVICE_FAMILIES[filters.family].valueFields;
  const rows = cursorCells(listedDevices(devices), (row) => {
    const values = pickValues(deviceValuesOf(filters.family, row.last_values), fields);
    return [
      row.sn,
      row.alias,
      row.plant_name,
      row.datalogger_sn,
      row.status,
      row.last_seen_at ? localTimestamp(dayTimeZone(row.plant_time_zone), row.last_seen_at) : null,
      ...fields.map((field) => values[field.key] ?? null),
    ];
  });
  return { total: await countOf(devices), rows };
}
