/**
 * Sign-in and profile latency: starts the server in-process on a free port with a fresh
 * database (embedded, or on the server of DATABASE_URL), creates one account, then loads
 * POST /oauth/token and GET /api/v1/user with concurrent connections for a few seconds each,
 * and GET /api/v1/user once more with an API key instead of the session token (the key's hash
 * lookup and its quota counted in PostgreSQL, beside the session row of the same run).
 * Prints a table; asserts nothing. Takes well under a minute.
 */
import type { AddressInfo } from 'node:net';
import { API_KEY_QUOTA_LIMITS } from '@solar/contract';
import autocannon, { type Result } from 'autocannon';
import { LOGIN_PER_ACCOUNT_AND_ADDRESS } from '../server/src/auth/attempt-limiter.js';
import { hashPassword } from '../server/src/auth/passwords.js';
import { ms, printTable, runBench } from './harness/report.js';
import { createBenchOwner } from './harness/seed.js';
import { withBenchApp } from './harness/server.js';

const CONNECTIONS = 20;
// One account from one address: the limiter lets at most this many sign-ins be evaluated at once.
const LOGIN_CONNECTIONS = LOGIN_PER_ACCOUNT_AND_ADDRESS.max;
const SECONDS_PER_RUN = 8;
const EMAIL = 'bench@example.com';
const PASSWORD = 'Bench2026';
const FORM_HEADERS = { 'content-type': 'application/x-www-form-urlencoded' };
const LOGIN_BODY = new URLSearchParams({
  grant_type: 'password',
  username: EMAIL,
  password: PASSWORD,
}).toString();

async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body: LOGIN_BODY,
  });
  const envelope = (await response.json()) as { code: number; data: { access_token: string } };
  if (envelope.code !== 0) throw new Error(`sign-in failed with code ${envelope.code}`);
  return envelope.data.access_token;
}

/** A read key whose budget the run stays inside: its calls are counted, never refused. */
async function createKey(base: string, token: string): Promise<string> {
  const response = await fetch(`${base}/api/v1/api-keys`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench', scopes: ['read'], ...API_KEY_QUOTA_LIMITS }),
  });
  const envelope = (await response.json()) as { code: number; data: { key: string } };
  if (envelope.code !== 0) throw new Error(`key creation failed with code ${envelope.code}`);
  return envelope.data.key;
}

function resultRow(name: string, result: Result): string[] {
  return [
    name,
    ms(result.latency.p50),
    ms(result.latency.p99),
    result.requests.average.toFixed(1),
    String(result.requests.total),
    String(result.errors + result.timeouts),
    String(result.non2xx),
  ];
}

runBench(() =>
  withBenchApp(async ({ app, deps }) => {
    await createBenchOwner(deps, { email: EMAIL, passwordHash: await hashPassword(PASSWORD) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const token = await signIn(base);

    const login = await autocannon({
      url: `${base}/oauth/token`,
      method: 'POST',
      headers: FORM_HEADERS,
      body: LOGIN_BODY,
      connections: LOGIN_CONNECTIONS,
      duration: SECONDS_PER_RUN,
    });
    const profile = await autocannon({
      url: `${base}/api/v1/user`,
      headers: { authorization: `Bearer ${token}` },
      connections: CONNECTIONS,
      duration: SECONDS_PER_RUN,
    });
    const withKey = await autocannon({
      url: `${base}/api/v1/user`,
      headers: { authorization: `Bearer ${await createKey(base, token)}` },
      connections: CONNECTIONS,
      // A fixed count inside the key's minute budget (instead of a duration): no call is 429.
      amount: API_KEY_QUOTA_LIMITS.perMinute - 1,
    });
    printTable(
      `Auth latency, ${SECONDS_PER_RUN} s per endpoint, sign-in ${LOGIN_CONNECTIONS} connections, profile ${CONNECTIONS}`,
      ['endpoint', 'p50 ms', 'p99 ms', 'req/s', 'requests', 'errors', 'non-2xx'],
      [
        resultRow('POST /oauth/token (password)', login),
        resultRow('GET /api/v1/user (session token)', profile),
        resultRow('GET /api/v1/user (API key)', withKey),
      ],
    );
  }),
);
