import { type Locale, localTimestamp } from '@solar/contract';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { localeFile } from '../i18n/locale-files.js';
import { isOverdue } from './work-orders.presenter.js';
import {
  filteredWorkOrders,
  type WorkOrderFilters,
  workOrderSummaryRows,
} from './work-orders.query.js';

export function workOrderExportHeaders(locale: Locale): string[] {
  return localeFile(locale, 'server').exportHeaders.workOrders;
}

/** The export centre's table of work orders: the list's rows, times in each plant's zone. */
export async function workOrderExportRows(
  db: Db,
  auth: AuthContext,
  { kind: _kind, ...filters }: WorkOrderFilters & { kind: 'workOrders' },
  locale: Locale,
) {
  const statusNames = localeFile(locale, 'server').workOrderStatuses;
  const { total } = await filteredWorkOrders(db, auth, filters)
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  async function* rows() {
    const now = new Date();
    for await (const row of workOrderSummaryRows(db, auth, filters).stream(1000)) {
      const at = (time: Date | null) => (time ? localTimestamp(row.time_zone, time) : null);
      yield [
        row.id,
        row.plant_name,
        row.title,
        row.priority,
        statusNames[row.status],
        row.assignee_name,
        at(row.reported_at),
        at(row.due_at),
        isOverdue(row, now) ? '✓' : '',
        at(row.closed_at),
        Number(row.minutes_spent ?? 0),
        row.resolution,
      ];
    }
  }
  return { total: Number(total), rows: rows() };
}
