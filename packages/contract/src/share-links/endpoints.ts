import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, publicAccess, requires } from '../http/endpoint.js';
import { serialNumber } from '../ingestion/payload.js';
import { DEVICE_STATUSES } from '../ingestion/status.js';
import * as rules from '../validation/rules.js';

/**
 * Public realtime pages (`/inv-realtime`, `/epm-realtime`, section 2): a signed-in user with
 * rights on the device creates a signed link that expires; the public page reads the device's
 * live values with that token and nothing else. A guessed SN or an altered or expired token
 * shows nothing (607).
 */

export const SHAREABLE_KINDS = ['inverter', 'epm'] as const;
export type ShareableKind = (typeof SHAREABLE_KINDS)[number];
/** The public page of each shareable kind. */
export const PUBLIC_REALTIME_ROUTES: Readonly<Record<ShareableKind, string>> = {
  inverter: '/inv-realtime',
  epm: '/epm-realtime',
};
export const MAX_SHARE_HOURS = 24 * 30;

export const createShareLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/equip/:sn/share-link',
  summary: "Create a signed, expiring link to a device's public realtime page",
  tag: 'equipment',
  access: requires('equip.share'),
  encoding: 'json',
  params: z.strictObject({ sn: serialNumber }),
  body: z.strictObject({ validHours: rules.integer({ min: 1, max: MAX_SHARE_HOURS }) }),
  data: z.object({
    token: z.string(),
    /** The public page with the token, relative to the portal's origin. */
    path: z.string(),
    expiresAt: z.string(),
  }),
  tolerated: [ErrorCode.deviceNotFound],
});

export const publicRealtime = defineEndpoint({
  method: 'GET',
  path: '/anonymous/realtime',
  summary: 'The live values of the device a valid share link names',
  tag: 'equipment',
  access: publicAccess,
  query: z.object({ token: z.string().min(1).max(1024) }),
  data: z.object({
    sn: z.string(),
    kind: z.enum(SHAREABLE_KINDS),
    name: z.string(),
    status: z.enum(DEVICE_STATUSES),
    ts: z.string().nullable(),
    values: z.record(z.string(), z.unknown()),
    expiresAt: z.string(),
  }),
  tolerated: [ErrorCode.shareLinkInvalid],
});
