import type { UploadRule } from '@solar/contract';
import fc from 'fast-check';
import { PNG_BYTES } from '../fixtures/uploads.factories.js';
import { type JsonSchema, nastyString, valueFor } from './json-schema-values.js';

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** One operation of the OpenAPI document, with the Fastify route path it was registered as. */
export interface Operation {
  method: string;
  /** `/api/v1/plant/:id`, as the endpoint and the access cases name it. */
  routePath: string;
  pathParameters: OpenApiParameter[];
  queryParameters: OpenApiParameter[];
  bodySchema: JsonSchema | undefined;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      return {
        method: method.toUpperCase(),
        routePath: path.replace(/\{(\w+)\}/g, ':$1'),
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        bodySchema: operation.requestBody?.content?.['application/json']?.schema,
      };
    }),
  );
}

/** A request the fuzz test injects; `caller` picks the bearer token. */
export interface FuzzRequest {
  method: string;
  url: string;
  caller: 'companyAdmin' | 'platformAdmin' | 'owner' | 'anonymous' | 'invalidToken';
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A known-good request of the operation (from the access cases), to mutate. */
export interface SampleValues {
  params?: Record<string, string | number>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
}

/**
 * Percent-encodes any string, lone surrogates included (as the WTF-8 bytes a hostile client can
 * send; encodeURIComponent throws on them).
 */
export function percentEncode(value: string): string {
  return Array.from(value, (char) => {
    const unit = char.charCodeAt(0);
    if (char.length > 1 || unit < 0xd800 || unit > 0xdfff) return encodeURIComponent(char);
    const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
    return bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
  }).join('');
}

const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

function urlOf(
  operation: Operation,
  params: Record<string, unknown>,
  query: Record<string, unknown>,
) {
  const path = operation.routePath.replace(/:(\w+)/g, (_, name: string) =>
    percentEncode(asText(params[name] ?? '')),
  );
  const search = Object.entries(query)
    .flatMap(([key, value]) => (Array.isArray(value) ? value : [value]).map((item) => [key, item]))
    .map(([key, value]) => `${percentEncode(asText(key))}=${percentEncode(asText(value))}`)
    .join('&');
  return search ? `${path}?${search}` : path;
}

function formEncode(body: unknown): string {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return asText(body);
  return Object.entries(body)
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(asText(value))}`)
    .join('&');
}

type Payload = Pick<FuzzRequest, 'headers' | 'payload'>;

/** A body as each content type a client might (wrongly) declare it. */
function encodedBody(body: unknown): fc.Arbitrary<Payload> {
  const json = JSON.stringify(body) ?? 'null';
  return fc.constantFrom<Payload>(
    { headers: { 'content-type': 'application/json' }, payload: json },
    { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: formEncode(body) },
    { headers: { 'content-type': 'text/plain' }, payload: json },
    { headers: { 'content-type': 'application/xml' }, payload: `<a>${json}</a>` },
    { headers: { 'content-type': 'application/json; charset=utf-16' }, payload: json },
    { headers: {}, payload: json },
  );
}

/** Bodies no client should send: broken JSON, deep nesting, NUL bytes, mismatched multipart. */
const malformedBody: fc.Arbitrary<Payload> = fc.constantFrom<Payload>(
  { headers: { 'content-type': 'application/json' }, payload: '{' },
  { headers: { 'content-type': 'application/json' }, payload: '{"a":"\u0000"' },
  { headers: { 'content-type': 'application/json' }, payload: '' },
  { headers: { 'content-type': 'application/json' }, payload: '"\\ud800"' },
  { headers: { 'content-type': 'application/json' }, payload: '{"__proto__":{"x":1}}' },
  { headers: { 'content-type': 'application/json' }, payload: '['.repeat(100_000) },
  // Written as text: JSON.stringify itself would overflow the stack at this depth.
  {
    headers: { 'content-type': 'application/json' },
    payload: `${'{"a":['.repeat(20_000)}1${']}'.repeat(20_000)}`,
  },
  { headers: { 'content-type': 'application/json' }, payload: Buffer.from([0xff, 0xfe, 0x00]) },
  { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '%E0%A4%A=%' },
  { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%00&a=1' },
  { headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
  { headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nbroken' },
);

function multipart(parts: { field: string; fileName?: string; bytes: Buffer }[], end = true) {
  const boundary = 'fuzzboundary';
  const chunks = parts.flatMap(({ field, fileName, bytes }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"` +
        (fileName ? `; filename="${fileName}"\r\nContent-Type: image/png` : '') +
        '\r\n\r\n',
    ),
    bytes,
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(end ? `--${boundary}--\r\n` : '')]);
}

/** Multipart bodies for an upload endpoint: the right file, wrong fields, truncation, too large. */
function uploadBody(rule: UploadRule): fc.Arbitrary<Payload> {
  const headers = { 'content-type': 'multipart/form-data; boundary=fuzzboundary' };
  const file = { field: rule.field, fileName: 'a.png', bytes: PNG_BYTES };
  const payloads = [
    multipart([file]),
    multipart([{ ...file, field: 'other' }]),
    multipart([{ field: rule.field, bytes: Buffer.from('text, not a file') }]),
    multipart([file, file]),
    multipart([{ ...file, bytes: Buffer.alloc(0) }]),
    multipart([{ ...file, bytes: Buffer.concat([PNG_BYTES, Buffer.alloc(rule.maxBytes)]) }]),
    multipart([file], false),
    multipart([file]).subarray(0, 90),
    multipart([{ ...file, fileName: '\u0000.png' }]),
  ];
  return fc.constantFrom(...payloads).map((payload) => ({ headers, payload }));
}

const caller = fc.constantFrom<FuzzRequest['caller']>(
  'companyAdmin',
  'companyAdmin',
  'platformAdmin',
  'platformAdmin',
  'owner',
  'anonymous',
  'invalidToken',
);

function valuesFor(parameters: OpenApiParameter[], ids: number[]) {
  const record = Object.fromEntries(
    parameters.map((parameter) => {
      const generated = valueFor(parameter.schema ?? {});
      const isId = parameter.schema?.type === 'integer' && ids.length > 0;
      return [parameter.name, isId ? fc.oneof(fc.constantFrom(...ids), generated) : generated];
    }),
  );
  const requiredKeys = parameters.filter((p) => p.required).map((p) => p.name);
  return fc.record(record, { requiredKeys });
}

/** The sample with one field (named by the schema or the sample) replaced by a hostile value. */
function mutatedSample(
  operation: Operation,
  sample: SampleValues,
): fc.Arbitrary<
  Payload & {
    params: Record<string, unknown>;
    query: Record<string, unknown>;
  }
> {
  const bodyKeys = new Set([
    ...Object.keys(sample.body ?? {}),
    ...Object.keys(operation.bodySchema?.properties ?? {}),
  ]);
  const targets = [
    ...[...bodyKeys].map((key) => ({
      part: 'body' as const,
      key,
      schema: operation.bodySchema?.properties?.[key] ?? {},
    })),
    ...operation.queryParameters.map((parameter) => ({
      part: 'query' as const,
      key: parameter.name,
      schema: parameter.schema ?? {},
    })),
  ];
  if (targets.length === 0) targets.push({ part: 'body', key: 'unknownField', schema: {} });
  const mutation = fc
    .constantFrom(...targets)
    .chain((target) =>
      fc.oneof(nastyString, valueFor(target.schema)).map((value) => ({ target, value })),
    );
  return mutation.chain(({ target, value }) => {
    const body = { ...sample.body, ...(target.part === 'body' ? { [target.key]: value } : {}) };
    const query = { ...sample.query, ...(target.part === 'query' ? { [target.key]: value } : {}) };
    const params = sample.params ?? {};
    const encoded =
      operation.method === 'GET' ? fc.constant<Payload>({ headers: {} }) : encodedBody(body);
    return encoded.map((payload) => ({ ...payload, params, query }));
  });
}

/**
 * Requests for one operation: values generated from its OpenAPI schemas (boundaries, NUL, lone
 * surrogates, huge strings, deep nesting), its known-good sample with one field made hostile,
 * malformed bodies under every content type, and multipart bodies for upload endpoints.
 */
export function requestsFor(
  operation: Operation,
  options: { ids: number[]; sample: SampleValues | undefined; upload: UploadRule | undefined },
): fc.Arbitrary<FuzzRequest> {
  const params = valuesFor(operation.pathParameters, options.ids);
  const query = valuesFor(operation.queryParameters, options.ids);
  const isGet = operation.method === 'GET';
  const generatedBody = operation.bodySchema
    ? valueFor(operation.bodySchema).chain(encodedBody)
    : fc.constant<Payload>({ headers: {} });
  const bodies: fc.Arbitrary<Payload>[] = isGet
    ? [fc.constant({ headers: {} })]
    : [generatedBody, generatedBody, malformedBody];
  if (options.upload) bodies.push(uploadBody(options.upload), uploadBody(options.upload));
  const generated = fc
    .record({ params, query, body: fc.oneof(...bodies) })
    .map(({ params: p, query: q, body }) => ({ ...body, params: p, query: q }));
  const shapes = options.sample
    ? [generated, mutatedSample(operation, options.sample)]
    : [generated];
  return fc.record({ shape: fc.oneof(...shapes), caller }).map(({ shape, caller: who }) => ({
    method: operation.method,
    url: urlOf(operation, shape.params, shape.query),
    caller: who,
    headers: shape.headers,
    ...(shape.payload === undefined ? {} : { payload: shape.payload }),
  }));
}
