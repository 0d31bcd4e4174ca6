import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, publicAccess, requires } from '../http/endpoint.js';
import { portfolio } from '../overview/portfolio.js';
import { MAX_SHARE_HOURS } from '../share-links/endpoints.js';
import * as rules from '../validation/rules.js';

/**
 * The full-screen display (section 1, issue 15): a wall screen of a fleet or one plant, signed
 * in at `/fullscreen`, or on a TV through a signed, revocable, expiring link at
 * `/fullscreen/shared?token=` that shows the figures of that scope and nothing else.
 */

export const FULLSCREEN_ROUTE = '/fullscreen';
export const PUBLIC_FULLSCREEN_ROUTE = '/fullscreen/shared';
/** How often the display reads its figures again. */
export const FULLSCREEN_REFRESH_MS = 30_000;

/** What a display shows: the whole fleet the viewer sees, or one plant of it. */
const scopeQuery = z.strictObject({ plantId: rules.id.optional() });

const displayData = portfolio.data.extend({
  /** The plant's name for a one-plant display; null for the fleet. */
  plantName: z.string().nullable(),
});

export const fullscreenDisplay = defineEndpoint({
  method: 'GET',
  path: '/api/v1/fullscreen',
  summary: "The wall-screen figures of the caller's fleet, or of one plant with `plantId`",
  tag: 'overview',
  access: requires('station.view'),
  query: scopeQuery,
  data: displayData,
  tolerated: [ErrorCode.plantNotFound],
});

const fullscreenLink = z.object({
  id: z.number().int(),
  plantId: z.number().int().nullable(),
  plantName: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type FullscreenLink = z.infer<typeof fullscreenLink>;

export const createFullscreenLink = defineEndpoint({
  method: 'POST',
  path: '/api/v1/fullscreen/links',
  summary: 'Create a signed, expiring, read-only link to a wall-screen display',
  tag: 'overview',
  access: requires('station.fullscreen'),
  encoding: 'json',
  body: z.strictObject({
    /** Absent or null: a link to the whole fleet. */
    plantId: rules.id.nullable().default(null),
    validHours: rules.integer({ min: 1, max: MAX_SHARE_HOURS }),
  }),
  data: fullscreenLink.extend({
    /** Shown once: only its hash is stored. */
    token: z.string(),
    /** The public page with the token, relative to the portal's origin. */
    path: z.string(),
  }),
  tolerated: [ErrorCode.plantNotFound],
});

export const fullscreenLinks = defineEndpoint({
  method: 'GET',
  path: '/api/v1/fullscreen/links',
  summary: "The caller's wall-screen links, newest first, revoked and expired ones included",
  tag: 'overview',
  access: requires('station.fullscreen'),
  data: z.array(fullscreenLink),
});

export const revokeFullscreenLink = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/fullscreen/links/:id',
  summary: 'Revoke one of the caller’s wall-screen links: it stops working at once',
  tag: 'overview',
  access: requires('station.fullscreen'),
  params: z.strictObject({ id: rules.id }),
  data: fullscreenLink,
  tolerated: [ErrorCode.shareLinkInvalid],
});

export const publicFullscreen = defineEndpoint({
  method: 'GET',
  path: '/anonymous/fullscreen',
  summary: 'The wall-screen figures a valid, unrevoked display link covers',
  tag: 'overview',
  access: publicAccess,
  query: z.object({ token: z.string().min(1).max(256) }),
  data: displayData.extend({ expiresAt: z.string() }),
  tolerated: [ErrorCode.shareLinkInvalid, ErrorCode.tooManyAttempts],
});
