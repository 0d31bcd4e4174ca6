import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { DEVICE_KINDS } from '../ingestion/payload.js';
import { DEVICE_STATUSES } from '../ingestion/status.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';
import { calendarDate, PLANT_STATUSES } from '../plants/schemas.js';
import { currencyCode } from '../validation/reference-codes.js';
import * as rules from '../validation/rules.js';

export * from './environment.js';

/**
 * The plant overview: every number is a raw value (power in W, energy in kWh, money in the
 * plant's currency); the web formats them with `formatEnergy`/`formatPower`. Days, months and
 * years are those of the plant's time zone.
 */
const TAG = 'overview';
const view = requires('station.view');
const plantIdParams = z.strictObject({ id: rules.id });
const tolerated = [ErrorCode.plantNotFound] as const;

const yearText = z.string().regex(/^(19[7-9]\d|2[01]\d\d)$/, 'validation.date');
const monthText = z.string().regex(/^(19[7-9]\d|2[01]\d\d)-(0[1-9]|1[0-2])$/, 'validation.date');

export const plantRealtime = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/realtime',
  summary: 'Current power and the energy of today, this month, this year and in total',
  tag: TAG,
  access: view,
  params: plantIdParams,
  data: z.object({
    powerW: z.number(),
    todayKwh: z.number(),
    monthKwh: z.number(),
    yearKwh: z.number(),
    /** Sum of all daily energy plus the plant's cumulative generation offset. */
    totalKwh: z.number(),
    capacityKwp: z.number(),
    status: z.enum(PLANT_STATUSES),
    /** The most recent time any device of the plant reported, ISO 8601. */
    lastUpdate: z.string().nullable(),
    /** The plant-local date "today" refers to. */
    localDate: z.string(),
    timeZone: z.string(),
  }),
  tolerated,
});

export const powerPoint = z.object({
  /** Start of the 5-minute bucket, ISO 8601 UTC. */
  time: z.string(),
  /** The same instant as plant-local wall-clock time 'HH:mm' (repeats on a 25-hour day). */
  localTime: z.string(),
  pvW: z.number().nullable(),
  /** Positive when importing from the grid, negative when exporting. */
  gridW: z.number().nullable(),
  /** Positive when discharging, negative when charging. */
  batteryW: z.number().nullable(),
  /** Consumption: PV + grid + battery. */
  loadW: z.number().nullable(),
});
export type PowerPoint = z.infer<typeof powerPoint>;

export const plantPowerCurve = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/power',
  summary: 'Five-minute power curve of PV, grid, battery and load for one plant-local day',
  tag: TAG,
  access: view,
  params: plantIdParams,
  query: z.strictObject({ date: calendarDate }),
  data: z.object({ date: z.string(), timeZone: z.string(), points: z.array(powerPoint) }),
  tolerated,
});

export const energyPoint = z.object({
  /** 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY' depending on the series. */
  period: z.string(),
  energyKwh: z.number(),
});
const energySeries = z.object({ points: z.array(energyPoint) });

export const plantEnergyByDay = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/energy/day',
  summary: 'Generation per day of a month',
  tag: TAG,
  access: view,
  params: plantIdParams,
  query: z.strictObject({ month: monthText }),
  data: energySeries,
  tolerated,
});

export const plantEnergyByMonth = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/energy/month',
  summary: 'Generation per month of a year',
  tag: TAG,
  access: view,
  params: plantIdParams,
  query: z.strictObject({ year: yearText }),
  data: energySeries,
  tolerated,
});

export const plantEnergyByYear = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/energy/year',
  summary: 'Generation per year, from the first year with data to this one',
  tag: TAG,
  access: view,
  params: plantIdParams,
  data: energySeries.extend({
    /** The plant's cumulative generation offset: generation before monitoring began. */
    beforeMonitoringKwh: z.number(),
  }),
  tolerated,
});

export const plantEnergyTotal = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/energy/total',
  summary: 'Lifetime generation including the cumulative generation offset',
  tag: TAG,
  access: view,
  params: plantIdParams,
  data: z.object({ energyKwh: z.number(), beforeMonitoringKwh: z.number() }),
  tolerated,
});

export const incomePoint = z.object({
  period: z.string(),
  energyKwh: z.number(),
  income: z.number(),
});
const incomeSeries = z.object({
  currency: currencyCode,
  points: z.array(incomePoint),
});
/** The generation before monitoring (the plant's offset) valued at the plant's price. */
const beforeMonitoring = z.object({ energyKwh: z.number(), income: z.number() });

export const plantIncomeByDay = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/incomes/day',
  summary: 'Income per day of a month, by the plant valuation method',
  tag: TAG,
  access: view,
  params: plantIdParams,
  query: z.strictObject({ month: monthText }),
  data: incomeSeries,
  tolerated,
});

export const plantIncomeByMonth = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/incomes/month',
  summary: 'Income per month of a year',
  tag: TAG,
  access: view,
  params: plantIdParams,
  query: z.strictObject({ year: yearText }),
  data: incomeSeries,
  tolerated,
});

export const plantIncomeByYear = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/incomes/year',
  summary: 'Income per year, and of the generation before monitoring',
  tag: TAG,
  access: view,
  params: plantIdParams,
  data: incomeSeries.extend({ beforeMonitoring }),
  tolerated,
});

export const plantIncomeTotal = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/incomes/total',
  summary: 'Lifetime energy and income, the generation before monitoring included',
  tag: TAG,
  access: view,
  params: plantIdParams,
  data: z.object({
    currency: currencyCode,
    energyKwh: z.number(),
    income: z.number(),
    beforeMonitoring,
  }),
  tolerated,
});

export const plantEnvironmental = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/environmental',
  summary: 'CO2 and standard coal avoided and trees equivalent, from the total generation',
  tag: TAG,
  access: view,
  params: plantIdParams,
  data: z.object({
    generationKwh: z.number(),
    co2Kg: z.number(),
    standardCoalKg: z.number(),
    trees: z.number(),
  }),
  tolerated,
});

export const plantInverterCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/inverterCount',
  summary: 'Number of inverters: total, online, offline, in fault',
  tag: TAG,
  access: view,
  params: plantIdParams,
  data: z.object({
    total: z.number().int(),
    online: z.number().int(),
    offline: z.number().int(),
    fault: z.number().int(),
  }),
  tolerated,
});

export const plantEventCount = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/eventCount',
  summary: 'Open events, and abnormal events that started within the last hour',
  tag: TAG,
  access: view,
  params: plantIdParams,
  data: z.object({
    open: z.number().int(),
    abnormalLastHour: z.number().int(),
  }),
  tolerated,
});

export const EVENT_STATES = ['open', 'closed'] as const;

export const plantEvent = z.object({
  id: z.number().int(),
  deviceSn: z.string(),
  deviceKind: z.enum(DEVICE_KINDS),
  code: z.string(),
  level: z.number().int(),
  levelLetter: z.enum(['P', 'W', 'F']),
  text: z.string(),
  suggestion: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  isOpen: z.boolean(),
});
export type PlantEvent = z.infer<typeof plantEvent>;

export const plantEvents = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/events',
  summary: 'Events of the plant devices, newest first, with texts in the requested language',
  tag: TAG,
  access: view,
  params: plantIdParams,
  query: z.strictObject({
    ...rules.paging,
    level: rules.integer({ min: 0, max: 99 }).optional(),
    status: z.enum(EVENT_STATES).optional(),
    /** Events that started on this plant-local day. */
    date: calendarDate.optional(),
    lan: z.enum(SERVER_LANGUAGES).optional(),
  }),
  data: pageOf(plantEvent),
  tolerated,
});

export const FLOW_NODES = ['pv', 'inverter', 'grid', 'load', 'battery'] as const;
export type FlowNode = (typeof FLOW_NODES)[number];

export const energyFlowNode = z.object({
  node: z.enum(FLOW_NODES),
  /** Whether the plant has equipment for this node (no meter: no grid node). */
  isPresent: z.boolean(),
  /** Absolute power through the node, in `unit`. */
  value: z.number(),
  unit: z.literal('W'),
  /** Where the value comes from: measured by a device kind, or derived from the others. */
  source: z.enum(['inverter', 'meter', 'battery', 'derived']),
});

export const energyFlowEdge = z.object({
  from: z.enum(FLOW_NODES),
  to: z.enum(FLOW_NODES),
  powerW: z.number(),
});

export const plantWeather = defineEndpoint({
  method: 'GET',
  path: '/api/v1/weather',
  summary:
    "The weather at a plant as its weather station last measured it (the first station's readings); null without a station",
  tag: TAG,
  access: view,
  query: z.strictObject({ plantId: rules.id }),
  data: z
    .object({
      sn: z.string(),
      status: z.enum(DEVICE_STATUSES),
      /** When the station last reported (ISO 8601), null before its first report. */
      ts: z.string().nullable(),
      irradianceWm2: z.number().nullable(),
      ambientC: z.number().nullable(),
      moduleC: z.number().nullable(),
      windMs: z.number().nullable(),
    })
    .nullable(),
  tolerated,
});

export const plantEnergyFlow = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/energyFlow',
  summary: 'Current power of PV, inverters, grid, load and battery with the flow directions',
  tag: TAG,
  access: view,
  params: plantIdParams,
  data: z.object({
    nodes: z.array(energyFlowNode),
    /** Only flows carrying power; the arrow goes from `from` to `to`. */
    flows: z.array(energyFlowEdge),
    batterySocPct: z.number().nullable(),
  }),
  tolerated,
});

export const PERIOD_RANGES = ['day', 'month', 'year', 'total'] as const;

export const plantGenerationUse = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/:id/generationUse',
  summary: 'How the generation of a period was used: self-consumed or exported',
  tag: TAG,
  access: view,
  params: plantIdParams,
  query: z.strictObject({
    range: z.enum(PERIOD_RANGES),
    /** Any day inside the period (ignored for total); defaults to plant-local today. */
    date: calendarDate.optional(),
  }),
  data: z.object({
    generationKwh: z.number(),
    selfConsumptionKwh: z.number(),
    exportKwh: z.number(),
    importKwh: z.number(),
    /** Share of the generation consumed on site, 0 to 1; null without generation. */
    selfConsumptionRatio: z.number().nullable(),
    hasMeter: z.boolean(),
  }),
  tolerated,
});

export const REPORT_GRANULARITIES = ['day', 'month'] as const;

export const plantReportRow = z.object({
  period: z.string(),
  energyKwh: z.number(),
  income: z.number(),
  importKwh: z.number(),
  exportKwh: z.number(),
});

export const plantReport = defineEndpoint({
  method: 'GET',
  path: '/api/v1/plant/report',
  summary: 'Energy and income per day or month over a date range (at most 366 days or 10 years)',
  tag: TAG,
  access: view,
  query: z
    .strictObject({
      plantId: rules.id,
      granularity: z.enum(REPORT_GRANULARITIES),
      from: calendarDate,
      to: calendarDate,
    })
    .refine((query) => query.from <= query.to, { path: ['to'], message: 'validation.date' }),
  data: z.object({
    plantId: z.number().int(),
    plantName: z.string(),
    currency: currencyCode,
    rows: z.array(plantReportRow),
  }),
  tolerated,
});
export * from './portfolio.js';
