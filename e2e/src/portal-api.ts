import { DEMO_PASSWORD } from './browser.js';

/** An access token of a demo account, signed in through the API as a client does. */
export async function accessTokenOf(baseUrl: string, email: string): Promise<string> {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', username: email, password: DEMO_PASSWORD }),
  });
  const answer = (await response.json()) as { code: number; data: { access_token: string } };
  if (answer.code !== 0) throw new Error(`signing in ${email}: code ${answer.code}`);
  return answer.data.access_token;
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
