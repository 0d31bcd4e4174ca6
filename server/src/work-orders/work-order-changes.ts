import {
  canMoveWorkOrder,
  type createWorkOrder,
  ErrorCode,
  isClosedWorkOrderStatus,
  type moveWorkOrder,
  type ParsedBody,
  type updateWorkOrder,
  WORK_ORDER_LIMITS,
  workOrderDueAt,
} from '@solar/contract';
import type { AppDeps } from '../app-deps.js';
import { type AuditActor, recordAudit } from '../audit/audit.service.js';
import type { AuthContext } from '../auth/auth-context.js';
import type { Db } from '../db/database.js';
import { retryingTransaction } from '../db/retrying-transaction.js';
import { AppError } from '../errors/app-error.js';
import {
  pictureFolder,
  removePicture,
  savePicture,
  type UploadedFile,
} from '../uploads/picture-upload.js';
import { companyPlant } from './work-orders.service.js';
import { visibleWorkOrders } from './work-orders.query.js';
import { plantDeviceIds, plantEvents } from './work-order-targets.js';

type CreateBody = ParsedBody<typeof createWorkOrder>;
type UpdateBody = ParsedBody<typeof updateWorkOrder>;
type MoveBody = ParsedBody<typeof moveWorkOrder>;

const target = (id: number, title: string) => `work order ${id} "${title}"`;

/** A member of the company who may take its work orders, or code 1502. */
async function checkAssignee(db: Db, companyId: number, assigneeId: number): Promise<void> {
  const member = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', assigneeId)
    .where('company_id', '=', companyId)
    .where('is_enabled', '=', true)
    .where('kind', 'in', ['company_admin', 'staff'])
    .executeTakeFirst();
  if (!member) throw new AppError(ErrorCode.workOrderAssigneeInvalid);
}

/**
 * Every change to a work order: each checks the caller's tenant on the work order (1500 for
 * another company's, like an unknown one), writes and records its audit entry in one
 * transaction.
 */
export class WorkOrderChanges {
  constructor(private readonly deps: AppDeps) {}

  private get db() {
    return this.deps.db;
  }

  /** The caller's work order, locked for the change inside a transaction. */
  private async lockedOrder(trx: Db, auth: AuthContext, id: number) {
    const row = await visibleWorkOrders(trx, auth)
      .selectAll('work_orders')
      .where('work_orders.id', '=', id)
      .forUpdate('work_orders')
      .executeTakeFirst();
    if (!row) throw new AppError(ErrorCode.workOrderNotFound);
    return row;
  }

  async create(auth: AuthContext, actor: AuditActor, body: CreateBody) {
    const plant = await companyPlant(this.db, auth, body.plantId);
    if (body.assigneeId !== null) {
      if (!auth.permissions.has('workorder.assign')) throw new AppError(ErrorCode.noPermission);
      await checkAssignee(this.db, plant.companyId, body.assigneeId);
    }
    const events = await plantEvents(this.db, plant.id, body.eventIds);
    const deviceIds = [
      ...new Set([
        ...(await plantDeviceIds(this.db, plant.id, body.deviceSns)),
        ...events.map((event) => event.device_id),
      ]),
    ];
    const now = new Date();
    const reportedAt = events.reduce(
      (earliest, event) => (event.started_at < earliest ? event.started_at : earliest),
      now,
    );
    return retryingTransaction(this.db, async (trx) => {
      const order = await trx
        .insertInto('work_orders')
        .values({
          company_id: plant.companyId,
          plant_id: plant.id,
          title: body.title,
          description: body.description,
          priority: body.priority,
          assignee_id: body.assigneeId,
          created_by: auth.userId,
          reported_at: reportedAt,
          due_at: workOrderDueAt(body.priority, reportedAt),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await linkTargets(
        trx,
        order.id,
        deviceIds,
        events.map((event) => event.id),
      );
      await recordAudit(trx, actor, {
        action: 'workOrder.created',
        target: target(order.id, body.title),
        detail: { plantId: plant.id, priority: body.priority, eventIds: body.eventIds },
      });
      return { id: order.id };
    });
  }

  async update(auth: AuthContext, actor: AuditActor, id: number, body: UpdateBody) {
    await retryingTransaction(this.db, async (trx) => {
      const order = await this.lockedOrder(trx, auth, id);
      const deviceIds = await plantDeviceIds(trx, order.plant_id, body.deviceSns);
      await trx
        .updateTable('work_orders')
        .set({
          title: body.title,
          description: body.description,
          priority: body.priority,
          due_at: workOrderDueAt(body.priority, order.reported_at),
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
      await trx.deleteFrom('work_order_devices').where('work_order_id', '=', id).execute();
      await linkTargets(trx, id, deviceIds, []);
      await recordAudit(trx, actor, {
        action: 'workOrder.updated',
        target: target(id, body.title),
        detail: { priority: body.priority, deviceSns: body.deviceSns },
      });
    });
  }

  async assign(auth: AuthContext, actor: AuditActor, id: number, assigneeId: number | null) {
    await retryingTransaction(this.db, async (trx) => {
      const order = await this.lockedOrder(trx, auth, id);
      if (assigneeId !== null) await checkAssignee(trx, order.company_id, assigneeId);
      await trx
        .updateTable('work_orders')
        .set({ assignee_id: assigneeId, updated_at: new Date() })
        .where('id', '=', id)
        .execute();
      await recordAudit(trx, actor, {
        action: 'workOrder.assigned',
        target: target(id, order.title),
        detail: { from: order.assignee_id, to: assigneeId },
      });
    });
  }

  /**
   * Moves the work order along `WORK_ORDER_TRANSITIONS` (1501 otherwise). Closing needs a
   * resolution (code 4 on `resolution`) and, with `closeAlarms`, ends its open alarms now.
   */
  async move(auth: AuthContext, actor: AuditActor, id: number, body: MoveBody) {
    const isClosing = isClosedWorkOrderStatus(body.status);
    const resolution = body.resolution?.trim() ?? '';
    if (isClosing && !resolution) {
      throw new AppError(ErrorCode.validation, 'a closing needs a resolution', {
        fields: [{ field: 'resolution', message: 'validation.required' }],
      });
    }
    await retryingTransaction(this.db, async (trx) => {
      const order = await this.lockedOrder(trx, auth, id);
      if (!canMoveWorkOrder(order.status, body.status)) {
        throw new AppError(
          ErrorCode.workOrderTransitionRefused,
          `${order.status} → ${body.status}`,
        );
      }
      const now = new Date();
      await trx
        .updateTable('work_orders')
        .set({
          status: body.status,
          acknowledged_at: order.acknowledged_at ?? now,
          ...(isClosing ? { closed_at: now, resolution } : {}),
          updated_at: now,
        })
        .where('id', '=', id)
        .execute();
      const closedAlarms = isClosing && body.closeAlarms ? await closeAlarms(trx, id, now) : [];
      await recordAudit(trx, actor, {
        action: 'workOrder.statusChanged',
        target: target(id, order.title),
        detail: { from: order.status, to: body.status, closedAlarms },
      });
    });
  }

  async comment(
    auth: AuthContext,
    actor: AuditActor,
    id: number,
    body: { body: string; minutesSpent: number },
  ) {
    return retryingTransaction(this.db, async (trx) => {
      const order = await this.lockedOrder(trx, auth, id);
      const comment = await trx
        .insertInto('work_order_comments')
        .values({
          work_order_id: id,
          author_id: auth.userId,
          body: body.body,
          minutes_spent: body.minutesSpent,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, {
        action: 'workOrder.commented',
        target: target(id, order.title),
        detail: { commentId: comment.id, minutesSpent: body.minutesSpent },
      });
      return { id: comment.id };
    });
  }

  /** Keeps the photo (`pictureUpload`'s limits) beside the company's other pictures. */
  async addPhoto(auth: AuthContext, actor: AuditActor, id: number, file: UploadedFile) {
    await this.lockedOrder(this.db, auth, id);
    const folder = pictureFolder(this.deps.config.DATA_DIR, 'work-orders');
    const url = await savePicture(file, folder, String(id));
    try {
      return await retryingTransaction(this.db, async (trx) => {
        const order = await this.lockedOrder(trx, auth, id);
        const { count } = await trx
          .selectFrom('work_order_photos')
          .select((eb) => eb.fn.countAll<string>().as('count'))
          .where('work_order_id', '=', id)
          .executeTakeFirstOrThrow();
        if (Number(count) >= WORK_ORDER_LIMITS.photos) {
          throw new AppError(ErrorCode.validation, 'too many photos', {
            fields: [{ field: 'file', message: 'validation.maxLength' }],
          });
        }
        const photo = await trx
          .insertInto('work_order_photos')
          .values({ work_order_id: id, url, uploaded_by: auth.userId })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, {
          action: 'workOrder.photoAdded',
          target: target(id, order.title),
          detail: { photoId: photo.id },
        });
        return { id: photo.id, url };
      });
    } catch (error) {
      await removePicture(folder, url);
      throw error;
    }
  }
}

async function linkTargets(trx: Db, id: number, deviceIds: number[], eventIds: number[]) {
  if (deviceIds.length > 0) {
    await trx
      .insertInto('work_order_devices')
      .values(deviceIds.map((deviceId) => ({ work_order_id: id, device_id: deviceId })))
      .execute();
  }
  if (eventIds.length > 0) {
    await trx
      .insertInto('work_order_events')
      .values(eventIds.map((eventId) => ({ work_order_id: id, event_id: eventId })))
      .execute();
  }
}

/** Ends the work order's alarms that are still open; answers their ids. */
async function closeAlarms(trx: Db, id: number, now: Date): Promise<number[]> {
  const closed = await trx
    .updateTable('events')
    .set({ ended_at: now })
    .where('ended_at', 'is', null)
    .where('id', 'in', (eb) =>
      eb.selectFrom('work_order_events').select('event_id').where('work_order_id', '=', id),
    )
    .returning('id')
    .execute();
  return closed.map((row) => row.id);
}
