import { z } from 'zod';
import { auditFilters } from '../audit/endpoints.js';
import { commandLogFilters, debugLogFilters } from '../commands/endpoints.js';
import { eventFilters } from '../events/endpoints.js';
import { defineEndpoint, pageOf, signedIn } from '../http/endpoint.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';
import { GENERIC_FAMILY_IDS } from '../devices/families.js';
import { serialNumber } from '../ingestion/payload.js';
import { DEVICE_STATUSES } from '../ingestion/status.js';
import { calendarDate, PLANT_STATUSES, plantTypeCode } from '../plants/schemas.js';
import { REPORT_COLUMNS, REPORT_GROUPINGS } from '../reports/periods.js';
import * as rules from '../validation/rules.js';
import { versionLogFilters } from '../versions/endpoints.js';
import { workOrderFilters } from '../work-orders/endpoints.js';

/**
 * The export centre: a large table written to an XLSX or CSV file by a background job, with
 * progress in percent, kept as a download record until it expires. Each kind takes the
 * filters of its list and needs the permission of that list. An export of another user answers
 * code 2 like one that does not exist.
 */
const TAG = 'exports';

export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** Reports may also be a PDF (A4, real text, made on the server). */
export const FILE_FORMATS = [...EXPORT_FORMATS, 'pdf'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];
export const EXPORT_STATUSES = ['queued', 'running', 'ready', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

const common = {
  format: z.enum(EXPORT_FORMATS),
  /** The language of the headers; else the request's Accept-Language. */
  lan: z.enum(SERVER_LANGUAGES).optional(),
};

const eventListFilters = z.object(eventFilters).omit({ lan: true }).shape;

/** One entry per kind: `{ kind, format, …the filters of that list }`. */
export const exportRequest = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('plants'),
    ...common,
    name: rules.text(40).optional(),
    status: z.enum(PLANT_STATUSES).optional(),
    plantType: plantTypeCode.optional(),
  }),
  z.strictObject({ kind: z.literal('events'), ...common, ...eventListFilters }),
  z.strictObject({
    kind: z.literal('inverters'),
    ...common,
    plantId: rules.id.optional(),
    keyword: rules.text(40).optional(),
    status: z.enum(DEVICE_STATUSES).optional(),
  }),
  /**
   * The energy report: generation, grid import and export of each visible plant over the
   * plant-local days `from`..`to` (inclusive), from the same daily rollups as the overview, one
   * row per plant, per device or per plant and day or month. The file holds the report page's rows and
   * totals with the chosen figure columns (all when missing), in `REPORT_COLUMNS` order.
   */
  z.strictObject({
    kind: z.literal('report'),
    ...common,
    format: z.enum(FILE_FORMATS),
    from: calendarDate,
    to: calendarDate,
    grouping: z.enum(REPORT_GROUPINGS).default('plant'),
    plantIds: z.array(rules.id).min(1).max(500).optional(),
    columns: z.array(z.enum(REPORT_COLUMNS)).min(1, 'validation.required').optional(),
  }),
  /** The platform administrators' audit log, filtered like its list. */
  rules.rangeInOrder(z.strictObject({ kind: z.literal('audit'), ...common, ...auditFilters })),
  /**
   * Every reading one device (any kind the caller may see) stored over one plant-local day, a
   * row per reading time, a column per value; times in the plant's time zone with their offset.
   */
  z.strictObject({ kind: z.literal('deviceDay'), ...common, sn: serialNumber, date: calendarDate }),
  /** The list of one device family beyond inverters (meters, batteries, …), filtered like it. */
  z.strictObject({
    kind: z.literal('devices'),
    ...common,
    family: z.enum(GENERIC_FAMILY_IDS),
    plantId: rules.id.optional(),
    keyword: rules.text(40).optional(),
    status: z.enum(DEVICE_STATUSES).optional(),
  }),
  /** The communication log (commands sent to visible devices), filtered like its list. */
  rules.rangeInOrder(
    z.strictObject({ kind: z.literal('commandLog'), ...common, ...commandLogFilters }),
  ),
  /** The debug log (raw exchanges with visible dataloggers), filtered like its list. */
  rules.rangeInOrder(
    z.strictObject({ kind: z.literal('debugLog'), ...common, ...debugLogFilters }),
  ),
  /**
   * The system update log (released versions with their notes in the file's language, English
   * when it has none), filtered like its list; any signed-in user may export it.
   */
  rules.rangeInOrder(
    z.strictObject({ kind: z.literal('versionLog'), ...common, ...versionLogFilters }),
  ),
  /** The visible work orders, filtered like their list ("mine" is the requester's). */
  z.strictObject({ kind: z.literal('workOrders'), ...common, ...workOrderFilters }),
]);
export type ExportRequest = z.input<typeof exportRequest>;
export type ExportKind = ExportRequest['kind'];
export const EXPORT_KINDS = [
  'plants',
  'events',
  'inverters',
  'report',
  'audit',
  'deviceDay',
  'devices',
  'commandLog',
  'debugLog',
  'versionLog',
  'workOrders',
] as const satisfies ExportKind[];

export const downloadRecord = z.object({
  id: z.number().int(),
  kind: z.enum(EXPORT_KINDS),
  format: z.enum(FILE_FORMATS),
  fileName: z.string(),
  status: z.enum(EXPORT_STATUSES),
  percent: z.number().int(),
  /** Data rows in the file, once ready. */
  rowCount: z.number().int().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Where the file is downloaded (with the bearer token) once ready, else null. */
  fileUrl: z.string().nullable(),
  createdAt: z.string(),
  /** When the file is removed; null until it is ready. */
  expiresAt: z.string().nullable(),
});
export type DownloadRecord = z.infer<typeof downloadRecord>;

const exportIdParams = z.strictObject({ id: rules.id });

export const createExport = defineEndpoint({
  method: 'POST',
  path: '/api/v1/exports',
  summary:
    'Start an export (kind plants, events, inverters, report, audit, deviceDay, devices, commandLog, debugLog, versionLog or workOrders; format xlsx or csv, or pdf for a report; the filters of that list); answers the download record id',
  tag: TAG,
  access: signedIn,
  encoding: 'json',
  body: exportRequest,
  data: z.object({ id: z.number().int() }),
});

export const exportStatus = defineEndpoint({
  method: 'GET',
  path: '/api/v1/exports/:id',
  summary: "An export's status, progress in percent and, once ready, its file URL",
  tag: TAG,
  access: signedIn,
  params: exportIdParams,
  data: downloadRecord,
});

export const downloadExportFile = defineEndpoint({
  method: 'GET',
  path: '/api/v1/exports/:id/file',
  summary: 'The file of a ready export, streamed',
  tag: TAG,
  access: signedIn,
  params: exportIdParams,
  data: z.string(),
  download: { contentType: 'application/octet-stream' },
});

export const deleteExport = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/exports/:id',
  summary: 'Delete a download record and its file',
  tag: TAG,
  access: signedIn,
  params: exportIdParams,
  data: z.null(),
});

export const listDownloads = defineEndpoint({
  method: 'GET',
  path: '/api/v1/downloads',
  summary: "The caller's download records (exports), newest first",
  tag: TAG,
  access: signedIn,
  query: z.strictObject({ ...rules.paging }),
  data: pageOf(downloadRecord),
});
