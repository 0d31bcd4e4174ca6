import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { firmwareKindOf } from '../firmware/library.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';

/**
 * Upgrade campaigns (issue 13, docs/firmware.md "Campaigns"): one firmware rolled out to many
 * devices in waves (a canary, then growing waves), only inside each plant's local window, and
 * paused by itself when a wave fails too often.
 */

const TAG = 'upgrades';

export const CAMPAIGN_STATUSES = ['running', 'paused', 'canceled', 'completed'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/**
 * A device's place in a campaign: `pending` until its wave, `sent` while its upgrade job runs,
 * then the job's result; `offline` when it stayed offline for every retry, `skipped` when it
 * no longer needs or allows the upgrade (already on the version, status refused).
 */
export const CAMPAIGN_DEVICE_STATUSES = [
  'pending',
  'sent',
  'succeeded',
  'failed',
  'offline',
  'skipped',
  'canceled',
] as const;
export type CampaignDeviceStatus = (typeof CAMPAIGN_DEVICE_STATUSES)[number];

/**
 * When a device may be upgraded, in its plant's local time: `any` time, at `night` (after
 * sunset and before sunrise at the plant's position; no inverter stops producing), or between
 * two `hours` (`start` to `end`, crossing midnight when `end` is earlier).
 */
export const CAMPAIGN_WINDOW_MODES = ['any', 'night', 'hours'] as const;
export type CampaignWindowMode = (typeof CAMPAIGN_WINDOW_MODES)[number];

/** Why a campaign paused: a user, or a wave's failure rate above the threshold. */
export const CAMPAIGN_PAUSE_REASONS = ['user', 'failureRate'] as const;

export const CAMPAIGN_ACTIONS = ['pause', 'resume', 'cancel', 'retryFailed'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** Which of the actions each status allows. */
export const CAMPAIGN_ACTIONS_BY_STATUS: Record<CampaignStatus, readonly CampaignAction[]> = {
  running: ['pause', 'cancel'],
  paused: ['resume', 'cancel', 'retryFailed'],
  canceled: [],
  completed: ['retryFailed'],
};

export const CAMPAIGN_LIMITS = {
  nameMaxLength: 60,
  canaryPercent: { min: 0.1, max: 50 },
  growthFactor: { min: 1, max: 10 },
  maxWaveSize: { min: 1, max: 5000 },
  failureThresholdPercent: { min: 0, max: 100 },
  waveTimeoutMinutes: { min: 5, max: 1440 },
  offlineRetries: { min: 0, max: 50 },
  maxDevices: 20000,
} as const;

/** A local time of day, `HH:MM` (24 h). */
export const campaignClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'validation.invalid');

export const campaignWindow = z
  .strictObject({
    mode: z.enum(CAMPAIGN_WINDOW_MODES),
    start: campaignClockTime.optional(),
    end: campaignClockTime.optional(),
  })
  .refine((window) => window.mode !== 'hours' || (window.start && window.end), {
    message: 'validation.required',
    path: ['start'],
  });
export type CampaignWindow = z.infer<typeof campaignWindow>;

/**
 * The window of a campaign that names none: a datalogger's upgrade stops no production, so
 * datalogger firmware goes any time; every other kind waits for the night.
 */
export function defaultCampaignWindow(equipType: number): CampaignWindow {
  return firmwareKindOf(equipType)?.id === 'datalogger' ? { mode: 'any' } : { mode: 'night' };
}

const between = (range: { min: number; max: number }, decimals = 0) =>
  rules.decimal({ ...range, decimals, message: 'validation.settingRange' });

export const createCampaignBody = z.strictObject({
  name: z.string().trim().min(1, 'validation.required').max(CAMPAIGN_LIMITS.nameMaxLength),
  firmwareId: rules.id,
  /** The devices: those of the firmware's kind and model, narrowed by these. */
  fromVersion: z.string().trim().max(32).optional(),
  plantId: rules.id.optional(),
  /** Platform administrators only; a company's users always target their company. */
  companyId: rules.id.optional(),
  canaryPercent: between(CAMPAIGN_LIMITS.canaryPercent, 1).default(1),
  growthFactor: between(CAMPAIGN_LIMITS.growthFactor, 1).default(2),
  maxWaveSize: between(CAMPAIGN_LIMITS.maxWaveSize).default(500),
  failureThresholdPercent: between(CAMPAIGN_LIMITS.failureThresholdPercent).default(20),
  waveTimeoutMinutes: between(CAMPAIGN_LIMITS.waveTimeoutMinutes).default(120),
  offlineRetries: between(CAMPAIGN_LIMITS.offlineRetries).default(3),
  /** `defaultCampaignWindow` of the firmware's kind when left out. */
  window: campaignWindow.optional(),
});
export type CreateCampaignBody = z.input<typeof createCampaignBody>;

const deviceCounts = z.object(
  Object.fromEntries(CAMPAIGN_DEVICE_STATUSES.map((status) => [status, z.number().int()])) as {
    [S in CampaignDeviceStatus]: z.ZodNumber;
  },
);
export type CampaignDeviceCounts = z.infer<typeof deviceCounts>;

export const campaignSummary = z.object({
  id: z.string(),
  name: z.string(),
  firmwareId: z.number().int().nullable(),
  firmwareFileName: z.string(),
  toVersion: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  pauseReason: z.enum(CAMPAIGN_PAUSE_REASONS).nullable(),
  window: campaignWindow,
  failureThresholdPercent: z.number(),
  currentWave: z.number().int(),
  totalDevices: z.number().int(),
  counts: deviceCounts,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CampaignSummary = z.infer<typeof campaignSummary>;

export const campaignWave = z.object({
  number: z.number().int(),
  size: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  open: z.number().int(),
  failureRatePercent: z.number(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type CampaignWave = z.infer<typeof campaignWave>;

export const campaignDevice = z.object({
  sn: z.string(),
  deviceKind: z.string(),
  plantName: z.string().nullable(),
  wave: z.number().int().nullable(),
  status: z.enum(CAMPAIGN_DEVICE_STATUSES),
  fromVersion: z.string().nullable(),
  offlineChecks: z.number().int(),
  reason: z.string().nullable(),
});
export type CampaignDevice = z.infer<typeof campaignDevice>;

const campaignParams = z.strictObject({ campaignId: z.string().uuid() });

export const createCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/v1/upgrades/campaigns',
  summary: 'Start an upgrade campaign: the matching devices in a canary wave, then growing waves',
  tag: TAG,
  access: requires('inverter.upgrade'),
  encoding: 'json',
  body: createCampaignBody,
  data: campaignSummary,
  tolerated: [ErrorCode.campaignNoTargets, ErrorCode.firmwareNotFound],
});

export const listCampaigns = defineEndpoint({
  method: 'GET',
  path: '/api/v1/upgrades/campaigns',
  summary: 'The upgrade campaigns of the caller’s company (every campaign for the platform)',
  tag: TAG,
  access: requires('inverter.view'),
  query: z.strictObject({ ...rules.paging, status: z.enum(CAMPAIGN_STATUSES).optional() }),
  data: pageOf(campaignSummary),
});

export const campaignDetail = defineEndpoint({
  method: 'GET',
  path: '/api/v1/upgrades/campaigns/:campaignId',
  summary: 'One campaign with its waves (counts, failure rate) and every device',
  tag: TAG,
  access: requires('inverter.view'),
  params: campaignParams,
  data: z.object({
    campaign: campaignSummary,
    waves: z.array(campaignWave),
    devices: z.array(campaignDevice),
  }),
  tolerated: [ErrorCode.campaignNotFound],
});

export const changeCampaign = defineEndpoint({
  method: 'POST',
  path: '/api/v1/upgrades/campaigns/:campaignId/action',
  summary: 'Pause, resume or cancel a campaign, or put its failed devices back in line',
  tag: TAG,
  access: requires('inverter.upgrade'),
  encoding: 'json',
  params: campaignParams,
  body: z.strictObject({ action: z.enum(CAMPAIGN_ACTIONS) }),
  data: campaignSummary,
  tolerated: [ErrorCode.campaignStateRefused, ErrorCode.campaignNotFound],
});
