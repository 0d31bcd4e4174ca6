import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, requires } from '../http/endpoint.js';
import { SERVER_LANGUAGES } from '../i18n/locales.js';
import * as rules from '../validation/rules.js';
import { versionName } from './endpoints.js';

/**
 * Versions of system management: the platform administrator publishes a portal version with
 * its release notes per language (the version dialog, the timeline and `/logging` read them),
 * edits the notes and deletes a version. A version name is unique: a taken one answers 5000.
 */
const TAG = 'version';

export const RELEASE_NOTES_MAX = 4000;

/** Release notes per server language; English stands in for a missing one. */
export const releaseNotes = rules.languageTexts(RELEASE_NOTES_MAX);

export const managedVersion = z.object({
  id: z.number().int(),
  version: z.string(),
  releasedAt: z.string(),
  notes: z.partialRecord(z.enum(SERVER_LANGUAGES), z.string()),
});
export type ManagedVersion = z.infer<typeof managedVersion>;

const versionIdParams = z.strictObject({ id: rules.id });

export const listManagedVersions = defineEndpoint({
  method: 'GET',
  path: '/api/v1/versions',
  summary: 'Released versions, newest first, with their notes in every language',
  tag: TAG,
  access: requires('sys.version.manage'),
  query: z.object({ ...rules.paging }),
  data: pageOf(managedVersion),
});

export const checkVersionName = defineEndpoint({
  method: 'GET',
  path: '/api/v1/version/check',
  summary: 'Whether a version name is free: 5000 when it is published already',
  tag: TAG,
  access: requires('sys.version.manage'),
  query: z.strictObject({ version: versionName }),
  data: z.null(),
  tolerated: [ErrorCode.codeExists],
});

export const publishVersion = defineEndpoint({
  method: 'POST',
  path: '/api/v1/versions',
  summary:
    'Publish a version with its release notes; released now unless a time is given; 5000 when the name is taken',
  tag: TAG,
  access: requires('sys.version.edit'),
  encoding: 'json',
  body: z.strictObject({
    version: versionName,
    releasedAt: z.iso.datetime({ offset: true }).optional(),
    notes: releaseNotes,
  }),
  data: managedVersion,
  tolerated: [ErrorCode.codeExists],
});

export const updateVersionNotes = defineEndpoint({
  method: 'PUT',
  path: '/api/v1/versions/:id',
  summary: "Change a version's release notes (its name and release time stay)",
  tag: TAG,
  access: requires('sys.version.edit'),
  encoding: 'json',
  params: versionIdParams,
  body: z.strictObject({ notes: releaseNotes }),
  data: managedVersion,
});

export const deleteVersion = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/versions/:id',
  summary: 'Delete a version and its notes; the previous one becomes the latest',
  tag: TAG,
  access: requires('sys.version.edit'),
  params: versionIdParams,
  data: z.null(),
});
