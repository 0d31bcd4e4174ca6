import type { ReportColumn, ReportConfig, ServerLanguage } from '@solar/contract';
import type { ReportConfigRow } from './report-configs.service.js';

export function presentReportConfig(row: ReportConfigRow): ReportConfig {
  return {
    id: row.id,
    name: row.name,
    plantIds: row.plant_ids,
    period: row.period,
    grouping: row.grouping as ReportConfig['grouping'],
    columns: row.columns as ReportColumn[],
    language: row.language as ServerLanguage,
    format: row.format,
    schedule: row.schedule,
    timeZone: row.time_zone,
    nextRunAt: row.next_run_at?.toISOString() ?? null,
    lastRunAt: row.last_run_at?.toISOString() ?? null,
    lastExportId: row.last_export_id,
  };
}
