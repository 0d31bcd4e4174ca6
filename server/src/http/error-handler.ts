import {
  ErrorCode,
  type Envelope,
  type ErrorCodeValue,
  type ValidationFailure,
  validationFailureData,
  validationText,
} from '@solar/contract';
import { errorMessage } from '../i18n/error-messages.js';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { AppError, UnauthenticatedError } from '../errors/app-error.js';
import { requestLocale } from './request-language.js';

function send(reply: FastifyReply, status: number, body: Envelope<unknown>): FastifyReply {
  // Error envelopes bypass the route's success schema.
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}

function validationFailure(error: {
  validation: { instancePath: string; message?: string; params?: unknown }[];
}): ValidationFailure {
  return {
    fields: error.validation.map((issue) => {
      const params = issue.params as
        { issue?: { path?: PropertyKey[]; keys?: string[]; code?: string } } | undefined;
      const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const keys = params?.issue?.code === 'unrecognized_keys' ? (params.issue.keys ?? []) : [];
      if (keys.length > 0) return { field: keys.join(','), message: 'validation.unknownField' };
      return { field: path, message: issue.message ?? 'validation.invalid' };
    }),
  };
}

function describeFields(failure: ValidationFailure): string {
  return failure.fields.map((f) => `${f.field || 'body'}: ${validationText(f.message)}`).join('; ');
}

/**
 * The envelope's `data` with a developer's detail beside it: the message is always the
 * catalogue text, so an explanation in English travels here (and to the log) instead.
 */
function withDetail(data: unknown, detail: string | undefined): unknown {
  if (detail === undefined) return data;
  if (data === null || data === undefined) return { detail };
  if (typeof data === 'object' && !Array.isArray(data)) return { ...data, detail };
  return data;
}

const ROUTER_ERROR_TEXTS: Record<string, string> = {
  FST_ERR_BAD_URL: 'the URL is not validly encoded',
  FST_ERR_MAX_PARAM_LENGTH: 'a path parameter is too long',
};

/**
 * A refusal outside an envelope endpoint (a file download) with its HTTP status, worded like
 * every other: the catalogue text in the caller's language.
 */
export function sendRefusal(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: ErrorCodeValue,
): FastifyReply {
  return send(reply, status, { code, msg: errorMessage(code, requestLocale(request)), data: null });
}

/**
 * Fastify's `frameworkErrors`: the router refuses a malformed URL or an over-long path parameter
 * before any route or error handler runs; this keeps those answers in the envelope too.
 */
export function sendRouterError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const detail = ROUTER_ERROR_TEXTS[error.code] ?? 'the request cannot be routed';
  return send(reply, error.statusCode ?? 400, {
    code: ErrorCode.validation,
    msg: errorMessage(ErrorCode.validation, requestLocale(request)),
    data: { detail },
  });
}

/**
 * Maps every error to the envelope. Business errors answer HTTP 200 (the client reads
 * `code`); framework input errors keep their 4xx status; nothing internal reaches the client.
 */
export function registerErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: Error, request: FastifyRequest, reply: FastifyReply) => {
    const { statusCode } = error as Partial<FastifyError>;
    const locale = requestLocale(request);
    if (error instanceof AppError) {
      const fields = validationFailureData.safeParse(error.data);
      const detail = error.detail ?? (fields.success ? describeFields(fields.data) : undefined);
      if (detail !== undefined) request.log.info({ code: error.code, detail }, 'request refused');
      return send(reply, 200, {
        code: error.code,
        msg: errorMessage(error.code, locale),
        data: withDetail(error.data, error.detail),
      });
    }
    if (error instanceof UnauthenticatedError) {
      return send(reply, 401, {
        code: ErrorCode.tokenInvalid,
        msg: errorMessage(ErrorCode.tokenInvalid, locale),
        data: null,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const failure = validationFailure(error);
      request.log.info({ detail: describeFields(failure) }, 'request refused');
      return send(reply, 200, {
        code: ErrorCode.validation,
        msg: errorMessage(ErrorCode.validation, locale),
        data: failure,
      });
    }
    if (statusCode === 429) {
      return send(reply, 429, {
        code: ErrorCode.tooManyAttempts,
        msg: errorMessage(ErrorCode.tooManyAttempts, locale),
        data: null,
      });
    }
    if (!isResponseSerializationError(error) && statusCode !== undefined && statusCode < 500) {
      return send(reply, statusCode, {
        code: ErrorCode.validation,
        msg: errorMessage(ErrorCode.validation, locale),
        data: { detail: error.message },
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, {
      code: ErrorCode.operationFailed,
      msg: errorMessage(ErrorCode.operationFailed, locale),
      data: null,
    });
  });

  app.setNotFoundHandler((request, reply) =>
    send(reply, 404, {
      code: ErrorCode.validation,
      msg: errorMessage(ErrorCode.validation, requestLocale(request)),
      data: { detail: `Route ${request.method} ${request.url.split('?')[0]} not found` },
    }),
  );
}
