import { z } from 'zod';
import { defineEndpoint, pageOf, publicAccess, signedIn } from '../http/endpoint.js';
import * as rules from '../validation/rules.js';
import { serverLanguage } from '../languages/endpoints.js';

/** A version name: two to four dot-separated numbers (`1.4`, `2.10.3`). */
export const versionName = z
  .string()
  .trim()
  .regex(/^\d+(\.\d+){1,3}$/, 'validation.invalid');

export const versionTimelineItem = z.object({
  version: z.string(),
  releasedAt: z.string(),
  content: z.string(),
});
export type VersionTimelineItem = z.infer<typeof versionTimelineItem>;

export const latestVersion = defineEndpoint({
  method: 'GET',
  path: '/api/v1/version/latest',
  summary: 'The latest released portal version; null before any release',
  tag: 'version',
  access: signedIn,
  data: z.object({ version: z.string() }).nullable(),
});

export const versionNotes = defineEndpoint({
  method: 'GET',
  path: '/api/v1/version/notes',
  summary:
    'Release notes of one version (the latest when omitted) in `lan`, English when that language has none; null for an unknown version',
  tag: 'version',
  access: signedIn,
  query: z.object({ lan: serverLanguage.default('en'), version: versionName.optional() }),
  data: z.object({ version: z.string(), content: z.string() }).nullable(),
});

/**
 * The filters of the system update log (its list and its export); check the object with
 * `rules.rangeInOrder`.
 */
export const versionLogFilters = {
  /** Part of a version name (`1.4` finds 1.4.0 and 11.4.2). */
  version: rules.text(20).optional(),
  // The release time, `to` excluded.
  ...rules.instantRange,
};

const timelineQuery = z.object({ lan: serverLanguage.default('en'), ...rules.paging });

export const versionTimeline = defineEndpoint({
  method: 'GET',
  path: '/api/v1/version/timeline',
  summary:
    'The system update log: released versions, newest first, with their notes in `lan`, filtered by version name and release time range (ISO instants)',
  tag: 'version',
  access: signedIn,
  query: rules.rangeInOrder(timelineQuery.extend(versionLogFilters)),
  data: pageOf(versionTimelineItem),
});

export const publicVersionTimeline = defineEndpoint({
  method: 'GET',
  path: '/anonymous/firmware/version/timeline',
  summary: 'The system-update history for pages outside the session; same answer as the timeline',
  tag: 'version',
  access: publicAccess,
  query: timelineQuery,
  data: pageOf(versionTimelineItem),
});
