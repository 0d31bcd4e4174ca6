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

/** Higher is worse; a plant shows the worst status among its devices. */
export const STATUS_SEVERITY: Record<DeviceStatus, number> = {
  normal: 0,
  upgrading: 1,
  warning: 2,
  offline: 3,
  protect: 4,
  fault: 5,
};

/** The worst of the device statuses; a plant without devices is offline. */
export function worstStatus(statuses: readonly DeviceStatus[]): DeviceStatus {
  if (statuses.length === 0) return 'offline';
  return statuses.reduce((worst, s) => (STATUS_SEVERITY[s] > STATUS_SEVERITY[worst] ? s : worst));
}

/** Minutes without data after which a device counts as offline. */
export const OFFLINE_AFTER_MINUTES = 15;

export type EventLevelLetter = 'P' | 'W' | 'F';
export const EVENT_LEVEL_LETTERS: readonly EventLevelLetter[] = ['F', 'W', 'P'];

/** Section 9: level 5 is P (protect), 2 is W (warning), anything else F (fault). */
export function eventLevelLetter(level: number): EventLevelLetter {
  if (level === 5) return 'P';
  if (level === 2) return 'W';
  return 'F';
}
