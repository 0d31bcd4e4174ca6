import type { Page } from '@playwright/test';
import { DEMO_PASSWORD } from './browser.js';

/** The tokens the portal issues when a client signs a demo account in. */
export interface SessionTokens {
  access_token: string;
  refresh_token: string;
}

/**
 * A demo account signed in through the API as a client does, from the browser the global set-up
 * remembered for the administrator's second factor (external database only).
 */
export async function sessionTokensOf(baseUrl: string, email: string): Promise<SessionTokens> {
  const deviceCookie = process.env.E2E_DEVICE_COOKIE;
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(deviceCookie ? { cookie: deviceCookie } : {}),
    },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: DEMO_PASSWORD }),
  });
  const answer = (await response.json()) as { code: number; data: SessionTokens };
  if (answer.code !== 0) throw new Error(`signing in ${email}: code ${answer.code}`);
  return answer.data;
}

/** An access token of a demo account, signed in through the API as a client does. */
export async function accessTokenOf(baseUrl: string, email: string): Promise<string> {
  return (await sessionTokensOf(baseUrl, email)).access_token;
}

/** The `data` of a signed-in GET; throws on any code but 0. */
export async function getData<T>(baseUrl: string, token: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const answer = (await response.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 0) throw new Error(`GET ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}

async function post<T>(
  baseUrl: string,
  token: string,
  path: string,
  body: { type: string; text: string },
  tolerated: readonly number[],
): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': body.type },
    body: body.text,
  });
  const answer = (await response.json()) as Answer<T>;
  if (answer.code !== 0 && !tolerated.includes(answer.code))
    throw new Error(`POST ${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** The `data` of a signed-in JSON POST; throws on any code but 0 and the tolerated ones. */
export function postJson<T>(
  baseUrl: string,
  token: string,
  path: string,
  body: object,
  tolerated: readonly number[] = [],
): Promise<T> {
  const text = JSON.stringify(body);
  return post(baseUrl, token, path, { type: 'application/json', text }, tolerated);
}

/** Like `postJson`, for the endpoints that take a form. */
export function postForm<T>(
  baseUrl: string,
  token: string,
  path: string,
  fields: Record<string, string>,
  tolerated: readonly number[] = [],
): Promise<T> {
  const text = new URLSearchParams(fields).toString();
  return post(baseUrl, token, path, { type: 'application/x-www-form-urlencoded', text }, tolerated);
}

/** A call with the signed-in page's own token, as the web client makes it. */
export async function callAs<T = { id: number } | null>(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return page.evaluate(
    async ({ method, path, body, headers }) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token?: string };
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${user.access_token ?? ''}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return (await response.json()) as { code: number; data: unknown };
    },
    { method, path, body, headers },
  ) as Promise<{ code: number; data: T }>;
}
