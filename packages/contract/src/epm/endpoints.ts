import { z } from 'zod';
import { commandOutcomes, commandRecord } from '../commands/endpoints.js';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, requires } from '../http/endpoint.js';
import { serialNumber } from '../ingestion/payload.js';

/**
 * Energy-management devices (EPM): export limitation and feed-in control. The limit is set in
 * watts or as a percentage of the plant's capacity, with a fail-safe mode for when the EPM loses
 * its grid measurement; settings travel through the command channel and are read back. The
 * list is the EPM family's `/api/v1/epms` (devices/families.ts), like every other family's.
 */

export const EXPORT_LIMIT_MODES = ['watts', 'percent'] as const;
/** What the EPM does without a grid measurement: curtail to zero export, keep the limit, or nothing. */
export const FAIL_SAFE_MODES = ['zeroExport', 'holdLimit', 'disabled'] as const;
export const MAX_EXPORT_LIMIT_W = 10_000_000;

/** The device's setting keys (docs/device-protocol.md, EPM). */
export const EPM_SETTING_KEYS = {
  mode: 'exportLimitMode',
  limit: 'exportLimit',
  failSafe: 'failSafeMode',
} as const;

export const epmSettings = z
  .strictObject({
    mode: z.enum(EXPORT_LIMIT_MODES),
    limit: z
      .number()
      .finite()
      .min(0, 'validation.invalid')
      .max(MAX_EXPORT_LIMIT_W, 'validation.invalid'),
    failSafe: z.enum(FAIL_SAFE_MODES),
  })
  .refine((settings) => settings.mode === 'watts' || settings.limit <= 100, {
    message: 'validation.percentage',
    path: ['limit'],
  });
export type EpmSettings = z.infer<typeof epmSettings>;

export const epmSettingsData = z.object({
  /** As the device read them back (null when it reported none of the keys). */
  settings: epmSettings.nullable(),
  command: commandRecord,
});

const snParams = z.strictObject({ sn: serialNumber });
const epmCommandOutcomes = [ErrorCode.deviceNotFound, ...commandOutcomes] as const;

export const readEpmSettings = defineEndpoint({
  method: 'GET',
  path: '/api/v1/epm/:sn/settings',
  summary: "Read an EPM's export limitation from the device itself",
  tag: 'epm',
  access: requires('epm.view'),
  params: snParams,
  data: epmSettingsData,
  tolerated: [...epmCommandOutcomes],
});

export const writeEpmSettings = defineEndpoint({
  method: 'POST',
  path: '/api/v1/epm/:sn/settings',
  summary: 'Write the export limitation; answers the values the device read back',
  tag: 'epm',
  access: requires('epm.setting'),
  encoding: 'json',
  params: snParams,
  body: epmSettings,
  data: epmSettingsData,
  tolerated: [...epmCommandOutcomes, ErrorCode.validation],
});
