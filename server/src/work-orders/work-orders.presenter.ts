import {
  type DeviceKind,
  eventLevelLetter,
  isClosedWorkOrderStatus,
  type WorkOrderComment,
  type WorkOrderDetail,
  type WorkOrderSummary,
} from '@solar/contract';
import type { Row } from '../db/schema.js';
import type { WorkOrderSummaryRecord } from './work-orders.query.js';

export function isOverdue(row: Pick<WorkOrderSummaryRecord, 'status' | 'due_at'>, now: Date) {
  return !isClosedWorkOrderStatus(row.status) && row.due_at.getTime() < now.getTime();
}

export function presentWorkOrderSummary(
  row: WorkOrderSummaryRecord,
  now = new Date(),
): WorkOrderSummary {
  return {
    id: row.id,
    plantId: row.plant_id,
    plantName: row.plant_name,
    timeZone: row.time_zone,
    title: row.title,
    priority: row.priority,
    status: row.status,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_name,
    reportedAt: row.reported_at.toISOString(),
    dueAt: row.due_at.toISOString(),
    isOverdue: isOverdue(row, now),
    createdAt: row.created_at.toISOString(),
    closedAt: row.closed_at?.toISOString() ?? null,
    minutesSpent: Number(row.minutes_spent ?? 0),
  };
}

export interface WorkOrderParts {
  head: Pick<Row<'work_orders'>, 'description' | 'acknowledged_at'> & {
    created_by_name: string | null;
  };
  devices: { id: number; sn: string; kind: DeviceKind }[];
  events: (Pick<Row<'events'>, 'id' | 'code' | 'level' | 'started_at' | 'ended_at'> & {
    sn: string;
  })[];
  comments: (Row<'work_order_comments'> & { author_name: string | null })[];
  photos: (Row<'work_order_photos'> & { uploader_name: string | null })[];
}

function presentComment(row: WorkOrderParts['comments'][number]): WorkOrderComment {
  return {
    id: row.id,
    authorName: row.author_name,
    body: row.body,
    minutesSpent: row.minutes_spent,
    createdAt: row.created_at.toISOString(),
  };
}

export function presentWorkOrderDetail(
  summary: WorkOrderSummaryRecord,
  parts: WorkOrderParts,
): WorkOrderDetail {
  return {
    ...presentWorkOrderSummary(summary),
    description: parts.head.description,
    resolution: summary.resolution,
    createdBy: parts.head.created_by_name,
    acknowledgedAt: parts.head.acknowledged_at?.toISOString() ?? null,
    devices: parts.devices.map((device) => ({ id: device.id, sn: device.sn, kind: device.kind })),
    events: parts.events.map((event) => ({
      id: event.id,
      code: event.code,
      level: eventLevelLetter(event.level),
      sn: event.sn,
      startTime: event.started_at.toISOString(),
      endTime: event.ended_at?.toISOString() ?? null,
    })),
    comments: parts.comments.map(presentComment),
    photos: parts.photos.map((photo) => ({
      id: photo.id,
      url: photo.url,
      uploadedBy: photo.uploader_name,
      createdAt: photo.created_at.toISOString(),
    })),
  };
}
