import {
  ErrorCode,
  fillPath,
  isCatalogueCode,
  toServerLanguage,
  type Endpoint,
  type EndpointBody,
  type EndpointData,
  type Envelope,
  type ErrorCodeValue,
} from '@solar/contract';
import type { z } from 'zod';
import { currentLocale } from '../i18n/locale';
import { endSessionAfterFailedRefresh, endSessionAfterWrongCredentials } from '../session/session';
import { readStoredUser } from '../storage/storage';
import { ApiError, TRANSPORT_FAILURE } from './api-error';
import { encodeBody, toSearchParams } from './encode';
import { beginLoading } from './loading';
import { showNetworkException, toastError } from './notifier';
import { SOURCE_HEADER } from './source';
import { companyContextHeader } from '../session/company-context';
import { refreshAccessToken, waitForRefresh, type RefreshOutcome } from './token-refresh';

export { ApiError } from './api-error';

/** What the caller sends: schema inputs (strings for dates and numbers are fine). */
export type EndpointParamsInput<E> = E extends Endpoint<infer P> ? z.input<P> : never;
export type EndpointQueryInput<E> = E extends Endpoint<z.ZodType, infer Q> ? z.input<Q> : never;

export interface ApiInput<E extends Endpoint> {
  params?: EndpointParamsInput<E>;
  query?: EndpointQueryInput<E>;
  body?: EndpointBody<E> | FormData;
  /** Shows the page loading overlay while the call runs. */
  loading?: boolean;
  /** Codes this call handles itself, on top of the endpoint's own. */
  tolerated?: number[];
  /** Adds `lan` (the current language as the server spells it) to the query. */
  withLanguage?: boolean;
  /** Background calls: no toast and no network dialog, the caller falls back on failure. */
  quiet?: boolean;
  /** The browser's HTTP cache mode: `reload` fetches anew and stores the fresh answer. */
  cache?: RequestCache;
}

interface PreparedRequest {
  url: string;
  init: RequestInit;
  contentType: string | undefined;
  quiet: boolean;
  /** Sends the chosen company (`X-Company`): the endpoint works in a company's context. */
  isCompanyScoped: boolean;
}

function prepare<E extends Endpoint>(endpoint: E, input: ApiInput<E>): PreparedRequest {
  const path = fillPath(endpoint.path, input.params as Record<string, string | number> | undefined);
  const query = input.withLanguage
    ? { ...(input.query as object | undefined), lan: toServerLanguage(currentLocale()) }
    : input.query;
  const search = toSearchParams(query).toString();
  const { body, contentType } = encodeBody(endpoint, input.body);
  return {
    url: search ? `${path}?${search}` : path,
    init: { method: endpoint.method, body, ...(input.cache ? { cache: input.cache } : {}) },
    contentType,
    quiet: input.quiet ?? false,
    isCompanyScoped: endpoint.isCompanyScoped ?? false,
  };
}

function headersFor(request: PreparedRequest, accessToken: string | undefined): HeadersInit {
  return {
    Accept: 'application/json',
    ...SOURCE_HEADER,
    ...(request.isCompanyScoped ? companyContextHeader() : {}),
    ...(request.contentType ? { 'Content-Type': request.contentType } : {}),
    ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
  };
}

function networkFailure(request: PreparedRequest): ApiError {
  if (!request.quiet) showNetworkException();
  return new ApiError(TRANSPORT_FAILURE.network, 'network error');
}

function unauthorized(): ApiError {
  return new ApiError(TRANSPORT_FAILURE.unauthorized, 'unauthorized');
}

/** A refresh that did not succeed fails the request without sending (or replaying) it. */
function failureAfterRefresh(
  request: PreparedRequest,
  outcome: Exclude<RefreshOutcome, 'refreshed'>,
): ApiError {
  return outcome === 'unreachable' ? networkFailure(request) : unauthorized();
}

async function send(request: PreparedRequest, isReplay = false): Promise<Response> {
  const outcomeWaitedFor = await waitForRefresh();
  if (outcomeWaitedFor && outcomeWaitedFor !== 'refreshed') {
    throw failureAfterRefresh(request, outcomeWaitedFor);
  }
  const accessToken = readStoredUser()?.access_token;
  let response: Response;
  try {
    response = await fetch(request.url, {
      ...request.init,
      headers: headersFor(request, accessToken),
    });
  } catch {
    throw networkFailure(request);
  }
  if (response.status === 401 && accessToken && !isReplay) {
    // Another request may have refreshed while this one was in flight: just replay.
    const isTokenStillCurrent = readStoredUser()?.access_token === accessToken;
    if (!isTokenStillCurrent) return send(request, true);
    const outcome = await refreshAccessToken();
    if (outcome === 'refreshed') return send(request, true);
    throw failureAfterRefresh(request, outcome);
  }
  if (response.status === 401) {
    endSessionAfterFailedRefresh();
    throw unauthorized();
  }
  if (response.status >= 500) throw networkFailure(request);
  return response;
}

async function readEnvelope(
  request: PreparedRequest,
  response: Response,
): Promise<Envelope<unknown>> {
  try {
    return (await response.json()) as Envelope<unknown>;
  } catch {
    throw networkFailure(request);
  }
}

/**
 * The catalogue's text in the page's language. The `errors` texts load on the first error
 * rather than with the sign-in page.
 */
async function messageFor(code: number, msg: string): Promise<string> {
  if (!isCatalogueCode(code)) return msg || `Error ${code}`;
  const { loadErrorText } = await import('../i18n/error-text');
  return loadErrorText(code);
}

/** The toast a call shows for a code it does not tolerate, for a caller that tolerated it. */
export function toastApiError(error: ApiError): void {
  void messageFor(error.code, error.msg).then(toastError);
}

/**
 * The one way the web app calls the API, typed from the endpoint contract. Resolves with
 * `data` on code 0; rejects with ApiError otherwise, after a toast unless the code is tolerated.
 */
export async function apiCall<E extends Endpoint>(
  endpoint: E,
  input: ApiInput<E> = {},
): Promise<EndpointData<E>> {
  const request = prepare(endpoint, input);
  const endLoading = input.loading ? beginLoading() : undefined;
  try {
    const envelope = await readEnvelope(request, await send(request));
    if (envelope.code === ErrorCode.ok) return envelope.data as EndpointData<E>;
    const tolerated: readonly number[] = [
      ...(endpoint.tolerated ?? []),
      ...(input.tolerated ?? []),
    ];
    if (envelope.code === ErrorCode.wrongCredentials) endSessionAfterWrongCredentials();
    const error = new ApiError(envelope.code, envelope.msg, envelope.data);
    if (!input.quiet && !tolerated.includes(envelope.code)) toastApiError(error);
    throw error;
  } finally {
    endLoading?.();
  }
}

/**
 * Downloads a file endpoint (`endpoint.download`): the answer's body is saved under the name
 * of its Content-Disposition header; a refusal arrives as the usual envelope and is shown and
 * thrown like any call's.
 */
export async function apiDownload<E extends Endpoint>(
  endpoint: E,
  input: ApiInput<E> = {},
): Promise<void> {
  const request = prepare(endpoint, input);
  const endLoading = input.loading ? beginLoading() : undefined;
  try {
    const response = await send(request);
    const contentType = response.headers.get('content-type') ?? '';
    if (contentType.startsWith('application/json')) {
      const envelope = await readEnvelope(request, response);
      const error = new ApiError(envelope.code, envelope.msg, envelope.data);
      if (!input.quiet && !(endpoint.tolerated ?? []).includes(envelope.code as ErrorCodeValue)) {
        toastApiError(error);
      }
      throw error;
    }
    const disposition = response.headers.get('content-disposition') ?? '';
    const encoded = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
    const fileName = encoded ? decodeURIComponent(encoded) : 'download';
    saveBlob(await response.blob(), fileName);
  } finally {
    endLoading?.();
  }
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the browser's download; the URL may go.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
