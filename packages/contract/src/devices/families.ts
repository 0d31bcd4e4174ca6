import type { Permission } from '../permissions/tree.js';
import { DEVICE_KINDS, type DeviceKind } from '../ingestion/payload.js';
import { DEVICE_STATUSES, type DeviceStatus } from '../ingestion/status.js';
import { METER_PRICE_TIERS } from '../plants/schemas.js';

/**
 * The device families of spec section 1 and CONTRACT.md "Devices", described as data: the list
 * path the outside checks call, the menu permission, the statuses a row can take, the value
 * fields a list and a detail show, the day curves and the controls. Pages, menus, filters and
 * the generic devices service read these entries; adding a family means adding an entry (and
 * its texts), not copying a page or a service.
 */
export const DEVICE_FAMILY_IDS = ['gateway', ...DEVICE_KINDS] as const;
export type DeviceFamilyId = (typeof DEVICE_FAMILY_IDS)[number];

/** How a value is shown: which number formatter of section 9 applies and so its unit. */
export type ValueFormat =
  | 'power'
  | 'energy'
  | 'percent'
  | 'signal'
  | 'text'
  | 'time'
  | 'count'
  | 'temperature'
  | 'irradiance'
  | 'speed'
  | 'voltage'
  | 'current'
  | 'state';

/** The unit a value of each format carries in day curves and realtime cards. */
export const VALUE_FORMAT_UNITS: Readonly<Record<ValueFormat, string>> = {
  power: 'W',
  energy: 'kWh',
  percent: '%',
  signal: '',
  text: '',
  time: '',
  count: '',
  temperature: '°C',
  irradiance: 'W/m²',
  speed: 'm/s',
  voltage: 'V',
  current: 'A',
  state: '',
};

export interface DeviceValueField {
  /**
   * The list row's field or the device protocol's value key (`pac_w`). Its label is the text
   * `devices:value.<key>`. A `*` stands for the number of an entry of a list value: `strings*_i`
   * is the current of every string of a combiner box (`strings: [{v, i}]`).
   */
  key: string;
  format: ValueFormat;
}

/** One setting of a family; the settings form is generated from these entries. */
export type DeviceSettingField =
  | { key: string; kind: 'boolean' }
  | { key: string; kind: 'number'; min: number; max: number; step: number; unit: string }
  | { key: string; kind: 'choice'; choices: readonly string[] }
  /** A time of day, `HH:mm`. */
  | { key: string; kind: 'time' };

/**
 * Where a family's settings live: `portal` ones are stored by the portal (a meter's ratios and
 * prices); `device` ones are written to the device through the command channel and answered
 * with what it read back (a battery's work mode, a heat pump's state). A field's label is the
 * text `devices:setting.<key>`, a choice's `devices:choice.<key>.<choice>`.
 */
export interface DeviceSettings {
  store: 'portal' | 'device';
  fields: readonly DeviceSettingField[];
}

export interface DeviceFamily {
  id: DeviceFamilyId;
  /** The `devices.kind` of its rows; dataloggers live in a table of their own. */
  kind: DeviceKind | null;
  /** `GET` list path answering `{infos, total}` with at least `sn`, `plantId`, `status`. */
  listPath: string;
  /** The menu permission that shows the family's list (section 2). */
  permission: Permission;
  /** The web route of the list page when the family has a menu entry of its own. */
  route: string | null;
  statuses: readonly DeviceStatus[];
  /** The key values a list row shows beside plant, SN, alias and status. */
  valueFields: readonly DeviceValueField[];
  /** The realtime card of the detail page. */
  realtimeFields: readonly DeviceValueField[];
  /** The day curves of the detail page, read from the stored samples. */
  series: readonly DeviceValueField[];
  /** The settings form of the detail page, when the family has one. */
  settings: DeviceSettings | null;
}

/** Statuses a communicating device reports; dataloggers only know whether they are connected. */
const REPORTED_STATUSES = DEVICE_STATUSES;
const CONNECTION_STATUSES = ['normal', 'offline'] as const satisfies readonly DeviceStatus[];

type NumberRange = Omit<Extract<DeviceSettingField, { kind: 'number' }>, 'key' | 'kind'>;

/** Spec sections 5 and 9: prices 0 to 9999 with two decimals, offsets within ±500000. */
const PRICE: NumberRange = { min: 0, max: 9999, step: 0.01, unit: '/kWh' };
const OFFSET: NumberRange = { min: -500_000, max: 500_000, step: 0.1, unit: 'kWh' };
const RATIO: NumberRange = { min: 0.01, max: 100_000, step: 0.01, unit: '' };
const FACTOR: NumberRange = { min: 0, max: 1, step: 0.01, unit: '' };
const PERCENT: NumberRange = { min: 0, max: 100, step: 1, unit: '%' };

/** Number settings sharing one range. */
const numbers = (range: NumberRange, ...keys: string[]): DeviceSettingField[] =>
  keys.map((key) => ({ key, kind: 'number', ...range }));
/** Times of day, `HH:mm`. */
const times = (...keys: string[]): DeviceSettingField[] =>
  keys.map((key) => ({ key, kind: 'time' }));

/** A device switched on and off that runs in one of `modes` (heat pumps, storage systems). */
const onOffWithModes = (modes: readonly string[]): DeviceSettings => ({
  store: 'device',
  fields: [
    { key: 'state', kind: 'choice', choices: ['on', 'off'] },
    { key: 'mode', kind: 'choice', choices: modes },
  ],
});

/** The meter setting holding a tier's price (`price_tip`). */
export const meterPriceKey = (tier: (typeof METER_PRICE_TIERS)[number]) => `price_${tier}` as const;

/** A meter's settings (spec section 1): the plant's master meter feeds the energy flow. */
export const METER_SETTINGS: DeviceSettings = {
  store: 'portal',
  fields: [
    { key: 'master', kind: 'boolean' },
    ...numbers(RATIO, 'ct_ratio', 'pt_ratio'),
    ...numbers(OFFSET, 'buy_offset_kwh', 'sell_offset_kwh'),
    ...numbers(PRICE, ...METER_PRICE_TIERS.map(meterPriceKey)),
    ...numbers(FACTOR, 'discount_factor'),
  ],
};

export const BATTERY_WORK_MODES = ['self_consumption', 'time_of_use', 'backup'] as const;

/** A battery's work mode, written to its inverter or BMS and read back. */
export const BATTERY_SETTINGS: DeviceSettings = {
  store: 'device',
  fields: [
    { key: 'work_mode', kind: 'choice', choices: BATTERY_WORK_MODES },
    ...numbers(PERCENT, 'backup_reserve_pct'),
    ...times('charge_start', 'charge_end', 'discharge_start', 'discharge_end'),
  ],
};

/** Value fields in the order written (object keys keep their order). */
const valueFields = (formats: Record<string, ValueFormat>): readonly DeviceValueField[] =>
  Object.entries(formats).map(([key, format]) => ({ key, format }));

const meterValues = valueFields({
  p_grid_w: 'power',
  import_kwh_total: 'energy',
  export_kwh_total: 'energy',
});
const batteryValues = valueFields({ soc_pct: 'percent', p_bat_w: 'power' });
const weatherValues = valueFields({
  irradiance_wm2: 'irradiance',
  ambient_c: 'temperature',
  module_c: 'temperature',
  wind_ms: 'speed',
});
const switchValues = valueFields({ state: 'state', p_w: 'power' });
const boxValues = valueFields({ string_count: 'count', i_total_a: 'current', p_w: 'power' });
const epmValues = valueFields({ p_grid_w: 'power', export_limit_w: 'power' });
const heatPumpValues = valueFields({
  state: 'state',
  mode: 'state',
  p_w: 'power',
  water_c: 'temperature',
});
const essValues = valueFields({
  state: 'state',
  mode: 'state',
  soc_pct: 'percent',
  p_bat_w: 'power',
});

const numeric = (fields: readonly DeviceValueField[]) =>
  fields.filter((field) => field.format !== 'state' && field.format !== 'count');

export const DEVICE_FAMILIES: Readonly<Record<DeviceFamilyId, DeviceFamily>> = {
  gateway: {
    id: 'gateway',
    kind: null,
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
    realtimeFields: [],
    series: [],
    settings: null,
  },
  inverter: {
    id: 'inverter',
    kind: 'inverter',
    listPath: '/api/v1/inverters',
    permission: 'inverter.view',
    route: '/device/inverter',
    statuses: REPORTED_STATUSES,
    valueFields: [
      { key: 'pac_w', format: 'power' },
      { key: 'e_day_kwh', format: 'energy' },
    ],
    realtimeFields: [],
    series: [],
    settings: null,
  },
  meter: {
    id: 'meter',
    kind: 'meter',
    listPath: '/api/v1/meters',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: meterValues,
    realtimeFields: [...meterValues, { key: 'p_load_w', format: 'power' }],
    series: [
      { key: 'p_grid_w', format: 'power' },
      { key: 'p_load_w', format: 'power' },
    ],
    settings: METER_SETTINGS,
  },
  battery: {
    id: 'battery',
    kind: 'battery',
    listPath: '/api/v1/batteries',
    permission: 'battery.list.view',
    route: '/device/battery',
    statuses: REPORTED_STATUSES,
    valueFields: batteryValues,
    realtimeFields: [
      ...batteryValues,
      { key: 'charge_kwh_total', format: 'energy' },
      { key: 'discharge_kwh_total', format: 'energy' },
      { key: 'temp_c', format: 'temperature' },
      { key: 'cycles', format: 'count' },
      { key: 'soh_pct', format: 'percent' },
    ],
    series: batteryValues,
    settings: BATTERY_SETTINGS,
  },
  weather: {
    id: 'weather',
    kind: 'weather',
    listPath: '/api/v1/weathers',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: weatherValues,
    realtimeFields: weatherValues,
    series: weatherValues,
    settings: null,
  },
  switch: {
    id: 'switch',
    kind: 'switch',
    listPath: '/api/v1/switches',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: switchValues,
    realtimeFields: [
      ...switchValues,
      { key: 'e_total_kwh', format: 'energy' },
      { key: 'leakage_ma', format: 'current' },
    ],
    series: numeric(switchValues),
    settings: null,
  },
  box: {
    id: 'box',
    kind: 'box',
    listPath: '/api/v1/boxes',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: boxValues,
    realtimeFields: [
      ...boxValues,
      { key: 'strings*_v', format: 'voltage' },
      { key: 'strings*_i', format: 'current' },
    ],
    series: [{ key: 'strings*_i', format: 'current' }],
    settings: null,
  },
  epm: {
    id: 'epm',
    kind: 'epm',
    listPath: '/api/v1/epms',
    permission: 'epm.view',
    route: '/device/epm',
    statuses: REPORTED_STATUSES,
    valueFields: epmValues,
    realtimeFields: epmValues,
    series: epmValues,
    settings: null,
  },
  heat_pump: {
    id: 'heat_pump',
    kind: 'heat_pump',
    listPath: '/api/v1/heat-pumps',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: heatPumpValues,
    realtimeFields: [...heatPumpValues, { key: 'e_total_kwh', format: 'energy' }],
    series: numeric(heatPumpValues),
    settings: onOffWithModes(['heating', 'cooling', 'hot_water']),
  },
  ess: {
    id: 'ess',
    kind: 'ess',
    listPath: '/api/v1/storage-systems',
    permission: 'equip.view',
    route: null,
    statuses: REPORTED_STATUSES,
    valueFields: essValues,
    realtimeFields: essValues,
    series: numeric(essValues),
    settings: onOffWithModes(BATTERY_WORK_MODES),
  },
};

/** The families in menu order. */
export const deviceFamilies: readonly DeviceFamily[] = DEVICE_FAMILY_IDS.map(
  (id) => DEVICE_FAMILIES[id],
);

/** The families the generic devices pages and service serve (all but dataloggers and inverters). */
export const GENERIC_FAMILY_IDS = [
  'meter',
  'battery',
  'weather',
  'switch',
  'box',
  'epm',
  'heat_pump',
  'ess',
] as const satisfies readonly DeviceFamilyId[];
export type GenericFamilyId = (typeof GENERIC_FAMILY_IDS)[number];

/** The families listed under "Other devices" (battery and EPM have menu entries of their own). */
export const OTHER_FAMILY_IDS = [
  'meter',
  'weather',
  'switch',
  'box',
  'heat_pump',
  'ess',
] as const satisfies readonly GenericFamilyId[];

/** The family whose devices are of `kind` (every device kind has one). */
export function familyOfKind(kind: DeviceKind): DeviceFamily | null {
  return deviceFamilies.find((family) => family.kind === kind) ?? null;
}

export function isGenericFamily(value: string): value is GenericFamilyId {
  return (GENERIC_FAMILY_IDS as readonly string[]).includes(value);
}

/** The web and API path segment of a family (`heat_pump` → `heat-pump`). */
export function familySlug(id: DeviceFamilyId): string {
  return id.replace('_', '-');
}

export function familyOfSlug(slug: string): GenericFamilyId | null {
  const id = slug.replace('-', '_');
  return isGenericFamily(id) ? id : null;
}

/** A combiner-box string below this share of its siblings' median current is flagged. */
export const WEAK_STRING_RATIO = 0.7;
/** Below this median string current (A) the box is not producing and nothing is flagged. */
export const BOX_PRODUCING_MIN_A = 0.5;
