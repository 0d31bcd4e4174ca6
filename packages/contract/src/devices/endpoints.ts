import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { DEVICE_KINDS, serialNumber } from '../ingestion/payload.js';
import { DEVICE_STATUSES } from '../ingestion/status.js';
import { calendarDate } from '../plants/schemas.js';
import * as rules from '../validation/rules.js';
import { commandOutcomes, commandRecord } from '../commands/endpoints.js';
import { settingValues } from '../ingestion/downlink.js';
import {
  DEVICE_FAMILIES,
  type DeviceFamily,
  type DeviceSettingField,
  type DeviceSettings,
  familySlug,
  GENERIC_FAMILY_IDS,
  type GenericFamilyId,
} from './families.js';

export * from './families.js';

/**
 * The device families beyond dataloggers and inverters, one set of endpoints per family built
 * from its descriptor (families.ts): the list at the path CONTRACT.md fixes, the detail and the
 * day curves under `/api/v1/device/{family}/{sn}`, each behind the family's menu permission. A
 * device is visible when its datalogger's plant is; an unknown, invisible or other-family one
 * answers 606.
 */
const TAG = 'devices';
const snParams = z.strictObject({ sn: serialNumber });
const tolerated = [ErrorCode.deviceNotFound] as const;

/** A reading as lists and cards show it: numbers, on/off and mode names. */
export const deviceValue = z.union([z.number(), z.string()]).nullable();
export const deviceValues = z.record(z.string(), deviceValue);

export const DEVICE_WARNINGS = ['weakString'] as const;
export const deviceWarning = z.object({
  code: z.enum(DEVICE_WARNINGS),
  /** The value key the warning is about (`strings3_i`). */
  key: z.string(),
});
export type DeviceWarning = z.infer<typeof deviceWarning>;

export const deviceListItem = z.object({
  sn: z.string(),
  alias: z.string().nullable(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  dataloggerSn: z.string(),
  status: z.enum(DEVICE_STATUSES),
  lastSeenAt: z.string().nullable(),
  /** The plant's time zone (UTC without a plant): the last report is shown on its clock. */
  timeZone: z.string(),
  /** The family's list values (`valueFields`) by key; null when the device has not sent one. */
  values: deviceValues,
  warnings: z.array(deviceWarning),
});
export type DeviceListItem = z.infer<typeof deviceListItem>;

const listQuery = z.strictObject({
  ...rules.paging,
  plantId: rules.id.optional(),
  status: z.enum(DEVICE_STATUSES).optional(),
  /** Serial number, alias or plant name contains this text. */
  keyword: rules.text(40).optional(),
});

export const deviceDetailData = z.object({
  sn: z.string(),
  alias: z.string().nullable(),
  kind: z.enum(DEVICE_KINDS),
  status: z.enum(DEVICE_STATUSES),
  model: z.string().nullable(),
  lastSeenAt: z.string().nullable(),
  createdAt: z.string(),
  /** The latest readings, list values flattened (`strings: [{v, i}]` → `strings1_v`, …). */
  values: deviceValues,
  warnings: z.array(deviceWarning),
  dataloggerSn: z.string(),
  plant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** The plant's time zone (UTC without a plant): days and charts use it. */
  timeZone: z.string(),
  /** The plant-local date of today. */
  today: z.string(),
  canManage: z.boolean(),
});
export type DeviceDetail = z.infer<typeof deviceDetailData>;

export const familySeries = z.object({
  key: z.string(),
  unit: z.string(),
  /** `[epoch milliseconds, value]` in time order. */
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type FamilySeries = z.infer<typeof familySeries>;

export const deviceDayData = z.object({
  date: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  series: z.array(familySeries),
});
export type DeviceDay = z.infer<typeof deviceDayData>;

function familyEndpoints(family: DeviceFamily) {
  const access = requires(family.permission);
  const base = `/api/v1/device/${familySlug(family.id)}/:sn`;
  return {
    list: defineEndpoint({
      method: 'GET',
      path: family.listPath,
      summary: `Devices of kind ${family.id} visible to the caller with their key values and status`,
      tag: TAG,
      access,
      query: listQuery,
      data: pageOf(deviceListItem),
    }),
    detail: defineEndpoint({
      method: 'GET',
      path: base,
      summary: `One device of kind ${family.id}: its latest values, warnings, datalogger and plant`,
      tag: TAG,
      access,
      params: snParams,
      data: deviceDetailData,
      tolerated,
    }),
    day: defineEndpoint({
      method: 'GET',
      path: `${base}/day`,
      summary: `Day curves of a device of kind ${family.id} over one plant-local day`,
      tag: TAG,
      access,
      params: snParams,
      query: z.strictObject({ date: calendarDate }),
      data: deviceDayData,
      tolerated,
    }),
  };
}
export type FamilyEndpoints = ReturnType<typeof familyEndpoints>;

/** Every generic family's endpoints, by family. */
export const FAMILY_ENDPOINTS = Object.fromEntries(
  GENERIC_FAMILY_IDS.map((id) => [id, familyEndpoints(DEVICE_FAMILIES[id])]),
) as Record<GenericFamilyId, FamilyEndpoints>;

/** `HH:mm`, a time of day of a work-mode window. */
const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

function settingSchema(field: DeviceSettingField): z.ZodType<string | number | boolean> {
  switch (field.kind) {
    case 'boolean':
      return z.boolean();
    case 'number':
      return z.number().min(field.min).max(field.max);
    case 'choice':
      return z.enum(field.choices as readonly [string, ...string[]]);
    case 'time':
      return z.string().regex(TIME_OF_DAY, 'validation.time');
  }
}

export type DeviceSettingValues = Record<string, string | number | boolean>;

/** The body of a settings write: any of the family's fields, each within its range. */
export function settingsBodyOf(settings: DeviceSettings) {
  const fields = Object.fromEntries(
    settings.fields.map((field) => [field.key, settingSchema(field).optional()]),
  );
  const values = z
    .strictObject(fields)
    .refine((value) => Object.keys(value).length > 0, 'validation.required');
  return z.strictObject({ values: values as unknown as z.ZodType<DeviceSettingValues> });
}

export const deviceSettingsData = z.object({
  values: settingValues,
  /** The command that read or wrote them; null for settings the portal stores. */
  command: commandRecord.nullable(),
});
export type DeviceSettingsData = z.infer<typeof deviceSettingsData>;

function settingsEndpoints(family: DeviceFamily, settings: DeviceSettings) {
  const path = `/api/v1/device/${familySlug(family.id)}/:sn/settings`;
  const settingsTolerated = [
    ErrorCode.deviceNotFound,
    ErrorCode.meterMasterExists,
    ...commandOutcomes,
  ] as const;
  return {
    read: defineEndpoint({
      method: 'GET',
      path,
      summary: `The settings of a device of kind ${family.id} (read from the device where it holds them)`,
      tag: TAG,
      access: requires(family.permission),
      params: snParams,
      data: deviceSettingsData,
      tolerated: settingsTolerated,
    }),
    write: defineEndpoint({
      method: 'POST',
      path,
      summary: `Changes settings of a device of kind ${family.id}; answers them as read back`,
      tag: TAG,
      access: requires('equip.setting'),
      encoding: 'json',
      params: snParams,
      body: settingsBodyOf(settings),
      data: deviceSettingsData,
      tolerated: settingsTolerated,
    }),
  };
}
export type SettingsEndpoints = ReturnType<typeof settingsEndpoints>;

/** The settings endpoints of the families that have settings. */
export const SETTINGS_ENDPOINTS: Partial<Record<GenericFamilyId, SettingsEndpoints>> =
  Object.fromEntries(
    GENERIC_FAMILY_IDS.flatMap((id) => {
      const family = DEVICE_FAMILIES[id];
      return family.settings ? [[id, settingsEndpoints(family, family.settings)]] : [];
    }),
  );

export const weatherPerformanceDay = z.object({
  /** Plant-local date. */
  date: z.string(),
  /** Irradiation on the modules' plane, kWh/m² (the station's irradiance over the day). */
  irradiationKwhM2: z.number(),
  /** The plant's inverters' generation of the day. */
  yieldKwh: z.number(),
  /** Measured yield / (irradiation × kWp); null without irradiation or capacity. */
  ratio: z.number().nullable(),
});
export type WeatherPerformanceDay = z.infer<typeof weatherPerformanceDay>;

export const weatherPerformance = defineEndpoint({
  method: 'GET',
  path: '/api/v1/device/weather/:sn/performance',
  summary:
    "A weather station's plant performance ratio per plant-local day: yield / (irradiation × kWp)",
  tag: TAG,
  access: requires(DEVICE_FAMILIES.weather.permission),
  params: snParams,
  /** The last `days` plant-local days up to today. */
  query: z.strictObject({ days: rules.integer({ min: 1, max: 31 }).default(14) }),
  data: z.object({
    capacityKwp: z.number().nullable(),
    days: z.array(weatherPerformanceDay),
  }),
  tolerated,
});
