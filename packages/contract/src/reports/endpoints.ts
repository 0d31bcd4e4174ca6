import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';
import { amountsByCurrency, calendarDate } from '../plants/schemas.js';
import { currencyCode, timeZone } from '../validation/reference-codes.js';
import * as rules from '../validation/rules.js';
import {
  CONFIG_PERIODS,
  daysInRange,
  MAX_CUSTOM_RANGE_DAYS,
  REPORT_COLUMNS,
  REPORT_FILE_FORMATS,
  REPORT_GROUPINGS,
} from './periods.js';

export * from './periods.js';

/**
 * Reports (`/workdata/report`): energy, income and derived figures of the caller's plants over
 * plant-local days, from the overview's own rollups, and saved report configurations that may
 * carry a cron rule for scheduled files. Energy in kWh, money in the plant's currency, raw
 * values: the web formats them with the section 9 formatters.
 */
const TAG = 'reports';
const view = requires('workdata.view');
const tolerated = [ErrorCode.plantNotFound, ErrorCode.reportConfigExists] as const;

/** At most this many plants in one report or configuration. */
export const MAX_REPORT_PLANTS = 500;
/** At most this many saved configurations per user. */
export const MAX_REPORT_CONFIGS = 50;
/** At most this many mail recipients per configuration. */
export const MAX_REPORT_RECIPIENTS = 20;
/** How many of a configuration's scheduled deliveries the page lists, newest first. */
export const REPORT_DELIVERIES_SHOWN = 20;

const plantIds = z.array(rules.id).max(MAX_REPORT_PLANTS, 'validation.maxLength');

/**
 * Five cron fields (minute hour day month weekday), evaluated in the configuration's time zone;
 * the server parses it.
 */
export const cronRule = z
  .string()
  .trim()
  .regex(/^(\S+\s+){4}\S+$/, 'validation.invalid');

export const runReport = defineEndpoint({
  method: 'POST',
  path: '/api/v1/reports/run',
  summary:
    'A report over plant-local days from..to: one row per plant, per device (inverters, and meters for grid figures), or per plant and day or month, with totals (at most 366 days per day row set, 10 years per month row set)',
  tag: TAG,
  access: view,
  encoding: 'json',
  body: z
    .strictObject({
      /** Empty or missing: every plant the caller sees. */
      plantIds: plantIds.optional(),
      grouping: z.enum(REPORT_GROUPINGS),
      from: calendarDate,
      to: calendarDate,
    })
    .refine((body) => body.from <= body.to, { path: ['to'], message: 'validation.date' }),
  data: z.object({
    rows: z.array(
      z.object({
        plantId: z.number().int(),
        plantName: z.string(),
        /**
         * Grouping `device`: the inverter or meter of the row (its alias, else its serial
         * number); null in the other groupings.
         */
        deviceId: z.number().int().nullable(),
        deviceName: z.string().nullable(),
        /** The period label: `from – to`, a day or a month. */
        period: z.string(),
        currency: currencyCode,
        capacityKwp: z.number(),
        energyKwh: z.number(),
        income: z.number(),
        /** The largest sum of the inverters' 5-minute power in the period (kW); null without data. */
        peakPowerKw: z.number().nullable(),
        /** Energy over capacity; null without capacity. */
        equivalentHours: z.number().nullable(),
        /**
         * Energy over (irradiation × capacity), from the plant's weather station; null (not
         * available, never 0) without a station, its irradiation or a capacity.
         */
        performanceRatio: z.number().nullable(),
        /** Energy × CO2_KG_PER_KWH (0.475 kg/kWh, see overview/environment.ts). */
        co2SavedKg: z.number(),
        /** Null where the plant has no meter. */
        importKwh: z.number().nullable(),
        exportKwh: z.number().nullable(),
        selfConsumptionKwh: z.number().nullable(),
      }),
    ),
    totals: z.object({
      energyKwh: z.number(),
      /** The largest row's peak; null when no row has one. */
      peakPowerKw: z.number().nullable(),
      co2SavedKg: z.number(),
      importKwh: z.number(),
      exportKwh: z.number(),
      /** Income per currency, since plants may price in different ones. */
      incomes: amountsByCurrency(),
    }),
  }),
  tolerated,
});

const configFields = {
  name: rules.name(40),
  plantIds,
  period: z.enum(CONFIG_PERIODS),
  /** Period `custom`: the first and last plant-local day of every file; null otherwise. */
  from: calendarDate.nullable().default(null),
  to: calendarDate.nullable().default(null),
  grouping: z.enum(REPORT_GROUPINGS),
  columns: z.array(z.enum(REPORT_COLUMNS)).min(1, 'validation.required'),
  language: z.enum(SERVER_LANGUAGES),
  format: z.enum(REPORT_FILE_FORMATS),
  /** Null: run by hand only. */
  schedule: cronRule.nullable(),
  /** The owner's IANA zone the rule runs in and the last complete period is counted in. */
  timeZone: timeZone.default('UTC'),
  /**
   * Addresses each scheduled run mails its PDF and XLSX to, each in the language of the user
   * holding the address, else in the configuration's language. Empty: no mail.
   */
  recipients: z.array(rules.email).max(MAX_REPORT_RECIPIENTS, 'validation.maxLength').default([]),
};

/** A custom period needs from <= to, at most MAX_CUSTOM_RANGE_DAYS days; others no range. */
export const reportConfigBody = z.strictObject(configFields).superRefine((body, ctx) => {
  if (body.period !== 'custom') {
    if (body.from !== null || body.to !== null) {
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.invalid' });
    }
    return;
  }
  if (body.from === null)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
  if (body.to === null)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.required' });
  if (body.from === null || body.to === null) return;
  const days = daysInRange(body.from, body.to);
  if (days < 1 || days > MAX_CUSTOM_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.date' });
  }
});
export type ReportConfigBody = z.input<typeof reportConfigBody>;

export const reportConfig = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Empty: every plant the owner sees when the report runs. */
  plantIds: z.array(z.number().int()),
  period: z.enum(CONFIG_PERIODS),
  from: z.string().nullable(),
  to: z.string().nullable(),
  grouping: z.enum(REPORT_GROUPINGS),
  columns: z.array(z.enum(REPORT_COLUMNS)),
  language: z.enum(SERVER_LANGUAGES),
  format: z.enum(REPORT_FILE_FORMATS),
  schedule: z.string().nullable(),
  timeZone: z.string(),
  /** When the schedule next produces a file (UTC ISO 8601); null without schedule. */
  nextRunAt: z.string().nullable(),
  lastRunAt: z.string().nullable(),
  /** The download record of the last scheduled file. */
  lastExportId: z.number().int().nullable(),
  recipients: z.array(z.string()),
});
export type ReportConfig = z.infer<typeof reportConfig>;

const configIdParams = z.strictObject({ id: rules.id });

export const listReportConfigs = defineEndpoint({
  method: 'GET',
  path: '/api/v1/report/configs',
  summary: "The caller's saved report configurations, by name",
  tag: TAG,
  access: view,
  query: z.strictObject({ ...rules.paging }),
  data: pageOf(reportConfig),
});

export const createReportConfig = defineEndpoint({
  method: 'POST',
  path: '/api/v1/report/config',
  summary: 'Save a report configuration (name unique per user: code 1400)',
  tag: TAG,
  access: view,
  encoding: 'json',
  body: reportConfigBody,
  data: z.object({ id: z.number().int() }),
  tolerated,
});

export const updateReportConfig = defineEndpoint({
  method: 'POST',
  path: '/api/v1/report/config/:id',
  summary: 'Change a saved report configuration',
  tag: TAG,
  access: view,
  encoding: 'json',
  params: configIdParams,
  body: reportConfigBody,
  data: z.null(),
  tolerated,
});

export const deleteReportConfig = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/report/config/:id',
  summary: 'Delete a saved report configuration',
  tag: TAG,
  access: view,
  params: configIdParams,
  data: z.null(),
});

export const runReportConfig = defineEndpoint({
  method: 'POST',
  path: '/api/v1/report/config/:id/file',
  summary:
    "Produce the configuration's file now (its format, language and the last complete period); answers the download record id",
  tag: TAG,
  access: view,
  encoding: 'json',
  params: configIdParams,
  body: z.strictObject({}),
  data: z.object({ id: z.number().int() }),
});

/** A scheduled mail run: queued until every recipient's mail went out, failed while one is refused. */
export const REPORT_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type ReportDeliveryStatus = (typeof REPORT_DELIVERY_STATUSES)[number];

export const reportDelivery = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  createdAt: z.string(),
  status: z.enum(REPORT_DELIVERY_STATUSES),
  recipients: z.array(
    z.object({
      email: z.string(),
      status: z.enum(REPORT_DELIVERY_STATUSES),
      /** The last refusal (SMTP answer or build error); retried with back-off until sent. */
      error: z.string().nullable(),
      attempts: z.number().int(),
      sentAt: z.string().nullable(),
    }),
  ),
  /** Why the files could not be built, if they could not. */
  error: z.string().nullable(),
});
export type ReportDelivery = z.infer<typeof reportDelivery>;

export const listReportDeliveries = defineEndpoint({
  method: 'GET',
  path: '/api/v1/report/config/:id/deliveries',
  summary:
    "The configuration's latest scheduled mail deliveries, newest first, with each recipient's status",
  tag: TAG,
  access: view,
  params: configIdParams,
  data: z.object({ deliveries: z.array(reportDelivery) }),
});
