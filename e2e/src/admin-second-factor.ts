import { generate } from 'otplib';
import pg from 'pg';
import { DEMO_PASSWORD } from './seed-accounts.js';

const ADMIN = 'admin@example.com';

interface Answer<T> {
  code: number;
  data: T;
}

async function postAs<T>(baseUrl: string, token: string, path: string, body?: object) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const answer = (await response.json()) as Answer<T>;
  if (answer.code !== 0) throw new Error(`POST ${path}: code ${answer.code}`);
  return answer.data;
}

async function passwordGrant(baseUrl: string, fields: Record<string, string>, cookie?: string) {
  const response = await fetch(`${baseUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams({
      grant_type: 'password',
      username: ADMIN,
      password: DEMO_PASSWORD,
      ...fields,
    }),
  });
  const answer = (await response.json()) as Answer<{ access_token: string }>;
  if (answer.code !== 0) throw new Error(`signing ${ADMIN} in: code ${answer.code}`);
  const deviceCookie = response.headers.getSetCookie().find((c) => c.startsWith('device='));
  return { token: answer.data.access_token, deviceCookie: deviceCookie?.split(';')[0] };
}

/**
 * With DATABASE_URL the platform administrator must set up a second factor at the first sign-in
 * (docs/security.md). The specs' administrator does so here, once per run (a factor left by an
 * earlier run on the same database is removed first), and signs in with "remember this
 * browser": the answered device cookie lets every later sign-in of the run skip the code.
 */
export async function enrolAdministrator(baseUrl: string, databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'DELETE FROM second_factors WHERE user_id = (SELECT id FROM users WHERE email = $1)',
      [ADMIN],
    );
  } finally {
    await client.end();
  }
  const { token } = await passwordGrant(baseUrl, {});
  const { secret } = await postAs<{ secret: string }>(
    baseUrl,
    token,
    '/api/v1/user/second-factor/totp/setup',
  );
  const now = Math.floor(Date.now() / 1000);
  await postAs(baseUrl, token, '/api/v1/user/second-factor/totp/enable', {
    code: await generate({ secret, epoch: now }),
  });
  // The enabling code's 30-second step is used up; the next step's code is accepted already.
  const signedIn = await passwordGrant(baseUrl, {
    otp: await generate({ secret, epoch: now + 30 }),
    remember_device: 'true',
  });
  if (!signedIn.deviceCookie) throw new Error('no device cookie after signing the admin in');
  return signedIn.deviceCookie;
}
