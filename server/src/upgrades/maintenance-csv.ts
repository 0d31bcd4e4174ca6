import type { MaintenanceRecord } from '@solar/contract';
import { stringify } from 'csv-stringify/sync';

const COLUMNS: (keyof MaintenanceRecord)[] = [
  'createdAt',
  'sn',
  'deviceKind',
  'plantName',
  'fromVersion',
  'toVersion',
  'firmwareFileName',
  'kind',
  'user',
  'status',
  'percent',
  'startedAt',
  'finishedAt',
  'durationSeconds',
  'failureReason',
];

/** The maintenance log as CSV (UTF-8 with BOM so spreadsheet programs read it as such). */
export function maintenanceCsv(records: MaintenanceRecord[]): string {
  const rows = records.map((record) => COLUMNS.map((column) => record[column] ?? ''));
  return `\uFEFF${stringify([COLUMNS, ...rows])}`;
}
