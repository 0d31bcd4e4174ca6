import { vi } from 'vitest';

/**
 * A fake network at the fetch boundary: each route answers with a status and JSON body, and
 * every request is recorded. Nothing inside the app is mocked.
 */
export interface FakeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** The browser cache mode asked for, if any (`reload` skips the HTTP cache). */
  cache?: RequestCache;
}

/** A JSON envelope (`body`), or a downloaded file (`file`) for download endpoints. */
export interface FakeAnswer {
  status?: number;
  body?: unknown;
  file?: { contentType: string; fileName: string; text: string };
}

export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export function ok(data: unknown = null): { body: unknown } {
  return { body: { code: 0, msg: 'success', data } };
}

export function business(code: number, msg = 'error'): { body: unknown } {
  return { body: { code, msg, data: null } };
}

/** `GET /api/v1/plant/:id` matches `GET /api/v1/plant/5`; a literal key matches itself only. */
function routeMatches(key: string, method: string, path: string): boolean {
  const [routeMethod, routePath = ''] = key.split(' ');
  if (routeMethod !== method) return false;
  const routeSegments = routePath.split('/');
  const segments = path.split('/');
  return (
    routeSegments.length === segments.length &&
    routeSegments.every((segment, index) => segment.startsWith(':') || segment === segments[index])
  );
}

function findHandler(
  routes: Record<string, FakeHandler>,
  method: string,
  path: string,
): FakeHandler | undefined {
  const exact = routes[`${method} ${path}`];
  if (exact) return exact;
  const key = Object.keys(routes).find((candidate) => routeMatches(candidate, method, path));
  return key === undefined ? undefined : routes[key];
}

export function installFakeServer(routes: Record<string, FakeHandler>) {
  const requests: FakeRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(
      Object.entries((init?.headers ?? {}) as Record<string, string>),
    );
    const request: FakeRequest = {
      method,
      url,
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
      ...(init?.cache ? { cache: init.cache } : {}),
    };
    requests.push(request);
    const path = url.split('?')[0] ?? url;
    const handler = findHandler(routes, method, path);
    if (!handler)
      return new Response(JSON.stringify({ code: 404, msg: 'no route', data: null }), {
        status: 404,
      });
    const answer = await handler(request);
    if (answer.file) {
      return new Response(answer.file.text, {
        status: 200,
        headers: {
          'Content-Type': answer.file.contentType,
          'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(answer.file.fileName)}`,
        },
      });
    }
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
