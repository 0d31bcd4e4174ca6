import { z } from 'zod';
import type { ErrorCodeValue } from '../errors/codes.js';
import type { Permission } from '../permissions/tree.js';
import type { UploadRule } from './upload.js';

/**
 * One contract per endpoint: method, path, who may call it, input and output schemas, and the
 * catalogue codes the client tolerates. The server registers routes from these and the web
 * client calls through them, so both sides share one typed definition.
 */
export type Access =
  /** Anyone, signed in or not. */
  | { kind: 'public' }
  /** Any signed-in user; object-level checks happen in the service. */
  | { kind: 'signedIn' }
  /** A signed-in user holding this permission. */
  | { kind: 'permission'; permission: Permission };

export const publicAccess: Access = { kind: 'public' };
export const signedIn: Access = { kind: 'signedIn' };
export function requires(permission: Permission): Access {
  return { kind: 'permission', permission };
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
export type BodyEncoding = 'form' | 'json' | 'multipart';

export interface Endpoint<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Data extends z.ZodType = z.ZodType,
> {
  method: HttpMethod;
  /** Fastify-style path, `:name` for parameters. */
  path: string;
  summary: string;
  tag: string;
  access: Access;
  params?: Params;
  query?: Query;
  body?: Body;
  /** How the web client encodes the body; the server accepts form and JSON alike. */
  encoding?: BodyEncoding;
  /** For a multipart upload: the file's field, accepted types and size limit. */
  upload?: UploadRule;
  data: Data;
  /**
   * For a file download: the media type of a successful answer, which is then the file itself
   * (`data` describes it); refusals still answer the JSON envelope.
   */
  download?: { contentType: string };
  /** Codes the web client shows no toast for: the page handles them. */
  tolerated?: readonly ErrorCodeValue[];
  /**
   * Works on the rows of the caller's company (information, members, roles, customers, agents)
   * through the server's tenant rules. A platform administrator, who belongs to no company,
   * names the company on these endpoints only, in the `X-Company` header
   * (`COMPANY_CONTEXT_HEADER`): the web client sends it and the server honours it here alone.
   */
  isCompanyScoped?: boolean;
}

/** An upload endpoint's rule is known to its callers' types (`uploadAvatar.upload.maxBytes`). */
export function defineEndpoint<
  Params extends z.ZodType = z.ZodUndefined,
  Query extends z.ZodType = z.ZodUndefined,
  Body extends z.ZodType = z.ZodUndefined,
  Data extends z.ZodType = z.ZodNull,
  Upload extends UploadRule | undefined = undefined,
  Download extends { contentType: string } | undefined = undefined,
>(
  endpoint: Endpoint<Params, Query, Body, Data> & { upload?: Upload; download?: Download },
): Endpoint<Params, Query, Body, Data> & { upload: Upload; download: Download } {
  return endpoint as Endpoint<Params, Query, Body, Data> & { upload: Upload; download: Download };
}

export type EndpointParams<E> = E extends Endpoint<infer P> ? z.infer<P> : never;
export type EndpointQuery<E> = E extends Endpoint<z.ZodType, infer Q> ? z.infer<Q> : never;
export type EndpointBody<E> =
  E extends Endpoint<z.ZodType, z.ZodType, infer B> ? z.input<B> : never;
export type EndpointData<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer D> ? z.infer<D> : never;

/**
 * What the server receives once an endpoint's schemas have parsed a valid request (defaults
 * applied, strings coerced). Service inputs are these types, never hand-written copies.
 */
export type ParsedParams<E> = E extends Endpoint<infer P> ? z.output<P> : never;
export type ParsedQuery<E> = E extends Endpoint<z.ZodType, infer Q> ? z.output<Q> : never;
export type ParsedBody<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B> ? z.output<B> : never;

/** The response envelope every JSON answer uses (CONTRACT.md). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** A paged list: `data: { infos, total }`. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ infos: z.array(item), total: z.number().int() });
}

/** Replaces `:name` segments with values, for the client. */
export function fillPath(
  path: string,
  params: Record<string, string | number> | undefined,
): string {
  return path.replace(/:(\w+)/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined) throw new Error(`Missing path parameter ${key} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The shape of `data` on a validation failure (code 4). */
export const validationFailureData = z.object({
  fields: z.array(z.object({ field: z.string(), message: z.string() })),
});
export type ValidationFailure = z.infer<typeof validationFailureData>;
