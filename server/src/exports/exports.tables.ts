import type { exportRequest } from '@solar/contract';
import type { z } from 'zod';
import type { Row } from '../db/schema.js';

export type ExportRow = Row<'exports'>;

type ParsedExportRequest = z.output<typeof exportRequest>;
type WithoutFileOptions<T> = T extends unknown ? Omit<T, 'format' | 'lan'> : never;

/** What an export selects: its kind and that list's filters, stored as the row's `filters`. */
export type ExportFilters = WithoutFileOptions<ParsedExportRequest>;

/** The filters of a request: all but the file's format and language. */
export function exportFiltersOf(request: ParsedExportRequest): ExportFilters {
  const filters: Partial<ParsedExportRequest> = { ...request };
  delete filters.format;
  delete filters.lan;
  return filters as ExportFilters;
}
