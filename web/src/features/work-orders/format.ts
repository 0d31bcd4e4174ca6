import type { WorkOrderPriority, WorkOrderStatus } from '@solar/contract';

export const STATUS_COLOURS: Record<WorkOrderStatus, string> = {
  open: 'blue',
  inProgress: 'gold',
  waiting: 'purple',
  done: 'green',
  cancelled: 'default',
};

export const PRIORITY_COLOURS: Record<WorkOrderPriority, string> = {
  P1: 'red',
  P2: 'volcano',
  P3: 'blue',
  P4: 'default',
};
