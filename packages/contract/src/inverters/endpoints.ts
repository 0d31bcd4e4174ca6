import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';
import { serialNumber } from '../ingestion/payload.js';
import { DEVICE_STATUSES } from '../ingestion/status.js';
import { calendarDate } from '../plants/schemas.js';
import * as rules from '../validation/rules.js';
import { SETTINGS_FAMILIES } from '../register-maps/map.js';
import { INVERTER_TOPOLOGIES } from './models.js';
import {
  CHART_SELECTION_RULES,
  parameterSelection,
  selectionProblem,
  SERIES_GROUPS,
} from './parameters.js';

export * from './models.js';
export * from './parameters.js';

/**
 * Inverters (`/device/inverter`). Power in W, energy in kWh, days are plant-local. An inverter
 * is visible when its datalogger's plant is visible to the caller (plants/plant-access.ts); one
 * that is not answers 600 like an unknown serial number.
 */
const TAG = 'inverters';
const view = requires('inverter.view');
const snParams = z.strictObject({ sn: serialNumber });
const tolerated = [ErrorCode.inverterNotFound] as const;

export const INVERTER_SORT_FIELDS = ['sn', 'plantName', 'power', 'todayKwh', 'lastSeenAt'] as const;

const listFilters = {
  plantId: rules.id.optional(),
  /** Serial number, alias or plant name contains this text. */
  keyword: rules.text(40).optional(),
  /** A model code of the table (`0200`), matched case-insensitively. */
  model: rules.hexString.max(8).optional(),
};

export const inverterListItem = z.object({
  sn: z.string(),
  alias: z.string().nullable(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  dataloggerSn: z.string(),
  modelCode: z.string().nullable(),
  /** Null when the code is absent or not in the table; the client shows its default. */
  modelName: z.string().nullable(),
  /** Stored rated power, else the model's, else null. */
  ratedPowerKw: z.number().nullable(),
  /** Current AC power; 0 while offline. */
  powerW: z.number(),
  /** Generation of the plant-local day so far, the figure the plant overview sums. */
  todayKwh: z.number(),
  status: z.enum(DEVICE_STATUSES),
  lastSeenAt: z.string().nullable(),
  /** The plant's time zone (UTC without a plant): the last report is shown on its clock. */
  timeZone: z.string(),
  /** Whether the caller may rename or delete it (manages its plant). */
  canManage: z.boolean(),
});
export type InverterListItem = z.infer<typeof inverterListItem>;

export const listInverters = defineEndpoint({
  method: 'GET',
  path: '/api/v1/inverters',
  summary: 'Inverters visible to the caller with plant, model, power, energy of today and status',
  tag: TAG,
  access: view,
  query: z.strictObject({
    ...rules.paging,
    ...listFilters,
    status: z.enum(DEVICE_STATUSES).optional(),
    sort: z.enum(INVERTER_SORT_FIELDS).default('sn'),
    order: z.enum(['asc', 'desc']).default('asc'),
  }),
  data: pageOf(inverterListItem),
});

export const inverterCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/inverters/count',
  summary: 'Number of visible inverters per status (the list filters apply, except status)',
  tag: TAG,
  access: view,
  query: z.strictObject(listFilters),
  data: z.object({
    total: z.number().int(),
    byStatus: z.record(z.enum(DEVICE_STATUSES), z.number().int()),
  }),
});

export const inverterAlias = defineEndpoint({
  method: 'POST',
  path: '/api/v1/inverter/:sn/alias',
  summary: 'Renames an inverter (an empty alias removes it)',
  tag: TAG,
  access: requires('inverter.alias'),
  params: snParams,
  body: z.strictObject({ alias: rules.text(32).or(z.literal('')) }),
  data: z.null(),
  tolerated,
});

export const inverterDcPeak = defineEndpoint({
  method: 'POST',
  path: '/api/v1/inverter/:sn/dc-peak',
  summary:
    "Sets the DC peak power behind an inverter, kWp (null: the plant's capacity shared by the inverters' AC ratings)",
  tag: TAG,
  access: requires('inverter.setting'),
  params: snParams,
  // JSON, so that null (back to the plant's share) travels as itself.
  encoding: 'json',
  body: z.strictObject({ dcPeakKw: rules.dcPeakKw.nullable() }),
  data: z.null(),
  tolerated,
});

export const deleteInverter = defineEndpoint({
  method: 'POST',
  path: '/api/v1/inverter/:sn/delete',
  summary:
    'Deletes an inverter with its history; one that still reports registers again with its next record',
  tag: TAG,
  access: requires('inverter.delete'),
  params: snParams,
  data: z.null(),
  tolerated,
});

export const inverterModelInfo = z.object({
  code: z.string().nullable(),
  name: z.string().nullable(),
  ratedPowerKw: z.number().nullable(),
  phases: z.union([z.literal(1), z.literal(3)]).nullable(),
  topology: z.enum(INVERTER_TOPOLOGIES).nullable(),
  mpptCount: z.number().int().nullable(),
  settingsFamily: z.enum(SETTINGS_FAMILIES).nullable(),
});

export const inverterDetail = defineEndpoint({
  method: 'GET',
  path: '/api/v1/inverter/:sn',
  summary: 'Every stored field of an inverter with its model, datalogger and plant',
  tag: TAG,
  access: view,
  params: snParams,
  data: z.object({
    id: z.number().int(),
    sn: z.string(),
    alias: z.string().nullable(),
    status: z.enum(DEVICE_STATUSES),
    ratedPowerKw: z.number().nullable(),
    /**
     * The DC peak power behind it, kWp, that its performance ratio and specific yield use: its
     * own when set, else the plant's capacity shared by the inverters' AC ratings; null without
     * either.
     */
    dcPeakKw: z.number().nullable(),
    /** Whether `dcPeakKw` was set for this inverter rather than shared from the plant. */
    isDcPeakKwSet: z.boolean(),
    lastSeenAt: z.string().nullable(),
    createdAt: z.string(),
    /** The latest readings under the protocol's value keys. */
    lastValues: z.record(z.string(), z.unknown()),
    todayKwh: z.number(),
    model: inverterModelInfo,
    datalogger: z.object({
      sn: z.string(),
      alias: z.string().nullable(),
      softwareVersion: z.string().nullable(),
      hardwareVersion: z.string().nullable(),
      signalStrength: z.number().nullable(),
      lastOnlineAt: z.string().nullable(),
    }),
    plant: z.object({ id: z.number().int(), name: z.string(), timeZone: z.string() }).nullable(),
    /** The plant's time zone (UTC for an inverter of no plant): days and charts use it. */
    timeZone: z.string(),
    /** The plant-local date of today. */
    today: z.string(),
    canManage: z.boolean(),
  }),
  tolerated,
});

export const daySeries = z.object({
  key: z.string(),
  group: z.enum(SERIES_GROUPS),
  unit: z.string(),
  /** `[epoch milliseconds, value]` in time order. */
  points: z.array(z.tuple([z.number(), z.number()])),
});
export type DaySeries = z.infer<typeof daySeries>;

const dayData = z.object({
  date: z.string(),
  timeZone: z.string(),
  /** The plant-local day as instants: 23, 24 or 25 hours apart. */
  from: z.string(),
  to: z.string(),
  series: z.array(daySeries),
});
export type InverterDay = z.infer<typeof dayData>;

export const inverterDayCurves = defineEndpoint({
  method: 'GET',
  path: '/api/v1/inverter/:sn/day',
  summary:
    "Day curves of one plant-local day: input, output, grid, generation, and the plant's meter, battery, EPS and load",
  tag: TAG,
  access: view,
  params: snParams,
  query: z.strictObject({ date: calendarDate }),
  data: dayData,
  tolerated,
});

export const INVERTER_DAY_CSV_PATH = '/api/v1/inverter/:sn/day/csv';

/** The CSV of one day: `text/csv`, headers in the caller's language, plant-local times. */
export const inverterDayCsv = defineEndpoint({
  method: 'GET',
  path: INVERTER_DAY_CSV_PATH,
  summary: 'The day curves as CSV (text/csv): headers in the caller’s language, plant-local time',
  tag: TAG,
  access: view,
  params: snParams,
  query: z.strictObject({ date: calendarDate, lan: z.enum(SERVER_LANGUAGES).optional() }),
  /** Describes the file; the route answers `text/csv`, or the JSON envelope on an error. */
  data: z.string(),
  download: { contentType: 'text/csv; charset=utf-8' },
  tolerated,
});

export const chartParameter = z.object({
  key: z.string(),
  group: z.enum(SERIES_GROUPS),
  unit: z.string(),
});

export const chartParameters = defineEndpoint({
  method: 'GET',
  path: '/api/v1/chart/param/equip',
  summary:
    'The parameters an inverter’s custom chart may show, with units (for `sn`, its strings and phases)',
  tag: TAG,
  access: view,
  query: z.strictObject({ sn: serialNumber.optional() }),
  data: z.object({
    parameters: z.array(chartParameter),
    maxParameters: z.literal(CHART_SELECTION_RULES.custom.maxParameters),
    maxUnits: z.literal(CHART_SELECTION_RULES.custom.maxUnits),
  }),
  tolerated,
});

/** The charts whose parameters a user chooses: the custom chart and the day-curve series. */
export const CHART_KINDS = [
  'custom',
  'series',
] as const satisfies readonly (keyof typeof CHART_SELECTION_RULES)[];
export type ChartKind = (typeof CHART_KINDS)[number];

const chartSelection = z.object({ chart: z.enum(CHART_KINDS), params: z.array(z.string()) });

export const savedChartSelection = defineEndpoint({
  method: 'GET',
  path: '/api/v1/chart/param/custom',
  summary:
    'The parameters the caller last chose for a chart (`custom`: at most 6, `series`: at most 30, at most 2 units); empty when none yet',
  tag: TAG,
  access: view,
  query: z.strictObject({ chart: z.enum(CHART_KINDS).default('custom') }),
  data: chartSelection,
});

export const saveChartSelection = defineEndpoint({
  method: 'POST',
  path: '/api/v1/chart/param/custom',
  summary: 'Keep the parameters the caller chose for a chart, checked by that chart’s rule',
  tag: TAG,
  access: view,
  encoding: 'json',
  body: z
    .strictObject({
      chart: z.enum(CHART_KINDS).default('custom'),
      params: z.array(z.string().max(40)).max(CHART_SELECTION_RULES.series.maxParameters),
    })
    .superRefine(({ chart, params }, ctx) => {
      const problem = selectionProblem(params, CHART_SELECTION_RULES[chart]);
      if (problem) ctx.addIssue({ code: 'custom', path: ['params'], message: problem });
    }),
  data: chartSelection,
});

export const chartParameterDay = defineEndpoint({
  method: 'GET',
  path: '/api/v1/chart/param/:sn/new/day',
  summary: 'Chosen parameters of an inverter over one plant-local day (at most 6, at most 2 units)',
  tag: TAG,
  access: view,
  params: snParams,
  query: z.strictObject({
    date: calendarDate,
    /** Comma-separated parameter keys (`pac_w,pv1_v`). */
    params: parameterSelection(CHART_SELECTION_RULES.custom),
  }),
  data: dayData,
  tolerated,
});
