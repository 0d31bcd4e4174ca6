import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';
import {
  firmwareFields,
  firmwareKindOf,
  firmwareUpload,
  UPGRADE_MODES,
  UPGRADE_STRATEGIES,
} from './library.js';

/**
 * The firmware library (spec sections 3 and 5, CONTRACT.md "Firmware"): entries per product and
 * version with their file in object storage, the enabled flag, and the version history.
 */

const TAG = 'firmware';
const manage = requires('firmware.management');

export const firmwareRecord = z.object({
  id: z.number().int(),
  firmId: z.string(),
  brand: z.string(),
  product: z.string(),
  epn: z.string(),
  equipType: z.number().int(),
  version: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  upgradeMode: z.enum(UPGRADE_MODES),
  strategy: z.enum(UPGRADE_STRATEGIES),
  isEnabled: z.boolean(),
  notes: z.string(),
  /** Null for the platform's own firmware, which every company sees. */
  companyId: z.number().int().nullable(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type FirmwareRecord = z.infer<typeof firmwareRecord>;

const equipType = z.coerce
  .number()
  .int()
  .refine((value) => firmwareKindOf(value) !== undefined, 'validation.invalid');

export const createFirmware = defineEndpoint({
  method: 'POST',
  path: '/api/v1/firmware',
  summary:
    'Upload a firmware (.bin or .hex, checked by content, SHA-256 stored) with the fields of section 3',
  tag: TAG,
  access: manage,
  encoding: 'multipart',
  upload: { ...firmwareUpload, fields: firmwareFields },
  data: z.object({ id: z.number().int() }),
  tolerated: [
    ErrorCode.firmwareNameDuplicate,
    ErrorCode.firmwareLatest,
    ErrorCode.firmwareVersionDuplicate,
  ],
});

export const listFirmwares = defineEndpoint({
  method: 'GET',
  path: '/api/v1/firmwares',
  summary: 'Firmware library entries the caller may see, newest first',
  tag: TAG,
  access: manage,
  query: z.strictObject({
    ...rules.paging,
    equipType: equipType.optional(),
    keyword: rules.text(64).optional(),
    product: rules.text(64).optional(),
    isEnabled: rules.flag.optional(),
  }),
  data: pageOf(firmwareRecord),
});

const idParams = z.strictObject({ id: rules.id });

export const setFirmwareEnabled = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/firmware/:id/enabled',
  summary: 'Enable or disable a firmware (a disabled one is offered for no upgrade)',
  tag: TAG,
  access: manage,
  encoding: 'json',
  params: idParams,
  body: z.strictObject({ isEnabled: z.boolean() }),
  data: firmwareRecord,
});

export const deleteFirmware = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/firmware/:id',
  summary: 'Delete a firmware and its file; upgrades already running keep their record',
  tag: TAG,
  access: manage,
  params: idParams,
  data: z.null(),
  tolerated: [ErrorCode.noPermission],
});

export const firmwareVersion = z.object({
  version: z.string(),
  product: z.string(),
  brand: z.string(),
  equipType: z.number().int(),
  notes: z.string(),
  releasedAt: z.string(),
});

const versionsQuery = z.strictObject({
  product: rules.text(64).optional(),
  equipType: equipType.optional(),
});

export const listFirmwareVersions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/firmware/versions',
  summary: 'Version history per product of the firmware the caller may see, newest first',
  tag: TAG,
  access: manage,
  query: versionsQuery,
  data: z.array(firmwareVersion),
});
