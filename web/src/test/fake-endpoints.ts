import type { Endpoint, EndpointData, ErrorCodeValue } from '@solar/contract';
import { business, ok, type FakeHandler, type FakeRequest } from './fake-server';

type Routes = Record<string, FakeHandler>;

const routeKey = (endpoint: Endpoint): string => `${endpoint.method} ${endpoint.path}`;

/**
 * The fake server's route for a contract endpoint, answering code 0 with a payload the
 * endpoint's response type checks: `answer(listRoles, { infos: [], total: 0 })`.
 */
export function answer<E extends Endpoint>(
  endpoint: E,
  data: EndpointData<E> | ((request: FakeRequest) => EndpointData<E>),
): Routes {
  const payloadFor = (request: FakeRequest): unknown =>
    typeof data === 'function'
      ? (data as (request: FakeRequest) => EndpointData<E>)(request)
      : data;
  return { [routeKey(endpoint)]: (request) => ok(payloadFor(request)) };
}

/** The route for a contract endpoint that refuses with a catalogue code. */
export function refuse(endpoint: Endpoint, code: ErrorCodeValue): Routes {
  return { [routeKey(endpoint)]: () => business(code) };
}

/** The requests the page sent to one endpoint (any parameters). */
export function requestsTo(
  requests: readonly FakeRequest[],
  endpoint: Endpoint,
  params: Record<string, string | number> = {},
): FakeRequest[] {
  const path = Object.entries(params).reduce(
    (filled, [name, value]) => filled.replace(`:${name}`, String(value)),
    endpoint.path,
  );
  const pattern = new RegExp(`^${path.replace(/:[A-Za-z]+/g, '[^/]+')}(\\?|$)`);
  return requests.filter(
    (request) => request.method === endpoint.method && pattern.test(request.url),
  );
}
