import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, requires } from '../http/endpoint.js';
import { DEVICE_KINDS, serialNumber } from '../ingestion/payload.js';
import { DEVICE_STATUSES } from '../ingestion/status.js';

/**
 * Any device kind by serial number (CONTRACT.md "Devices"). A device is visible when its
 * datalogger's plant is; an unknown or invisible one answers 606 (device not found).
 */
export const equipmentRealtime = defineEndpoint({
  method: 'GET',
  path: '/api/v1/equip/:sn/realtime',
  summary: 'The latest readings of a device under the device protocol’s value keys',
  tag: 'equipment',
  access: requires('equip.view'),
  params: z.strictObject({ sn: serialNumber }),
  data: z.object({
    sn: z.string(),
    kind: z.enum(DEVICE_KINDS),
    status: z.enum(DEVICE_STATUSES),
    /** When the readings were received (the device's last report), null before the first. */
    ts: z.string().nullable(),
    values: z.record(z.string(), z.unknown()),
  }),
  tolerated: [ErrorCode.deviceNotFound],
});
