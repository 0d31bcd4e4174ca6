import { workOrderDueAt } from '@solar/contract';
import type { Db } from '../db/database.js';

const HOUR_MS = 3600_000;

/**
 * One work order of the demo company, so the work-order pages show something on a first start:
 * a soiling inspection on its first plant's first inverter, in progress, assigned to the
 * company administrator with a comment that logs 30 minutes.
 */
export async function seedDemoWorkOrder(db: Db, companyId: number, assigneeId: number) {
  const inverter = await db
    .selectFrom('devices')
    .innerJoin('dataloggers', 'dataloggers.id', 'devices.datalogger_id')
    .innerJoin('plants', 'plants.id', 'dataloggers.plant_id')
    .select(['devices.id', 'plants.id as plant_id'])
    .where('plants.company_id', '=', companyId)
    .where('devices.kind', '=', 'inverter')
    .orderBy('plants.id')
    .orderBy('devices.sn')
    .executeTakeFirst();
  if (!inverter) return;
  const reportedAt = new Date(Date.now() - 5 * HOUR_MS);
  const order = await db
    .insertInto('work_orders')
    .values({
      company_id: companyId,
      plant_id: inverter.plant_id,
      title: 'Inspect and clean the modules of inverter 1',
      description: 'Its specific yield lags the plant median by 8 % since the last dust storm.',
      priority: 'P3',
      status: 'inProgress',
      assignee_id: assigneeId,
      created_by: assigneeId,
      reported_at: reportedAt,
      due_at: workOrderDueAt('P3', reportedAt),
      acknowledged_at: new Date(reportedAt.getTime() + HOUR_MS),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('work_order_devices')
    .values({ work_order_id: order.id, device_id: inverter.id })
    .execute();
  await db
    .insertInto('work_order_comments')
    .values({
      work_order_id: order.id,
      author_id: assigneeId,
      body: 'Ladder and water booked; cleaning the east row first.',
      minutes_spent: 30,
    })
    .execute();
}
