import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { pictureUpload } from '../http/upload.js';
import { DEVICE_KINDS, serialNumber } from '../ingestion/payload.js';
import { EVENT_LEVEL_LETTERS } from '../ingestion/status.js';
import * as rules from '../validation/rules.js';
import {
  WORK_ORDER_LIMITS as LIMITS,
  WORK_ORDER_PRIORITIES,
  WORK_ORDER_STATUSES,
} from './work-order-rules.js';

/**
 * Work orders: a repair job on one plant, made from its alarms or by hand, assigned to a member
 * of the plant's company, moved through its statuses (`WORK_ORDER_TRANSITIONS`) and closed with
 * a resolution. Another company's work order answers 1500 like an unknown one.
 */
const TAG = 'work-orders';
const view = requires('workorder.view');
const edit = requires('workorder.edit');

const idParams = z.strictObject({ id: rules.id });
const requiredText = (max: number) => rules.text(max).min(1, 'validation.required');
const minutes = rules.integer({ min: 0, max: LIMITS.minutesPerComment });

/** The filters shared by the list and the export. */
export const workOrderFilters = {
  plantId: rules.id.optional(),
  status: z.enum(WORK_ORDER_STATUSES).optional(),
  priority: z.enum(WORK_ORDER_PRIORITIES).optional(),
  /** Only the work orders assigned to the caller. */
  mine: rules.flag.optional(),
  /** Only the unclosed work orders past their due time. */
  overdue: rules.flag.optional(),
  /** Part of the title, or the work order's number. */
  keyword: rules.text(64).optional(),
};

export const workOrderSummary = z.object({
  id: z.number().int(),
  plantId: z.number().int(),
  plantName: z.string(),
  /** The plant's IANA time zone, in which its times are shown. */
  timeZone: z.string(),
  title: z.string(),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  status: z.enum(WORK_ORDER_STATUSES),
  assigneeId: z.number().int().nullable(),
  assigneeName: z.string().nullable(),
  /** When the fault was reported: the earliest alarm's start, else the creation. */
  reportedAt: z.string(),
  dueAt: z.string(),
  /** Not closed and past its due time. */
  isOverdue: z.boolean(),
  createdAt: z.string(),
  /** When it was closed as done or cancelled. */
  closedAt: z.string().nullable(),
  /** Minutes logged by all comments. */
  minutesSpent: z.number().int(),
});
export type WorkOrderSummary = z.infer<typeof workOrderSummary>;

export const workOrderComment = z.object({
  id: z.number().int(),
  authorName: z.string().nullable(),
  body: z.string(),
  minutesSpent: z.number().int(),
  createdAt: z.string(),
});
export type WorkOrderComment = z.infer<typeof workOrderComment>;

export const workOrderPhoto = z.object({
  id: z.number().int(),
  url: z.string(),
  uploadedBy: z.string().nullable(),
  createdAt: z.string(),
});

export const workOrderDetail = workOrderSummary.extend({
  description: z.string(),
  resolution: z.string().nullable(),
  createdBy: z.string().nullable(),
  /** When it first left `open` (work started, waits or closed). */
  acknowledgedAt: z.string().nullable(),
  devices: z.array(z.object({ id: z.number().int(), sn: z.string(), kind: z.enum(DEVICE_KINDS) })),
  events: z.array(
    z.object({
      id: z.number().int(),
      code: z.string(),
      level: z.enum(EVENT_LEVEL_LETTERS),
      sn: z.string(),
      startTime: z.string(),
      endTime: z.string().nullable(),
    }),
  ),
  comments: z.array(workOrderComment),
  photos: z.array(workOrderPhoto),
});
export type WorkOrderDetail = z.infer<typeof workOrderDetail>;

export const listWorkOrders = defineEndpoint({
  method: 'GET',
  path: '/api/v1/work-orders',
  summary:
    'Work orders of the plants the caller may see, most urgent first; filter by plant, status, priority, mine, overdue or keyword',
  tag: TAG,
  access: view,
  query: z.strictObject({ ...rules.paging, ...workOrderFilters }),
  data: pageOf(workOrderSummary),
});

export const workOrderKpis = z.object({
  /** Mean minutes from the report to the first move out of `open`; null before any. */
  meanMinutesToAcknowledge: z.number().nullable(),
  /** Mean minutes from the report to `done`; null before any. */
  meanMinutesToRepair: z.number().nullable(),
  open: z.number().int(),
  overdue: z.number().int(),
  done: z.number().int(),
});
export type WorkOrderKpis = z.infer<typeof workOrderKpis>;

export const getWorkOrderKpis = defineEndpoint({
  method: 'GET',
  path: '/api/v1/work-orders/kpis',
  summary:
    'Mean time to acknowledge and to repair (minutes), open, overdue and done counts of the visible work orders reported in the range',
  tag: TAG,
  access: view,
  query: rules.rangeInOrder(
    z.strictObject({ plantId: rules.id.optional(), ...rules.instantRange }),
  ),
  data: workOrderKpis,
});

export const getWorkOrder = defineEndpoint({
  method: 'GET',
  path: '/api/v1/work-orders/:id',
  summary: 'One work order with its devices, alarms, comments and photos',
  tag: TAG,
  access: view,
  params: idParams,
  data: workOrderDetail,
  tolerated: [ErrorCode.workOrderNotFound],
});

const workOrderFields = {
  title: requiredText(LIMITS.title),
  description: rules.text(LIMITS.description).default(''),
  priority: z.enum(WORK_ORDER_PRIORITIES),
  /** Serial numbers of the plant's devices the work is on. */
  deviceSns: z.array(serialNumber).max(LIMITS.devices).default([]),
};

export const createWorkOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/work-orders',
  summary:
    'Create a work order on a plant, by hand or from its alarms (their devices join it); the due time follows the priority',
  tag: TAG,
  access: edit,
  encoding: 'json',
  body: z.strictObject({
    plantId: rules.id,
    ...workOrderFields,
    /** Alarms of the plant the work order is made from. */
    eventIds: z.array(rules.id).max(LIMITS.events).default([]),
    /** A member of the plant's company; needs `workorder.assign`. */
    assigneeId: rules.id.nullable().default(null),
  }),
  data: z.object({ id: z.number().int() }),
  tolerated: [ErrorCode.workOrderAssigneeInvalid],
});

export const updateWorkOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/work-orders/:id',
  summary: 'Edit title, description, priority (the due time follows) and devices',
  tag: TAG,
  access: edit,
  encoding: 'json',
  params: idParams,
  body: z.strictObject(workOrderFields),
  data: z.null(),
});

export const assignWorkOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/work-orders/:id/assign',
  summary: 'Assign to a member of the plant’s company, or unassign with null',
  tag: TAG,
  access: requires('workorder.assign'),
  encoding: 'json',
  params: idParams,
  body: z.strictObject({ assigneeId: rules.id.nullable() }),
  data: z.null(),
  tolerated: [ErrorCode.workOrderAssigneeInvalid],
});

export const moveWorkOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/work-orders/:id/status',
  summary:
    'Move to another status (`WORK_ORDER_TRANSITIONS`); done and cancelled need a resolution and may close the work order’s open alarms',
  tag: TAG,
  access: edit,
  encoding: 'json',
  params: idParams,
  body: z.strictObject({
    status: z.enum(WORK_ORDER_STATUSES),
    resolution: rules.text(LIMITS.resolution).optional(),
    closeAlarms: z.boolean().default(false),
  }),
  data: z.null(),
  tolerated: [ErrorCode.workOrderTransitionRefused],
});

export const commentWorkOrder = defineEndpoint({
  method: 'POST',
  path: '/api/v1/work-orders/:id/comments',
  summary: 'Add a comment, with the minutes of work it logs',
  tag: TAG,
  access: edit,
  encoding: 'json',
  params: idParams,
  body: z.strictObject({
    body: requiredText(LIMITS.comment),
    minutesSpent: minutes.default(0),
  }),
  data: z.object({ id: z.number().int() }),
});

export const uploadWorkOrderPhoto = defineEndpoint({
  method: 'POST',
  path: '/api/v1/work-orders/:id/photos',
  summary: 'Add a photo (multipart field "file"; JPG or PNG up to 3 MB)',
  tag: TAG,
  access: edit,
  encoding: 'multipart',
  upload: pictureUpload,
  params: idParams,
  data: z.object({ id: z.number().int(), url: z.string() }),
});

/** A member who may be assigned: no e-mail, since every viewer of work orders reads the list. */
export const workOrderAssignee = z.object({
  id: z.number().int(),
  nickname: z.string(),
});
export type WorkOrderAssignee = z.infer<typeof workOrderAssignee>;

export const listWorkOrderAssignees = defineEndpoint({
  method: 'GET',
  path: '/api/v1/work-orders/assignees',
  summary: 'The enabled members of a plant’s company, who may be assigned its work orders',
  tag: TAG,
  access: view,
  query: z.strictObject({ plantId: rules.id }),
  data: z.object({ infos: z.array(workOrderAssignee) }),
});
