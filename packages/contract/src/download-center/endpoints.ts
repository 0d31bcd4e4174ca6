import { z } from 'zod';
import { ErrorCode } from '../errors/codes.js';
import { defineEndpoint, pageOf, publicAccess, requires } from '../http/endpoint.js';
import type { UploadRule } from '../http/upload.js';
import { LOCALES } from '../i18n/locales.js';
import * as rules from '../validation/rules.js';

/**
 * The download centre (section 1, issue 15): manuals, datasheets, the mobile app, tools and
 * release notes, uploaded by the platform administrator with a category, a language and a
 * version, and listed publicly with search at `/download-center`.
 */

export const DOWNLOAD_CATEGORIES = ['manual', 'datasheet', 'app', 'tool', 'releaseNotes'] as const;
export type DownloadCategory = (typeof DOWNLOAD_CATEGORIES)[number];
/** A file for every reader, whatever their language. */
export const ANY_LANGUAGE = 'all';
export const DOWNLOAD_LANGUAGES = [ANY_LANGUAGE, ...LOCALES] as const;

const MB = 1024 * 1024;
/** Documents, archives and app packages up to 50 MB; the server streams them to storage. */
export const downloadCenterUpload: UploadRule = {
  field: 'file',
  types: {
    'application/pdf': ['pdf'],
    'application/zip': ['zip'],
    'application/vnd.android.package-archive': ['apk'],
    'application/octet-stream': ['pdf', 'zip', 'apk', 'exe', 'bin'],
    'text/plain': ['txt', 'md'],
  },
  maxBytes: 50 * MB,
};
/** Letters, digits, dash, underscore, dot and space, 1 to 100 characters. */
export const DOWNLOAD_FILE_NAME_PATTERN = /^[A-Za-z0-9._ -]{1,100}$/;

/** The form fields beside the file. */
export const downloadFileFields = z.strictObject({
  title: rules.text(100).pipe(z.string().min(1, 'validation.required')),
  category: z.enum(DOWNLOAD_CATEGORIES),
  language: z.enum(DOWNLOAD_LANGUAGES),
  version: rules.text(32).optional(),
});
export type DownloadFileFields = z.infer<typeof downloadFileFields>;

const downloadFile = z.object({
  id: z.number().int(),
  title: z.string(),
  category: z.enum(DOWNLOAD_CATEGORIES),
  language: z.enum(DOWNLOAD_LANGUAGES),
  version: z.string().nullable(),
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.string(),
});
export type DownloadFile = z.infer<typeof downloadFile>;

const fileIdParams = z.strictObject({ id: rules.id });

export const downloadCenterFiles = defineEndpoint({
  method: 'GET',
  path: '/anonymous/download-center',
  summary: 'Published files, newest first, found by words of the title or file name',
  tag: 'download-center',
  access: publicAccess,
  query: z.strictObject({
    ...rules.paging,
    keyword: rules.text(60).optional(),
    category: z.enum(DOWNLOAD_CATEGORIES).optional(),
    language: z.enum(DOWNLOAD_LANGUAGES).optional(),
  }),
  data: pageOf(downloadFile),
});

export const downloadCenterFile = defineEndpoint({
  method: 'GET',
  path: '/anonymous/download-center/:id/file',
  summary: 'One published file, streamed',
  tag: 'download-center',
  access: publicAccess,
  params: fileIdParams,
  data: z.string(),
  download: { contentType: 'application/octet-stream' },
  tolerated: [ErrorCode.downloadFileNotFound],
});

export const publishDownloadFile = defineEndpoint({
  method: 'POST',
  path: '/api/v1/download-center',
  summary: 'Publish a file with its title, category, language and version (platform administrator)',
  tag: 'download-center',
  access: requires('sys.download.manage'),
  encoding: 'multipart',
  upload: { ...downloadCenterUpload, fields: downloadFileFields },
  data: downloadFile,
});

export const deleteDownloadFile = defineEndpoint({
  method: 'DELETE',
  path: '/api/v1/download-center/:id',
  summary: 'Withdraw a published file and remove it from storage',
  tag: 'download-center',
  access: requires('sys.download.manage'),
  params: fileIdParams,
  data: z.null(),
  tolerated: [ErrorCode.downloadFileNotFound],
});
