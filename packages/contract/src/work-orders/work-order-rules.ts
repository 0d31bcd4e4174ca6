/**
 * The life of a work order as data: its priorities with the time each may take (the SLA) and
 * the status changes allowed from each status. Server and web read these; nothing else decides.
 */
export const WORK_ORDER_PRIORITIES = ['P1', 'P2', 'P3', 'P4'] as const;
export type WorkOrderPriority = (typeof WORK_ORDER_PRIORITIES)[number];

/** Hours from the report (the alarm's start, else the creation) to the due time, per priority. */
export const WORK_ORDER_SLA_HOURS: Readonly<Record<WorkOrderPriority, number>> = {
  P1: 4,
  P2: 24,
  P3: 72,
  P4: 168,
};

export const WORK_ORDER_STATUSES = ['open', 'inProgress', 'waiting', 'done', 'cancelled'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** Done and cancelled end a work order: nothing leaves them. */
export const WORK_ORDER_TRANSITIONS: Readonly<Record<WorkOrderStatus, readonly WorkOrderStatus[]>> =
  {
    open: ['inProgress', 'waiting', 'done', 'cancelled'],
    inProgress: ['waiting', 'done', 'cancelled'],
    waiting: ['inProgress', 'done', 'cancelled'],
    done: [],
    cancelled: [],
  };

/** The statuses that close a work order: moving there asks for a resolution. */
export const CLOSING_WORK_ORDER_STATUSES: readonly WorkOrderStatus[] = ['done', 'cancelled'];

export function canMoveWorkOrder(from: WorkOrderStatus, to: WorkOrderStatus): boolean {
  return WORK_ORDER_TRANSITIONS[from].includes(to);
}

export function isClosedWorkOrderStatus(status: WorkOrderStatus): boolean {
  return CLOSING_WORK_ORDER_STATUSES.includes(status);
}

/** When a work order of `priority` reported at `reportedAt` is due. */
export function workOrderDueAt(priority: WorkOrderPriority, reportedAt: Date): Date {
  return new Date(reportedAt.getTime() + WORK_ORDER_SLA_HOURS[priority] * 3600_000);
}

export const WORK_ORDER_LIMITS = {
  title: 120,
  description: 4000,
  resolution: 2000,
  comment: 2000,
  /** Devices one work order names. */
  devices: 50,
  /** Alarms one work order is created from (the list's selection). */
  events: 50,
  /** Minutes one comment may log: a long day. */
  minutesPerComment: 24 * 60,
  /** Photos one work order holds. */
  photos: 30,
} as const;
