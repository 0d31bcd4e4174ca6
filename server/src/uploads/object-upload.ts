import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ErrorCode, type UploadRule, type ValidationFailure } from '@solar/contract';
import type { FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { AppError } from '../errors/app-error.js';
import type { ObjectStore } from '../storage/object-store.js';

/** A refusal of the form: a validation message (code 4) for the file field. */
export interface UploadProblem {
  problem: string;
}

/** One multipart form that streams its file into the object store (firmware, download centre). */
export interface ObjectUploadForm<
  Fields,
  Content extends { size: number },
  Extension extends string,
> {
  rule: UploadRule;
  /** The store's folder the file is kept in, under a random name with its extension. */
  folder: string;
  /** The form's other parts. */
  fields: ZodType<Fields>;
  /** The extension a sent file name is stored under, or the name's problem. */
  checkName(fileName: string): { extension: Extension } | UploadProblem;
  /** Streams the file into `files` under `objectKey`: what was stored, or the content's problem. */
  store(
    file: Readable,
    objectKey: string,
    extension: Extension,
    files: ObjectStore,
  ): Promise<Content | UploadProblem>;
}

export type ObjectUpload<Fields, Content> = Content & {
  fields: Fields;
  fileName: string;
  objectKey: string;
};

function invalid(fields: ValidationFailure['fields']): AppError {
  return new AppError(ErrorCode.validation, undefined, { fields });
}

const isProblem = (value: object): value is UploadProblem => 'problem' in value;

/**
 * Reads a multipart form: its one file is streamed into the object store (never held whole, up
 * to the rule's size), the other parts are checked by the form's schema. On any refusal (code
 * 4) the stored object is removed again.
 */
export async function receiveObjectUpload<
  Fields,
  Content extends { size: number },
  Extension extends string,
>(
  request: FastifyRequest,
  files: ObjectStore,
  form: ObjectUploadForm<Fields, Content, Extension>,
): Promise<ObjectUpload<Fields, Content>> {
  const fileProblem = (message: string) => invalid([{ field: form.rule.field, message }]);
  if (!request.isMultipart()) throw fileProblem('validation.required');
  const values: Record<string, string> = {};
  let stored: { fileName: string; objectKey: string; content?: Content } | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: form.rule.maxBytes, files: 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') values[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== form.rule.field) throw fileProblem('validation.required');
      const name = form.checkName(part.filename);
      if (isProblem(name)) throw fileProblem(name.problem);
      stored = {
        fileName: part.filename,
        objectKey: `${form.folder}/${randomUUID()}.${name.extension}`,
      };
      const content = await form.store(part.file, stored.objectKey, name.extension, files);
      if (part.file.truncated) throw fileProblem('validation.maxLength');
      if (isProblem(content)) throw fileProblem(content.problem);
      stored.content = content;
    }
    if (!stored?.content) throw fileProblem('validation.required');
    const parsed = form.fields.safeParse(values);
    if (!parsed.success) {
      throw invalid(
        parsed.error.issues.map((issue) => ({
          field: issue.path.join('.'),
          message: issue.message,
        })),
      );
    }
    const { fileName, objectKey, content } = stored;
    return { ...content, fileName, objectKey, fields: parsed.data };
  } catch (error) {
    if (stored) await files.remove(stored.objectKey);
    if (error instanceof AppError) throw error;
    const isTooLarge = (error as { code?: unknown } | null)?.code === 'FST_REQ_FILE_TOO_LARGE';
    throw fileProblem(isTooLarge ? 'validation.maxLength' : 'validation.multipart');
  }
}
