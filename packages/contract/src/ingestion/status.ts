/** Plant and device statuses of spec section 4, and the levels of event descriptors. */
export const DEVICE_STATUSES = [
  'normal',
  'offline',
  'warning',
  'fault',
  'upgrading',
  'protect',
] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** Higher is worse. */
export const STATUS_SEVERITY: Record<DeviceStatus, number> = {
  normal: 0,
  upgrading: 1,
  warning: 2,
  offline: 3,
  protect: 4,
  fault: 5,
};

/** The worst of some statuses (e.g. the plants of a map cluster); `normal` when there are none. */
export function worstStatus(statuses: Iterable<DeviceStatus>): DeviceStatus {
  let worst: DeviceStatus = 'normal';
  for (const status of statuses) {
    if (STATUS_SEVERITY[status] > STATUS_SEVERITY[worst]) worst = status;
  }
  return worst;
}

/**
 * A plant's status from its devices': offline when no device reports (or it has none);
 * otherwise the worst status of the reporting devices, and at least `warning` while some of
 * them are offline. One sleeping meter does not make a producing plant "offline".
 * plant-summary.ts evaluates the same rule in SQL.
 */
export function plantStatus(deviceStatuses: readonly DeviceStatus[]): DeviceStatus {
  const reporting = deviceStatuses.filter((status) => status !== 'offline');
  if (reporting.length === 0) return 'offline';
  const isPartlyOffline = reporting.length < deviceStatuses.length;
  return worstStatus(isPartlyOffline ? [...reporting, 'warning'] : reporting);
}

/** Minutes without data after which a device counts as offline. */
export const OFFLINE_AFTER_MINUTES = 15;

export type EventLevelLetter = 'P' | 'W' | 'F';
export const EVENT_LEVEL_LETTERS = ['F', 'W', 'P'] as const satisfies readonly EventLevelLetter[];

/** The descriptor levels that have a letter of their own; every other level is a fault. */
export const PROTECT_LEVEL = 5;
export const WARNING_LEVEL = 2;

/** Section 9: level 5 is P (protect), 2 is W (warning), anything else F (fault). */
export function eventLevelLetter(level: number): EventLevelLetter {
  if (level === PROTECT_LEVEL) return 'P';
  if (level === WARNING_LEVEL) return 'W';
  return 'F';
}
