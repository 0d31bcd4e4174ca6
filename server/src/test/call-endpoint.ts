import { type Endpoint, type EndpointBody, type EndpointData, fillPath } from '@solar/contract';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import { call, type EnvelopeResponse } from './test-app.js';

type ParamsInput<E> = E extends Endpoint<infer P> ? z.input<P> : never;
type QueryInput<E> = E extends Endpoint<z.ZodType, infer Q> ? z.input<Q> : never;

/** A call as a well-behaved client makes it: inputs typed by the endpoint's schemas. */
export interface EndpointCall<E extends Endpoint> {
  params?: ParamsInput<E>;
  query?: QueryInput<E>;
  body?: EndpointBody<E>;
  token?: string;
  headers?: Record<string, string>;
  /** The caller's address, for limits counted per address. */
  remoteAddress?: string;
}

/**
 * A call with inputs no schema vouches for: for tests of refusals of bad input, and of form
 * bodies (a string body is sent as `application/x-www-form-urlencoded`).
 */
export interface LooseEndpointCall {
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
  /** The caller's address, for limits counted per address. */
  remoteAddress?: string;
}

function queryStrings(query: object | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  return Object.fromEntries(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, String(value)]),
  );
}

/**
 * Calls an endpoint through its contract (method and path from the definition, the body as
 * JSON) and answers the envelope with `data` typed by the endpoint's data schema.
 */
export function callEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: EndpointCall<E> = {},
): Promise<EnvelopeResponse<EndpointData<E>>> {
  return callEndpointLoosely(app, endpoint, input as LooseEndpointCall);
}

/** Like `callEndpoint`, but the inputs are not checked against the schemas by the compiler. */
export function callEndpointLoosely<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: LooseEndpointCall = {},
): Promise<EnvelopeResponse<EndpointData<E>>> {
  const query = queryStrings(input.query);
  const isForm = typeof input.body === 'string';
  const headers = {
    ...(isForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    ...input.headers,
  };
  return call<EndpointData<E>>(app, {
    method: endpoint.method,
    url: fillPath(endpoint.path, input.params),
    headers,
    ...(query ? { query } : {}),
    ...(input.body !== undefined ? { payload: input.body as InjectOptions['payload'] } : {}),
    ...(input.token ? { token: input.token } : {}),
    ...(input.remoteAddress ? { remoteAddress: input.remoteAddress } : {}),
  });
}

/**
 * `endpointData` on the app `appOf` answers when called, for a file that reads many endpoints
 * (its app is built in `beforeAll`, after the file's top level ran).
 */
export function endpointReader(appOf: () => FastifyInstance) {
  return <E extends Endpoint>(endpoint: E, input: EndpointCall<E> = {}) =>
    endpointData(appOf(), endpoint, input);
}

/** Calls an endpoint that must succeed (code 0) and answers its typed data. */
export async function endpointData<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  input: EndpointCall<E> = {},
): Promise<EndpointData<E>> {
  const res = await callEndpoint(app, endpoint, input);
  expect(res.code, `${endpoint.method} ${endpoint.path}: ${res.msg}`).toBe(0);
  return res.data;
}
