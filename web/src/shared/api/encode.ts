import type { Endpoint } from '@solar/contract';

type Plain = Record<string, unknown>;

function appendValue(target: URLSearchParams, key: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    value.forEach((item) => appendValue(target, key, item));
    return;
  }
  target.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
}

export function toSearchParams(values: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (typeof values === 'object' && values !== null) {
    Object.entries(values as Plain).forEach(([key, value]) => appendValue(params, key, value));
  }
  return params;
}

export interface EncodedBody {
  body: BodyInit | undefined;
  contentType: string | undefined;
}

/** Form-encoded by default, JSON when the contract says so, multipart for FormData. */
export function encodeBody(endpoint: Endpoint, body: unknown): EncodedBody {
  if (body === undefined || endpoint.method === 'GET') {
    return { body: undefined, contentType: undefined };
  }
  if (body instanceof FormData) return { body, contentType: undefined };
  if (endpoint.encoding === 'json') {
    return { body: JSON.stringify(body), contentType: 'application/json' };
  }
  return {
    body: toSearchParams(body).toString(),
    contentType: 'application/x-www-form-urlencoded;charset=UTF-8',
  };
}
