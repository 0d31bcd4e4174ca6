import type { listWorkOrders, ParsedQuery } from '@solar/contract';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { containsPattern } from '../db/listing.js';
import { visiblePlants } from '../plants/plant-access.js';

export type WorkOrderListQuery = ParsedQuery<typeof listWorkOrders>;
export type WorkOrderFilters = Omit<WorkOrderListQuery, 'page' | 'size'>;

const CLOSED = sql.lit('done');
const CANCELLED = sql.lit('cancelled');

/** SQL: the work order is neither done nor cancelled. */
export const isUnclosed = sql<boolean>`work_orders.status NOT IN (${CLOSED}, ${CANCELLED})`;

/**
 * The work orders the caller may see, joined to their plant: those on plants the caller sees
 * (`visiblePlants`, which also holds an API key to its chosen plants), of the caller's company
 * (the tenant) unless the caller is a platform administrator.
 */
export function visibleWorkOrders(db: Db, auth: AuthContext) {
  const base = db
    .selectFrom('work_orders')
    .innerJoin('plants', 'plants.id', 'work_orders.plant_id')
    .where(visiblePlants(auth));
  if (auth.kind === 'platform_admin') return base;
  return base.where('work_orders.company_id', '=', auth.companyId ?? -1);
}

export function filteredWorkOrders(db: Db, auth: AuthContext, filters: WorkOrderFilters) {
  let base = visibleWorkOrders(db, auth);
  if (filters.plantId !== undefined)
    base = base.where('work_orders.plant_id', '=', filters.plantId);
  if (filters.status !== undefined) base = base.where('work_orders.status', '=', filters.status);
  if (filters.priority !== undefined) {
    base = base.where('work_orders.priority', '=', filters.priority);
  }
  if (filters.mine) base = base.where('work_orders.assignee_id', '=', auth.userId);
  if (filters.overdue) {
    base = base.where(isUnclosed).where('work_orders.due_at', '<', new Date());
  }
  const keyword = filters.keyword?.trim();
  if (keyword) {
    base = base.where((eb) =>
      eb.or([
        eb('work_orders.title', 'ilike', containsPattern(keyword)),
        ...(/^\d{1,9}$/.test(keyword) ? [eb('work_orders.id', '=', Number(keyword))] : []),
      ]),
    );
  }
  return base;
}

/** The summary columns of a work order (the list, the export, the detail's head). */
export function workOrderSummaryRows(db: Db, auth: AuthContext, filters: WorkOrderFilters) {
  return (
    filteredWorkOrders(db, auth, filters)
      .leftJoin('users as assignee', 'assignee.id', 'work_orders.assignee_id')
      .select([
        'work_orders.id',
        'work_orders.plant_id',
        'plants.name as plant_name',
        'plants.time_zone',
        'work_orders.title',
        'work_orders.priority',
        'work_orders.status',
        'work_orders.assignee_id',
        'assignee.nickname as assignee_name',
        'work_orders.reported_at',
        'work_orders.due_at',
        'work_orders.created_at',
        'work_orders.closed_at',
        'work_orders.resolution',
      ])
      .select((eb) =>
        eb
          .selectFrom('work_order_comments')
          .select(sql<number>`COALESCE(SUM(minutes_spent), 0)::int`.as('minutes'))
          .whereRef('work_order_comments.work_order_id', '=', 'work_orders.id')
          .as('minutes_spent'),
      )
      // Unclosed first, the soonest due on top; closed ones after, the latest closed first.
      .orderBy(sql`CASE WHEN ${isUnclosed} THEN 0 ELSE 1 END`)
      .orderBy(sql`CASE WHEN ${isUnclosed} THEN work_orders.due_at END`, 'asc')
      .orderBy('work_orders.closed_at', 'desc')
      .orderBy('work_orders.id', 'desc')
  );
}

export type WorkOrderSummaryRecord = Awaited<
  ReturnType<ReturnType<typeof workOrderSummaryRows>['execute']>
>[number];
