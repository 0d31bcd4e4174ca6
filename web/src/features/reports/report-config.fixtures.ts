import type { ReportConfig } from '@solar/contract';

/** A saved monthly report of every plant, without a schedule. */
export const reportConfig = (id: number, overrides: Partial<ReportConfig> = {}): ReportConfig => ({
  id,
  name: `Report ${id}`,
  plantIds: [],
  period: 'month',
  from: null,
  to: null,
  grouping: 'plant',
  columns: ['energyKwh'],
  language: 'en',
  format: 'pdf',
  schedule: null,
  timeZone: 'UTC',
  recipients: [],
  nextRunAt: null,
  lastRunAt: null,
  lastExportId: null,
  ...overrides,
});
