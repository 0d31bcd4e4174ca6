import type { Permission } from '../permissions/tree.js';
import { DEVICE_STATUSES, type DeviceStatus } from '../ingestion/status.js';

/**
 * The device families of spec section 1 and CONTRACT.md "Devices", described as data: the list
 * path the outside checks call, the menu permission, the statuses a row can take and the value
 * fields a list shows. Pages, menus and filters read these entries; adding a family means adding
 * an entry (and its texts), not copying a page.
 */
export const DEVICE_FAMILY_IDS = [
  'gateway',
  'inverter',
  'meter',
  'battery',
  'weather',
  'switch',
  'box',
  'epm',
] as const;
export type DeviceFamilyId = (typeof DEVICE_FAMILY_IDS)[number];

/** How a key value is shown: its unit and which number formatter of section 9 applies. */
export type ValueFormat = 'power' | 'energy' | 'percent' | 'signal' | 'text' | 'time' | 'count';

export interface DeviceValueField {
  /** The list row's field (or the device protocol's value key, e.g. `pac_w`). */
  key: string;
  format: ValueFormat;
}

export interface DeviceFamily {
  id: DeviceFamilyId;
  /** `GET` list path answering `{infos, total}` with at least `sn`, `plantId`, `status`. */
  listPath: string;
  /** The menu permission that shows the family's list (section 2). */
  permission: Permission;
  /** The web route of the list page, when the family has a menu entry. */
  route: string | null;
  statuses: readonly DeviceStatus[];
  /** The key values a list row shows beside plant, SN, alias and status. */
  valueFields: readonly DeviceValueField[];
}

/** Statuses a communicating device reports; dataloggers only know whether they are connected. */
const REPORTED_STATUSES = DEVICE_STATUSES;
const CONNECTION_STATUSES = ['normal', 'offline'] as const satisfies readonly DeviceStatus[];

export const DEVICE_FAMILIES: Readonly<Record<DeviceFamilyId, DeviceFamily>> = {
  gateway: {
    id: 'gateway',
    listPath: '/api/v1/gateways',
    permission: 'gateway.view',
    route: '/device/gateway/list',
    statuses: CONNECTION_STATUSES,
    valueFields: [
      { key: 'signalStrength', format: 'signal' },
      { key: 'softwareVersion', format: 'text' },
      { key: 'lastOnlineAt', format: 'time' },
      { key: 'deviceCount', format: 'count' },
    ],
  },
  inverter: {
    id: 'inverter',
    listPath: '/api/v1/inverters',
    permission: 'inverter.view',
    route: '/device/inverter',
    statuses: REPORTED_STATUSES,
    valueFields: [
      { key: 'pac_w', format: 'power' },
      { key: 'e_day_kwh', format: 'energy' },
    ],
  },
  meter: {
    id: 'meter',
    listPath: '/api/v1/meters',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: [
      { key: 'p_grid_w', format: 'power' },
      { key: 'import_kwh_total', format: 'energy' },
      { key: 'export_kwh_total', format: 'energy' },
    ],
  },
  battery: {
    id: 'battery',
    listPath: '/api/v1/batteries',
    permission: 'battery.list.view',
    route: '/device/battery',
    statuses: REPORTED_STATUSES,
    valueFields: [
      { key: 'soc_pct', format: 'percent' },
      { key: 'p_bat_w', format: 'power' },
    ],
  },
  weather: {
    id: 'weather',
    listPath: '/api/v1/weathers',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: [],
  },
  switch: {
    id: 'switch',
    listPath: '/api/v1/switches',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: [],
  },
  box: {
    id: 'box',
    listPath: '/api/v1/boxes',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: [],
  },
  epm: {
    id: 'epm',
    listPath: '/api/v1/epms',
    permission: 'epm.view',
    route: '/device/epm',
    statuses: REPORTED_STATUSES,
    valueFields: [],
  },
};

/** The families in menu order. */
export const deviceFamilies: readonly DeviceFamily[] = DEVICE_FAMILY_IDS.map(
  (id) => DEVICE_FAMILIES[id],
);
