import {
  ErrorCode,
  type getWorkOrderKpis,
  type ParsedQuery,
  type WorkOrderKpis,
} from '@solar/contract';
import { sql } from 'kysely';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { fetchPage } from '../db/listing.js';
import { AppError } from '../errors/app-error.js';
import { visiblePlants } from '../plants/plant-access.js';
import { presentWorkOrderDetail } from './work-orders.presenter.js';
import {
  filteredWorkOrders,
  isUnclosed,
  visibleWorkOrders,
  type WorkOrderListQuery,
  workOrderSummaryRows,
} from './work-orders.query.js';

type KpiQuery = ParsedQuery<typeof getWorkOrderKpis>;

/** The company a work order on `plantId` belongs to: the plant's, when the caller may see it. */
export async function companyPlant(db: Db, auth: AuthContext, plantId: number) {
  const plant = await db
    .selectFrom('plants')
    .select(['plants.id', 'plants.company_id'])
    .where('plants.id', '=', plantId)
    .where((eb) => visiblePlants(auth)(eb))
    .executeTakeFirst();
  const companyId = plant?.company_id ?? null;
  if (companyId === null) throw new AppError(ErrorCode.plantNotFound, 'no company plant');
  if (auth.kind !== 'platform_admin' && companyId !== auth.companyId) {
    throw new AppError(ErrorCode.plantNotFound, 'plant of another company');
  }
  return { id: plantId, companyId };
}

/** Reading work orders: the list, one in full, the KPIs and who may be assigned. */
export class WorkOrdersService {
  constructor(private readonly db: Db) {}

  async list(auth: AuthContext, query: WorkOrderListQuery) {
    const { page, size, ...filters } = query;
    return fetchPage(
      workOrderSummaryRows(this.db, auth, filters),
      filteredWorkOrders(this.db, auth, filters).select((eb) =>
        eb.fn.countAll<number>().as('total'),
      ),
      { page, size },
    );
  }

  async detail(auth: AuthContext, id: number) {
    const summary = await workOrderSummaryRows(this.db, auth, {})
      .where('work_orders.id', '=', id)
      .executeTakeFirst();
    if (!summary) throw new AppError(ErrorCode.workOrderNotFound);
    const [head, devices, events, comments, photos] = await Promise.all([
      this.db
        .selectFrom('work_orders')
        .leftJoin('users', 'users.id', 'work_orders.created_by')
        .select(['description', 'acknowledged_at', 'users.nickname as created_by_name'])
        .where('work_orders.id', '=', id)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('work_order_devices')
        .innerJoin('devices', 'devices.id', 'work_order_devices.device_id')
        .select(['devices.id', 'devices.sn', 'devices.kind'])
        .where('work_order_id', '=', id)
        .orderBy('devices.sn')
        .execute(),
      this.db
        .selectFrom('work_order_events')
        .innerJoin('events', 'events.id', 'work_order_events.event_id')
        .innerJoin('devices', 'devices.id', 'events.device_id')
        .select(['events.id', 'events.code', 'events.level', 'events.started_at'])
        .select(['events.ended_at', 'devices.sn'])
        .where('work_order_id', '=', id)
        .orderBy('events.started_at')
        .execute(),
      this.db
        .selectFrom('work_order_comments')
        .leftJoin('users', 'users.id', 'work_order_comments.author_id')
        .selectAll('work_order_comments')
        .select('users.nickname as author_name')
        .where('work_order_id', '=', id)
        .orderBy('work_order_comments.id')
        .execute(),
      this.db
        .selectFrom('work_order_photos')
        .leftJoin('users', 'users.id', 'work_order_photos.uploaded_by')
        .selectAll('work_order_photos')
        .select('users.nickname as uploader_name')
        .where('work_order_id', '=', id)
        .orderBy('work_order_photos.id')
        .execute(),
    ]);
    return presentWorkOrderDetail(summary, { head, devices, events, comments, photos });
  }

  /**
   * Mean minutes from the report to the first move out of `open` (acknowledge) and to `done`
   * (repair) of the visible work orders reported in the range; open and overdue count now.
   */
  async kpis(auth: AuthContext, query: KpiQuery): Promise<WorkOrderKpis> {
    let base = visibleWorkOrders(this.db, auth);
    if (query.plantId !== undefined) base = base.where('work_orders.plant_id', '=', query.plantId);
    if (query.from) base = base.where('work_orders.reported_at', '>=', new Date(query.from));
    if (query.to) base = base.where('work_orders.reported_at', '<', new Date(query.to));
    const minutesTo = (column: 'acknowledged_at' | 'closed_at') =>
      sql`EXTRACT(EPOCH FROM work_orders.${sql.ref(column)} - work_orders.reported_at) / 60`;
    const row = await base
      .select([
        sql<string | null>`AVG(${minutesTo('acknowledged_at')})`.as('mtta'),
        sql<
          string | null
        >`AVG(${minutesTo('closed_at')}) FILTER (WHERE work_orders.status = 'done')`.as('mttr'),
        sql<string>`COUNT(*) FILTER (WHERE ${isUnclosed})`.as('open'),
        sql<string>`COUNT(*) FILTER (WHERE ${isUnclosed} AND work_orders.due_at < now())`.as(
          'overdue',
        ),
        sql<string>`COUNT(*) FILTER (WHERE work_orders.status = 'done')`.as('done'),
      ])
      .executeTakeFirstOrThrow();
    const mean = (value: string | null) =>
      value === null ? null : Math.round(Number(value) * 10) / 10;
    return {
      meanMinutesToAcknowledge: mean(row.mtta),
      meanMinutesToRepair: mean(row.mttr),
      open: Number(row.open),
      overdue: Number(row.overdue),
      done: Number(row.done),
    };
  }

  /** The enabled members of the plant's company, by name. */
  async assignees(auth: AuthContext, plantId: number) {
    const plant = await companyPlant(this.db, auth, plantId);
    return this.db
      .selectFrom('users')
      .select(['id', 'nickname'])
      .where('company_id', '=', plant.companyId)
      .where('is_enabled', '=', true)
      .where('kind', 'in', ['company_admin', 'staff'])
      .orderBy('nickname')
      .orderBy('id')
      .execute();
  }
}
