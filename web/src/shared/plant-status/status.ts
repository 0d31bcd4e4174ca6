import { PLANT_STATUSES, type PlantStatus } from '@solar/contract';

const STATUS_COLOURS: Record<PlantStatus, string> = {
  normal: 'green',
  offline: 'default',
  warning: 'gold',
  fault: 'red',
  upgrading: 'blue',
  protect: 'purple',
};

/** Map markers need real colours, not antd preset names. */
const STATUS_MARKER_COLOURS: Record<PlantStatus, string> = {
  normal: '#52c41a',
  offline: '#8c8c8c',
  warning: '#faad14',
  fault: '#f5222d',
  upgrading: '#1677ff',
  protect: '#722ed1',
};

export function isPlantStatus(value: unknown): value is PlantStatus {
  return typeof value === 'string' && (PLANT_STATUSES as readonly string[]).includes(value);
}

export function statusTagColour(status: PlantStatus): string {
  return STATUS_COLOURS[status];
}

export function statusMarkerColour(status: PlantStatus): string {
  return STATUS_MARKER_COLOURS[status];
}

export function statusLabelKey(status: PlantStatus): `status.${PlantStatus}` {
  return `status.${status}`;
}
