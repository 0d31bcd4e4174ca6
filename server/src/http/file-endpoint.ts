import { type Endpoint, ErrorCode } from '@solar/contract';
import type { FastifyInstance } from 'fastify';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError } from '../errors/app-error.js';
import { type AuthedInput, requireAuth } from './endpoint-route.js';
import { refuseNulCharacters } from './nul-character.js';

/** A file a download endpoint answers. */
export interface DownloadFile {
  fileName: string;
  body: string | Buffer;
}

function checkAccess(endpoint: Endpoint, auth: AuthContext): void {
  const { access } = endpoint;
  if (access.kind === 'permission' && !auth.permissions.has(access.permission)) {
    throw new AppError(ErrorCode.noPermission);
  }
}

/**
 * Registers a secured download endpoint: access, NUL and schema checks as `registerEndpoint`
 * does, then the file itself with its media type and an attachment name; a refusal answers the
 * JSON envelope through the error handler like every other call.
 */
export function registerDownloadEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: (input: AuthedInput<E>) => Promise<DownloadFile>,
): void {
  const { download } = endpoint;
  if (!download) throw new Error(`${endpoint.path} declares no download media type`);
  app.registeredEndpoints.push(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { access: endpoint.access },
    schema: {
      summary: endpoint.summary,
      description: `Answers the file as ${download.contentType}; refusals answer the JSON envelope`,
      tags: [endpoint.tag],
      security: [{ bearer: [] }],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
    },
    preValidation: async (request) => {
      checkAccess(endpoint, requireAuth(request));
      refuseNulCharacters(request);
    },
    handler: async (request, reply) => {
      const auth = requireAuth(request);
      checkAccess(endpoint, auth);
      const file = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        auth,
      } as AuthedInput<E>);
      const encodedName = encodeURIComponent(file.fileName);
      return reply
        .type(`${download.contentType}; charset=utf-8`)
        .header(
          'content-disposition',
          `attachment; filename="${encodedName}"; filename*=UTF-8''${encodedName}`,
        )
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}
