import type { WorkOrderPriority, WorkOrderStatus } from '@solar/contract';
import type { TFunction } from 'i18next';

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

/** Minutes as "45 min" or "2 h 5 min" (`workOrders:duration`). */
export function minutesText(t: TFunction, total: number): string {
  const rounded = Math.round(total);
  if (rounded < 60) return t('duration.minutes', { minutes: rounded });
  return t('duration.hours', { hours: Math.floor(rounded / 60), minutes: rounded % 60 });
}
