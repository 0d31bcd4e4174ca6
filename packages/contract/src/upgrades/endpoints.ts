import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, publicAccess, requires } from '../http/endpoint.js';
import { serialNumber } from '../ingestion/payload.js';
import * as rules from '../validation/rules.js';

/**
 * Remote upgrades (spec sections 3, 4 and 7; CONTRACT.md "Firmware"): single, batch and cut
 * upgrades, their progress per device and per batch, the device's side (download with Range,
 * progress reports) and the maintenance log of every attempt.
 */

const TAG = 'upgrades';

/** An upgrade job's life: `scheduled` (cut upgrades) until sent, then the device's reports. */
export const UPGRADE_STATUSES = [
  'scheduled',
  'sending',
  'downloading',
  'installing',
  'succeeded',
  'failed',
  'canceled',
] as const;
export type UpgradeStatus = (typeof UPGRADE_STATUSES)[number];
export const FINISHED_UPGRADE_STATUSES: readonly UpgradeStatus[] = [
  'succeeded',
  'failed',
  'canceled',
];

/** `campaign`: a job of an upgrade campaign's wave (`campaigns/endpoints.ts`). */
export const UPGRADE_KINDS = ['single', 'batch', 'cut', 'campaign'] as const;

export const upgradeProgress = z.object({
  jobId: z.string(),
  batchId: z.string(),
  sn: z.string(),
  status: z.enum(UPGRADE_STATUSES),
  percent: z.number().int().min(0).max(100),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  failureReason: z.string().nullable(),
});
export type UpgradeProgress = z.infer<typeof upgradeProgress>;

const snParams = z.strictObject({ sn: serialNumber });
const firmwareId = rules.id;

/** Refusals an upgrade request answers by design (spec section 8 messages). */
const upgradeRefusals = [
  ErrorCode.deviceOffline,
  ErrorCode.firmwareLatest,
  ErrorCode.firmwareMismatch,
  ErrorCode.upgradeStatusRefused,
  ErrorCode.upgradeDevicesOffline,
] as const;

export const upgradeStarted = z.object({ batchId: z.string(), jobIds: z.array(z.string()) });

export const upgradeInverter = defineEndpoint({
  method: 'POST',
  path: '/api/v1/inverter/:sn/upgrade',
  summary: 'Start upgrading one device to a firmware; answers once the device took the job',
  tag: TAG,
  access: requires('inverter.upgrade'),
  encoding: 'json',
  params: snParams,
  body: z.strictObject({ firmwareId }),
  data: upgradeStarted,
  tolerated: [...upgradeRefusals, ErrorCode.commandFailed, ErrorCode.timeout],
});

const batchBody = {
  firmwareId,
  sns: z.array(serialNumber).min(1, 'validation.required').max(500, 'validation.maxLength'),
  /** The caller saw the offline devices (code 4006 lists them) and upgrades anyway. */
  includeOffline: z.boolean().default(false),
};

export const batchUpgrade = defineEndpoint({
  method: 'POST',
  path: '/api/v1/upgrades/batch',
  summary:
    'Upgrade several devices now; 4006 lists offline ones until the caller confirms with includeOffline',
  tag: TAG,
  access: requires('inverter.upgrade'),
  encoding: 'json',
  body: z.strictObject(batchBody),
  data: upgradeStarted,
  tolerated: [...upgradeRefusals],
});

/**
 * Cut upgrade: each device moves to the firmware after its current operation (no command in
 * flight, no upgrade running) at or after `at` (default now); a busy device is looked at again
 * a minute later.
 */
export const cutUpgrade = defineEndpoint({
  method: 'POST',
  path: '/api/v1/upgrades/cut',
  summary: 'Schedule devices to upgrade after their current operation, at or after a set time',
  tag: TAG,
  access: requires('inverter.upgrade'),
  encoding: 'json',
  body: z.strictObject({ ...batchBody, at: z.string().datetime({ offset: true }).optional() }),
  data: upgradeStarted,
  tolerated: [...upgradeRefusals],
});

export const inverterUpgradeProgress = defineEndpoint({
  method: 'GET',
  path: '/api/v1/inverter/:sn/upgrade/progress',
  summary: "The device's latest upgrade: status and percent",
  tag: TAG,
  access: requires('inverter.view'),
  params: snParams,
  data: upgradeProgress,
});

export const batchUpgradeProgress = defineEndpoint({
  method: 'GET',
  path: '/api/v1/upgrades/batch/:batchId',
  summary: 'Progress of every device of a batch and of the batch as a whole',
  tag: TAG,
  access: requires('inverter.view'),
  params: z.strictObject({ batchId: z.string().uuid() }),
  data: z.object({
    percent: z.number().int(),
    isFinished: z.boolean(),
    succeeded: z.number().int(),
    failed: z.number().int(),
    devices: z.array(upgradeProgress),
  }),
});

/** What a device reports while upgrading (docs/firmware.md). */
export const upgradeReport = z.strictObject({
  status: z.enum(['downloading', 'installing', 'succeeded', 'failed']),
  percent: z.number().int().min(0).max(100),
  /** With `succeeded` (and `failed` after a reboot): the version the device runs now. */
  version: z.string().max(32).optional(),
  reason: z.string().max(500).optional(),
});

export const reportUpgrade = defineEndpoint({
  method: 'POST',
  path: '/device/v1/upgrade/:jobId/report',
  summary: "A device's upgrade progress; authorised by the job's download token",
  tag: TAG,
  access: publicAccess,
  encoding: 'json',
  params: z.strictObject({ jobId: z.string().uuid() }),
  query: z.strictObject({ token: z.string().min(16).max(128) }),
  body: upgradeReport,
  data: z.object({ accepted: z.boolean() }),
});

/**
 * The firmware file of one job, `GET` with optional `Range: bytes=a-b` (206), authorised by the
 * token of the job's expiring URL; not an envelope route.
 */
export const FIRMWARE_DOWNLOAD_PATH = '/device/v1/upgrade/:jobId/firmware';

export const maintenanceRecord = z.object({
  id: z.string(),
  batchId: z.string(),
  kind: z.enum(UPGRADE_KINDS),
  sn: z.string(),
  deviceKind: z.string(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  firmwareFileName: z.string().nullable(),
  user: z.string().nullable(),
  status: z.enum(UPGRADE_STATUSES),
  percent: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  durationSeconds: z.number().int().nullable(),
  failureReason: z.string().nullable(),
});
export type MaintenanceRecord = z.infer<typeof maintenanceRecord>;

/** The filters of the maintenance log (its list and its CSV); check with `rules.rangeInOrder`. */
export const maintenanceFilters = {
  sn: rules.text(64).optional(),
  plantId: rules.id.optional(),
  status: z.enum(UPGRADE_STATUSES).optional(),
  // When the attempt was created, `to` excluded.
  ...rules.instantRange,
};

export const listMaintenanceLog = defineEndpoint({
  method: 'GET',
  path: '/api/v1/logs/maintenance',
  summary: 'Every upgrade attempt on the devices the caller may see, newest first',
  tag: TAG,
  access: requires('logger.upgrade.record'),
  query: rules.rangeInOrder(z.strictObject({ ...rules.paging, ...maintenanceFilters })),
  data: pageOf(maintenanceRecord),
  tolerated: [ErrorCode.validation],
});

export const exportMaintenanceLog = defineEndpoint({
  method: 'GET',
  path: '/api/v1/logs/maintenance/export',
  summary: 'CSV (UTF-8) of the filtered upgrade attempts; same filters as the list',
  tag: TAG,
  access: requires('logger.upgrade.record'),
  query: rules.rangeInOrder(z.strictObject(maintenanceFilters)),
  data: z.string(),
  download: { contentType: 'text/csv; charset=utf-8' },
});
