import type { Endpoint, UploadRule } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import { type AuthedInput, registerEndpoint } from '../http/endpoint-route.js';
import { readUpload, type UploadedFile } from './picture-upload.js';

type UploadEndpoint = Endpoint & { upload: UploadRule };

/**
 * Registers a signed-in upload endpoint: after the access rule, the file is read and checked
 * against the endpoint's own upload rule (field, types, size) and handed to the handler.
 */
export function registerUploadEndpoint<E extends UploadEndpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: AuthedInput<E> & { file: UploadedFile }) => Promise<unknown>,
): void {
  if (endpoint.access.kind === 'public') {
    throw new Error(`${endpoint.method} ${endpoint.path}: uploads need a signed-in caller`);
  }
  const readThenHandle = async (input: AuthedInput<E>) =>
    handler({ ...input, file: await readUpload(input.request, endpoint.upload) });
  registerEndpoint(app, endpoint, readThenHandle as Parameters<typeof registerEndpoint<E>>[2]);
}
