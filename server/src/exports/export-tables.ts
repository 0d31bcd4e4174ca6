import {
  ErrorCode,
  type ExportKind,
  type Locale,
  localTimestamp,
  type Permission,
} from '@solar/contract';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { containsPattern } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { eventCsvCells, eventCsvHeaders } from '../events/event-csv.js';
import { EventsService, type EventFilterQuery } from '../events/events.service.js';
import { visibleInverters } from '../inverters/inverters.service.js';
import { visiblePlants } from '../plants/plant-access.js';
import { inverterTodayKwh, lastValue, plantSummary } from '../plants/plant-summary.js';
import { auditCells, countAuditRows } from './audit-rows.js';
import { commandLogTableRows, debugLogTableRows } from './command-log-rows.js';
import { deviceDayRows, findDayDevice } from './device-day-rows.js';
import { authorizeFamily, deviceListHeaders, deviceListRows } from './device-list-rows.js';
import { countOf, cursorCells } from './export-cursor.js';
import { exportHeaders } from '../i18n/export-headers.js';
import type { ExportFilters } from './exports.tables.js';
import type { TableRows } from './table-rows.js';
import { reportHeaders, reportTableRows } from './report-rows.js';
import { versionLogTableRows } from './version-log-rows.js';
import { workOrderExportHeaders, workOrderExportRows } from '../work-orders/work-order-export.js';

/** What the export centre needs of one kind of table. */
export interface ExportTable {
  /** The permission of the list the table comes from; null when any signed-in user sees it. */
  permission: Permission | null;
  /** The sheet's name and the file name's start. */
  name: string;
  headers(locale: Locale, filters: ExportFilters): string[];
  /** Refuses a request for what the requester may not see, beyond the list's permission. */
  authorize?(db: Db, auth: AuthContext, filters: ExportFilters): Promise<void>;
  /** How many rows the file holds (for its progress) and the rows themselves, read once. */
  open(db: Db, auth: AuthContext, filters: ExportFilters, locale: Locale): Promise<TableRows>;
}

type PlantFilters = Extract<ExportFilters, { kind: 'plants' }>;
type InverterFilters = Extract<ExportFilters, { kind: 'inverters' }>;
type EventFilters = Extract<ExportFilters, { kind: 'events' }>;
type AuditExportFilters = Extract<ExportFilters, { kind: 'audit' }>;

function visiblePlantRows(db: Db, auth: AuthContext, filters: PlantFilters) {
  let query = db
    .selectFrom('plants')
    .leftJoinLateral(plantSummary, (join) => join.onTrue())
    .where((eb) => visiblePlants(auth)(eb));
  if (filters.name) query = query.where('plants.name', 'ilike', containsPattern(filters.name));
  if (filters.status) query = query.where('summary.status', '=', filters.status);
  if (filters.plantType) query = query.where('plants.plant_type', '=', filters.plantType);
  return query;
}

function plantCells(db: Db, auth: AuthContext, filters: PlantFilters) {
  const rows = visiblePlantRows(db, auth, filters)
    .select([
      'plants.name',
      'plants.capacity_kwp',
      'plants.plant_type',
      'summary.status',
      'summary.power_w',
      'summary.today_kwh',
      'plants.time_zone',
      'plants.address',
      'plants.created_at',
    ])
    .orderBy('plants.name')
    .orderBy('plants.id');
  return cursorCells(rows, (row) => [
    row.name,
    Number(row.capacity_kwp),
    row.plant_type,
    row.status,
    Number(row.power_w),
    Number(row.today_kwh),
    row.time_zone,
    row.address,
    localTimestamp(row.time_zone, row.created_at),
  ]);
}

function inverterCells(db: Db, auth: AuthContext, filters: InverterFilters) {
  const rows = visibleInverters(db, auth, filters)
    .select([
      'devices.sn',
      'devices.alias',
      'devices.model_code',
      'devices.rated_power_kw',
      'devices.status',
      'plants.name as plant_name',
      'dataloggers.sn as datalogger_sn',
      sql<number>`CASE WHEN devices.status <> 'offline'
        THEN COALESCE(${lastValue('pac_w')}, 0) ELSE 0 END`.as('power_w'),
      inverterTodayKwh().as('today_kwh'),
      'devices.last_seen_at',
      'plants.time_zone',
    ])
    .orderBy('devices.sn');
  return cursorCells(rows, (row) => [
    row.sn,
    row.alias,
    row.model_code,
    row.rated_power_kw === null ? null : Number(row.rated_power_kw),
    row.status,
    row.plant_name,
    row.datalogger_sn,
    Number(row.power_w),
    Number(row.today_kwh),
    row.last_seen_at ? localTimestamp(row.time_zone ?? 'UTC', row.last_seen_at) : null,
  ]);
}

function eventQuery({ kind: _kind, ...filters }: EventFilters): EventFilterQuery {
  return filters;
}

async function* eventCells(db: Db, auth: AuthContext, filters: EventFilters, locale: Locale) {
  for await (const row of new EventsService(db).stream(auth, eventQuery(filters), locale)) {
    yield eventCsvCells(row, locale);
  }
}

function auditQuery({ kind: _kind, ...filters }: AuditExportFilters) {
  return filters;
}

/** Narrows the stored filters to the kind a table was chosen for. */
function filtersOf<K extends ExportKind>(filters: ExportFilters, kind: K) {
  if (filters.kind !== kind) throw new Error(`export filters of ${filters.kind}, not ${kind}`);
  return filters as Extract<ExportFilters, { kind: K }>;
}

/** The tables the export centre writes, one per kind. */
/** Refuses (code 2) an owner who may not read the list the table comes from. */
export function checkExportPermission(table: ExportTable, auth: AuthContext): void {
  if (table.permission && !auth.permissions.has(table.permission)) {
    throw new AppError(ErrorCode.noPermission);
  }
}

export const EXPORT_TABLES: Record<ExportKind, ExportTable> = {
  plants: {
    permission: 'station.view',
    name: 'plants',
    headers: (locale) => exportHeaders(locale).plant,
    open: async (db, auth, stored) => {
      const filters = filtersOf(stored, 'plants');
      return {
        total: await countOf(visiblePlantRows(db, auth, filters)),
        rows: plantCells(db, auth, filters),
      };
    },
  },
  inverters: {
    permission: 'inverter.view',
    name: 'inverters',
    headers: (locale) => exportHeaders(locale).inverter,
    open: async (db, auth, stored) => {
      const filters = filtersOf(stored, 'inverters');
      return {
        total: await countOf(visibleInverters(db, auth, filters)),
        rows: inverterCells(db, auth, filters),
      };
    },
  },
  report: {
    permission: 'workdata.view',
    name: 'report',
    headers: (locale, filters) => reportHeaders(locale, filtersOf(filters, 'report')),
    open: (db, auth, filters, locale) =>
      reportTableRows(db, auth, filtersOf(filters, 'report'), locale),
  },
  events: {
    permission: 'event.view',
    name: 'events',
    headers: eventCsvHeaders,
    open: async (db, auth, stored, locale) => {
      const filters = filtersOf(stored, 'events');
      return {
        total: await new EventsService(db).count(auth, eventQuery(filters)),
        rows: eventCells(db, auth, filters, locale),
      };
    },
  },
  audit: {
    permission: 'sys.audit.export',
    name: 'audit',
    headers: (locale) => exportHeaders(locale).audit,
    open: async (db, _auth, stored) => {
      const query = auditQuery(filtersOf(stored, 'audit'));
      return { total: await countAuditRows(db, query), rows: auditCells(db, query) };
    },
  },
  deviceDay: {
    // Each device family's own list permission is checked with the device (`findDayDevice`).
    permission: 'equip.view',
    name: 'device-day',
    // The columns are the values the device sent that day: `open` answers them.
    headers: () => [],
    authorize: async (db, auth, filters) => {
      await findDayDevice(db, auth, filtersOf(filters, 'deviceDay').sn);
    },
    open: (db, auth, filters, locale) =>
      deviceDayRows(db, auth, filtersOf(filters, 'deviceDay'), locale),
  },
  devices: {
    // The family's own list permission is checked as well (`authorizeFamily`).
    permission: 'equip.view',
    name: 'devices',
    headers: (locale, filters) => deviceListHeaders(locale, filtersOf(filters, 'devices')),
    authorize: async (_db, auth, filters) => authorizeFamily(auth, filtersOf(filters, 'devices')),
    open: (db, auth, filters) => deviceListRows(db, auth, filtersOf(filters, 'devices')),
  },
  commandLog: {
    permission: 'equip.view',
    name: 'communication-log',
    headers: (locale) => exportHeaders(locale).commandLog,
    open: (db, auth, filters) => commandLogTableRows(db, auth, filtersOf(filters, 'commandLog')),
  },
  debugLog: {
    permission: 'equip.view',
    name: 'debug-log',
    headers: (locale) => exportHeaders(locale).debugLog,
    open: (db, auth, filters) => debugLogTableRows(db, auth, filtersOf(filters, 'debugLog')),
  },
  versionLog: {
    // Like its page (/logging) and the timeline: every signed-in user reads the update history.
    permission: null,
    name: 'system-update-log',
    headers: (locale) => exportHeaders(locale).versionLog,
    open: (db, _auth, filters, locale) =>
      versionLogTableRows(db, filtersOf(filters, 'versionLog'), locale),
  },
  workOrders: {
    permission: 'workorder.view',
    name: 'work-orders',
    headers: workOrderExportHeaders,
    open: (db, auth, filters, locale) =>
      workOrderExportRows(db, auth, filtersOf(filters, 'workOrders'), locale),
  },
};
