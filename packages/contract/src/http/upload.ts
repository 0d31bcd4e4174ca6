import { z } from 'zod';

/**
 * What an upload endpoint accepts: the multipart field carrying the file, the types (the server
 * checks the content, the browser the declared type and the name) and the size limit. The server
 * route and the web upload component both read these from the endpoint.
 */
export interface UploadRule {
  field: string;
  /** MIME types, each with the file-name extensions the picker offers for it. */
  types: Readonly<Record<string, readonly string[]>>;
  maxBytes: number;
  /**
   * The form's other parts (firmware details, a published file's title), when it has any: the
   * server validates them with this schema (code 4) and the OpenAPI page describes them.
   */
  fields?: z.ZodObject;
}

const MB = 1024 * 1024;

/** Spec section 5: pictures are JPG, JPEG or PNG up to 3 MB. */
export const pictureUpload: UploadRule = {
  field: 'file',
  types: { 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'] },
  maxBytes: 3 * MB,
};

/** Spec section 5: a user's avatar may be up to 6 MB. */
export const avatarUpload: UploadRule = { ...pictureUpload, maxBytes: 6 * MB };

/**
 * Spec section 5: import files are .xlsx or .xls. 5 MB holds far more than the import's row limit
 * (a 10,000-row file is about 200 kB); the server checks the content, not the name.
 */
export const gatewayImportUpload: UploadRule = {
  field: 'file',
  types: {
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
    'application/vnd.ms-excel': ['xls'],
  },
  maxBytes: 5 * MB,
};

/** The file-name extensions an upload accepts, lower case, without the dot. */
export function uploadExtensions(rule: UploadRule): string[] {
  return Object.values(rule.types).flat();
}

/** Why a file does not fit the rule, judged by its declared type, name and size. */
export function uploadProblem(
  rule: UploadRule,
  file: { name: string; type: string; size: number },
): 'type' | 'size' | null {
  const extensions = rule.types[file.type];
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!extensions || !file.name.includes('.') || !extensions.includes(extension)) return 'type';
  if (file.size > rule.maxBytes) return 'size';
  return null;
}

/**
 * The whole multipart form of an upload, for the OpenAPI page: the file part (its declared
 * types and size limit; the server judges the content) and the other fields of the rule.
 */
export function uploadForm(rule: UploadRule): z.ZodObject {
  const declaredTypes = Object.keys(rule.types).filter((type) => type !== '');
  const file = z.file().mime(declaredTypes).max(rule.maxBytes);
  return (rule.fields ?? z.strictObject({})).extend({ [rule.field]: file });
}
