import type {
  Access,
  Endpoint,
  ParsedBody,
  ParsedParams,
  ParsedQuery,
  UploadRule,
} from '@solar/contract';
import { envelope, ErrorCode, uploadForm } from '@solar/contract';
import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import type { z } from 'zod';
import type { AuthContext } from '../auth/auth-context.js';
import { AppError, UnauthenticatedError } from '../errors/app-error.js';
import { refuseKeyOutsideScope } from './api-key-guard.js';
import { conditionalGet, revalidateEachTime } from './conditional-gets.js';
import { refuseNulCharacters } from './nul-character.js';
import { refuseReadOnlyWrite } from './read-only.js';
import { refuseUntilSecondFactor } from './second-factor-enrolment.js';

export interface HandlerInput<E extends Endpoint> {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
  request: FastifyRequest;
  /** For response headers only (caching); the envelope is written by the route. */
  reply: FastifyReply;
}

export interface AuthedInput<E extends Endpoint> extends HandlerInput<E> {
  auth: AuthContext;
}

/** What a download endpoint's handler answers: the file's name and its content (streamed or whole). */
export interface DownloadAnswer {
  fileName: string;
  body: Readable | string | Buffer;
  /** The file's own media type, when the endpoint serves more than its declared one. */
  contentType?: string;
}

type DataOf<E> = E extends { download: { contentType: string } }
  ? DownloadAnswer
  : E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer D>
    ? z.input<D>
    : never;

type Handler<E extends Endpoint> = E['access'] extends { kind: 'public' }
  ? (input: HandlerInput<E>) => Promise<DataOf<E>>
  : (input: AuthedInput<E>) => Promise<DataOf<E>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** The endpoint's `isCompanyScoped`: whether it honours `X-Company` (`company-context.ts`). */
    isCompanyScoped?: boolean;
  }
  interface FastifyInstance {
    /** Every endpoint registered, for the OpenAPI page and the access-control test. */
    registeredEndpoints: Endpoint[];
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new UnauthenticatedError('access token required');
  return request.auth;
}

function checkAccess(access: Access, request: FastifyRequest): AuthContext | null {
  // The authentication hook never reads a token for a public route (`authentication.ts`).
  if (access.kind === 'public') return null;
  const auth = requireAuth(request);
  if (access.kind === 'permission' && !auth.permissions.has(access.permission)) {
    throw new AppError(ErrorCode.noPermission);
  }
  return auth;
}

/** The upload rule in words on the OpenAPI page, beside the form's schema. */
function describeUpload(rule: UploadRule): string {
  const megabytes = rule.maxBytes / 1024 / 1024;
  return `multipart/form-data, file field \`${rule.field}\`: ${Object.keys(rule.types).join(' or ')} (checked by content), at most ${megabytes} MB`;
}

/**
 * The OpenAPI description of an upload: its multipart form, declared by the same rule that the
 * server reads the form with. It is not the route's body schema, which would make Fastify
 * validate a body that the handler streams instead.
 */
function describeUploadForm(rule: UploadRule): SwaggerTransform {
  return (input) =>
    jsonSchemaTransform({
      ...input,
      schema: { ...input.schema, body: uploadForm(rule), consumes: ['multipart/form-data'] },
    });
}

/**
 * Registers one contract endpoint: its schemas validate input and shape the output (and feed
 * OpenAPI), its access rule is enforced before the handler, and the result is wrapped in the
 * success envelope. Handlers stay thin: they call a service and a presenter.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  app.registeredEndpoints.push(endpoint);
  const isSecured = endpoint.access.kind !== 'public';
  const isConditionalGet = endpoint.method === 'GET' && !endpoint.download;
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      access: endpoint.access,
      isCompanyScoped: endpoint.isCompanyScoped ?? false,
      ...(endpoint.upload ? { swaggerTransform: describeUploadForm(endpoint.upload) } : {}),
    },
    ...(isConditionalGet ? { onSend: conditionalGet } : {}),
    schema: {
      summary: endpoint.summary,
      ...(endpoint.upload ? { description: describeUpload(endpoint.upload) } : {}),
      tags: [endpoint.tag],
      ...(isSecured ? { security: [{ bearer: [] }] } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      // A download's 200 is the file; its refusals are envelopes that bypass the schema anyway.
      ...(endpoint.download ? {} : { response: { 200: envelope(endpoint.data) } }),
    },
    preValidation: async (request) => {
      refuseUntilSecondFactor(endpoint, request);
      const auth = checkAccess(endpoint.access, request);
      refuseKeyOutsideScope(endpoint, auth);
      refuseReadOnlyWrite(endpoint, auth);
      refuseNulCharacters(request);
    },
    handler: async (request, reply) => {
      const auth = checkAccess(endpoint.access, request);
      const input = {
        params: request.params,
        query: request.query,
        body: request.body,
        request,
        reply,
        auth,
      } as AuthedInput<E>;
      const data = await (handler as (input: AuthedInput<E>) => Promise<unknown>)(input);
      if (endpoint.download) {
        const file = data as DownloadAnswer;
        const name = encodeURIComponent(file.fileName);
        return reply
          .header('content-type', file.contentType ?? endpoint.download.contentType)
          .header('content-disposition', `attachment; filename="${name}"; filename*=UTF-8''${name}`)
          .header('cache-control', 'no-store')
          .send(file.body);
      }
      if (isConditionalGet) revalidateEachTime(reply);
      return { code: ErrorCode.ok, msg: 'success', data: data ?? null };
    },
  });
}
